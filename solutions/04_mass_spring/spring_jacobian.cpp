// The damped spring's Jacobians (Implicit Methods §3-4; Baraff & Witkin 1998):
// what chapter 03's implicit step needs to run a particle system. Derived by
// differentiating eq. (1), fa = -[ks (L - r) + kd (u . ldot)] u, u = l / L,
// with du/dl = (I - u u^T) / L.
#include "pbm/particles/spring_jacobian.h"

namespace pbm {

SpringJacobian dampedSpringJacobian(const Eigen::Vector2d& xa, const Eigen::Vector2d& xb,
                                    const Eigen::Vector2d& va, const Eigen::Vector2d& vb, double ks,
                                    double kd, double rest) {
  SpringJacobian J;
  const Eigen::Vector2d l = xa - xb;
  const double L = l.norm();
  if (!(L > 1e-12)) return J;  // coincident endpoints: the force is zero there
  const Eigen::Vector2d u = l / L;
  const Eigen::Vector2d ldot = va - vb;
  const Eigen::Matrix2d I = Eigen::Matrix2d::Identity();
  const Eigen::Matrix2d uu = u * u.transpose();
  // Spring: d/dl [-ks (L - r) u] = -ks [u u^T + (L - r)(I - u u^T) / L].
  J.dfa_dxa = -ks * ((1.0 - rest / L) * (I - uu) + uu);
  // Damping: d/dl [-kd (u . ldot) u] = -(kd / L) [u ldot^T + (u . ldot)(I - 2 u u^T)];
  // not symmetric (Baraff & Witkin drop it).
  J.dfa_dxa -= (kd / L) * (u * ldot.transpose() + u.dot(ldot) * (I - 2.0 * uu));
  J.dfa_dva = -kd * uu;
  return J;
}

}  // namespace pbm
