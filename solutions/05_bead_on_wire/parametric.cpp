// The parametric bead (Constrained Dynamics §5, eq 13, and the slides'
// "parametric constraint" for the circle): x(theta) = c + r (cos theta, sin theta).
#include "pbm/bead/bead.h"

#include <cmath>

namespace pbm {

// Eq (13) with J = T = dx/dtheta (a 2 x 1 matrix) and M = m I:
//   m (T . T) thetaddot + m (T . Tdot) thetadot = T . f.
// The constraint force drops out because T . f^ = 0 (virtual work). On a circle
// T . Tdot = 0, so thetaddot = (T . f) / (m r^2); the general form is kept.
double beadThetaAccel(double theta, double thetaDot, const Eigen::Vector2d& f, double m, double r) {
  const Eigen::Vector2d T = r * Eigen::Vector2d(-std::sin(theta), std::cos(theta));
  const Eigen::Vector2d Tdot = -r * thetaDot * Eigen::Vector2d(std::cos(theta), std::sin(theta));
  return (T.dot(f) - m * T.dot(Tdot) * thetaDot) / (m * T.squaredNorm());
}

}  // namespace pbm
