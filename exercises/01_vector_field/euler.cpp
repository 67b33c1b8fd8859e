// Exercise 01 · eulerStep, traceIntegralCurve (DEB §2.1, Fig. 3)
//
// Euler's method and the Euler polygon that approximates an integral curve.
// Write both against the OdeSystem interface alone (pbm/core/ode.h): the slide "A
// Code Fragment" gets the state, evaluates the derivative once, scales it by h,
// adds it, and installs the result at t + h. See pbm/fields/euler.h for the contracts.
//
// Symbols: sys (OdeSystem: x, xdot Eigen::VectorXd), h (double); traceIntegralCurve returns
//   steps + 1 vertices (std::vector<Eigen::Vector2d>: the first two components)
// Tests: Ch01Euler.*, Ch01Trace.* (tests/01_vector_field_test_euler.cpp,
//   tests/01_vector_field_test_trace.cpp)
//   build/bin/ch01_tests --gtest_filter='Ch01Euler.*:Ch01Trace.*'
#include "pbm/fields/euler.h"

#include "pbm/core/exercise.h"

namespace pbm {

void eulerStep(OdeSystem& /*sys*/, double /*h*/) {
  PBM_TODO("eulerStep", "DEB §2.1: getState(x, t); derivEval(xdot); setState(x + h xdot, t + h)");
}

std::vector<Eigen::Vector2d> traceIntegralCurve(OdeSystem& /*sys*/, double /*h*/, int /*steps*/) {
  PBM_TODO("traceIntegralCurve",
           "DEB §2.1 Fig. 3: vertices x0 then `steps` eulerSteps; after step k re-install the "
           "time as t0 + k h (computed, not summed); return the first two components");
}

}  // namespace pbm
