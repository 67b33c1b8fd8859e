// Exercise: the LCP by enumeration (RBII §9's conditions, checked one active
// set at a time). For every subset S of the n indices (2^n of them): solve
// A_SS f_S = -b_S (least squares: a redundant A_SS is singular), set f = 0
// outside S, and accept if f >= 0, a = A f + b >= 0 and f_i a_i = 0 within a
// tolerance. None accepted: infeasible. n > 12: throw UsageError.
// Tests: Ch10BruteForce.*
#include "pbm/core/exercise.h"
#include "pbm/resting/lcp.h"

namespace pbm {

LcpResult solveLcpBruteForce(const Eigen::MatrixXd& /*A*/, const Eigen::VectorXd& /*b*/) {
  PBM_TODO("solveLcpBruteForce",
           "RBII §9: try every active set S, solve A_SS f_S = -b_S, keep the first that is "
           "complementary");
}

}  // namespace pbm
