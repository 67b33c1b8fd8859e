#include "pbm/constraints/constraint_solver.h"

#include <Eigen/SparseCholesky>
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <numeric>
#include <string>
#include <vector>

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

namespace {

using SpMat = Eigen::SparseMatrix<double>;

// A sparse LDLT of J W J^T that keeps its symbolic analysis (the AMD ordering
// and the elimination tree) while the matrix's pattern stays the same: a
// scene's constraints keep their pattern from step to step, so each solve
// only refactorises (numeric work, O(m) on a chain or a tree).
struct DirectSolver {
  Eigen::SimplicialLDLT<SpMat> ldlt;
  SpMat pattern;  // the matrix last analysed (its indices are compared)
  bool analysed = false;

  bool samePattern(const SpMat& A) const {
    if (!analysed || A.rows() != pattern.rows() || A.nonZeros() != pattern.nonZeros()) return false;
    const size_t outer = sizeof(int) * static_cast<size_t>(A.outerSize() + 1);
    const size_t inner = sizeof(int) * static_cast<size_t>(A.nonZeros());
    return std::memcmp(A.outerIndexPtr(), pattern.outerIndexPtr(), outer) == 0 &&
           std::memcmp(A.innerIndexPtr(), pattern.innerIndexPtr(), inner) == 0;
  }

  // false when J W J^T is not definite (a pivot at round-off level: redundant
  // constraints) or the factorisation failed.
  bool factorise(const SpMat& A) {
    if (!samePattern(A)) {
      ldlt.analyzePattern(A);
      pattern = A;
      analysed = true;
    }
    ldlt.factorize(A);
    if (ldlt.info() != Eigen::Success) return false;
    const Eigen::VectorXd D = ldlt.vectorD().cwiseAbs();
    return D.size() == 0 || D.minCoeff() > 1e-12 * D.maxCoeff();
  }
};

// The lower triangle of J W J^T straight from the blocks (CD §4.2): entry
// (a, b) sums J_ap W_p J_bp^T over the particles p that constraints a and b
// share, so the blocks are grouped by their column range (a particle).
void assembleJWJtLower(const BlockSparseMatrix& J, const Eigen::VectorXd& W, SpMat& A) {
  thread_local std::vector<int> order;
  thread_local std::vector<Eigen::Triplet<double>> t;
  const auto& B = J.blocks;
  order.resize(B.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(),
            [&](int a, int b) { return B[a].j != B[b].j ? B[a].j < B[b].j : B[a].i < B[b].i; });
  bool disjoint = true;  // every column range is one particle's: equal or apart
  for (size_t k = 1; k < order.size(); ++k) {
    const auto &p = B[order[k - 1]], &q = B[order[k]];
    if (p.j == q.j ? p.jlength() != q.jlength() : q.j < p.j + p.jlength()) disjoint = false;
  }
  if (!disjoint) {  // general layout: the sparse product
    const SpMat Js = J.toSparse();
    A = SpMat(Js * W.asDiagonal() * Js.transpose()).triangularView<Eigen::Lower>();
    return;
  }
  t.clear();
  for (size_t g0 = 0, g1 = 0; g0 < order.size(); g0 = g1) {
    const int j = B[order[g0]].j;
    while (g1 < order.size() && B[order[g1]].j == j) ++g1;
    for (size_t a = g0; a < g1; ++a)
      for (size_t b = g0; b < g1; ++b) {
        const auto &P = B[order[a]], &Q = B[order[b]];
        if (P.i + P.ilength() - 1 < Q.i) continue;  // entirely above the diagonal
        for (int r = 0; r < P.ilength(); ++r)
          for (int c = 0; c < Q.ilength(); ++c) {
            if (P.i + r < Q.i + c) continue;
            double v = 0.0;
            for (int k = 0; k < P.jlength(); ++k) v += P.data(r, k) * W[j + k] * Q.data(c, k);
            t.emplace_back(P.i + r, Q.i + c, v);
          }
      }
  }
  A.resize(J.rows, J.rows);
  A.setFromTriplets(t.begin(), t.end());
}

// LDLT of J W J^T (assembled, sparse); false (lambda untouched) when it is
// singular. The result is judged by the true residual, as CG's is.
bool directSolve(const BlockSparseMatrix& J, const Eigen::VectorXd& W, const Eigen::VectorXd& b,
                 Eigen::VectorXd& lambda, double relTol, CgResult& result) {
  thread_local DirectSolver solver;
  thread_local SpMat A;
  assembleJWJtLower(J, W, A);
  if (!solver.factorise(A)) return false;
  lambda = solver.ldlt.solve(b);
  Eigen::VectorXd Al(b.size());
  multiplyJWJt(J, W, lambda, Al);
  const double bnorm = b.norm();
  result = CgResult{};
  result.relativeResidual = bnorm > 0.0 ? (b - Al).norm() / bnorm : (b - Al).norm();
  result.converged = lambda.allFinite() && result.relativeResidual <= relTol;
  return true;
}

}  // namespace

