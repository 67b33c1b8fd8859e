// Exercise 07 · quaternionToMatrix, matrixToQuaternion (RBI §4)
//
// The notes' quaternion_to_matrix and matrix_to_quaternion, by hand (Eigen's
// toRotationMatrix and its Quaterniond(Matrix3d) are the tests' oracle, not for you).
// quaternionToMatrix: the notes' matrix for a unit q.
// matrixToQuaternion: the notes' four branches: tr R >= 0, else the largest
//   diagonal entry i. Write R(i, j): the notes' R[i,j] is the comma operator
//   in C++ (it means R[j]), and m[i,i) is a typo.
//
// Symbols: q = [s, (x, y, z)] (Eigen::Quaterniond(s, x, y, z), unit),
//   R (Eigen::Matrix3d, 3 x 3, a rotation)
// Tests: Ch07Quaternion.*, Ch07Kinematics.RdotAndQdot*,
//   Ch07Renormalize.UnitQ* (tests/07_rigid_bodies_test_kinematics.cpp,
//   tests/07_rigid_bodies_test_torque_free.cpp)
//   build/bin/ch07_tests --gtest_filter='Ch07Quaternion.*:Ch07Kinematics.RdotAndQdot*:Ch07Renormalize.UnitQ*'
#include "pbm/core/exercise.h"
#include "pbm/rigid/rigid.h"

namespace pbm {

Eigen::Matrix3d quaternionToMatrix(const Eigen::Quaterniond& /*q*/) {
  PBM_TODO("quaternionToMatrix",
           "RBI §4: first row (1 - 2y^2 - 2z^2, 2xy - 2sz, 2xz + 2sy), and so on");
}

Eigen::Quaterniond matrixToQuaternion(const Eigen::Matrix3d& /*R*/) {
  PBM_TODO("matrixToQuaternion",
           "RBI §4: if tr >= 0, s = sqrt(tr + 1)/2, v = (R21 - R12, R02 - R20, R10 - R01)/(4s); "
           "else branch on the largest diagonal entry");
}

}  // namespace pbm
