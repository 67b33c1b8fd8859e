// Chapter 06: solving eq (11) for lambda (Constrained Dynamics §4.4), the
// policy the constrained particle system uses: the chosen matrix-free solver
// (plain CG, Jacobi-preconditioned CG, or CG on the normal equations) from
// lambda = 0, with a least-squares fallback. Never a silent wrong answer.
#pragma once

#include <Eigen/Core>

#include "pbm/constraints/block_sparse.h"
#include "pbm/constraints/conjugate_gradient.h"

namespace pbm {

enum class ConstraintSolver { CG, JacobiCG, CGLeastSquares };
inline const char* solverName(ConstraintSolver s) {
  return s == ConstraintSolver::CG ? "CG" : s == ConstraintSolver::JacobiCG ? "Jacobi-CG" : "CGLS";
}

struct ConstraintSolverSettings {
  double ks = 100.0;  // feedback on C, 1/s^2 (eq 11; mass-independent, acts on Cddot)
  double kd = 20.0;   // feedback on Cdot, 1/s (critical damping: kd = 2 sqrt(ks))
  // Jacobi-CG by default: as fast as plain CG on a straight chain (within 6%), 20-25% faster
  // on swinging chains (chapters/06_tinkertoys/README.md, "Benchmarks").
  ConstraintSolver solver = ConstraintSolver::JacobiCG;
  double tolerance = 1e-10;  // relative true residual
  int maxIterations = 0;     // 0: 3 m + 10 for CG (20 m + 50 for CGLS)
  bool fallback = true;      // CG not converged: retry with CGLS from 0
};

struct ConstraintSolveStats {
  int m = 0;  // scalar constraints
  ConstraintSolver used = ConstraintSolver::CG;
  bool fellBack = false;  // the chosen solver failed and CGLS answered
  CgResult result;        // of the solver whose lambda was used
  CgResult first;         // of the chosen solver (differs from result after a fallback)
};

// diag(J W J^T)_a = sum over the blocks of row a of sum_p w_p J_ap^2: Jacobi's preconditioner.
Eigen::VectorXd jwjtDiagonal(const BlockSparseMatrix& J, const Eigen::VectorXd& W);

// The solver policy (CD §4.4): the chosen solver from lambda = 0;
// if it does not converge and fallback is on, CG least squares from 0; if that
// fails too, SolverFailure naming the solver state. Never a silent wrong answer.
ConstraintSolveStats solveConstraintSystem(const BlockSparseMatrix& J, const Eigen::VectorXd& W,
                                           const Eigen::VectorXd& b, Eigen::VectorXd& lambda,
                                           const ConstraintSolverSettings& s);

}  // namespace pbm
