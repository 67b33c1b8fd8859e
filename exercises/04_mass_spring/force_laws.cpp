// Exercise 04 · gravityForce, dragForce, dampedSpringForce, mouseSpringForce (PSD §4, §6)
//
// The force laws that the force objects of pbm/particles/forces.h call from their
// apply(). gravity f = m g; viscous drag f = -kd v; the damped spring of eq. (1)
// with l = xa - xb:
//   fa = -[ks (|l| - r) + kd (ldot . l) / |l|] l / |l|,  fb = -fa
// (return zero for coincident endpoints, never NaN); and the mouse spring in
// the zero-rest-length form C = x - c of §6: f = -ks (x - c) - kd (v - cdot).
//
// Symbols: x, v, g, c, cdot (Eigen::Vector2d), m, ks, kd, r (double) -> f (Eigen::Vector2d);
//   dampedSpringForce -> the pair (fa, fb)
// Tests: Ch04Gravity.*, Ch04Drag.*, Ch04DampedSpring.*, Ch04MouseSpring.*,
//   Ch04EnergyFunctions.BehaviourForce*, Ch04EnergyFunctions.Undamped*,
//   Ch04EnergyFunctions.SpringDamping*, Ch04SpringJacobian.MatchesFiniteDifferences*
//   (tests/04_mass_spring_test.cpp, tests/04_mass_spring_test_implicit.cpp,
//   tests/04_mass_spring_test_interaction.cpp, tests/04_mass_spring_test_springs.cpp)
//   build/bin/ch04_tests --gtest_filter='Ch04Gravity.*:Ch04Drag.*:Ch04DampedSpring.*:Ch04MouseSpring.*:Ch04EnergyFunctions.BehaviourForce*:Ch04EnergyFunctions.Undamped*:Ch04EnergyFunctions.SpringDamping*:Ch04SpringJacobian.MatchesFiniteDifferences*'
#include "pbm/core/exercise.h"
#include "pbm/particles/forces.h"

namespace pbm {

Eigen::Vector2d gravityForce(double /*m*/, const Eigen::Vector2d& /*g*/) {
  PBM_TODO("gravityForce", "PSD §4.1: f = m g");
}

Eigen::Vector2d dragForce(const Eigen::Vector2d& /*v*/, double /*kd*/) {
  PBM_TODO("dragForce", "PSD §4.1: f = -kd v");
}

std::pair<Eigen::Vector2d, Eigen::Vector2d> dampedSpringForce(
    const Eigen::Vector2d& /*xa*/, const Eigen::Vector2d& /*xb*/, const Eigen::Vector2d& /*va*/,
    const Eigen::Vector2d& /*vb*/, double /*ks*/, double /*kd*/, double /*rest*/) {
  PBM_TODO("dampedSpringForce",
           "PSD §4.2 eq. (1): fa = -[ks(|l| - r) + kd (ldot.l)/|l|] l/|l|, fb = -fa; |l| ~ 0 -> 0");
}

Eigen::Vector2d mouseSpringForce(const Eigen::Vector2d& /*x*/, const Eigen::Vector2d& /*v*/,
                                 const Eigen::Vector2d& /*cursor*/,
                                 const Eigen::Vector2d& /*cursorVel*/, double /*ks*/,
                                 double /*kd*/) {
  PBM_TODO("mouseSpringForce", "PSD §5-6, C = x - c: f = -ks (x - c) - kd (v - cdot)");
}

}  // namespace pbm
