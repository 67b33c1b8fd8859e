// Exercise 10 · solveLcpBruteForce (RBII §9's conditions)
//
// The LCP by enumeration, checked one active set at a time. For every subset S
// of the n indices (2^n of them): solve A_SS f_S = -b_S (least squares: a
// redundant A_SS is singular), set f = 0 outside S, and accept if f >= 0,
// a = A f + b >= 0 and f_i a_i = 0 within a tolerance. None accepted:
// infeasible. n > 12: throw UsageError.
//
// Symbols: A (Eigen::MatrixXd, n x n), b (Eigen::VectorXd, n)
//   -> LcpResult {f, a (n), pivots, ok, why}
// Tests: Ch10BruteForce.* (tests/10_resting_contact_test_lcp.cpp)
//   build/bin/ch10_tests --gtest_filter='Ch10BruteForce.*'
#include "pbm/core/exercise.h"
#include "pbm/resting/lcp.h"

namespace pbm {

LcpResult solveLcpBruteForce(const Eigen::MatrixXd& /*A*/, const Eigen::VectorXd& /*b*/) {
  PBM_TODO("solveLcpBruteForce",
           "RBII §9: try every active set S, solve A_SS f_S = -b_S, keep the first that is "
           "complementary");
}

}  // namespace pbm
