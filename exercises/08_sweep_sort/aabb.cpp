// Exercise 08 · boxAabb, aabbOverlap (RBII §7.2)
//
// Bounding boxes.
// boxAabb: the axis-aligned box around an oriented box (centre x, rotation R,
//   half extents h): x -+ |R| h, with |R| taken entry by entry.
// aabbOverlap: CLOSED intervals on all three axes, lo_a <= hi_b and
//   lo_b <= hi_a: boxes that only touch overlap (the tie rule, broadphase.h).
//
// Symbols: x, h (Eigen::Vector3d), R (Eigen::Matrix3d) -> AABB {lo, hi (Eigen::Vector3d)}
// Tests: Ch08Aabb.* (tests/08_sweep_sort_test.cpp)
//   build/bin/ch08_tests --gtest_filter='Ch08Aabb.*'
#include "pbm/collision/broadphase.h"
#include "pbm/core/exercise.h"

namespace pbm {

AABB boxAabb(const Eigen::Vector3d& /*x*/, const Eigen::Matrix3d& /*R*/,
             const Eigen::Vector3d& /*half*/) {
  PBM_TODO("boxAabb", "RBII §7.2: lo = x - |R| h, hi = x + |R| h (|R| entry by entry)");
}

bool aabbOverlap(const AABB& /*a*/, const AABB& /*b*/) {
  PBM_TODO("aabbOverlap",
           "RBII §7.2: closed intervals on every axis: a.lo <= b.hi and b.lo <= a.hi");
}

}  // namespace pbm
