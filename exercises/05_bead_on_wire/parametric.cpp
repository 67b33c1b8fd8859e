// Exercise (chapter 05): the parametric bead (Constrained Dynamics §5 eq 13
// and the slides' parametric circle). With x(theta) = c + r (cos theta,
// sin theta) and T = dx/dtheta, eq (13) reads
//   m (T . T) thetaddot + m (T . Tdot) thetadot = T . f.
// Checked by Ch05Bead.ParametricAndImplicitBeadsAgree.
#include "pbm/bead/bead.h"
#include "pbm/core/exercise.h"

namespace pbm {

double beadThetaAccel(double /*theta*/, double /*thetaDot*/, const Eigen::Vector2d& /*f*/,
                      double /*m*/, double /*r*/) {
  PBM_TODO("beadThetaAccel",
           "CD §5 eq (13): T = r(-sin, cos), Tdot = -r thetadot (cos, sin); solve for thetaddot");
}

}  // namespace pbm
