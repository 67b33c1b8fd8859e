// pbm/core/dense_solve.h against closed forms: the residual of a solve, the
// verdict on indefinite and singular matrices, and the minimum-norm solution
// of a redundant system (the pseudo-inverse's, worked by hand).
#include "pbm/core/dense_solve.h"

#include <gtest/gtest.h>

namespace {

TEST(DenseSolve, SymmetricFactorSolvesEveryColumn) {
  // A = R^T R + I is symmetric positive definite for any R.
  Eigen::MatrixXd R(4, 4);
  R << 1, 2, 0, -1, 0.5, 3, 1, 0, -2, 0, 1, 1, 0, 1, -1, 2;
  const Eigen::MatrixXd A = R.transpose() * R + Eigen::MatrixXd::Identity(4, 4);
  Eigen::MatrixXd B(4, 2);
  B << 1, 0, 2, -1, 3, 4, -5, 0.25;
  const pbm::SymmetricFactor f(A);
  ASSERT_TRUE(f.positiveDefinite()) << "R^T R + I is positive definite";
  const Eigen::MatrixXd X = f.solve(B);
  ASSERT_EQ(X.rows(), 4);
  ASSERT_EQ(X.cols(), 2);
  EXPECT_LT((A * X - B).norm(), 1e-12) << "residual of A X = B";
}

TEST(DenseSolve, SymmetricFactorRejectsIndefiniteAndSingular) {
  Eigen::MatrixXd indefinite(2, 2);
  indefinite << 1, 0, 0, -1;
  EXPECT_FALSE(pbm::SymmetricFactor(indefinite).positiveDefinite()) << "diag(1, -1) is indefinite";
  Eigen::MatrixXd singular(2, 2);
  singular << 1, 1, 1, 1;  // rank 1: the pivots are 1 and exactly 0
  EXPECT_FALSE(pbm::SymmetricFactor(singular).positiveDefinite()) << "[[1,1],[1,1]] is singular";
  Eigen::MatrixXd nearlySingular(2, 2);
  nearlySingular << 1, 1, 1, 1 + 1e-9;  // pivots 1 and 1e-9: definite, if barely
  EXPECT_TRUE(pbm::SymmetricFactor(nearlySingular).positiveDefinite())
      << "[[1,1],[1,1+1e-9]] is positive definite: its last pivot is 1e-9, above the 1e-12 cut";
  EXPECT_TRUE(pbm::SymmetricFactor(Eigen::MatrixXd(0, 0)).positiveDefinite())
      << "the empty matrix (no generalised coordinates) is trivially definite";
}

TEST(DenseSolve, MinimumNormSolveOfRedundantRows) {
  // Two copies of the row (1, 1): x1 + x2 = 2 twice. Every x on that line
  // solves it; the one nearest the origin is (1, 1).
  Eigen::MatrixXd A(2, 2);
  A << 1, 1, 1, 1;
  const Eigen::MatrixXd x = pbm::minimumNormSolve(A, Eigen::Vector2d(2, 2));
  ASSERT_EQ(x.rows(), 2);
  EXPECT_NEAR(x(0), 1.0, 1e-12);
  EXPECT_NEAR(x(1), 1.0, 1e-12);
}

TEST(DenseSolve, MinimumNormSolveIsExactWhenInvertible) {
  Eigen::MatrixXd A(3, 3);
  A << 4, 1, 0, 1, 3, -1, 0, -1, 2;
  const Eigen::Vector3d xExact(1, -2, 0.5);
  const Eigen::MatrixXd x = pbm::minimumNormSolve(A, A * xExact);
  EXPECT_LT((x - xExact).norm(), 1e-12) << "got " << x.transpose();
}

}  // namespace
