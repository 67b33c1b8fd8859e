// Exercise 10 · computeAij, computeAMatrix (RBII §9 (9-8), App. D compute_aij)
//
// The matrix A of d'' = A f + b (Ch10AMatrix.* are the first ch10 tests to turn green).
// computeAij: for each body X of contact i (its a, then its b) that contact j
//   acts on, with sigma = +1 if X is j's a and -1 if X is j's b, a unit force
//   at j changes the acceleration of i's point p_i on X by
//   sigma (n_j / M_X + (Iinv_X ((p_j - x_X) x n_j)) x (p_i - x_X)).
//   a_ij = n_i . (change on i's a - change on i's b); 0 if j touches neither.
//   Careful: the notes' code writes the torque of -n_j as (p_j - x) x n_j; it
//   is (p_j - x) x (-n_j). Ch10AMatrix.EqualsJacobianProductAndIsSymmetric
//   catches the slip.
// computeAMatrix: every a_ij.
//
// Symbols: contacts (std::vector<Contact>, n: p, n Eigen::Vector3d) -> a_ij (double),
//   A (Eigen::MatrixXd, n x n, symmetric)
// Tests: Ch10AMatrix.*, Ch10BVector.SecondDerivative*,
//   Ch10Pgs.JacobianForm* (tests/10_resting_contact_test.cpp,
//   tests/10_resting_contact_test_closed_forms.cpp, tests/10_resting_contact_test_fd.cpp,
//   tests/10_resting_contact_test_pgs.cpp, tests/10_resting_contact_test_verbatim.cpp)
//   build/bin/ch10_tests --gtest_filter='Ch10AMatrix.*:Ch10BVector.SecondDerivative*:Ch10Pgs.JacobianForm*'
#include "pbm/core/exercise.h"
#include "pbm/resting/contact_forces.h"

namespace pbm {

double computeAij(const Contact& /*ci*/, const Contact& /*cj*/) {
  PBM_TODO("computeAij",
           "RBII App. D: n_i . (response of i's a - response of i's b) to a unit force at j");
}

Eigen::MatrixXd computeAMatrix(const std::vector<Contact>& /*contacts*/) {
  PBM_TODO("computeAMatrix", "RBII App. D: A(i, j) = computeAij(contacts[i], contacts[j])");
}

}  // namespace pbm
