// Constrained Dynamics §5 (eq 13) and §5.1 (hybrid models). Both systems are
// small and dense: their size is the number of generalised coordinates. The
// factorisations come from pbm/core/dense_solve.h, compiled once in the
// library, so this file compiles in a grading container's memory.
#include "pbm/constraints/lagrangian.h"

#include "pbm/core/dense_solve.h"
#include "pbm/core/errors.h"

namespace pbm {

Eigen::VectorXd lagrangianAcceleration(const Eigen::MatrixXd& J, const Eigen::MatrixXd& Jdot,
                                       const Eigen::VectorXd& massDiag, const Eigen::VectorXd& Q,
                                       const Eigen::VectorXd& udot) {
  // J^T M J uddot = J^T Q - J^T M Jdot udot: multiplying M qddot = Q + Qhat by
  // J^T eliminates the constraint force, since J^T Qhat = 0 (virtual work).
  const Eigen::MatrixXd MJ = massDiag.asDiagonal() * J;
  const Eigen::MatrixXd A = J.transpose() * MJ;
  const Eigen::VectorXd rhs = J.transpose() * (Q - massDiag.cwiseProduct(Jdot * udot));
  const SymmetricFactor factor(A);
  if (!factor.positiveDefinite())
    throw SolverFailure(
        "lagrangianAcceleration: J^T M J is singular (a degenerate parametrisation)");
  return factor.solve(rhs);
}

HybridAcceleration hybridAcceleration(const Eigen::MatrixXd& Jq, const Eigen::MatrixXd& Jqdot,
                                      const Eigen::VectorXd& massDiag, const Eigen::VectorXd& Q,
                                      const Eigen::VectorXd& udot, const Eigen::MatrixXd& Jc,
                                      const Eigen::MatrixXd& Jcdot, const Eigen::VectorXd& C,
                                      const Eigen::VectorXd& Cdot, double ks, double kd) {
  // Generalised mass and force of the parametric object (§5 eq 13 regrouped).
  const Eigen::MatrixXd Mu = Jq.transpose() * massDiag.asDiagonal() * Jq;
  const Eigen::VectorXd Qu = Jq.transpose() * (Q - massDiag.cwiseProduct(Jqdot * udot));
  const SymmetricFactor MuInv(Mu);
  if (!MuInv.positiveDefinite())
    throw SolverFailure("hybridAcceleration: the generalised mass J^T M J is singular");
  HybridAcceleration out;
  if (Jc.rows() == 0) {
    out.uddot = MuInv.solve(Qu);
    out.lambda.resize(0);
    return out;
  }
  // The implicit constraints seen through q(u): chain rule, both terms of Jcdot_u.
  const Eigen::MatrixXd Jcu = Jc * Jq;
  const Eigen::MatrixXd Jcdu = Jc * Jqdot + Jcdot * Jq;
  const Eigen::MatrixXd WJt = MuInv.solve(Jcu.transpose());  // M_u^-1 Jc_u^T
  const Eigen::MatrixXd A = Jcu * WJt;
  const Eigen::VectorXd rhs = -Jcdu * udot - Jcu * MuInv.solve(Qu) - ks * C - kd * Cdot;
  out.lambda = minimumNormSolve(A, rhs);  // tolerates redundancy
  out.uddot = MuInv.solve(Qu + Jcu.transpose() * out.lambda);
  return out;
}

}  // namespace pbm
