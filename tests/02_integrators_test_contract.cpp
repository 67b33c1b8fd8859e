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

// integrators.h: a Method outside the enum (an integer cast to Method) throws
// std::invalid_argument and touches nothing, rather than silently taking no step.
TEST(Ch02Contract, StepThrowsOnAMethodOutsideTheEnum) {
  auto inner = rotation(Vector2d(1, 0));
  pbm_test::BudgetedSystem sys(inner, 10, "step", "a Method outside the enum must throw");
  const Method bogus = static_cast<Method>(99);
  EXPECT_THROW(pbm::step(sys, bogus, 0.1), std::invalid_argument)
      << "step (integrators.h): Method 99 is none of Euler, Midpoint, RK4: expected "
         "std::invalid_argument";
  EXPECT_EQ(sys.evals(), 0) << "step (integrators.h): an unknown Method evaluates nothing";
  EXPECT_EQ(inner.t(), 0.0) << "step (integrators.h): an unknown Method installs nothing";
  EXPECT_VEC_NEAR(inner.x(), Vector2d(1, 0), 0.0)
      << "step (integrators.h): an unknown Method installs nothing";
}

// integrators.h: h <= 0 can never reach tEnd, so integrate throws
// std::invalid_argument before its first step (a loop by 0 or backwards would
// never end: the budget of 100 evaluations and a 5 s deadline catch it).
TEST(Ch02Contract, IntegrateRejectsANonPositiveStepAtOnce) {
  for (Method m : {Method::Euler, Method::Midpoint, Method::RK4}) {
    for (double h : {0.0, -0.1}) {
      SCOPED_TRACE(std::string(methodName(m)) + ", h = " + std::to_string(h));
      auto inner = riccati();
      const std::string hint =
          "integrate with h <= 0 steps by 0 or backwards forever: reject it first "
          "(integrators.h: std::invalid_argument)";
      pbm_test::BudgetedSystem sys(inner, 100, "integrate", hint);
      bool threw = false;
      try {
        pbm_test::withinSeconds("integrate", hint, [&] { return pbm::integrate(sys, m, h, 1.0); });
      } catch (const std::invalid_argument&) {
        threw = true;
      } catch (const pbm_test::BudgetExceeded& e) {
        FAIL() << "integrate (integrators.h): expected std::invalid_argument at once for h = " << h
               << ", got a loop: " << e.what();
      }
      EXPECT_TRUE(threw) << "integrate (integrators.h): expected std::invalid_argument for h = "
                         << h << " <= 0, got a return";
      EXPECT_EQ(sys.evals(), 0) << "integrate (integrators.h): h <= 0 is rejected before any step";
      EXPECT_EQ(inner.t(), 0.0) << "integrate (integrators.h): h <= 0 leaves the clock at t0";
      EXPECT_EQ(inner.y(), 0.5) << "integrate (integrators.h): h <= 0 leaves the state at x0";
    }
  }
}

// integrators.h: from the installed t0 = 1, a tEnd behind it (0.5) or equal
// to it takes no step, returns 0 and leaves x and t alone (the clock never
// runs backwards to tEnd).
TEST(Ch02Contract, IntegrateToATimeNotAheadTakesNoStep) {
  for (double tEnd : {0.5, 1.0}) {
    SCOPED_TRACE("from t0 = 1 to tEnd = " + std::to_string(tEnd));
    ScalarSystem inner([](double y, double) { return y * y; }, 0.5, 1.0);
    pbm::CountingSystem sys(inner);
    long steps = -1;
    EXPECT_NO_THROW(steps = integrateWithin(sys, Method::RK4, 0.1, tEnd))
        << "integrate (integrators.h): tEnd <= t0 is no error, just no step";
    EXPECT_EQ(steps, 0) << "integrate (integrators.h): expected 0 steps to a tEnd not ahead of t0";
    EXPECT_EQ(sys.evals(), 0) << "integrate (integrators.h): no step, no evaluation";
    EXPECT_EQ(inner.t(), 1.0)
        << "integrate (integrators.h): expected the clock left at t0 = 1, got " << inner.t()
        << " (installing tEnd runs time backwards)";
    EXPECT_EQ(inner.y(), 0.5) << "integrate (integrators.h): expected the state left at x0 = 0.5";
  }
}

// The workbook's rule (pbm/core/stepping.h, clipStep): a step lands on tEnd
// when h >= left - 1e-12 max(1, |tEnd|). With h = 0.25 and tEnd = 1 + 1e-13,
// by hand: steps end at 0.25, 0.5, 0.75, and there left = 0.25 + 1e-13, so the
// 4th step is that whole remainder (a hair longer than h) and the run ends: 4
// steps. A loop that keeps the clock at k h after it (1.0 < tEnd) takes a 5th
// step of 1e-13. On x' = 1 from 0 every method gives x = tEnd.
TEST(Ch02Contract, IntegrateLastStepTakesTheSliverAboveH) {
  const double tEnd = 1.0 + 1e-13;
  for (Method m : {Method::Euler, Method::Midpoint, Method::RK4}) {
    SCOPED_TRACE(methodName(m));
    ScalarSystem inner([](double, double) { return 1.0; }, 0.0);
    pbm::CountingSystem sys(inner);
    EXPECT_EQ(integrateWithin(sys, m, 0.25, tEnd), 4)
        << "integrate (clipStep, pbm/core/stepping.h): expected 4 steps to 1 + 1e-13 with h = "
           "0.25, the last one 0.25 + 1e-13 (the sliver joins it)";
    EXPECT_EQ(sys.evals(), 4 * pbm::methodEvals(m)) << "DEB §2: 4 steps' evaluations";
    EXPECT_EQ(inner.t(), tEnd) << "integrate (integrators.h): ends at tEnd exactly";
    EXPECT_NEAR(inner.y(), tEnd, 1e-15) << "DEB §2: x' = 1 from 0 gives x = t";
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
