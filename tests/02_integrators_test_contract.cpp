// Chapter 02 tests, part 3: the solver contract (DEB §2, §4): evaluations per
// step, the installed state and time, integrate's clipped last step, step
// doubling's cost, and the stepping layer (core/stepping.h) with its
// divergence rule.
#include "02_integrators_test.h"

namespace {

using namespace ch02_test;

// ---------------------------------------------------------------- the solver contract

// DEB §2 (cost = derivative evaluations), §4 (the solver installs the final
// state and time): 1, 2, 4 evaluations per step; time t0 + h afterwards.
TEST(Ch02Contract, StepsCostOneTwoFourEvaluationsAndInstallFinalState) {
  const Method ms[] = {Method::Euler, Method::Midpoint, Method::RK4};
  const long kPerStep[] = {1, 2, 4};
  const double h = 0.25, t0 = 1.5;
  // Closed forms of one step on the rotation field from (1, 0): the
  // truncated series of exp(hJ) applied to x0.
  const Vector2d want[] = {
      {1, h}, {1 - h * h / 2, h}, {1 - h * h / 2 + std::pow(h, 4) / 24, h - h * h * h / 6}};
  for (int i = 0; i < 3; ++i) {
    SCOPED_TRACE(methodName(ms[i]));
    Eigen::MatrixXd J(2, 2);
    J << 0, -1, 1, 0;
    LinearSystem inner(J, Vector2d(1, 0), t0);
    pbm::CountingSystem sys(inner);
    pbm::step(sys, ms[i], h);
    ASSERT_EQ(sys.evals(), kPerStep[i]) << "DEB §2: derivative evaluations per step";
    ASSERT_EQ(inner.t(), t0 + h) << "DEB §4: a step installs the time t0 + h";
    ASSERT_VEC_NEAR(inner.x(), want[i], 1e-15)
        << "DEB §4: a step installs its final state (the truncated series of exp(hJ) x0), not a "
           "stage's";

    sys.resetCounts();
    const long steps = integrateWithin(sys, ms[i], 0.1, t0 + h + 1.0);
    ASSERT_EQ(steps, 10)
        << "integrate (the workbook's rule, pbm/core/stepping.h): 1 s with h = 0.1 is 10 steps";
    ASSERT_EQ(sys.evals(), 10 * pbm::methodEvals(ms[i])) << "DEB §2: 10 steps' evaluations";
    ASSERT_EQ(inner.t(), t0 + h + 1.0)
        << "integrate (the workbook's rule, pbm/core/stepping.h) ends at tEnd";
  }
}

// The workbook's rule (pbm/core/stepping.h, clipStep): integrate shortens the
// last step so the run ends at tEnd exactly.
TEST(Ch02Contract, IntegrateClipsTheLastStepToLandOnTEnd) {
  auto sys = riccati();
  EXPECT_EQ(integrateWithin(sys, Method::Euler, 0.3, 1.0), 4)
      << "the workbook's rule (pbm/core/stepping.h): steps ending at 0.3, 0.6, 0.9 and 1.0";
  EXPECT_EQ(sys.t(), 1.0)
      << "the workbook's rule (pbm/core/stepping.h): integrate ends at tEnd exactly";
  // Independent: Euler by hand with steps 0.3, 0.3, 0.3, 0.1.
  double y = 0.5;
  for (double h : {0.3, 0.3, 0.3, 0.1}) y += h * y * y;
  EXPECT_NEAR(sys.y(), y, 1e-15) << "the workbook's rule (pbm/core/stepping.h): the last step is "
                                    "shortened to 0.1, not taken whole";
}

// The workbook's rule (pbm/core/stepping.h): integrate lands on tEnd when h does not divide it: RK4
// with h = 0.01 over one Kepler period T = 2 pi takes 628 steps of h and a last one of T - 6.28 =
// 0.0031853..., and equals those steps taken one by one here.
TEST(Ch02Contract, IntegrateLandsOnTEndWhenHDoesNotDivideIt) {
  VectorXd s0(4);
  s0 << 0.3, 0, 0, std::sqrt(1.7 / 0.3);  // perihelion of a = 1, e = 0.7
  const double T = 2 * kPi, h = 0.01;
  Kepler sys(s0);
  pbm::CountingSystem counted(sys);
  EXPECT_EQ(integrateWithin(counted, Method::RK4, h, T), 629)
      << "the workbook's rule (pbm/core/stepping.h): ceil(2 pi / 0.01) = 629 steps, the last one "
         "shortened";
  EXPECT_EQ(sys.t(), T)
      << "the workbook's rule (pbm/core/stepping.h): integrate must end at tEnd = 2 pi exactly";
  EXPECT_EQ(counted.evals(), 4 * 629) << "DEB §2: 629 RK4 steps, 4 evaluations each";
  Kepler byHand(s0);
  for (int k = 1; k <= 628; ++k) {
    VectorXd s;
    double t;
    byHand.getState(s, t);
    pbm::rk4Step(byHand, k * h - t);
  }
  pbm::rk4Step(byHand, T - byHand.t());
  VectorXd got, want;
  double t;
  sys.getState(got, t);
  byHand.getState(want, t);
  EXPECT_VEC_NEAR(got, want, 1e-12)
      << "the workbook's rule (pbm/core/stepping.h): integrate = 628 RK4 steps of 0.01 and one of "
         "2 pi - 6.28 (position, velocity)";
  EXPECT_VEC_NEAR(got.head<2>(), s0.head<2>(), 0.01)
      << "DEB §4: after one period the orbit closes (Kepler's third law)";
}

// DEB §3: a step-doubling attempt shares f(x0, t0) between x_a and x_b's first
// half step: 3p - 1 evaluations (Euler 2, midpoint 5, RK4 11); the model is
// left at its start state and time.
TEST(Ch02Contract, StepDoublingCostsThreePMinusOneAndRestoresState) {
  const Method ms[] = {Method::Euler, Method::Midpoint, Method::RK4};
  const long kPerAttempt[] = {2, 5, 11};
  for (int i = 0; i < 3; ++i) {
    SCOPED_TRACE(methodName(ms[i]));
    Eigen::MatrixXd J(2, 2);
    J << 0, -1, 1, 0;
    LinearSystem inner(J, Vector2d(3, 4), 2.0);
    pbm::CountingSystem sys(inner);
    const pbm::StepDoubling sd = pbm::stepDoubling(sys, ms[i], 0.1);
    ASSERT_EQ(sys.evals(), kPerAttempt[i])
        << "DEB §3: an attempt costs 3p - 1 evaluations, f(x0, t0) shared by x_a and x_b";
    ASSERT_EQ(sd.evals, sys.evals()) << "DEB §3: StepDoubling::evals reports what was spent";
    ASSERT_EQ(inner.t(), 2.0) << "DEB §3: stepDoubling leaves the start time installed";
    ASSERT_VEC_NEAR(inner.x(), Vector2d(3, 4), 0.0)
        << "DEB §3: stepDoubling leaves the start state installed";
  }
}

// ---------------------------------------------------------------- the stepping layer

// DEB §2, §4 through the stepping layer (core/stepping.h) and the registry's
// RK4 (your rk4Step): steps of h, the last one clipped to land on T exactly,
// the 4 evaluations per step the registry states (and the step spends), and
// the state of the closed form: one RK4 step on the rotation field multiplies
// x + iy by R(ih) = 1 + z + z^2/2 + z^3/6 + z^4/24 at z = ih.
TEST(Ch02Stepper, Rk4RunLandsOnTAndCostsFourEvaluationsPerStep) {
  const double h = 0.3, T = 1.0;
  auto inner = rotation(Vector2d(1, 0));
  pbm::CountingSystem counted(inner);
  pbm::Stepper stepper;
  stepper.reset(pbm::findMethod(pbm::integratorMethods(), "rk4"), h);
  for (int guard = 0; stepper.time() < T && guard < 100; ++guard) stepper.advance(counted, T);
  EXPECT_EQ(stepper.steps(), 4)
      << "the workbook's rule (pbm/core/stepping.h): steps 0.3, 0.3, 0.3 and the clipped 0.1";
  EXPECT_EQ(stepper.time(), T) << "the last step lands on T exactly";
  EXPECT_NEAR(stepper.lastStep(), 0.1, 1e-12);
  EXPECT_EQ(stepper.evals(), 16) << "DEB §2: RK4 costs 4 evaluations per step";
  EXPECT_EQ(counted.evals(), stepper.evals()) << "the stated count is what rk4Step spends";
  std::complex<double> want = 1.0;
  for (int k = 0; k < 4; ++k) {
    const std::complex<double> z(0.0, k < 3 ? h : T - 3 * h);
    want *= 1.0 + z + z * z / 2.0 + z * z * z / 6.0 + z * z * z * z / 24.0;
  }
  EXPECT_NEAR(inner.x()[0], want.real(), 1e-14) << "DEB §2.2: R(ih)^n, expected " << want;
  EXPECT_NEAR(inner.x()[1], want.imag(), 1e-14) << "DEB §2.2: R(ih)^n, expected " << want;
}

// The one divergence rule (core/stepping.h) on an unstable step (IM §2):
// midpoint on x' = -x at h = 3 multiplies x by R(-3) = 1 - 3 + 9/2 = 2.5 per
// step, so |x| first exceeds 10^6 |x0| at step 16 (2.5^15 < 10^6 < 2.5^16),
// and that is the step the stepper calls diverged.
TEST(Ch02Stepper, DivergenceRuleFiresWhenTheStateFirstPassesAMillionTimesItsStart) {
  ScalarSystem sys([](double y, double) { return -y; }, 1.0);
  pbm::Stepper stepper;
  stepper.reset(pbm::findMethod(pbm::integratorMethods(), "midpoint"), 3.0);
  stepper.watch(sys);
  const double inf = std::numeric_limits<double>::infinity();
  for (int n = 1; n <= 16; ++n) {
    SCOPED_TRACE("midpoint, step " + std::to_string(n));
    stepper.advance(sys, inf);
    ASSERT_NEAR(sys.y(), std::pow(2.5, n), 1e-12 * std::pow(2.5, n)) << "IM §2: R(-3)^n";
    ASSERT_EQ(stepper.diverged(), n >= 16)
        << "expected diverged only once 2.5^n > 1e6, got " << stepper.diverged();
  }
}

}  // namespace