ConstraintSolver autoSolverFor(const BlockSparseMatrix& J) {
  const int m = J.rows;
  if (m <= kAutoIterativeMaxRows || m > kAutoDirectMaxRows) return ConstraintSolver::JacobiCG;
  if (m > kAutoMeshIterativeMaxRows) return ConstraintSolver::LDLT;
  // Coupling: the sum over particles of (blocks in its columns)^2, per row:
  // about 4 on a chain (two rods per particle), 8 on a grid of rods, 16 braced.
  thread_local std::vector<int> count;
  count.assign(static_cast<size_t>(J.cols) + 1, 0);
  for (const auto& b : J.blocks) ++count[static_cast<size_t>(std::clamp(b.j, 0, J.cols))];
  double sum = 0.0;
  for (int c : count) sum += static_cast<double>(c) * c;
  return sum / m > kAutoMeshCoupling ? ConstraintSolver::JacobiCG : ConstraintSolver::LDLT;
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
  ConstraintSolver solver = s.solver;
  if (solver == ConstraintSolver::Auto) solver = autoSolverFor(J);
  st.used = solver;
  lambda = Eigen::VectorXd::Zero(m);
  const LinearOperator A = [&](const Eigen::VectorXd& in, Eigen::VectorXd& out) {
    multiplyJWJt(J, W, in, out);
  };
  const int cgMax = s.maxIterations > 0 ? s.maxIterations : 3 * m + 10;
  const int lsMax = s.maxIterations > 0 ? s.maxIterations : 20 * m + 50;
  auto leastSquares = [&] {
    return conjugateGradientLeastSquares(A, A, b, lambda, s.tolerance, lsMax);
  };
  auto jacobi = [&] {
    Eigen::VectorXd inv = jwjtDiagonal(J, W);
    for (int a = 0; a < m; ++a) inv[a] = inv[a] > 0.0 ? 1.0 / inv[a] : 0.0;
    return jacobiConjugateGradient(A, inv, b, lambda, s.tolerance, cgMax);
  };
  switch (solver) {
    case ConstraintSolver::LDLT:
      if (!directSolve(J, W, b, lambda, s.tolerance, st.result)) {
        // Singular (redundant constraints): the explicit choice fails over to
        // CGLS below; auto takes Jacobi-CG from 0 (minimum-norm lambda).
        if (s.solver == ConstraintSolver::Auto) {
          st.used = ConstraintSolver::JacobiCG;
          st.result = jacobi();
        } else {
          st.result = CgResult{};
          st.result.relativeResidual = 1.0;
        }
      }
      break;
    case ConstraintSolver::Auto:  // resolved above
    case ConstraintSolver::CG:
      st.result = conjugateGradient(A, b, lambda, s.tolerance, cgMax);
      break;
    case ConstraintSolver::JacobiCG:
      st.result = jacobi();
      break;
    case ConstraintSolver::CGLeastSquares:
      st.result = leastSquares();
      break;
  }
  st.first = st.result;
  const ConstraintSolver first = st.used;
  if ((!st.result.converged || !lambda.allFinite()) && s.fallback &&
      st.used != ConstraintSolver::CGLeastSquares) {
    lambda.setZero();
    st.result = leastSquares();
    st.used = ConstraintSolver::CGLeastSquares;
    st.fellBack = true;
  }
  if (!st.result.converged || !lambda.allFinite()) {
    char buf[256];
    std::snprintf(buf, sizeof buf,
                  "constraint solve did not converge (m = %d): %s %d iterations, residual %.3g", m,
                  solverName(first), st.first.iterations, st.first.relativeResidual);
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
