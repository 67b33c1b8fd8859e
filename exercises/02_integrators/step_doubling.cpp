// Exercise 02 · stepDoubling (DEB §3)
//
// Exercise 4 of 6 (needs step() from integrate.cpp).
// Step doubling. From the installed (x0, t0) compute
//   x_a: one step of size h,   x_b: two steps of size h/2,
// e = |x_a - x_b| (Euclidean), and leave the model at (x0, t0) again.
// Cost: both x_a and x_b's first half step begin with f(x0, t0). Evaluate it
// once and reuse it, so an attempt costs 3p - 1 evaluations for a method of p
// evaluations per step: Euler 2, midpoint 5, RK4 11 (the tests check these;
// report the count in StepDoubling::evals). One way: wrap sys in a small
// OdeSystem that remembers the first f it computes and hands it back once more.
//
// Symbols: StepDoubling {xa, xb (Eigen::VectorXd, size sys.dim()), error = e (double), evals (int)}
// Tests: Ch02Contract.StepDoubling*, Ch02StepDoubling.*, Ch02StepSize.RuleGivesNotesExamples*
//   (tests/02_integrators_test_adaptive.cpp, tests/02_integrators_test_contract.cpp)
//   build/bin/ch02_tests --gtest_filter='Ch02Contract.StepDoubling*:Ch02StepDoubling.*:Ch02StepSize.RuleGivesNotesExamples*'
#include "pbm/core/exercise.h"
#include "pbm/integrators/adaptive.h"

namespace pbm {

StepDoubling stepDoubling(OdeSystem& /*sys*/, Method /*m*/, double /*h*/) {
  PBM_TODO(
      "stepDoubling",
      "DEB §3: x_a = one step of h, x_b = two steps of h/2, e = |x_a - x_b|; restore (x0, t0)");
}

}  // namespace pbm
