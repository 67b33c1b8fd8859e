// Exercise 07 · star (RBI §2.3, (2-9))
//
// The cross-product matrix a*: the 3 x 3 matrix with a* b = a x b for every b.
// Its diagonal is 0 and it is antisymmetric.
//
// Symbols: a (Eigen::Vector3d) -> a* (Eigen::Matrix3d, 3 x 3)
// Tests: Ch07Star.*, Ch07Kinematics.RdotAndQdot* (tests/07_rigid_bodies_test.cpp,
//   tests/07_rigid_bodies_test_kinematics.cpp)
//   build/bin/ch07_tests --gtest_filter='Ch07Star.*:Ch07Kinematics.RdotAndQdot*'
#include "pbm/core/exercise.h"
#include "pbm/rigid/rigid.h"

namespace pbm {

Eigen::Matrix3d star(const Eigen::Vector3d& /*a*/) {
  PBM_TODO("star", "RBI §2.3 (2-9): rows (0, -az, ay), (az, 0, -ax), (-ay, ax, 0)");
}

}  // namespace pbm
