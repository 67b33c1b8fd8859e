// Exercise 02 · adaptiveStep (DEB §3)
//
// Exercise 6 of 6 (last: it uses stepDoubling and proposeStepSize).
// One adaptive step. Loop: if h < options.hMin throw SimulationDiverged(t0, h,
// a message naming hMin) (h == hMin is still tried); run
// stepDoubling(sys, options.method, h); if e <= tol, install x_b (the two half
// steps: e measures its error) at t0 + h, update stats (accepted, evals, hMin,
// hMax, lastH, lastError) and return the rule's proposal proposeStepSize(h, e,
// tol, methodOrder(method), safety, maxGrow, maxShrink) as the next step.
// Otherwise count a rejection, shrink h by the rule (make sure it really shrinks:
// with safety >= 1 the rule can propose h itself; a NaN or inf e retries at
// options.maxShrink * h)
// and retry from the same state.
//
// Symbols: h, tol (double), stats (AdaptiveStats*, may be null), options (AdaptiveOptions)
//   -> the next h (double)
// Tests: Ch02Adaptive.* (tests/02_integrators_test_adaptive.cpp)
//   build/bin/ch02_tests --gtest_filter='Ch02Adaptive.*'
#include "pbm/integrators/adaptive.h"
#include "pbm/core/exercise.h"

namespace pbm {

double adaptiveStep(OdeSystem& /*sys*/, double /*h*/, double /*tol*/, AdaptiveStats* /*stats*/,
                    const AdaptiveOptions& /*options*/) {
  PBM_TODO(
      "adaptiveStep",
      "DEB §3: accept x_b when |x_a - x_b| <= tol, else shrink h by (tol/e)^(1/(p+1)) and retry");
}

}  // namespace pbm
