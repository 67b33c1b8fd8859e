// Chapter 06: matrix-free conjugate gradients (Constrained Dynamics §4.4).
// The solver never sees a matrix, only a routine that applies it: for the
// constraint system that is lambda -> J (W (J^T lambda)), O(nnz) per product.
//
// Student functions (solutions/06_tinkertoys/conjugate_gradient.cpp):
//   conjugateGradient               CG on a symmetric positive (semi)definite A
//   jacobiConjugateGradient         the same, preconditioned by diag(A)
//   conjugateGradientLeastSquares   CG on the normal equations A^T A x = A^T b
//                                   (CGLS): the notes' Numerical Recipes routine,
//                                   which minimises |A x - b|^2
// All three start from the x passed in (the constraint solver passes 0, so on
// a consistent redundant system CG returns the minimum-norm lambda), and judge
// convergence by the TRUE residual |b - A x| recomputed at the end (for CGLS:
// |A^T (b - A x)| relative to |A^T b|), never only by the recursive one: on an
// inconsistent system CG's recursive residual can fall while x runs off to
// 1e16 (CD §4.4 solves a singular J W J^T when constraints are redundant).
#pragma once

#include <Eigen/Core>
#include <functional>

namespace pbm {

struct CgResult {
  int iterations = 0;
  double relativeResidual = 0.0;  // true residual at the end, relative to |b| (CGLS: |A^T b|)
  bool converged = false;         // relativeResidual <= relTol
};

// out = A in. `out` arrives sized; the operator overwrites it.
using LinearOperator = std::function<void(const Eigen::VectorXd& in, Eigen::VectorXd& out)>;

// All three: b = 0 (or an empty system): x = 0, 0 iterations, converged.
CgResult conjugateGradient(const LinearOperator& A, const Eigen::VectorXd& b, Eigen::VectorXd& x,
                           double relTol, int maxIter);
// invDiag: 1 / diag(A), entries of a zero diagonal set to 0 by the caller.
CgResult jacobiConjugateGradient(const LinearOperator& A, const Eigen::VectorXd& invDiag,
                                 const Eigen::VectorXd& b, Eigen::VectorXd& x, double relTol,
                                 int maxIter);
CgResult conjugateGradientLeastSquares(const LinearOperator& A, const LinearOperator& At,
                                       const Eigen::VectorXd& b, Eigen::VectorXd& x, double relTol,
                                       int maxIter);

}  // namespace pbm
