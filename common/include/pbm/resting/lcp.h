// Chapter 10: the linear complementarity problem of resting contact (RBII §9,
// (9-5)-(9-7)): find f with a = A f + b >= 0, f >= 0, f_i a_i = 0. For
// frictionless contact A is symmetric positive semidefinite (A = J M^-1 J^T),
// and the LCP is the optimality condition of the convex QP
// min 1/2 f^T A f + b^T f over f >= 0 that the notes speak of (RBII §9: "a
// quadratic program ... can always be solved efficiently"). Solved here by
// Dantzig's pivoting method as Baraff 1994 §4 describes it.
#pragma once
#include <Eigen/Core>
#include <functional>
#include <string>
#include <vector>

namespace pbm {

// Where an index stands in Dantzig's method: clamped (a_i = 0, f_i >= 0), not
// clamped (f_i = 0, a_i >= 0), or not treated yet (f_i = 0).
enum class LcpSet { Untreated, Clamped, NotClamped };

// One pivot of Dantzig's method, for the invariant tests and the viewer's
// step-through: the state after the step.
struct LcpPivot {
  int drive = -1;    // d, the index being driven to zero
  int blocker = -1;  // j, the index whose event ended the step (d itself when a_d reached 0)
  double step = 0;   // s, the step length (0 is legal: a degenerate pivot)
  Eigen::VectorXd f, a, df, da;  // after the step; df, da the direction of the step
  std::vector<LcpSet> sets;      // after the step
};

struct LcpOptions {
  // Called after every pivot (the tests check a_C = 0, f_NC = 0, f_C >= 0,
  // a_NC >= 0 and Delta a_d >= 0 on each; the viewer records the steps).
  std::function<void(const LcpPivot&)> onPivot;
  int maxPivots = -1;  // -1: 20 n + 20
  // Re-factor A_CC from scratch after every change of C (O(n^3) per pivot)
  // instead of updating the factor: the benchmark's baseline for the
  // incremental factorisation. The answer is the same.
  bool refactor = false;
};

struct LcpResult {
  Eigen::VectorXd f, a;  // the forces and a = A f + b
  int pivots = 0;
  bool ok = false;
  // when !ok: "infeasible", "pivot cap", "Cholesky failed", "not finite", or
  // "inaccurate: ..." (the answer failed the final check of a >= 0, f a = 0)
  std::string why;
  // When infeasible: z >= 0 with A z = 0 and z^T b < 0, Farkas's proof that no
  // f >= 0 has A f + b >= 0.
  Eigen::VectorXd certificate;
};

// --- [dantzig.cpp]
// Dantzig's method (Baraff 1994 §4: compute_forces, drive_to_zero, fdirection,
// maxstep): every index with a_d < 0 is driven until a_d = 0, keeping the
// clamped set at a = 0 and the unclamped set at f = 0, with an incremental
// Cholesky factor of A_CC (O(n^2) per pivot). In floating point: scale by
// diag(A)^-1/2, test with tolerances, never clamp a numerically dependent
// blocker, recompute a before declaring the problem infeasible, end with one
// step of iterative refinement on C; a zero diagonal (two fixed bodies) is
// dropped with f = 0.
LcpResult solveLcpDantzig(const Eigen::MatrixXd& A, const Eigen::VectorXd& b,
                          const LcpOptions& options = {});

// --- [brute_force_lcp.cpp]
// Every one of the 2^n active sets S: solve A_SS f_S = -b_S (least squares),
// f = 0 outside S, accept the first that satisfies the three conditions. The
// oracle that shows why pivoting matters (n <= 12; UsageError above).
LcpResult solveLcpBruteForce(const Eigen::MatrixXd& A, const Eigen::VectorXd& b);

}  // namespace pbm
