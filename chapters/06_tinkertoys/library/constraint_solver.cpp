#include "pbm/constraints/constraint_solver.h"

#include <cstdio>
#include <string>

#include "pbm/constraints/constrained_system.h"
#include "pbm/core/errors.h"

namespace pbm {

Eigen::VectorXd jwjtDiagonal(const BlockSparseMatrix& J, const Eigen::VectorXd& W) {
  Eigen::VectorXd d = Eigen::VectorXd::Zero(J.rows);
  for (const auto& b : J.blocks)
    for (int r = 0; r < b.ilength(); ++r)
      for (int c = 0; c < b.jlength(); ++c) d[b.i + r] += W[b.j + c] * b.data(r, c) * b.data(r, c);
  return d;
}

ConstraintSolveStats solveConstraintSystem(const BlockSparseMatrix& J, const Eigen::VectorXd& W,
                                           const Eigen::VectorXd& b, Eigen::VectorXd& lambda,
                                           const ConstraintSolverSettings& s) {
  ConstraintSolveStats st;
  const int m = static_cast<int>(b.size());
  if (!b.allFinite())
    throw SolverFailure("constraint solve: the right-hand side of eq (11) is not finite (m = " +
                        std::to_string(m) + "): the state has diverged; try a smaller h");
  st.m = m;
  st.used = s.solver;
  lambda = Eigen::VectorXd::Zero(m);
  const LinearOperator A = [&](const Eigen::VectorXd& in, Eigen::VectorXd& out) {
    multiplyJWJt(J, W, in, out);
  };
  const int cgMax = s.maxIterations > 0 ? s.maxIterations : 3 * m + 10;
  const int lsMax = s.maxIterations > 0 ? s.maxIterations : 20 * m + 50;
  auto leastSquares = [&] {
    return conjugateGradientLeastSquares(A, A, b, lambda, s.tolerance, lsMax);
  };
  switch (s.solver) {
    case ConstraintSolver::CG:
      st.result = conjugateGradient(A, b, lambda, s.tolerance, cgMax);
      break;
    case ConstraintSolver::JacobiCG: {
      Eigen::VectorXd inv = jwjtDiagonal(J, W);
      for (int a = 0; a < m; ++a) inv[a] = inv[a] > 0.0 ? 1.0 / inv[a] : 0.0;
      st.result = jacobiConjugateGradient(A, inv, b, lambda, s.tolerance, cgMax);
      break;
    }
    case ConstraintSolver::CGLeastSquares:
      st.result = leastSquares();
      break;
  }
  st.first = st.result;
  if ((!st.result.converged || !lambda.allFinite()) && s.fallback &&
      s.solver != ConstraintSolver::CGLeastSquares) {
    lambda.setZero();
    st.result = leastSquares();
    st.used = ConstraintSolver::CGLeastSquares;
    st.fellBack = true;
  }
  if (!st.result.converged || !lambda.allFinite()) {
    char buf[256];
    std::snprintf(buf, sizeof buf,
                  "constraint solve did not converge (m = %d): %s %d iterations, residual %.3g", m,
                  solverName(s.solver), st.first.iterations, st.first.relativeResidual);
    std::string msg = buf;
    if (st.fellBack) {
      std::snprintf(buf, sizeof buf, "; CGLS fallback %d iterations, residual %.3g",
                    st.result.iterations, st.result.relativeResidual);
      msg += buf;
    }
    std::snprintf(buf, sizeof buf, " (tolerance %.3g)", s.tolerance);
    throw SolverFailure(msg + buf);
  }
  return st;
}

}  // namespace pbm
