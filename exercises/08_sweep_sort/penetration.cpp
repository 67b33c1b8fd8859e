// Exercise 08 · findPenetration (RBII §7.1)
//
// The penetration witness.
// findPenetration: a vertex of A strictly inside every face half-space of B
//   (by a small margin, e.g. 1e-10 times the size), then B's vertices in A,
//   then an edge of A crossing a face plane of B strictly at a point strictly
//   inside the face polygon, then B's edges and A's faces; nullopt when none
//   (disjoint, touching, or footnote 6's equal cubes sunk face to face).
//
// Symbols: A, B (ConvexPolyhedron) -> std::optional<PenetrationWitness {kind, i, j}>
// Tests: Ch08Penetration.* (tests/08_sweep_sort_test_planes.cpp)
//   build/bin/ch08_tests --gtest_filter='Ch08Penetration.*'
#include "pbm/collision/separating_plane.h"
#include "pbm/core/exercise.h"

namespace pbm {

std::optional<PenetrationWitness> findPenetration(const ConvexPolyhedron& /*A*/,
                                                  const ConvexPolyhedron& /*B*/) {
  PBM_TODO("findPenetration",
           "RBII §7.1: a vertex strictly inside the other, else an edge crossing the interior of "
           "a face of the other");
}

}  // namespace pbm
