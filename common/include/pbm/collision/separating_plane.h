// Chapter 08 student functions, part 2: separating planes, their witnesses,
// the penetration witness and the contacts on the plane (RBII §7.1, §8).
#pragma once
#include <Eigen/Core>
#include <optional>
#include <vector>

#include "pbm/collision/contact.h"

namespace pbm {

// n . x = d with A on the side n . x <= d and B on n . x >= d (not chapter
// 04's Plane, a floor for particles).
struct SeparatingPlane {
  Eigen::Vector3d n = Eigen::Vector3d::UnitX();  // unit
  double d = 0.0;
};
// The defining feature of a separating plane (RBII §7.1): a face of A, a face
// of B, or an edge i of A and an edge j of B (normal e_A x e_B).
struct Witness {
  enum Kind { FaceA, FaceB, EdgeEdge } kind = FaceA;
  int i = 0, j = 0;  // face index, or the two edge indices
};
// Why two polyhedra interpenetrate (RBII §7.1): a vertex i of one strictly
// inside the other, or an edge i of one crossing the interior of face j of
// the other.
struct PenetrationWitness {
  enum Kind { VertexOfAInB, VertexOfBInA, EdgeOfAFaceOfB, EdgeOfBFaceOfA } kind = VertexOfAInB;
  int i = 0, j = 0;
};

// --- [separating_plane.cpp]
// The plane the witness defines, from the CURRENT positions, oriented so A
// is on its n . x <= d side (a face of A: its outward normal through the
// face; a face of B: minus B's normal; an edge pair: through A's edge, normal
// e_A x e_B turned away from A). nullopt for parallel edges (no plane).
std::optional<SeparatingPlane> planeFromWitness(const Witness& w, const ConvexPolyhedron& A,
                                                const ConvexPolyhedron& B);
// Every vertex checked (RBII §7.1): max over A of n . v <= d + tol and min
// over B of n . v >= d - tol. The tolerance is needed: a plane through A's
// face has A's own vertices ON it, and rounding would fail an exact test.
bool separates(const SeparatingPlane& plane, const ConvexPolyhedron& A, const ConvexPolyhedron& B,
               double tol);
// The exhaustive search (figure 15): every face of A, every face of B, every
// edge pair (6 + 6 + 144 candidates for two boxes), the first that separates.
// *tried (if given) receives the number of candidates tested, every one
// counted: a parallel edge pair, which gives no plane, too.
std::optional<Witness> findSeparatingPlane(const ConvexPolyhedron& A, const ConvexPolyhedron& B,
                                           double tol, int* tried = nullptr);
// Coherence (figures 16-17): rebuild the plane from the cached witness and
// check it; on a miss search from scratch and cache the new witness (or reset
// the cache when there is none). True when A and B are disjoint or touching.
bool disjointWithCache(const ConvexPolyhedron& A, const ConvexPolyhedron& B,
                       std::optional<Witness>& cache, double tol);

// --- [penetration.cpp] the penetration witness (RBII §7.1): a vertex of one
// inside every face half-space of the other (with a margin), else an edge of
// one crossing the interior of a face of the other; nullopt when neither
// exists (disjoint, touching, or the footnote-6 case of equal cubes sunk into
// each other face to face).
std::optional<PenetrationWitness> findPenetration(const ConvexPolyhedron& A,
                                                  const ConvexPolyhedron& B);

// --- [contacts.cpp] the contacts on a separating plane (RBII §7.1, §8): the
// vertices of each body within tol of the plane that lie on the other body's
// face in the plane (vf), and the crossings of A's and B's edges in the plane
// (ee, edges not parallel); a vertex on a face's boundary counts once.
// Contacts of A's vertices have a = bodyA, b = bodyB, n = -plane.n; those of
// B's vertices a = bodyB, b = bodyA, n = plane.n; ee contacts a = bodyA with
// n = -plane.n. Body pointers may be null.
std::vector<Contact> contactsOnPlane(const ConvexPolyhedron& A, const ConvexPolyhedron& B,
                                     const SeparatingPlane& plane, double tol,
                                     RigidBody* bodyA = nullptr, RigidBody* bodyB = nullptr);

}  // namespace pbm
