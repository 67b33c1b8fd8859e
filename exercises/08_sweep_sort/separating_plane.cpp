// Exercise 08 · planeFromWitness, separates, findSeparatingPlane, disjointWithCache
//   (RBII §7.1, figures 15-17)
//
// Separating planes and their witnesses.
// planeFromWitness: a face of A: n = its outward normal, d = n . (a vertex of
//   it); a face of B: n = minus its normal; an edge pair: n = e_A x e_B
//   normalised, through A's edge, turned so A is on n . x <= d; nullopt for
//   parallel edges.
// separates: max over A of n . v <= d + tol and min over B of n . v >= d - tol,
//   every vertex (the tolerance: a plane built from A's face has A's vertices
//   ON it).
// findSeparatingPlane: faces of A, faces of B, then every edge pair; the first
//   that separates; *tried = candidates tested, parallel edge pairs too.
// disjointWithCache: the cached witness's plane first; on a miss search from
//   scratch and cache the result (nullopt when none).
// Ch08Penetration.FootnoteSix* drives the search too, once findPenetration
// (exercise 6) is done.
//
// Symbols: A, B (ConvexPolyhedron), plane {n (Eigen::Vector3d, unit), d (double)}: n . x = d;
//   Witness {kind, i, j}
// Tests: Ch08SeparatingPlane.*, Ch08WitnessCache.* (tests/08_sweep_sort_test_contacts.cpp,
//   tests/08_sweep_sort_test_planes.cpp)
//   build/bin/ch08_tests --gtest_filter='Ch08SeparatingPlane.*:Ch08WitnessCache.*'
#include "pbm/collision/separating_plane.h"
#include "pbm/core/exercise.h"

namespace pbm {

std::optional<SeparatingPlane> planeFromWitness(const Witness& /*w*/, const ConvexPolyhedron& /*A*/,
                                                const ConvexPolyhedron& /*B*/) {
  PBM_TODO("planeFromWitness",
           "RBII §7.1: a face's plane (B's turned round), or n = e_A x e_B through A's edge, "
           "A on n . x <= d");
}

bool separates(const SeparatingPlane& /*plane*/, const ConvexPolyhedron& /*A*/,
               const ConvexPolyhedron& /*B*/, double /*tol*/) {
  PBM_TODO("separates", "RBII §7.1: every vertex: n . v <= d + tol for A, n . v >= d - tol for B");
}

std::optional<Witness> findSeparatingPlane(const ConvexPolyhedron& /*A*/,
                                           const ConvexPolyhedron& /*B*/, double /*tol*/,
                                           int* /*tried*/) {
  PBM_TODO("findSeparatingPlane",
           "RBII §7.1 (figure 15): try every face of A, of B, every edge pair; the first that "
           "separates");
}

bool disjointWithCache(const ConvexPolyhedron& /*A*/, const ConvexPolyhedron& /*B*/,
                       std::optional<Witness>& /*cache*/, double /*tol*/) {
  PBM_TODO("disjointWithCache",
           "RBII §7.1 (figures 16-17): check the cached witness's plane; on a miss search from "
           "scratch and cache it");
}

}  // namespace pbm
