// Constrained Dynamics §4.4: conjugate gradients, matrix-free. Each iteration
// costs one product with A (O(nnz)) and a few vector operations.
//
// Convergence is judged by the TRUE residual |b - A x|: the recursive residual
// r_{k+1} = r_k - alpha A p drifts from it in floating point, and on an
// inconsistent system it keeps falling while x runs off along the null space.
// When the recursive residual says "done" but the true one does not, CG
// restarts from the true residual (while the iteration budget lasts).
#include "pbm/constraints/conjugate_gradient.h"

#include <cmath>

namespace pbm {

namespace {

// Preconditioned CG; M^-1 r = invDiag o r (invDiag empty: no preconditioner).
CgResult pcg(const LinearOperator& A, const Eigen::VectorXd* invDiag, const Eigen::VectorXd& b,
             Eigen::VectorXd& x, double relTol, int maxIter) {
  const Eigen::Index n = b.size();
  CgResult res;
  const double bnorm = b.norm();
  if (x.size() != n) x = Eigen::VectorXd::Zero(n);
  if (n == 0 || bnorm == 0.0) {
    x.setZero();
    res.converged = true;
    return res;
  }
  // Every vector is allocated once, before the iterations: an iteration
  // writes into these buffers only (z aliases r when there is no
  // preconditioner, so the plain method copies nothing).
  const double target = relTol * bnorm;
  Eigen::VectorXd Ax(n), Ap(n), r(n), p(n), zBuffer(invDiag ? n : 0);
  const Eigen::VectorXd& z = invDiag ? zBuffer : r;
  auto precondition = [&] {
    if (invDiag) zBuffer = invDiag->cwiseProduct(r);
  };
  A(x, Ax);
  r = b - Ax;
  double trueNorm = r.norm();
  int k = 0;
  while (trueNorm > target && k < maxIter) {
    // One CG run from the true residual r.
    precondition();
    p = z;
    double rz = r.dot(z);
    double rnorm = trueNorm;
    while (k < maxIter && rnorm > target) {
      A(p, Ap);
      const double pAp = p.dot(Ap);
      if (!(pAp > 0.0)) break;  // p in A's null space (semidefinite A) or a breakdown
      const double alpha = rz / pAp;
      x += alpha * p;
      r -= alpha * Ap;
      ++k;
      rnorm = r.norm();
      precondition();
      const double rzNew = r.dot(z);
      p = z + (rzNew / rz) * p;  // coefficient-wise: in place, no temporary
      rz = rzNew;
    }
    A(x, Ax);
    r = b - Ax;
    const double before = trueNorm;
    trueNorm = r.norm();
    if (!(trueNorm < 0.5 * before)) break;  // a restart that gains nothing: stop
  }
  res.iterations = k;
  res.relativeResidual = trueNorm / bnorm;
  res.converged = res.relativeResidual <= relTol;
  return res;
}

}  // namespace

CgResult conjugateGradient(const LinearOperator& A, const Eigen::VectorXd& b, Eigen::VectorXd& x,
                           double relTol, int maxIter) {
  return pcg(A, nullptr, b, x, relTol, maxIter);
}

CgResult jacobiConjugateGradient(const LinearOperator& A, const Eigen::VectorXd& invDiag,
                                 const Eigen::VectorXd& b, Eigen::VectorXd& x, double relTol,
                                 int maxIter) {
  return pcg(A, &invDiag, b, x, relTol, maxIter);
}

CgResult conjugateGradientLeastSquares(const LinearOperator& A, const LinearOperator& At,
                                       const Eigen::VectorXd& b, Eigen::VectorXd& x, double relTol,
                                       int maxIter) {
  // CG on the normal equations A^T A x = A^T b without forming A^T A (CGLS):
  // the least-squares x of |A x - b|^2, the minimum-norm one from x = 0. The
  // price: the condition number is squared, so many more iterations.
  const Eigen::Index n = b.size();
  CgResult res;
  if (x.size() != n) x = Eigen::VectorXd::Zero(n);
  Eigen::VectorXd Atb(n);
  At(b, Atb);
  const double norm0 = Atb.norm();
  if (n == 0 || norm0 == 0.0) {
    x.setZero();
    res.converged = true;
    return res;
  }
  const double target = relTol * norm0;
  Eigen::VectorXd Ax(n), q(n), s(n), r(n), p(n);  // allocated once, as in pcg
  A(x, Ax);
  r = b - Ax;
  At(r, s);
  double trueNorm = s.norm();
  int k = 0;
  while (trueNorm > target && k < maxIter) {
    p = s;
    double gamma = s.squaredNorm();
    while (k < maxIter && std::sqrt(gamma) > target) {
      A(p, q);
      const double qq = q.squaredNorm();
      if (!(qq > 0.0)) break;
      const double alpha = gamma / qq;
      x += alpha * p;
      r -= alpha * q;
      ++k;
      At(r, s);
      const double gammaNew = s.squaredNorm();
      p = s + (gammaNew / gamma) * p;
      gamma = gammaNew;
    }
    A(x, Ax);
    r = b - Ax;
    At(r, s);
    const double before = trueNorm;
    trueNorm = s.norm();
    if (!(trueNorm < 0.5 * before)) break;
  }
  res.iterations = k;
  res.relativeResidual = trueNorm / norm0;
  res.converged = res.relativeResidual <= relTol;
  return res;
}

}  // namespace pbm
