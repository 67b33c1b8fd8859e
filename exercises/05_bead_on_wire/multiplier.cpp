// Exercise 05 · beadLambda, beadConstraintForce (CD §2.1 eq 7, §3 eq 11)
//
// The Lagrange multiplier and the constraint force (§3 eq 11 for the feedback
// terms). Write a = (f + lambda grad C) / m into Cddot = grad C . a + v . v, set it
// equal to -ks C - kd Cdot and solve for lambda. Use your beadC, beadCdot,
// beadGradC, beadGradCdot. Every bead simulation of the chapter runs through
// these; the tests below call them directly.
//
// Symbols: x, v, f (Eigen::Vector2d), m (double), wire, feedback {ks, kd} -> lambda (double),
//   f^ = lambda grad C (Eigen::Vector2d)
// Tests: Ch05Bead.ConstraintForceDoesNoWork, Ch05Bead.RestingBead*,
//   Ch05Bead.UniformCircularMotion*, Ch05Bead.ForceOnLegalStates*, Ch05Bead.MultiplierScales*,
//   Ch05Bead.Feedback*, Ch05Bead.SimulatedConstraintForce*, Ch05Bead.BeadAtTheCentre*
//   (tests/05_bead_on_wire_test.cpp, tests/05_bead_on_wire_test_drift.cpp,
//   tests/05_bead_on_wire_test_force.cpp, tests/05_bead_on_wire_test_motion.cpp)
//   build/bin/ch05_tests --gtest_filter='Ch05Bead.ConstraintForceDoesNoWork:Ch05Bead.RestingBead*:Ch05Bead.UniformCircularMotion*:Ch05Bead.ForceOnLegalStates*:Ch05Bead.MultiplierScales*:Ch05Bead.Feedback*:Ch05Bead.SimulatedConstraintForce*:Ch05Bead.BeadAtTheCentre*'
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
