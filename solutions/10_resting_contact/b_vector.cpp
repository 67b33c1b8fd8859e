// Reference: the vector b of d'' = A f + b (RBII App. D, compute_b_vector):
// the normal acceleration each contact would have with no contact force, from
// the external force and torque, the gyroscopic term L x omega (the notes'
// code writes a dot product there) and the centripetal term, plus the turning
// normal's 2 n' . (pdot_a - pdot_b) of (9-4).
#include "pbm/resting/contact_forces.h"
#include "pbm/rigid/rigid.h"

namespace pbm {

Eigen::VectorXd computeBVector(const std::vector<Contact>& contacts) {
  Eigen::VectorXd b(static_cast<Eigen::Index>(contacts.size()));
  for (size_t i = 0; i < contacts.size(); ++i) {
    const Contact& c = contacts[i];
    const Eigen::Vector3d accA = c.a ? pointAcceleration(*c.a, c.p) : Eigen::Vector3d::Zero();
    const Eigen::Vector3d accB = c.b ? pointAcceleration(*c.b, c.p) : Eigen::Vector3d::Zero();
    const Eigen::Vector3d velA = c.a ? pointVelocity(*c.a, c.p) : Eigen::Vector3d::Zero();
    const Eigen::Vector3d velB = c.b ? pointVelocity(*c.b, c.p) : Eigen::Vector3d::Zero();
    b(static_cast<Eigen::Index>(i)) = c.n.dot(accA - accB) + 2.0 * computeNdot(c).dot(velA - velB);
  }
  return b;
}

}  // namespace pbm
