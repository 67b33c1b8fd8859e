// One step of a chosen method, and a fixed-step driver (DEB §2, §4): the
// solver sees the model only through OdeSystem, so any method drives any model.
#include <cmath>
#include <stdexcept>

#include "pbm/integrators/integrators.h"

namespace pbm {

void step(OdeSystem& sys, Method m, double h) {
  switch (m) {
    case Method::Euler:
      eulerStep(sys, h);  // chapter 01
      return;
    case Method::Midpoint:
      midpointStep(sys, h);
      return;
    case Method::RK4:
      rk4Step(sys, h);
      return;
  }
  throw std::invalid_argument("step: unknown Method");
}

long integrate(OdeSystem& sys, Method m, double h, double tEnd) {
  if (!(h > 0)) throw std::invalid_argument("integrate: the step size h must be > 0");
  Eigen::VectorXd x;
  double t0;
  sys.getState(x, t0);
  if (!(tEnd > t0)) return 0;

  // Step k ends at t0 + k h, computed from k rather than accumulated, and a
  // final step that would overshoot tEnd (or leave a sliver below round-off)
  // is shortened to land on it.
  const double sliver = 1e-12 * std::max(1.0, std::abs(tEnd));
  long k = 0;
  double t = t0;
  while (true) {
    double target = t0 + (k + 1) * h;
    const bool last = target >= tEnd - sliver;
    if (last) target = tEnd;
    step(sys, m, target - t);
    ++k;
    t = target;
    if (last) break;
  }
  // t + (tEnd - t) can miss tEnd by an ulp: install tEnd exactly.
  sys.getState(x, t);
  sys.setState(x, tEnd);
  return k;
}

}  // namespace pbm
