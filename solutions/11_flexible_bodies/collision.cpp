// Reference: colliding contact, phase 1 (Baraff & Witkin 1992 §5): the
// least-error impulse only stops the contact point; there is no restitution
// coefficient. Several contacts at once: the impulse LCP, by chapter 10's
// solveLcpDantzig.
#include "pbm/flexible/flex_body.h"
#include "pbm/resting/lcp.h"

namespace pbm {

double flexResponse(const FlexBody& body, const Eigen::Vector2d& u, const Eigen::Vector2d& v) {
  return flexBasis(body.kind, u).dot(body.L.solve(flexBasis(body.kind, v)));
}

double flexCollisionImpulse(const FlexBody& body, Eigen::Matrix2Xd& qdot, const Eigen::Vector2d& u,
                            const Eigen::Vector2d& n) {
  const Eigen::VectorXd b = flexBasis(body.kind, u);
  const double vminus = n.dot(qdot * b);
  if (vminus >= 0) return 0.0;  // separating or sliding: no impulse
  const Eigen::VectorXd Minvb = body.L.solve(b);
  const double j = -vminus / b.dot(Minvb);
  qdot += (j * n) * Minvb.transpose();
  return j;
}

Eigen::VectorXd flexCollisionImpulses(const FlexBody& body, Eigen::Matrix2Xd& qdot,
                                      const std::vector<FlexContact>& contacts) {
  // v+ = A j + v- >= 0, j >= 0, j . v+ = 0: the same LCP as resting contact
  // with velocities for accelerations (Baraff & Witkin 1992 §5). A contact
  // already separating (v- >= 0) gets j = 0 unless the others push it in.
  const int m = static_cast<int>(contacts.size());
  Eigen::VectorXd vminus(m);
  for (int i = 0; i < m; ++i)
    vminus(i) = contacts[i].n.dot(qdot * flexBasis(body.kind, contacts[i].u));
  if (m == 0 || vminus.minCoeff() >= 0) return Eigen::VectorXd::Zero(m);
  const LcpResult r = solveLcpDantzig(flexContactMatrix(body, contacts), vminus);
  if (!r.ok) throw SolverFailure("the impulse LCP failed: " + r.why);
  qdot += flexAcceleration(body, flexContactForce(body, contacts, r.f));
  return r.f;
}

}  // namespace pbm
