// One step of a chosen method, and a fixed-step driver (DEB §2, §4): the
// solver sees the model only through OdeSystem, so any method drives any model.
#include <cmath>
#include <stdexcept>

#include "pbm/core/stepping.h"
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

  // Steps of h; clipStep (core/stepping.h, the rule every scene's runs use)
  // shortens the one that would overshoot tEnd, or leave a sliver below
  // round-off, to land on it. The clock after k full steps is t0 + k h,
  // computed from k rather than summed step by step.
  long k = 0;
  double t = t0;
  while (t < tEnd) {
    const double hk = clipStep(t, h, tEnd);
    step(sys, m, hk);
    ++k;
    t = hk == tEnd - t ? tEnd : t0 + static_cast<double>(k) * h;
  }
  // The model's own clock summed the steps and can miss tEnd by an ulp:
  // install tEnd exactly.
  sys.getState(x, t);
  sys.setState(x, tEnd);
  return k;
}

}  // namespace pbm
