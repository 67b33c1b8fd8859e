// Exercise 06 · lagrangianAcceleration, hybridAcceleration (CD §5 eq 13, §5.1)
//
// Lagrangian dynamics and a hybrid model. Small dense systems, solved with
// pbm/core/dense_solve.h: SymmetricFactor for J^T M J (Mu is symmetric
// positive definite; check positiveDefinite() and throw SolverFailure if it is
// not: a singular J^T M J means a degenerate parametrisation) and, for the
// multipliers, minimumNormSolve (tolerates redundant constraints). They wrap
// Eigen's LDLT and complete orthogonal decomposition, compiled once in the
// library: naming those here needs ~800 MB to compile, more than a grading
// container has.
//
// Symbols: J = dq/du, Jdot (Eigen::MatrixXd, dim q x dim u), massDiag, Q (dim q), udot (dim u)
//   -> uddot (dim u); HybridAcceleration {uddot, lambda (one per implicit constraint)}
// Tests: Ch06Lagrangian.* (tests/06_tinkertoys_test_lagrangian.cpp)
//   build/bin/ch06_tests --gtest_filter='Ch06Lagrangian.*'
#include "pbm/constraints/lagrangian.h"
#include "pbm/core/dense_solve.h"
#include "pbm/core/errors.h"
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
