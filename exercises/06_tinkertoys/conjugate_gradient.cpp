// Exercise 06 · conjugateGradient, jacobiConjugateGradient, conjugateGradientLeastSquares (CD §4.4)
//
// Matrix-free conjugate gradients. A is only a routine, A(in, out). Start from
// the x passed in (resize it to 0 if its size is wrong). b = 0 or an empty
// system: x = 0, converged, 0 iterations. Stop when the residual is <= relTol |b|
// or after maxIter iterations, and report the TRUE residual |b - A x| / |b|
// recomputed at the end (converged = that <= relTol). When the recursive
// residual says "done" and the true one does not, restart from the true
// residual.
//
// Symbols: A, At (LinearOperator: in -> out), b, x, invDiag (Eigen::VectorXd, n)
//   -> CgResult {iterations, relativeResidual, converged}
// Tests: Ch06Cg.* (tests/06_tinkertoys_test_solve.cpp)
//   build/bin/ch06_tests --gtest_filter='Ch06Cg.*'
#include "pbm/constraints/conjugate_gradient.h"
#include "pbm/core/exercise.h"

namespace pbm {

CgResult conjugateGradient(const LinearOperator& /*A*/, const Eigen::VectorXd& /*b*/,
                           Eigen::VectorXd& /*x*/, double /*relTol*/, int /*maxIter*/) {
  PBM_TODO("conjugateGradient",
           "CD §4.4: r = b - A x, p = r; repeat: alpha = r.r / p.Ap, x += alpha p, r -= alpha Ap, "
           "p = r + (r'.r' / r.r) p; stop on |b - A x| <= tol |b|");
}

CgResult jacobiConjugateGradient(const LinearOperator& /*A*/, const Eigen::VectorXd& /*invDiag*/,
                                 const Eigen::VectorXd& /*b*/, Eigen::VectorXd& /*x*/,
                                 double /*relTol*/, int /*maxIter*/) {
  PBM_TODO("jacobiConjugateGradient",
           "preconditioned CG with z = invDiag o r: alpha = r.z / p.Ap, p = z + (r'.z' / r.z) p");
}

CgResult conjugateGradientLeastSquares(const LinearOperator& /*A*/, const LinearOperator& /*At*/,
                                       const Eigen::VectorXd& /*b*/, Eigen::VectorXd& /*x*/,
                                       double /*relTol*/, int /*maxIter*/) {
  PBM_TODO(
      "conjugateGradientLeastSquares",
      "CD §4.4 (NR's sparse): CG on A^T A x = A^T b: r = b - A x, s = A^T r, p = s; "
      "q = A p, alpha = s.s / q.q, x += alpha p, r -= alpha q, s' = A^T r, p = s' + (s'.s'/s.s) p; "
      "converged when |A^T (b - A x)| <= tol |A^T b|");
}

}  // namespace pbm
