// Exercise 02 · midpointStep (DEB §2.2, Fig. 5)
//
// Exercise 2 of 6 (after integrate.cpp: the tests call step(sys, Method::Midpoint, h)).
// The midpoint method. Write midpointStep against the OdeSystem interface alone: read (x0, t0)
// (getState, or stateOf from pbm/core/ode.h, which spares the copy when the model
// allows), evaluate f there (derivEval), evaluate f again at the midpoint
// (x0 + (h/2) f, t0 + h/2) with sys.derivEvalAt(xm, t0 + h/2, f) (f_mid), and
// install the final state x0 + h f_mid at t0 + h with setState. Exactly two
// derivative evaluations.
//
// Symbols: x0, f, f_mid (Eigen::VectorXd, size sys.dim()), t0 and h (double)
// Tests: Ch02Spiral.Midpoint*, Ch02Stability.Midpoint*, Ch02Amplification.*, Ch02Order.*,
//   Ch02Quadrature.*, Ch02Contract.Step*, Ch02StepDoubling.Richardson*, Ch02WorkPrecision.*
//   (tests/02_integrators_test.cpp, tests/02_integrators_test_accuracy.cpp,
//   tests/02_integrators_test_adaptive.cpp, tests/02_integrators_test_contract.cpp)
//   build/bin/ch02_tests --gtest_filter='Ch02Spiral.Midpoint*:Ch02Stability.Midpoint*:Ch02Amplification.*:Ch02Order.*:Ch02Quadrature.*:Ch02Contract.Step*:Ch02StepDoubling.Richardson*:Ch02WorkPrecision.*'
#include "pbm/core/exercise.h"
#include "pbm/integrators/integrators.h"

namespace pbm {

void midpointStep(OdeSystem& /*sys*/, double /*h*/) {
  PBM_TODO("midpointStep",
           "DEB §2.2: f_mid = f(x0 + (h/2) f(x0, t0), t0 + h/2); x(t0 + h) = x0 + h f_mid");
}

}  // namespace pbm
