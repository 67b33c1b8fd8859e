// Reference: internal forces from the metric tensor G = F^T F (Baraff &
// Witkin 1992 §4). Our energy: St Venant-Kirchhoff in E = (G - I)/2; our
// damping: a Rayleigh function of E', so rigid motion is never damped.
#include "pbm/flexible/flex_body.h"

namespace pbm {

double stvkDensity(const Eigen::Matrix2d& F, double mu, double lambda) {
  const Eigen::Matrix2d E = 0.5 * (F.transpose() * F - Eigen::Matrix2d::Identity());
  const double tr = E.trace();
  return mu * E.squaredNorm() + 0.5 * lambda * tr * tr;
}

Eigen::Matrix2d stvkPiola(const Eigen::Matrix2d& F, double mu, double lambda) {
  const Eigen::Matrix2d E = 0.5 * (F.transpose() * F - Eigen::Matrix2d::Identity());
  return F * (2.0 * mu * E + lambda * E.trace() * Eigen::Matrix2d::Identity());
}

double flexStrainEnergy(const FlexBody& body, const Eigen::Matrix2Xd& q) {
  const FlexMaterial& m = body.material;
  double e = 0.0;
  for (size_t k = 0; k < body.quadW.size(); ++k)
    e += body.quadW[k] * stvkDensity(q * body.quadGrad[k], m.mu, m.lambda);
  return e;
}

Eigen::Matrix2Xd flexElasticForce(const FlexBody& body, const Eigen::Matrix2Xd& q) {
  // dW(q B)/dq = P(F) B^T (chain rule through F = q B).
  const FlexMaterial& m = body.material;
  Eigen::Matrix2Xd Q = Eigen::Matrix2Xd::Zero(2, q.cols());
  for (size_t k = 0; k < body.quadW.size(); ++k) {
    const Eigen::MatrixX2d& B = body.quadGrad[k];
    Q -= body.quadW[k] * stvkPiola(q * B, m.mu, m.lambda) * B.transpose();
  }
  return Q;
}

Eigen::Matrix2Xd flexDampingForce(const FlexBody& body, const Eigen::Matrix2Xd& q,
                                  const Eigen::Matrix2Xd& qdot) {
  // d|E'|^2 / dF' = 2 F E' (E' symmetric), and dF'/dq' = B.
  const double nu = body.material.nu;
  Eigen::Matrix2Xd Q = Eigen::Matrix2Xd::Zero(2, q.cols());
  for (size_t k = 0; k < body.quadW.size(); ++k) {
    const Eigen::MatrixX2d& B = body.quadGrad[k];
    const Eigen::Matrix2d F = q * B, Fd = qdot * B;
    const Eigen::Matrix2d Ed = 0.5 * (Fd.transpose() * F + F.transpose() * Fd);
    Q -= body.quadW[k] * 2.0 * nu * F * Ed * B.transpose();
  }
  return Q;
}

}  // namespace pbm
