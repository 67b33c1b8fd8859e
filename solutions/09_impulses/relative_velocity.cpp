// Reference: the relative normal velocity of a contact and its class (RBII §8,
// (8-1)-(8-3), the notes' colliding()).
#include "pbm/impulse/impulse.h"
#include "pbm/rigid/rigid.h"

namespace pbm {

double relativeNormalVelocity(const Contact& c) {
  // (8-1), (8-2): the velocity of the point p on each body; the notes'
  // colliding() writes p where it means c->p. A null body stands still.
  const Eigen::Vector3d pa = c.a ? pointVelocity(*c.a, c.p) : Eigen::Vector3d::Zero();
  const Eigen::Vector3d pb = c.b ? pointVelocity(*c.b, c.p) : Eigen::Vector3d::Zero();
  return c.n.dot(pa - pb);  // (8-3)
}

ContactKind classify(const Contact& c, double threshold) {
  const double vrel = relativeNormalVelocity(c);
  if (vrel > threshold) return ContactKind::Separating;  // moving away
  if (vrel < -threshold) return ContactKind::Colliding;  // moving towards each other
  return ContactKind::Resting;                           // |v_rel| <= threshold
}

}  // namespace pbm
