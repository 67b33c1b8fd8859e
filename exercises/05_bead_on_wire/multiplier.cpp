// Exercise (chapter 05): the Lagrange multiplier and the constraint force
// (Constrained Dynamics §2.1 eq 7, and §3 eq 11 for the feedback terms).
// Write a = (f + lambda grad C) / m into Cddot = grad C . a + v . v, set it
// equal to -ks C - kd Cdot and solve for lambda. Use your beadC, beadCdot,
// beadGradC, beadGradCdot. Checked by Ch05Bead.RestingBeadUnderGravity,
// UniformCircularMotion..., FeedbackMakesCFollowTheDampedOscillator, ...
#include "pbm/bead/bead.h"
#include "pbm/core/exercise.h"

namespace pbm {

double beadLambda(const Eigen::Vector2d& /*x*/, const Eigen::Vector2d& /*v*/,
                  const Eigen::Vector2d& /*f*/, double /*m*/, const CircleWire& /*wire*/,
                  const BeadFeedback& /*feedback*/) {
  PBM_TODO("beadLambda",
           "CD §2.1 eq (7) + §3 eq (11): lambda = (-f.(x-c) - m v.v - m (ks C + kd Cdot)) / "
           "|x-c|^2");
}

Eigen::Vector2d beadConstraintForce(const Eigen::Vector2d& /*x*/, const Eigen::Vector2d& /*v*/,
                                    const Eigen::Vector2d& /*f*/, double /*m*/,
                                    const CircleWire& /*wire*/, const BeadFeedback& /*feedback*/) {
  PBM_TODO("beadConstraintForce", "CD §2.1: f^ = lambda grad C (virtual work: f^ is normal)");
}

}  // namespace pbm
