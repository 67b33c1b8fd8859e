// Chapter 01 student functions: Euler's method written against OdeSystem
// alone (DEB §2.1 and the slide "A Code Fragment"), and the Euler polygon
// that approximates an integral curve (DEB §2.1, Fig. 3).
#pragma once

#include <Eigen/Core>
#include <vector>

#include "pbm/core/ode.h"

namespace pbm {

// x(t0 + h) = x0 + h f(x0, t0); installs the new state and time t0 + h.
void eulerStep(OdeSystem& sys, double h);

// The polygon's vertices, x0 first, then `steps` Euler steps of size h (h < 0
// traces backward). The first two state components are returned. The time
// after k steps is installed as t0 + k h, computed from k, not accumulated.
std::vector<Eigen::Vector2d> traceIntegralCurve(OdeSystem& sys, double h, int steps);

}  // namespace pbm
