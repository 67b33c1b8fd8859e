// Chapter 02's entries in the method registry (core/method.h): the fixed-step
// methods of DEB §2 (Euler from chapter 01, midpoint, RK4), in the order the
// scenes show them, and adaptive Euler (DEB §3), which chooses its own step.
// Later chapters start from integratorMethods() and append their own.
#pragma once

#include "pbm/core/method.h"

namespace pbm {

// euler, midpoint, rk4: the student functions eulerStep, midpointStep, rk4Step.
const MethodList& integratorMethods();
// "adaptive": step doubling around Euler (adaptiveStep); no fixed-step function.
const MethodInfo& adaptiveEulerMethod();

}  // namespace pbm
