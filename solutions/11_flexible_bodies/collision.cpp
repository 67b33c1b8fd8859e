// Reference: colliding contact, phase 1 (Baraff & Witkin 1992 §5): the
// least-error impulse only stops the contact point; there is no restitution
// coefficient. flexCollisionImpulses (several contacts at once, by chapter
// 10's LCP) joins this file when chapter 10 is a dependency.
#include "pbm/flexible/flex_body.h"

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

}  // namespace pbm
