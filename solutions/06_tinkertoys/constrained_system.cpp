// Constrained Dynamics §3 eq (11), §4.4 and §4.1 step 3: the constraint force.
#include "pbm/constraints/constrained_system.h"

namespace pbm {

void multiplyJWJt(const BlockSparseMatrix& J, const Eigen::VectorXd& W, const Eigen::VectorXd& x,
                  Eigen::VectorXd& y) {
  // §4.4: never form J W J^T; transpose-multiply, scale by W, multiply.
  // CG calls this every iteration: keep the scratch vector between calls.
  thread_local Eigen::VectorXd t;
  J.multiplyTranspose(x, t);
  t.array() *= W.array();
  J.multiply(t, y);
}

Eigen::VectorXd constraintRhs(const BlockSparseMatrix& J, const BlockSparseMatrix& Jdot,
                              const Eigen::VectorXd& qdot, const Eigen::VectorXd& W,
                              const Eigen::VectorXd& Q, const Eigen::VectorXd& C,
                              const Eigen::VectorXd& Cdot, double ks, double kd) {
  // Cddot = Jdot qdot + J W (Q + Qhat) must equal -ks C - kd Cdot (§3 feedback).
  Eigen::VectorXd JdotQdot, JWQ;
  Jdot.multiply(qdot, JdotQdot);
  J.multiply(W.cwiseProduct(Q), JWQ);
  return -JdotQdot - JWQ - ks * C - kd * Cdot;
}

ConstraintSolveStats applyConstraintForces(ParticleSystem& ps, ConstraintSet& cs,
                                           const ConstraintSolverSettings& settings) {
  // §4.1 step 3, after the applied forces are in the accumulators.
  cs.evaluate(ps);
  if (cs.m() == 0) {
    cs.Qhat = Eigen::VectorXd::Zero(2 * ps.n());
    return {};
  }
  const Eigen::VectorXd qdot = velocityVector(ps), Q = forceVector(ps), W = inverseMassVector(ps);
  const Eigen::VectorXd b =
      constraintRhs(cs.J, cs.Jdot, qdot, W, Q, cs.C, cs.Cdot, settings.ks, settings.kd);
  const ConstraintSolveStats stats = solveConstraintSystem(cs.J, W, b, cs.lambda, settings);
  // Qhat = J^T lambda: a combination of the constraint gradients, so it does
  // no work on any legal velocity (§3, the principle of virtual work).
  cs.J.multiplyTranspose(cs.lambda, cs.Qhat);
  for (int i = 0; i < ps.n(); ++i) ps.particles[i].f += cs.Qhat.segment<2>(2 * i);
  return stats;
}

}  // namespace pbm
