// The notes' compute_aij (RBII App. D), line for line, with its sign slip:
// the torque of contact j's force -n_j on a body that is j's b is written
// (pj - x) ^ nj. Only `^` (cross), `*` on triples (dot) and 1/mass (invMass:
// 0 for a fixed body, whose mass the notes take as infinite) are translated.
// Not a student function: the viewer's "verbatim" toggle shows what it does.
#include "pbm/resting/aij_verbatim.h"

#include "pbm/rigid/rigid_body.h"

namespace pbm {

using Eigen::Vector3d;

double computeAijVerbatim(const Contact& ci, const Contact& cj) {
  // If the bodies involved in the ith and jth contact are distinct, then a_ij is zero.
  if ((ci.a != cj.a) && (ci.b != cj.b) && (ci.a != cj.b) && (ci.b != cj.a)) return 0.0;
  const RigidBody* A = ci.a;
  const RigidBody* B = ci.b;
  const Vector3d ni = ci.n, nj = cj.n, pi = ci.p, pj = cj.p;
  const Vector3d ra = pi - A->x, rb = pi - B->x;

  // What force and torque does contact j exert on body A?
  Vector3d force_on_a = Vector3d::Zero(), torque_on_a = Vector3d::Zero();
  if (cj.a == ci.a) {
    force_on_a = nj;
    torque_on_a = (pj - A->x).cross(nj);
  } else if (cj.b == ci.a) {
    force_on_a = -nj;
    torque_on_a = (pj - A->x).cross(nj);  // the notes' slip: the force is -nj
  }
  // What force and torque does contact j exert on body B?
  Vector3d force_on_b = Vector3d::Zero(), torque_on_b = Vector3d::Zero();
  if (cj.a == ci.b) {
    force_on_b = nj;
    torque_on_b = (pj - B->x).cross(nj);
  } else if (cj.b == ci.b) {
    force_on_b = -nj;
    torque_on_b = (pj - B->x).cross(nj);  // the same slip
  }
  // How the jth contact force affects the linear and angular acceleration of
  // the contact point on body A, and on B.
  const Vector3d a_linear = force_on_a * A->invMass, a_angular = (A->Iinv * torque_on_a).cross(ra);
  const Vector3d b_linear = force_on_b * B->invMass, b_angular = (B->Iinv * torque_on_b).cross(rb);
  return ni.dot((a_linear + a_angular) - (b_linear + b_angular));
}

Eigen::MatrixXd computeAMatrixVerbatim(const std::vector<Contact>& contacts) {
  const int n = static_cast<int>(contacts.size());
  Eigen::MatrixXd A(n, n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) A(i, j) = computeAijVerbatim(contacts[i], contacts[j]);
  return A;
}

}  // namespace pbm
