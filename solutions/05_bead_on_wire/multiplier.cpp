// The Lagrange multiplier and the constraint force (Constrained Dynamics §2.1
// eq 7, with the feedback of §3 eq 11 specialised to one particle).
#include "pbm/bead/bead.h"

namespace pbm {

// Substitute a = (f + lambda grad C)/m into Cddot = grad C . a + v . v and ask
// for Cddot = -ks C - kd Cdot (eq 11; ks = kd = 0 gives eq 7):
//   lambda |grad C|^2 = -f . grad C - m v . v - m (ks C + kd Cdot).
// Virtual work (§2.1) fixed the direction: f^ must be normal to every legal
// velocity, i.e. parallel to grad C, so one scalar is left to find.
double beadLambda(const Eigen::Vector2d& x, const Eigen::Vector2d& v, const Eigen::Vector2d& f,
                  double m, const CircleWire& wire, const BeadFeedback& feedback) {
  const Eigen::Vector2d n = beadGradC(x, wire);
  const double C = beadC(x, wire);
  const double Cdot = beadCdot(x, v, wire);
  const double velocityTerm = beadGradCdot(x, v, wire).dot(v);  // v . v: curvature of the path
  return (-f.dot(n) - m * velocityTerm - m * (feedback.ks * C + feedback.kd * Cdot)) /
         n.squaredNorm();
}

// f^ = lambda grad C.
Eigen::Vector2d beadConstraintForce(const Eigen::Vector2d& x, const Eigen::Vector2d& v,
                                    const Eigen::Vector2d& f, double m, const CircleWire& wire,
                                    const BeadFeedback& feedback) {
  return beadLambda(x, v, f, m, wire, feedback) * beadGradC(x, wire);
}

}  // namespace pbm
