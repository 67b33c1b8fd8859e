// Implicit Euler for second-order systems, Implicit Methods §4. Backward Euler
// on (x, v) with f linearised about (x0, v0) and dx = h (v0 + dv) substituted
// gives an n x n system instead of a 2n x 2n one (4-5). With forces F and the
// diagonal mass matrix M (erratum: in the notes' (4-1)..(4-5) f is an
// acceleration, f = M^-1 F), multiplying (4-5) by M gives Baraff & Witkin's
//   (M - h dF/dv - h^2 dF/dx) dv = h (F0 + h dF/dx v0),   dx = h (v0 + dv),
// which is symmetric positive definite for springs and dampers, so conjugate
// gradients solve it with one sparse matrix-vector product per iteration.
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#include "pbm/core/errors.h"
#include "pbm/stiffness/implicit.h"

namespace pbm {

namespace {

using RowMatrix = Eigen::SparseMatrix<double, Eigen::RowMajor>;

// q = S p for a row-major S, returning p^T q from the same pass.
double multiplyDot(const RowMatrix& S, const Eigen::VectorXd& p, Eigen::VectorXd& q) {
  const int* outer = S.outerIndexPtr();
  const int* inner = S.innerIndexPtr();
  const double* val = S.valuePtr();
  double pq = 0.0;
  for (Eigen::Index i = 0; i < S.rows(); ++i) {
    double qi = 0.0;
    for (int k = outer[i]; k < outer[i + 1]; ++k) qi += val[k] * p[inner[k]];
    q[i] = qi;
    pq += p[i] * qi;
  }
  return pq;
}

std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", v);
  return buf;
}

}  // namespace

