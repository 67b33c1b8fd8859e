// Drawing helpers for chapter 08's two polyhedron scenes (separating_plane,
// contact_points), and one independent measurement: the gap along the best
// candidate direction (RBII §7.1's face normals and edge cross products).
#pragma once

#include <Eigen/Core>

#include "pbm/collision/contact.h"
#include "pbm/collision/separating_plane.h"
#include "pbm/viewer/canvas3d.h"

namespace ch08 {

// Opaque and shaded, or (colour alpha < 255) see-through faces with opaque edges.
void drawPolyhedron(pbm::Canvas3D& canvas, const pbm::ConvexPolyhedron& P, pbm::Color c);
// A face's outline, lifted a little along its normal so it shows over the face.
void drawFace(pbm::Canvas3D& canvas, const pbm::ConvexPolyhedron& P, int face, pbm::Color c,
              float px);
void drawEdge(pbm::Canvas3D& canvas, const pbm::ConvexPolyhedron& P, int edge, pbm::Color c,
              float px);
// The plane n . x = d as a translucent square of half side `half`, centred on
// the point of the plane nearest `near`, with its normal drawn from there.
void drawPlane(pbm::Canvas3D& canvas, const pbm::SeparatingPlane& plane,
               const Eigen::Vector3d& near, double half, pbm::Color c);
// max over the candidate directions n of A's faces, B's faces and every
// e_A x e_B of the gap between the projections of A and B on n (the larger
// of min_B - max_A and min_A - max_B): >= 0 when some candidate plane
// separates them (its distance), < 0 when none does (the least overlap).
// Computed vertex by vertex here, independently of the student functions.
double candidateGap(const pbm::ConvexPolyhedron& A, const pbm::ConvexPolyhedron& B);

}  // namespace ch08
