// The factorisations behind pbm/core/dense_solve.h, instantiated here once.
#include "pbm/core/dense_solve.h"

#include <Eigen/Cholesky>
#include <Eigen/QR>

namespace pbm {

struct SymmetricFactor::Impl {
  Eigen::LDLT<Eigen::MatrixXd> ldlt;
};

SymmetricFactor::SymmetricFactor(const Eigen::MatrixXd& A)
    : impl_(std::make_unique<Impl>(Impl{Eigen::LDLT<Eigen::MatrixXd>(A)})) {}
SymmetricFactor::~SymmetricFactor() = default;
SymmetricFactor::SymmetricFactor(SymmetricFactor&&) noexcept = default;
SymmetricFactor& SymmetricFactor::operator=(SymmetricFactor&&) noexcept = default;

bool SymmetricFactor::positiveDefinite() const {
  constexpr double kRelativePivot = 1e-12;
  if (impl_->ldlt.info() != Eigen::Success) return false;
  const Eigen::VectorXd& D = impl_->ldlt.vectorD();
  return D.size() == 0 || D.minCoeff() > kRelativePivot * D.cwiseAbs().maxCoeff();
}

Eigen::MatrixXd SymmetricFactor::solve(const Eigen::MatrixXd& B) const {
  return impl_->ldlt.solve(B);
}

Eigen::MatrixXd minimumNormSolve(const Eigen::MatrixXd& A, const Eigen::MatrixXd& B) {
  return A.completeOrthogonalDecomposition().solve(B);
}

}  // namespace pbm
