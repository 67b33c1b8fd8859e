// Exercise 05 · beadThetaAccel (CD §5 eq 13)
//
// The parametric bead (and the slides' parametric circle). With
// x(theta) = c + r (cos theta, sin theta) and T = dx/dtheta, eq (13) reads
//   m (T . T) thetaddot + m (T . Tdot) thetadot = T . f.
//
// Symbols: theta, thetadot, m, r (double), f (Eigen::Vector2d) -> thetaddot (double)
// Tests: Ch05Bead.ParametricAndImplicitBeadsAgree (tests/05_bead_on_wire_test_motion.cpp)
//   build/bin/ch05_tests --gtest_filter='Ch05Bead.ParametricAndImplicitBeadsAgree'
#include "pbm/bead/bead.h"
#include "pbm/core/exercise.h"

namespace pbm {

double beadThetaAccel(double /*theta*/, double /*thetaDot*/, const Eigen::Vector2d& /*f*/,
                      double /*m*/, double /*r*/) {
  PBM_TODO("beadThetaAccel",
           "CD §5 eq (13): T = r(-sin, cos), Tdot = -r thetadot (cos, sin); solve for thetaddot");
}

}  // namespace pbm
