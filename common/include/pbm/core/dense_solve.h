// Small dense solves, compiled once in pbm_core. Eigen's factorisations are
// header templates: a student file that instantiates LDLT and
// CompleteOrthogonalDecomposition itself takes ~800 MB and ~25 s to compile
// (GCC 12, -O3), more than a grading container's 768 MB. Through these two the
// same file takes ~380 MB; the arithmetic is Eigen's, unchanged.
#pragma once

#include <Eigen/Core>
#include <memory>

namespace pbm {

// A symmetric matrix factorised once (LDLT, Cholesky with symmetric pivoting)
// and solved against any number of right-hand sides, as CD §5's generalised
// mass J^T M J is in chapter 06.
class SymmetricFactor {
 public:
  explicit SymmetricFactor(const Eigen::MatrixXd& A);
  ~SymmetricFactor();
  SymmetricFactor(SymmetricFactor&&) noexcept;
  SymmetricFactor& operator=(SymmetricFactor&&) noexcept;

  // Every pivot of D exceeds 1e-12 times the largest: A is positive definite
  // to working precision. False for an indefinite A and for a singular one,
  // such as the J^T M J of a parametrisation with a wasted coordinate, where
  // Eigen's own info() and isPositive() still report success (a zero pivot in
  // the last place is allowed, and solve() then quietly returns a vector that
  // does not solve the system).
  bool positiveDefinite() const;
  // X with A X = B, one column per right-hand side (a vector is one column).
  Eigen::MatrixXd solve(const Eigen::MatrixXd& B) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The minimum-norm least-squares solution X of A X = B (complete orthogonal
// decomposition): exact when A is invertible, and still defined when A is
// singular because constraints are redundant (CD §6: then lambda is not
// unique, and the smallest one is as good as any).
Eigen::MatrixXd minimumNormSolve(const Eigen::MatrixXd& A, const Eigen::MatrixXd& B);

}  // namespace pbm
