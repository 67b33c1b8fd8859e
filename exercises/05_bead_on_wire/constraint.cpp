// Exercise 05 · beadC, beadCdot, beadGradC, beadGradCdot (CD §2, eqs 1-3)
//
// The circle constraint and its derivatives. The notes use the unit circle at
// the origin; here the wire has centre wire.c and radius wire.r. Replace each
// PBM_TODO with the formula; run ./pbm test 05.
//
// Symbols: x, v (Eigen::Vector2d), wire {c (Eigen::Vector2d), r (double)} -> C, Cdot (double),
//   grad C, grad Cdot (Eigen::Vector2d)
// Tests: Ch05Bead.GradientsMatchFiniteDifferences,
//   Ch05Bead.AccelerationIsLegal* (tests/05_bead_on_wire_test.cpp)
//   build/bin/ch05_tests --gtest_filter='Ch05Bead.GradientsMatchFiniteDifferences:Ch05Bead.AccelerationIsLegal*'
#include "pbm/bead/bead.h"
#include "pbm/core/exercise.h"

namespace pbm {

double beadC(const Eigen::Vector2d& /*x*/, const CircleWire& /*wire*/) {
  PBM_TODO("beadC", "CD §2 eq (1): C = 1/2 (|x - c|^2 - r^2), zero on the wire");
}

double beadCdot(const Eigen::Vector2d& /*x*/, const Eigen::Vector2d& /*v*/,
                const CircleWire& /*wire*/) {
  PBM_TODO("beadCdot", "CD §2 eq (2): Cdot = (dC/dx) . v = (x - c) . v");
}

Eigen::Vector2d beadGradC(const Eigen::Vector2d& /*x*/, const CircleWire& /*wire*/) {
  PBM_TODO("beadGradC", "CD §2: dC/dx = x - c (the direction the constraint force may take)");
}

Eigen::Vector2d beadGradCdot(const Eigen::Vector2d& /*x*/, const Eigen::Vector2d& /*v*/,
                             const CircleWire& /*wire*/) {
  PBM_TODO("beadGradCdot", "CD §2 eq (3): dCdot/dx of (x - c) . v is v");
}

}  // namespace pbm
