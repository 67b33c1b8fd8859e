// Force laws (PSD §4): the functions the force objects of forces.h call.
#include "pbm/particles/forces.h"

namespace pbm {

Eigen::Vector2d gravityForce(double m, const Eigen::Vector2d& g) {
  return m * g;
}  // §4.1

Eigen::Vector2d dragForce(const Eigen::Vector2d& v, double kd) {
  return -kd * v;
}  // §4.1

std::pair<Eigen::Vector2d, Eigen::Vector2d> dampedSpringForce(const Eigen::Vector2d& xa,
                                                              const Eigen::Vector2d& xb,
                                                              const Eigen::Vector2d& va,
                                                              const Eigen::Vector2d& vb, double ks,
                                                              double kd, double rest) {
  // Eq. (1): a spring along l = a - b plus a dashpot on the rate of change of
  // its length, ldot . l / |l|. Equal and opposite, along the line joining them.
  const Eigen::Vector2d l = xa - xb;
  const double L = l.norm();
  // Coincident endpoints: the direction l / |l| is undefined. Zero force.
  if (!(L > 1e-12)) return {Eigen::Vector2d::Zero(), Eigen::Vector2d::Zero()};
  const Eigen::Vector2d u = l / L;
  const Eigen::Vector2d fa = -(ks * (L - rest) + kd * (va - vb).dot(u)) * u;
  return {fa, -fa};
}

Eigen::Vector2d mouseSpringForce(const Eigen::Vector2d& x, const Eigen::Vector2d& v,
                                 const Eigen::Vector2d& cursor, const Eigen::Vector2d& cursorVel,
                                 double ks, double kd) {
  // PSD §6 with C = x - c, dC/dx = I, Cdot = v - cdot: f = -ks C - kd Cdot.
  return -ks * (x - cursor) - kd * (v - cursorVel);
}

}  // namespace pbm
