// Exercise 02 · rk4Step (DEB §2.2)
//
// Exercise 3 of 6 (after integrate.cpp and midpoint.cpp).
// Fourth-order Runge-Kutta. Four evaluations, at t0, t0 + h/2 (twice) and t0 + h,
// each at the state built from the previous one:
//   k1 = h f(x0, t0)               k2 = h f(x0 + k1/2, t0 + h/2)
//   k3 = h f(x0 + k2/2, t0 + h/2)  k4 = h f(x0 + k3, t0 + h)
//   x(t0 + h) = x0 + k1/6 + k2/3 + k3/3 + k4/6, installed at t0 + h.
// k1 is derivEval at the installed state; k2..k4 come from
// sys.derivEvalAt(x, t, f), which evaluates f at a state you hold without
// installing it when the model can (pbm/core/ode.h). End with setState.
// Stretch goals (see the chapter's benchmark): allocate no vectors per step;
// read x0 with stateOf (ode.h) instead of a getState copy; count the passes
// over memory a step makes and make as few as Boost.Odeint does.
//
// Symbols: x0, k1..k4 (Eigen::VectorXd, size sys.dim()), t0 and h (double)
// Tests: Ch02Spiral.Rk4*, Ch02Stability.Rk4*, Ch02Amplification.*, Ch02Order.*, Ch02Quadrature.*,
//   Ch02Contract.Step*, Ch02Contract.IntegrateLands*, Ch02WorkPrecision.*, Ch02Lorenz.*,
//   Ch02Stepper.Rk4* (tests/02_integrators_test.cpp, tests/02_integrators_test_accuracy.cpp,
//   tests/02_integrators_test_contract.cpp)
//   build/bin/ch02_tests --gtest_filter='Ch02Spiral.Rk4*:Ch02Stability.Rk4*:Ch02Amplification.*:Ch02Order.*:Ch02Quadrature.*:Ch02Contract.Step*:Ch02Contract.IntegrateLands*:Ch02WorkPrecision.*:Ch02Lorenz.*:Ch02Stepper.Rk4*'
#include "pbm/core/exercise.h"
#include "pbm/integrators/integrators.h"

namespace pbm {

void rk4Step(OdeSystem& /*sys*/, double /*h*/) {
  PBM_TODO("rk4Step",
           "DEB §2.2: x0 + k1/6 + k2/3 + k3/3 + k4/6 with k1..k4 evaluated at t0, t0+h/2, "
           "t0+h/2, t0+h");
}

}  // namespace pbm
