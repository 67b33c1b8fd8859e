// Exercise 02 · proposeStepSize (DEB §3)
//
// Exercise 5 of 6 (Ch02StepSize.RuleGivesNotesExamples... also calls
// stepDoubling, exercise 4).
// The step-size rule. The error of a step of an order-p method grows as h^(p+1),
// so the step that just meets tol is
//   h' = h (safety tol / e)^(1/(p+1)),
// with the factor clamped to [maxShrink, maxGrow]. e = 0 (the method is exact
// here) must not divide by zero: grow by maxGrow.
//
// Symbols: h, e = error, tol, safety, maxGrow, maxShrink (double), p = order (int) -> h' (double)
// Tests: Ch02StepSize.* (tests/02_integrators_test_adaptive.cpp)
//   build/bin/ch02_tests --gtest_filter='Ch02StepSize.*'
#include "pbm/core/exercise.h"
#include "pbm/integrators/adaptive.h"

namespace pbm {

double proposeStepSize(double /*h*/, double /*error*/, double /*tol*/, int /*order*/,
                       double /*safety*/, double /*maxGrow*/, double /*maxShrink*/) {
  PBM_TODO("proposeStepSize",
           "DEB §3: h (safety tol / e)^(1/(order+1)), clamped; e = 0 -> h maxGrow");
}

}  // namespace pbm
