// Reference: the contact Jacobian (RBII §9, d' = J (v, omega) for each
// contact): row i holds +[n^T, (ra x n)^T] in a's six columns and
// -[n^T, (rb x n)^T] in b's. With M^-1 = diag(invMass 1, Iinv) per body,
// A = J M^-1 J^T: symmetric and positive semidefinite.
#include "pbm/resting/contact_forces.h"

namespace pbm {

Eigen::MatrixXd contactJacobian(const std::vector<Contact>& contacts,
                                const std::vector<const RigidBody*>& bodies) {
  Eigen::MatrixXd J = Eigen::MatrixXd::Zero(static_cast<Eigen::Index>(contacts.size()),
                                            6 * static_cast<Eigen::Index>(bodies.size()));
  auto put = [&](Eigen::Index row, const RigidBody* X, const Eigen::Vector3d& p,
                 const Eigen::Vector3d& n, double sign) {
    for (size_t k = 0; k < bodies.size(); ++k) {
      if (X == nullptr || bodies[k] != X) continue;
      const Eigen::Index col = 6 * static_cast<Eigen::Index>(k);
      J.block<1, 3>(row, col) += sign * n.transpose();
      J.block<1, 3>(row, col + 3) += sign * (p - X->x).cross(n).transpose();
    }
  };
  for (size_t i = 0; i < contacts.size(); ++i) {
    const Contact& c = contacts[i];
    put(static_cast<Eigen::Index>(i), c.a, c.p, c.n, 1.0);
    put(static_cast<Eigen::Index>(i), c.b, c.p, c.n, -1.0);
  }
  return J;
}

}  // namespace pbm
