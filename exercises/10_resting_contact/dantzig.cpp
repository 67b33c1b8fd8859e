// Exercise 10 · solveLcpDantzig (Baraff 1994 §4, which RBII §9 recommends)
//
// Dantzig's pivoting method for the contact LCP. Start with f = 0, a = b, every
// index untreated. While some untreated d has a_d < 0, drive it to zero:
//   fdirection: df_d = 1; on the clamped set C, df_C = -A_CC^-1 A_Cd (keeps a_C = 0);
//   da = A df (set da_C = 0 exactly);
//   maxstep: the largest s >= 0 before a_d reaches 0 (da_d > 0), a clamped f_i
//   reaches 0 (df_i < 0: i moves to NC), or an unclamped a_i reaches 0
//   (da_i < 0: i moves to C); s = 0 is legal;
//   f += s df, a += s da; stop when d itself blocked (d joins C).
// No blocker at all: the LCP is infeasible; certificate = df (A df = 0, df^T b < 0).
// In floating point (the tests have redundant contacts): scale by
// diag(A)^-1/2, compare with tolerances, let d win ties, do not clamp an
// index whose Schur complement on C is ~0, cap the pivots at 20 n + 20.
// End with one step of iterative refinement on C (r = (A f + b)_C, then
// f_C -= A_CC^-1 r, kept if f_C stays >= 0): a degenerate system's huge steps
// leave f_C with rounding's error, and the final check would refuse it.
// Pick d so that rounding cannot choose it: a's equal but for rounding are a
// tie (e.g. to the lowest index), or a cube at rest on redundant contacts
// has its load jump between them from step to step.
// Call options.onPivot after every pivot. An incremental Cholesky of A_CC is
// the fast way; a fresh LDLT of A_CC per pivot passes the tests too.
// Every scene test of the chapter then runs through it.
//
// Symbols: A (Eigen::MatrixXd, n x n), b (Eigen::VectorXd, n)
//   -> LcpResult {f, a (n), pivots, ok, why; the certificate when infeasible}
// Tests: Ch10Dantzig.* (tests/10_resting_contact_test_lcp.cpp)
//   build/bin/ch10_tests --gtest_filter='Ch10Dantzig.*'
#include "pbm/core/exercise.h"
#include "pbm/resting/lcp.h"

namespace pbm {

LcpResult solveLcpDantzig(const Eigen::MatrixXd& /*A*/, const Eigen::VectorXd& /*b*/,
                          const LcpOptions& /*options*/) {
  PBM_TODO("solveLcpDantzig",
           "Baraff 1994 §4: drive each d with a_d < 0 to zero, keeping a_C = 0 and f_NC = 0");
}

}  // namespace pbm