SecondOrderStep implicitEulerSecondOrder(const Eigen::VectorXd& v0, const Eigen::VectorXd& F0,
                                         const Eigen::SparseMatrix<double>& dFdx,
                                         const Eigen::SparseMatrix<double>& dFdv,
                                         const Eigen::VectorXd& mass, double h,
                                         const CgOptions& options) {
  const Eigen::Index n = v0.size();
  if (F0.size() != n || mass.size() != n || dFdx.rows() != n || dFdx.cols() != n ||
      dFdv.rows() != n || dFdv.cols() != n)
    throw std::invalid_argument(
        "implicitEulerSecondOrder: v0, F0, mass and the n x n Jacobians "
        "must agree in size");
  if (!(h > 0) || !std::isfinite(h))
    throw std::invalid_argument("implicitEulerSecondOrder: the step size h must be finite and > 0");

  // A fixed (nailed or controlled) coordinate has infinite mass: its dv is 0,
  // so its row is replaced by dv_i = 0 and its column drops out. The mass
  // term uses 0 there so that no inf * 0 enters the products.
  std::vector<Eigen::Index> fixed;
  Eigen::VectorXd mFree(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    const bool isFixed = std::isinf(mass[i]) && mass[i] > 0;
    if (isFixed) fixed.push_back(i);
    mFree[i] = isFixed ? 0.0 : mass[i];
  }

  // S = M - h dF/dv - h^2 dF/dx, stored row by row so that S p is a gather
  // (q_i = sum_j S_ij p_j) that the loop below fuses with the dot product p^T S p.
  // Fixed rows and columns are dropped from S (identity rows, right-hand side 0).
  Eigen::SparseMatrix<double> Md(n, n);
  Md.reserve(Eigen::VectorXi::Constant(n, 1));
  for (Eigen::Index i = 0; i < n; ++i) Md.insert(i, i) = mFree[i];
  RowMatrix S = Md - h * dFdv - (h * h) * dFdx;
  std::vector<char> isFixed(n, 0);
  for (Eigen::Index i : fixed) isFixed[i] = 1;
  if (!fixed.empty())
    S.prune([&](Eigen::Index i, Eigen::Index j, double) { return !isFixed[i] && !isFixed[j]; });
  S.makeCompressed();
  Eigen::VectorXd b = h * (F0 + h * (dFdx * v0));
  for (Eigen::Index i : fixed) b[i] = 0.0;
  if (!b.allFinite() || !mFree.allFinite() ||
      !Eigen::Map<const Eigen::VectorXd>(S.valuePtr(), S.nonZeros()).allFinite())
    throw SolverFailure(
        "implicitEulerSecondOrder: the force, its Jacobian or a mass is not "
        "finite");

  // Jacobi preconditioner: 1 / S_ii (0 on fixed coordinates, which keeps every
  // search direction zero there). A positive definite matrix has a positive
  // diagonal, so a non-positive S_ii already proves S indefinite.
  Eigen::VectorXd precond = S.diagonal();
  for (Eigen::Index i = 0; i < n; ++i) {
    if (isFixed[i]) {
      precond[i] = 0.0;
      continue;
    }
    if (!(precond[i] > 0))
      throw SolverFailure(
          "implicitEulerSecondOrder: (M - h dF/dv - h^2 dF/dx) is not positive "
          "definite (diagonal entry " +
          std::to_string(i) + " is " + num(precond[i]) + ")");
    precond[i] = 1.0 / precond[i];
  }

  SecondOrderStep out;
  out.dv = Eigen::VectorXd::Zero(n);
  const double bNorm = b.norm();
  if (bNorm == 0.0) {  // no force and no velocity to carry: dv = 0 exactly
    out.dx = h * v0;
    return out;
  }

  // Preconditioned conjugate gradients from dv = 0. The recursively updated
  // residual drifts from b - S dv in floating point, so convergence is only
  // accepted after the true residual is checked; if it fails, CG restarts
  // from the true residual. The iteration cap guarantees termination.
  const int maxIter = options.maxIterations > 0 ? options.maxIterations : static_cast<int>(2 * n);
  const double goal = options.tolerance * bNorm;
  Eigen::VectorXd& x = out.dv;
  Eigen::VectorXd r = b, z = precond.cwiseProduct(r), p = z, q(n);
  double rz = r.dot(z);
  double trueResidual = bNorm, rNorm = bNorm;
  int iter = 0;
  while (iter < maxIter) {
    const double pq = multiplyDot(S, p, q);  // q = S p, returns p^T q
    if (!(pq > 0))
      throw SolverFailure(
          "implicitEulerSecondOrder: (M - h dF/dv - h^2 dF/dx) is not positive "
          "definite (p^T S p = " +
          num(pq) + " at CG iteration " + std::to_string(iter + 1) + ")");
    const double alpha = rz / pq;
    // x += alpha p, r -= alpha q, z = P r, |r|^2 and r^T z in one pass.
    double rr = 0.0, rzNew = 0.0;
    for (Eigen::Index i = 0; i < n; ++i) {
      x[i] += alpha * p[i];
      const double ri = r[i] - alpha * q[i];
      const double zi = precond[i] * ri;
      r[i] = ri;
      z[i] = zi;
      rr += ri * ri;
      rzNew += ri * zi;
    }
    ++iter;
    rNorm = std::sqrt(rr);
    if (rNorm <= goal) {
      multiplyDot(S, x, q);
      r = b - q;
      trueResidual = rNorm = r.norm();
      if (trueResidual <= goal) break;
      z = precond.cwiseProduct(r);  // restart from the true residual
      p = z;
      rz = r.dot(z);
      continue;
    }
    const double beta = rzNew / rz;
    for (Eigen::Index i = 0; i < n; ++i) p[i] = z[i] + beta * p[i];
    rz = rzNew;
  }
  if (!(trueResidual <= goal))
    throw SolverFailure("implicitEulerSecondOrder: conjugate gradients did not converge in " +
                        std::to_string(maxIter) + " iterations (relative residual " +
                        num(rNorm / bNorm) + ", tolerance " + num(options.tolerance) + ")");

  out.iterations = iter;
  out.residual = trueResidual / bNorm;
  out.dx = h * (v0 + x);
  return out;
}

}  // namespace pbm
