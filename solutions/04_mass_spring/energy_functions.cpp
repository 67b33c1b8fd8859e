// Energy functions (PSD §6): a behaviour function C that vanishes when the
// system is "happy" becomes a force by the cookbook procedure
// E = (ks/2) C.C, f_i = -dE/dx_i, plus damping, eq. (2).
#include "pbm/particles/forces.h"

namespace pbm {

Eigen::Vector2d behaviourForce(const Eigen::VectorXd& C, const Eigen::VectorXd& Cdot,
                               const Eigen::Matrix<double, Eigen::Dynamic, 2>& dCdxi, double ks,
                               double kd) {
  // Eq. (2) for a vector C: the transpose of the Jacobian dC/dx_i times
  // -(ks C + kd Cdot) (the notes write it as if C were a scalar).
  return -dCdxi.transpose() * (ks * C + kd * Cdot);
}

double springEnergy(const Eigen::Vector2d& xa, const Eigen::Vector2d& xb, double ks, double rest) {
  const double C = (xa - xb).norm() - rest;  // C = |l| - r
  return 0.5 * ks * C * C;
}

}  // namespace pbm
