// Exercise 02 · step, integrate (DEB §2, §4)
//
// Exercise 1 of 6 (first: every other exercise and most tests step through
// step(); with chapter 01's eulerStep it runs Euler at once).
// One step of a chosen method, and a fixed-step driver.
// step: dispatch Method::Euler to chapter 01's eulerStep, Midpoint to
//   midpointStep, RK4 to rk4Step; any other value (a cast integer) throws
//   std::invalid_argument.
// integrate: steps of h from the installed time to tEnd; shorten the last step
//   so the run ends at tEnd exactly (install tEnd itself at the end), and
//   return the number of steps. Reject h <= 0 (std::invalid_argument) before
//   any step; a tEnd not ahead of the installed time takes no step: return 0
//   and leave the state and the clock alone.
//   The shortening is the rule every scene uses: clipStep(t, h, tEnd) from
//   pbm/core/stepping.h gives h, or what is left. Keep the clock as t0 + k h
//   (computed from the step count k, not summed) until the last step.
//
// Symbols: sys (OdeSystem), m (Method), h and tEnd (double) -> integrate returns
//   the step count (long)
// Tests: Ch02Contract.*, Ch02Order.GlobalErrorSlopesAreOneTwoFour, Ch02WorkPrecision.*
//   (tests/02_integrators_test_accuracy.cpp, tests/02_integrators_test_contract.cpp)
//   build/bin/ch02_tests --gtest_filter='Ch02Contract.*:Ch02Order.GlobalErrorSlopesAreOneTwoFour:Ch02WorkPrecision.*'
#include "pbm/core/exercise.h"
#include "pbm/integrators/integrators.h"

namespace pbm {

void step(OdeSystem& /*sys*/, Method /*m*/, double /*h*/) {
  PBM_TODO("step", "DEB §2: switch on m: eulerStep, midpointStep or rk4Step");
}

long integrate(OdeSystem& /*sys*/, Method /*m*/, double /*h*/, double /*tEnd*/) {
  PBM_TODO("integrate",
           "DEB §2: step(sys, m, clipStep(t, h, tEnd)) until tEnd (pbm/core/stepping.h); return "
           "the step count");
}

}  // namespace pbm
