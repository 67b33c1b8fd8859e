// The midpoint method (DEB §2.2, Fig. 5): a) an Euler step, b) f evaluated at
// the step's midpoint, c) the whole step taken with that midpoint value.
// Correct to O(h^3) per step, for two derivative evaluations.
#include <Eigen/Core>

#include "pbm/integrators/integrators.h"

namespace pbm {

void midpointStep(OdeSystem& sys, double h) {
  Eigen::VectorXd x0, f(sys.dim());
  double t0;
  sys.getState(x0, t0);

  sys.derivEval(f);  // a) dx = h f(x0, t0)
  // The solver only talks to the model through the interface (DEB §4): it
  // installs the midpoint (x0 + dx/2, t0 + h/2) and asks for f there.
  sys.setState(x0 + (h / 2) * f, t0 + h / 2);
  sys.derivEval(f);  // b) f_mid

  sys.setState(x0 + h * f, t0 + h);  // c) the final state, not the probe, is left installed
}

}  // namespace pbm
