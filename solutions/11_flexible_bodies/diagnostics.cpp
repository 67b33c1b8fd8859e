// Reference: the model's exact diagnostics and its small-oscillation spectrum
// (Baraff & Witkin 1992 §3-§4).
#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>

#include "pbm/flexible/flex_body.h"

namespace pbm {

double flexKineticEnergy(const FlexBody& body, const Eigen::Matrix2Xd& qdot) {
  return 0.5 * (qdot * body.M * qdot.transpose()).trace();
}

Eigen::Vector2d flexMomentum(const FlexBody& body, const Eigen::Matrix2Xd& qdot) {
  return qdot * body.M.col(0);
}

double flexAngularMomentum(const FlexBody& body, const Eigen::Matrix2Xd& q,
                           const Eigen::Matrix2Xd& qdot) {
  const Eigen::Matrix2d W = q * body.M * qdot.transpose();  // integral rho x x'^T
  return W(0, 1) - W(1, 0);
}

Eigen::Vector2d flexCenterOfMass(const FlexBody& body, const Eigen::Matrix2Xd& q) {
  return q * body.M.col(0) / body.M(0, 0);
}

Eigen::VectorXd flexModes(const FlexBody& body) {
  // H = d^2E/dvec(q)^2 = -dQ_el/dvec(q) by central differences; vec(q) is
  // basis-major, so the mass is M kron I_2.
  const int n = body.n(), m = 2 * n;
  const Eigen::Matrix2Xd q0 = flexRestState(body.kind);
  const double eps = 1e-6;
  Eigen::MatrixXd H(m, m);
  for (int c = 0; c < m; ++c) {
    Eigen::Matrix2Xd qp = q0, qm = q0;
    qp.data()[c] += eps;
    qm.data()[c] -= eps;
    const Eigen::Matrix2Xd d =
        (flexElasticForce(body, qm) - flexElasticForce(body, qp)) / (2 * eps);
    H.col(c) = Eigen::Map<const Eigen::VectorXd>(d.data(), m);
  }
  H = 0.5 * (H + H.transpose());
  Eigen::MatrixXd Mfull = Eigen::MatrixXd::Zero(m, m);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) Mfull(2 * i, 2 * j) = Mfull(2 * i + 1, 2 * j + 1) = body.M(i, j);
  Eigen::GeneralizedSelfAdjointEigenSolver<Eigen::MatrixXd> es(H, Mfull);
  Eigen::VectorXd w = es.eigenvalues();
  std::sort(w.data(), w.data() + w.size());
  return w;
}

}  // namespace pbm
