// Chapter 02 student functions: the midpoint method and fourth-order
// Runge-Kutta (DEB §2.2), and a fixed-step driver. Every method is written
// against OdeSystem alone: multi-stage methods evaluate f at intermediate
// (x, t) with derivEvalAt, and end with the final state at t0 + h installed.
#pragma once

#include "pbm/core/ode.h"
#include "pbm/fields/euler.h"

namespace pbm {

enum class Method { Euler, Midpoint, RK4 };

// Order p of the global error: Euler 1, midpoint 2, RK4 4 (DEB §2.1-2.2).
constexpr int methodOrder(Method m) {
  return m == Method::Euler ? 1 : m == Method::Midpoint ? 2 : 4;
}
// Derivative evaluations per step: 1, 2, 4.
constexpr int methodEvals(Method m) {
  return m == Method::Euler ? 1 : m == Method::Midpoint ? 2 : 4;
}

// f_mid = f(x + (h/2) f(x, t), t + h/2);  x(t + h) = x + h f_mid.  2 evaluations.
void midpointStep(OdeSystem& sys, double h);
// k1..k4 at t, t + h/2, t + h/2, t + h;  x + k1/6 + k2/3 + k3/3 + k4/6.  4 evaluations.
void rk4Step(OdeSystem& sys, double h);

// One step of the chosen method (Euler is chapter 01's eulerStep). A Method
// outside the enum (a cast integer) throws std::invalid_argument, touching nothing.
void step(OdeSystem& sys, Method m, double h);

// Fixed steps of h from the installed time to tEnd; the last step is
// shortened (clipStep, core/stepping.h) so the run ends at tEnd exactly.
// Returns the number of steps. h <= 0 throws std::invalid_argument at once (it
// would never reach tEnd); tEnd <= the installed time takes no step, returns 0
// and leaves the state and the clock as they were.
long integrate(OdeSystem& sys, Method m, double h, double tEnd);

}  // namespace pbm
