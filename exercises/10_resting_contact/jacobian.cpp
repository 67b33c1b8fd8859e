// Exercise 10 · contactJacobian (RBII §9)
//
// The contact Jacobian: the rate d' of every contact is linear in the bodies'
// (v, omega).
// contactJacobian: one row per contact, six columns per listed body: +[n^T,
//   (ra x n)^T] in a's block, -[n^T, (rb x n)^T] in b's, ra = p - x_a.
// The test checks A = J M^-1 J^T, and d' = J (v, omega) against a finite
// difference.
//
// Symbols: contacts (std::vector<Contact>, n), bodies (std::vector<const RigidBody*>, k)
//   -> J (Eigen::MatrixXd, n x 6k)
// Tests: Ch10Jacobian.* (tests/10_resting_contact_test.cpp)
//   build/bin/ch10_tests --gtest_filter='Ch10Jacobian.*'
#include "pbm/core/exercise.h"
#include "pbm/resting/contact_forces.h"

namespace pbm {

Eigen::MatrixXd contactJacobian(const std::vector<Contact>& /*contacts*/,
                                const std::vector<const RigidBody*>& /*bodies*/) {
  PBM_TODO("contactJacobian", "RBII §9: row i = +[n, ra x n] on a's block, -[n, rb x n] on b's");
}

}  // namespace pbm
