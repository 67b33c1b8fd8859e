// Reference: bounding boxes (RBII §7.2).
#include <cmath>

#include "pbm/collision/broadphase.h"

namespace pbm {

AABB boxAabb(const Eigen::Vector3d& x, const Eigen::Matrix3d& R, const Eigen::Vector3d& half) {
  // The box's extent along world axis a is sum_k |R(a,k)| h_k.
  const Eigen::Vector3d r = R.cwiseAbs() * half;
  return AABB{x - r, x + r};
}

bool aabbOverlap(const AABB& a, const AABB& b) {
  // Closed intervals: boxes that touch overlap (the tie rule, broadphase.h).
  for (int k = 0; k < 3; ++k)
    if (a.lo[k] > b.hi[k] || b.lo[k] > a.hi[k]) return false;
  return true;
}

}  // namespace pbm
