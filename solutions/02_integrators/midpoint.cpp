// The midpoint method (DEB §2.2, Fig. 5): a) an Euler step, b) f evaluated at
// the step's midpoint, c) the whole step taken with that midpoint value.
// Correct to O(h^3) per step, for two derivative evaluations.
#include <Eigen/Core>

#include "pbm/integrators/integrators.h"

namespace pbm {

void midpointStep(OdeSystem& sys, double h) {
  Eigen::VectorXd copy, f, xm;
  double t0;
  // x0 in place when the model offers it, else copied (stateOf, ode.h).
  const Eigen::VectorXd& x0 = stateOf(sys, copy, t0);
  f.resize(x0.size());

  sys.derivEval(f);  // a) dx = h f(x0, t0), at the installed state
  // The solver only talks to the model through the interface (DEB §4): it
  // asks for f at the midpoint (x0 + dx/2, t0 + h/2), which derivEvalAt does
  // without installing it when the model can.
  xm = x0 + (h / 2) * f;
  sys.derivEvalAt(xm, t0 + h / 2, f);  // b) f_mid

  sys.setState(x0 + h * f, t0 + h);  // c) the final state, not the probe, is left installed
}

}  // namespace pbm
