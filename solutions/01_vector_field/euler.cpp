// Chapter 01: Euler's method (DEB §2.1), written against the OdeSystem interface
// alone, as in the slide "A Code Fragment" (DEB §4): get the state, evaluate the
// derivative once, scale by h, add, and install the result at t + h.
#include "pbm/fields/euler.h"

#include <algorithm>

namespace pbm {

void eulerStep(OdeSystem& sys, double h) {
  Eigen::VectorXd x, xdot;
  double t = 0.0;
  sys.getState(x, t);
  sys.derivEval(xdot);  // one derivative evaluation per step: Euler's whole cost
  x += h * xdot;
  sys.setState(x, t + h);
}

std::vector<Eigen::Vector2d> traceIntegralCurve(OdeSystem& sys, double h, int steps) {
  // The Euler polygon of DEB §2.1, Fig. 3: each leg follows f at its start.
  Eigen::VectorXd x;
  double t0 = 0.0, t = 0.0;
  sys.getState(x, t0);
  std::vector<Eigen::Vector2d> vertices;
  vertices.reserve(static_cast<size_t>(std::max(steps, 0)) + 1);
  vertices.emplace_back(x.head<2>());
  for (int k = 1; k <= steps; ++k) {
    eulerStep(sys, h);
    sys.getState(x, t);
    // Re-install the clock as t0 + k h: a sum of k steps of h drifts by
    // round-off, and the vertex times should not depend on how we got there.
    sys.setState(x, t0 + k * h);
    vertices.emplace_back(x.head<2>());
  }
  return vertices;
}

}  // namespace pbm
