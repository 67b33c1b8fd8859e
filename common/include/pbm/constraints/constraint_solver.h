// Chapter 06: solving eq (11) for lambda (Constrained Dynamics §4.4), the
// policy the constrained particle system uses: the chosen solver (plain CG,
// Jacobi-preconditioned CG, CG on the normal equations, all matrix-free from
// lambda = 0; a sparse LDLT of the assembled J W J^T; or auto, which picks one
// from the system) with a least-squares fallback. Never a silent wrong answer.
#pragma once

#include <Eigen/Core>

#include "pbm/constraints/block_sparse.h"
#include "pbm/constraints/conjugate_gradient.h"

namespace pbm {

// The order is the scenes' `solver` choice (cg, jacobi_cg, cgls, ldlt, auto).
enum class ConstraintSolver { CG, JacobiCG, CGLeastSquares, LDLT, Auto };
inline const char* solverName(ConstraintSolver s) {
  switch (s) {
    case ConstraintSolver::CG:
      return "CG";
    case ConstraintSolver::JacobiCG:
      return "Jacobi-CG";
    case ConstraintSolver::CGLeastSquares:
      return "CGLS";
    case ConstraintSolver::LDLT:
      return "LDLT";
    case ConstraintSolver::Auto:
      break;
  }
  return "auto";
}

// Auto's choice (measured by chapter 06's benchmark, chains and grids):
// Jacobi-CG from 0 for a small system (m <= kAutoIterativeMaxRows), or a
// small mesh (m <= kAutoMeshIterativeMaxRows and a row of J W J^T couples
// more than kAutoMeshCoupling others on average: CG's iterations follow the
// graph's diameter, short on a mesh, while the factor fills in); otherwise a
// sparse LDLT (Eigen::SimplicialLDLT, AMD ordering, the pattern analysed once
// while it stays the same) of J W J^T assembled from the blocks: O(m) on
// chains and trees, where CG's iterations grow like m. Jacobi-CG again when
// J W J^T is only semidefinite (a pivot at round-off level: redundant
// constraints, where CG from 0 returns the minimum-norm lambda, and CGLS
// takes over when they contradict each other) or m > kAutoDirectMaxRows.
inline constexpr int kAutoIterativeMaxRows = 32;
inline constexpr int kAutoMeshIterativeMaxRows = 256;
inline constexpr double kAutoMeshCoupling = 6.0;
inline constexpr int kAutoDirectMaxRows = 100000;

// The solver auto takes before looking at definiteness: JacobiCG or LDLT.
ConstraintSolver autoSolverFor(const BlockSparseMatrix& J);

struct ConstraintSolverSettings {
  double ks = 100.0;  // feedback on C, 1/s^2 (eq 11; mass-independent, acts on Cddot)
  double kd = 20.0;   // feedback on Cdot, 1/s (critical damping: kd = 2 sqrt(ks))
  // Auto by default: a sparse LDLT is O(m) on chains and trees and the fastest
  // variant at every size of the chapter's benchmark (chapters/06_tinkertoys/
  // README.md, "Benchmarks"); CG's iterations grow with m.
  ConstraintSolver solver = ConstraintSolver::Auto;
  double tolerance = 1e-10;  // relative true residual
  int maxIterations = 0;     // 0: 3 m + 10 for CG (20 m + 50 for CGLS)
  bool fallback = true;      // CG not converged: retry with CGLS from 0
};

struct ConstraintSolveStats {
  int m = 0;                                     // scalar constraints
  ConstraintSolver used = ConstraintSolver::CG;  // never Auto: what auto picked
  bool fellBack = false;                         // the chosen solver failed and CGLS answered
  CgResult result;                               // of the solver whose lambda was used
  CgResult first;  // of the chosen solver (differs from result after a fallback)
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
