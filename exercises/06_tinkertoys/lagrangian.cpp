// Exercise 06 · lagrangianAcceleration, hybridAcceleration (CD §5 eq 13, §5.1)
//
// Lagrangian dynamics and a hybrid model. Small dense systems: use Eigen's LDLT
// (Mu is symmetric positive definite) and, for the multipliers,
// completeOrthogonalDecomposition (tolerates redundant constraints). Throw
// SolverFailure if J^T M J is singular.
//
// Symbols: J = dq/du, Jdot (Eigen::MatrixXd, dim q x dim u), massDiag, Q (dim q), udot (dim u)
//   -> uddot (dim u); HybridAcceleration {uddot, lambda (one per implicit constraint)}
// Tests: Ch06Lagrangian.* (tests/06_tinkertoys_test.cpp)
//   build/bin/ch06_tests --gtest_filter='Ch06Lagrangian.*'
#include "pbm/constraints/lagrangian.h"
#include "pbm/core/exercise.h"

namespace pbm {

Eigen::VectorXd lagrangianAcceleration(const Eigen::MatrixXd& /*J*/,
                                       const Eigen::MatrixXd& /*Jdot*/,
                                       const Eigen::VectorXd& /*massDiag*/,
                                       const Eigen::VectorXd& /*Q*/,
                                       const Eigen::VectorXd& /*udot*/) {
  PBM_TODO("lagrangianAcceleration",
           "CD §5 eq 13: solve (J^T M J) uddot = J^T Q - J^T M Jdot udot");
}

HybridAcceleration hybridAcceleration(const Eigen::MatrixXd& /*Jq*/,
                                      const Eigen::MatrixXd& /*Jqdot*/,
                                      const Eigen::VectorXd& /*massDiag*/,
                                      const Eigen::VectorXd& /*Q*/, const Eigen::VectorXd& /*udot*/,
                                      const Eigen::MatrixXd& /*Jc*/,
                                      const Eigen::MatrixXd& /*Jcdot*/,
                                      const Eigen::VectorXd& /*C*/, const Eigen::VectorXd& /*Cdot*/,
                                      double /*ks*/, double /*kd*/) {
  PBM_TODO("hybridAcceleration",
           "CD §5.1: Mu = Jq^T M Jq, Qu = Jq^T (Q - M Jqdot udot), Jcu = Jc Jq, Jcdu = Jc Jqdot + "
           "Jcdot Jq; (Jcu Mu^-1 Jcu^T) lambda = -Jcdu udot - Jcu Mu^-1 Qu - ks C - kd Cdot; "
           "uddot = Mu^-1 (Qu + Jcu^T lambda)");
}

}  // namespace pbm
