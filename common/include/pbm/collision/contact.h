// Chapters 08-10: convex polyhedra and contacts (RBII §7.1, §8). Chapter 08
// library code; chapter 09's impulses and chapter 10's contact forces work on
// the same Contact. A contact is vertex/face (vf) or edge/edge (ee) only: the
// notes leave vertex/vertex and vertex/edge out as degenerate (RBII §8).
#pragma once
#include <Eigen/Core>
#include <utility>
#include <vector>

#include "pbm/rigid/rigid_body.h"

namespace pbm {

// A convex polyhedron in world coordinates (rebuilt from its body each step).
struct ConvexPolyhedron {
  struct Face {
    Eigen::Vector3d n;     // unit outward normal
    std::vector<int> idx;  // vertex indices around the face, counter-clockwise seen from outside
  };
  std::vector<Eigen::Vector3d> v;      // vertices
  std::vector<Face> f;                 // faces
  std::vector<std::pair<int, int>> e;  // edges, each once, as vertex index pairs
};

// The box of a body (its halfExtents, R, x) as 8 vertices, 6 faces, 12 edges.
ConvexPolyhedron boxPolyhedron(const Eigen::Vector3d& x, const Eigen::Matrix3d& R,
                               const Eigen::Vector3d& halfExtents);
ConvexPolyhedron boxPolyhedron(const RigidBody& b);
// Translates every vertex (faces and edges unchanged): moving a polyhedron in
// a test or a scene without rebuilding it.
ConvexPolyhedron translated(const ConvexPolyhedron& P, const Eigen::Vector3d& d);

// One contact (RBII §8, struct Contact): a holds the vertex (or the edge ea),
// b the face (or the edge eb); n is the unit normal pointing from b to a (the
// outward normal of b's face; for ee, ea x eb normalised and turned that way);
// p the world contact point. The body pointers may be null (geometry only).
struct Contact {
  RigidBody* a = nullptr;
  RigidBody* b = nullptr;
  Eigen::Vector3d p = Eigen::Vector3d::Zero();
  Eigen::Vector3d n = Eigen::Vector3d::UnitY();
  Eigen::Vector3d ea = Eigen::Vector3d::Zero();  // edge directions (ee only), unit
  Eigen::Vector3d eb = Eigen::Vector3d::Zero();
  bool vf = true;  // vertex/face; false: edge/edge
};

}  // namespace pbm
