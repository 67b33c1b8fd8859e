// Reference: the matrix A of d'' = A f + b (RBII App. D, compute_aij), with
// the sign of the notes' torque fixed: where contact j's force acts on its b
// it is -n_j, so its torque is (p_j - x) x (-n_j). Written verbatim the
// notes' routine gives an asymmetric A.
#include "pbm/resting/contact_forces.h"

namespace pbm {
namespace {

// How a unit force at contact j changes the acceleration of the point p of
// body X (zero when j does not touch X): sigma (n_j/M + (I^-1 (r_j x n_j)) x r).
Eigen::Vector3d responseOn(const RigidBody* X, const Contact& cj, const Eigen::Vector3d& p) {
  if (X == nullptr) return Eigen::Vector3d::Zero();
  double sigma = 0.0;
  if (X == cj.a) sigma = 1.0;
  if (X == cj.b) sigma = -1.0;
  if (sigma == 0.0) return Eigen::Vector3d::Zero();
  const Eigen::Vector3d force = sigma * cj.n;
  const Eigen::Vector3d torque = (cj.p - X->x).cross(force);
  return X->invMass * force + (X->Iinv * torque).cross(p - X->x);
}

}  // namespace

double computeAij(const Contact& ci, const Contact& cj) {
  return ci.n.dot(responseOn(ci.a, cj, ci.p) - responseOn(ci.b, cj, ci.p));
}

Eigen::MatrixXd computeAMatrix(const std::vector<Contact>& contacts) {
  const int n = static_cast<int>(contacts.size());
  Eigen::MatrixXd A(n, n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) A(i, j) = computeAij(contacts[i], contacts[j]);
  return A;
}

}  // namespace pbm
