// Exercise: the contact Jacobian (RBII §9: the rate d' of every contact is
// linear in the bodies' (v, omega)).
// contactJacobian: one row per contact, six columns per listed body: +[n^T,
//   (ra x n)^T] in a's block, -[n^T, (rb x n)^T] in b's, ra = p - x_a.
// Tests: Ch10Jacobian.* (A = J M^-1 J^T, and d' = J (v, omega) against a
// finite difference).
#include "pbm/core/exercise.h"
#include "pbm/resting/contact_forces.h"

namespace pbm {

Eigen::MatrixXd contactJacobian(const std::vector<Contact>& /*contacts*/,
                                const std::vector<const RigidBody*>& /*bodies*/) {
  PBM_TODO("contactJacobian", "RBII §9: row i = +[n, ra x n] on a's block, -[n, rb x n] on b's");
}

}  // namespace pbm
