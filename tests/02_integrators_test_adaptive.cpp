// Chapter 02 tests, part 4: adaptive step sizes (DEB §3): the step-doubling
// estimate and Richardson extrapolation, the step-size rule, and the adaptive
// driver on the rotation field and an eccentric Kepler orbit.
#include "02_integrators_test.h"

namespace {

using namespace ch02_test;

// ---------------------------------------------------------------- step doubling

// DEB §3 (derived): on the rotation field x_b - x_a = -(h^2/4) x0 exactly, so
// e = h^2 r / 4; on x' = lambda x, e = (h lambda)^2 |x0| / 4.
TEST(Ch02StepDoubling, EstimateIsHSquaredROverFourOnRotation) {
  auto sys = rotation(Vector2d(3, 4));
  const pbm::StepDoubling sd = pbm::stepDoubling(sys, Method::Euler, 0.1);
  EXPECT_NEAR(sd.error, 0.0125, 1e-14 * 0.0125)
      << "DEB §3: e = |x_a - x_b| = h^2 r / 4 = 0.0125 for h = 0.1, r = 5";
  ASSERT_EQ(sd.xa.size(), 2) << "DEB §3: x_a is a full state";
  ASSERT_EQ(sd.xb.size(), 2) << "DEB §3: x_b is a full state";
  const Vector2d diff = sd.xb - sd.xa;
  EXPECT_VEC_NEAR(diff, Vector2d(-0.01 / 4 * Vector2d(3, 4)), 1e-15)
      << "DEB §3 (derived): x_b - x_a = -(h^2/4) x0 on the rotation field";
  for (double lambda : {-3.0, 0.5, 2.0}) {
    ScalarSystem s([lambda](double x, double) { return lambda * x; }, -2.0);
    const double h = 0.05;
    const pbm::StepDoubling e = pbm::stepDoubling(s, Method::Euler, h);
    const double want = (h * lambda) * (h * lambda) * 2.0 / 4;
    ASSERT_NEAR(e.error, want, 1e-15)  // x_a - x_b cancels: absolute
        << "DEB §3 (derived): e = (h lambda)^2 |x0| / 4 on x' = lambda x; lambda = " << lambda;
  }
}

// DEB §3 (made precise): e estimates the error of x_b, about half that of x_a,
// which is why the adaptive step keeps x_b.
TEST(Ch02StepDoubling, EstimateMeasuresErrorOfXbNotXa) {
  auto sys = riccati();
  const double h = 1e-3;
  const pbm::StepDoubling sd = pbm::stepDoubling(sys, Method::Euler, h);
  const double exact = riccatiExact(h);
  ASSERT_EQ(sd.xa.size(), 1) << "DEB §3: x_a is a full state";
  ASSERT_EQ(sd.xb.size(), 1) << "DEB §3: x_b is a full state";
  EXPECT_NEAR(std::abs(sd.xa[0] - exact) / sd.error, 2.0, 0.01)
      << "DEB §3: the error of x_a (one step of h) is about 2 e";
  EXPECT_NEAR(std::abs(sd.xb[0] - exact) / sd.error, 1.0, 0.01)
      << "DEB §3: the error of x_b (two steps of h/2) is about e: e measures x_b";
}

// DEB §2.2, §3: step doubling for every method. On x' = A x one step of
// size h is the method's polynomial P(hA) x0 (Euler I + Z, midpoint
// I + Z + Z^2/2, RK4 the series of e^Z to Z^4/24, Z = hA), so x_a = P(hA) x0,
// x_b = P(hA/2)^2 x0 and e = |x_a - x_b|, computed here with matrices. Both on
// a model that only installs (derivEvalAt by setState and derivEval) and on
// one that evaluates f where the solver asks (derivEvalAt without installing,
// stateView): a wrapper that replays f(x0, t0) for a later stage's
// evaluation, or that drops derivEvalAt, gives midpoint's x_a 5e-3 off here.
class ViewLinearSystem : public pbm::OdeSystem {
 public:
  ViewLinearSystem(Eigen::MatrixXd A, VectorXd x0) : A_(std::move(A)), x_(std::move(x0)) {}
  int dim() const override { return static_cast<int>(x_.size()); }
  void getState(VectorXd& x, double& t) const override { x = x_, t = t_; }
  void setState(const VectorXd& x, double t) override { x_ = x, t_ = t; }
  void derivEval(VectorXd& xdot) override { xdot = A_ * x_; }
  void derivEvalAt(const VectorXd& x, double, VectorXd& xdot) override { xdot = A_ * x; }
  const VectorXd* stateView(double& t) const override {
    t = t_;
    return &x_;
  }

 private:
  Eigen::MatrixXd A_;
  VectorXd x_;
  double t_ = 0;
};

Eigen::MatrixXd stepPolynomial(Method m, const Eigen::MatrixXd& Z) {
  const Eigen::MatrixXd I = Eigen::MatrixXd::Identity(Z.rows(), Z.cols());
  if (m == Method::Euler) return I + Z;
  if (m == Method::Midpoint) return I + Z + Z * Z / 2;
  return I + Z + Z * Z / 2 + Z * Z * Z / 6 + Z * Z * Z * Z / 24;
}

TEST(Ch02StepDoubling, XaXbAndErrorAreOneStepAndTwoHalfStepsForEveryMethod) {
  Eigen::MatrixXd A(2, 2);
  A << 0.2, -1.1, 0.9, -0.4;
  const VectorXd x0 = Vector2d(1.0, 0.5);
  const double h = 0.1;
  for (Method m : {Method::Euler, Method::Midpoint, Method::RK4}) {
    const VectorXd xa = stepPolynomial(m, h * A) * x0;
    const Eigen::MatrixXd half = stepPolynomial(m, h / 2 * A);
    const VectorXd xb = half * (half * x0);
    const double e = (xa - xb).norm();
    for (bool view : {false, true}) {
      SCOPED_TRACE(std::string(methodName(m)) +
                   (view ? ", a model with derivEvalAt and stateView"
                         : ", a model that installs every state it evaluates"));
      LinearSystem plain(A, x0);
      ViewLinearSystem viewed(A, x0);
      pbm::OdeSystem& sys = view ? static_cast<pbm::OdeSystem&>(viewed) : plain;
      const pbm::StepDoubling sd = pbm::stepDoubling(sys, m, h);
      ASSERT_EQ(sd.xa.size(), 2) << "DEB §3: x_a is a full state";
      ASSERT_EQ(sd.xb.size(), 2) << "DEB §3: x_b is a full state";
      ASSERT_VEC_NEAR(sd.xa, xa, 1e-14)
          << "DEB §2.2, §3: x_a is one " << methodName(m) << " step of h = 0.1: P(hA) x0";
      ASSERT_VEC_NEAR(sd.xb, xb, 1e-14)
          << "DEB §2.2, §3: x_b is two " << methodName(m) << " steps of h/2: P(hA/2)^2 x0";
      ASSERT_NEAR(sd.error, e, 1e-14) << "DEB §3: e = |x_a - x_b|";
    }
  }
}

// DEB §2.2, §3 with f depending on t alone (x' = 5 t^4 from t0 = 1): the
// stages are quadrature rules, and x_b's second half step starts at
// t0 + h/2. Midpoint: x_a = h g(t0 + h/2), x_b = (h/2) (g(t0 + h/4) + g(t0 + 3h/4));
// RK4 is Simpson's rule on [t0, t0 + h] and on each half.
TEST(Ch02StepDoubling, HalfStepsSeeTheTimesOfTheirStages) {
  const auto g = [](double t) { return 5 * std::pow(t, 4); };
  const double t0 = 1.0, h = 0.5;
  const auto simpson = [&](double a, double b) {
    return (b - a) / 6 * (g(a) + 4 * g((a + b) / 2) + g(b));
  };
  struct Case {
    Method m;
    double xa, xb;
  };
  const Case cases[] = {
      {Method::Euler, h * g(t0), h / 2 * (g(t0) + g(t0 + h / 2))},
      {Method::Midpoint, h * g(t0 + h / 2), h / 2 * (g(t0 + h / 4) + g(t0 + 3 * h / 4))},
      {Method::RK4, simpson(t0, t0 + h), simpson(t0, t0 + h / 2) + simpson(t0 + h / 2, t0 + h)}};
  for (const Case& c : cases) {
    SCOPED_TRACE(methodName(c.m));
    ScalarSystem sys([&](double, double t) { return g(t); }, 0.0, t0);
    const pbm::StepDoubling sd = pbm::stepDoubling(sys, c.m, h);
    ASSERT_EQ(sd.xa.size(), 1) << "DEB §3: x_a is a full state";
    ASSERT_EQ(sd.xb.size(), 1) << "DEB §3: x_b is a full state";
    ASSERT_NEAR(sd.xa[0], c.xa, 1e-13) << "DEB §2.2, §3: x_a, one step of h = 0.5 from t0 = 1";
    ASSERT_NEAR(sd.xb[0], c.xb, 1e-13)
        << "DEB §2.2, §3: x_b, two steps of h/2, the second from t0 + h/2";
    ASSERT_NEAR(sd.error, std::abs(c.xa - c.xb), 1e-13) << "DEB §3: e = |x_a - x_b|";
    ASSERT_EQ(sys.t(), t0) << "DEB §3: stepDoubling leaves the start time installed";
  }
}

// ---------------------------------------------------------------- the step-size rule

// DEB §3: h' = h (tol/e)^(1/2): the notes' 100h and 0.316h, exact when e ~ h^2.
TEST(Ch02StepSize, RuleGivesNotesExamplesAndMeetsToleranceWhenErrorIsQuadratic) {
  EXPECT_NEAR(pbm::proposeStepSize(0.2, 1e-8, 1e-4), 20.0, 1e-12 * 20)
      << "DEB §3: e = 1e-8, tol = 1e-4 gives h' = 100 h";
  EXPECT_NEAR(pbm::proposeStepSize(1.0, 1e-3, 1e-4), 0.316227766016838, 1e-12)
      << "DEB §3: e = 1e-3, tol = 1e-4 gives h' = 0.316 h";
  auto sys = rotation(Vector2d(1, 0));
  const double e = pbm::stepDoubling(sys, Method::Euler, 0.1).error;
  EXPECT_NEAR(e, 0.0025, 1e-12 * 0.0025) << "DEB §3: e = h^2 r / 4 at h = 0.1, r = 1";
  const double h2 = pbm::proposeStepSize(0.1, e, 1e-4);
  EXPECT_NEAR(h2, 0.02, 1e-12 * 0.02) << "DEB §3: h' = h (tol/e)^(1/2) = 0.1 (1e-4/0.0025)^(1/2)";
  EXPECT_NEAR(pbm::stepDoubling(sys, Method::Euler, h2).error, 1e-4, 1e-12 * 1e-4)
      << "DEB §3: where e ~ h^2 exactly, the proposed step meets the tolerance exactly";
}

// DEB §3 (exponent 1/(p+1) for order p), plus the clamps and the e = 0 case.
TEST(Ch02StepSize, ExponentIsOneOverPPlusOneAndClampsApply) {
  EXPECT_NEAR(pbm::proposeStepSize(1.0, 1.0, 32.0, 4), 2.0, 1e-12)
      << "DEB §3: order 4 uses the exponent 1/5: 32^(1/5) = 2";
  EXPECT_NEAR(pbm::proposeStepSize(1.0, 1.0, 8.0, 2), 2.0, 1e-12)
      << "DEB §3: order 2 uses the exponent 1/3: 8^(1/3) = 2";
  EXPECT_NEAR(pbm::proposeStepSize(1.0, 1.0, 1.0, 1, 0.81), 0.9, 1e-12)
      << "DEB §3: the safety factor multiplies tol inside the root: 0.81^(1/2) = 0.9";
  EXPECT_NEAR(pbm::proposeStepSize(1.0, 1e-12, 1.0, 1, 1, 5), 5.0, 1e-12)
      << "DEB §3: growth clamped to maxGrow h = 5";
  EXPECT_NEAR(pbm::proposeStepSize(1.0, 1.0, 1e-6, 1, 1, 5, 0.1), 0.1, 1e-12)
      << "DEB §3: shrinking clamped to maxShrink h = 0.1";
  EXPECT_EQ(pbm::proposeStepSize(0.5, 0.0, 1e-4, 1, 1, 5), 2.5)
      << "DEB §3: e = 0 (an exact step) grows by the clamp, 5 h";
}

// adaptive.h: "e = 0 grows by maxGrow", whatever tol: with tol = 0 (or
// safety = 0) the rule's tol / e would be 0 / 0 = NaN.
TEST(Ch02StepSize, ZeroErrorGrowsByMaxGrowEvenWithZeroTolerance) {
  const double got = pbm::proposeStepSize(0.1, 0.0, 0.0, 1, 0.9, 5.0, 0.1);
  EXPECT_EQ(got, 0.5) << "proposeStepSize (adaptive.h: e = 0 grows by maxGrow): h = 0.1, e = 0, "
                         "tol = 0: expected maxGrow h = 0.5, got "
                      << got;
  const double got2 = pbm::proposeStepSize(0.1, 0.0, 1e-3, 1, 0.0, 5.0, 0.1);
  EXPECT_EQ(got2, 0.5) << "proposeStepSize (adaptive.h: e = 0 grows by maxGrow): h = 0.1, e = 0, "
                          "safety = 0: expected maxGrow h = 0.5, got "
                       << got2;
}

// DEB §3, adaptive.h: the factor (safety tol / e)^(1/(p+1)) is clamped to
// [maxShrink, maxGrow], both ends: e = 1e-12, tol = 1e-3 gives a factor
// sqrt(1e9) = 3.2e4, so h' = maxGrow h; e = 1, tol = 1e-8 gives 1e-4, so
// h' = maxShrink h.
TEST(Ch02StepSize, FactorIsClampedBetweenMaxShrinkAndMaxGrow) {
  const double grow = pbm::proposeStepSize(0.1, 1e-12, 1e-3, 1, 1.0, 5.0, 0.1);
  EXPECT_NEAR(grow, 0.5, 1e-15)
      << "proposeStepSize (DEB §3, adaptive.h: clamped to [maxShrink h, maxGrow h]): factor "
         "(1e-3/1e-12)^(1/2) = 3.2e4 > maxGrow 5: expected 5 h = 0.5, got "
      << grow;
  const double shrink = pbm::proposeStepSize(0.1, 1.0, 1e-8, 1, 1.0, 5.0, 0.1);
  EXPECT_NEAR(shrink, 0.01, 1e-17)
      << "proposeStepSize (DEB §3, adaptive.h: clamped to [maxShrink h, maxGrow h]): factor "
         "(1e-8/1)^(1/2) = 1e-4 < maxShrink 0.1: expected 0.1 h = 0.01, got "
      << shrink;
  const double inside = pbm::proposeStepSize(0.1, 1e-4, 4e-4, 1, 1.0, 5.0, 0.1);
  EXPECT_NEAR(inside, 0.2, 1e-15)
      << "proposeStepSize (DEB §3): factor (4e-4/1e-4)^(1/2) = 2 inside [0.1, 5]: expected "
         "2 h = 0.2, got "
      << inside;
}

// ---------------------------------------------------------------- Richardson extrapolation

// DEB §3 (derived): Richardson extrapolation 2 x_b - x_a is the midpoint step
// for f = A x, and second order (local error ratio ~8) for nonlinear f.
TEST(Ch02StepDoubling, RichardsonExtrapolationIsMidpointOnLinearSystems) {
  auto sys = rotation(Vector2d(1, 0));
  const pbm::StepDoubling sd = pbm::stepDoubling(sys, Method::Euler, 0.1);
  ASSERT_EQ(sd.xa.size(), 2) << "DEB §3: x_a is a full state";
  ASSERT_EQ(sd.xb.size(), 2) << "DEB §3: x_b is a full state";
  const Vector2d rich = 2 * sd.xb - sd.xa;
  EXPECT_VEC_NEAR(rich, Vector2d(0.995, 0.1), 1e-15)
      << "DEB §3 (derived): 2 x_b - x_a = (I + hA + h^2 A^2/2) x0 at h = 0.1";
  pbm::midpointStep(sys, 0.1);
  EXPECT_VEC_NEAR(sys.x(), rich, 1e-15)
      << "DEB §2.2, §3: on f = A x the midpoint step equals 2 x_b - x_a";

  std::vector<double> err;
  for (double h : {0.04, 0.02, 0.01}) {
    auto y = riccati();
    const pbm::StepDoubling d = pbm::stepDoubling(y, Method::Euler, h);
    ASSERT_EQ(d.xa.size(), 1) << "DEB §3: x_a is a full state";
    ASSERT_EQ(d.xb.size(), 1) << "DEB §3: x_b is a full state";
    err.push_back(std::abs(2 * d.xb[0] - d.xa[0] - riccatiExact(h)));
  }
  EXPECT_NEAR(err[0] / err[1], 8, 0.5)
      << "DEB §3 (derived): 2 x_b - x_a has local error O(h^3); h = 0.04 -> 0.02";
  EXPECT_NEAR(err[1] / err[2], 8, 0.5)
      << "DEB §3 (derived): 2 x_b - x_a has local error O(h^3); h = 0.02 -> 0.01";
}

// ---------------------------------------------------------------- the adaptive driver

// DEB §3: an accepted adaptive step installs x_b at t0 + h (two Euler half
// steps, here in closed form (I + hJ/2)^2 x0 on the rotation field).
TEST(Ch02Adaptive, AcceptedStepInstallsXbAtT0PlusH) {
  auto sys = rotation(Vector2d(1, 0));
  pbm_test::BudgetedSystem budgeted(sys, 1000, "adaptiveStep", adaptiveHint(1.0));
  pbm::AdaptiveStats st;
  const double h = 0.01;
  const double next = pbm::adaptiveStep(budgeted, h, 1.0, &st);  // tol 1: accepted at once
  EXPECT_EQ(st.accepted, 1) << "DEB §3: e << tol: the first attempt is accepted";
  EXPECT_EQ(st.rejected, 0) << "DEB §3: e << tol: no attempt is rejected";
  EXPECT_EQ(st.evals, 2) << "DEB §3: one Euler step-doubling attempt costs 2 evaluations";
  EXPECT_EQ(sys.t(), h) << "DEB §3: an accepted step installs t0 + h";
  EXPECT_VEC_NEAR(sys.x(), Vector2d(1 - h * h / 4, h), 1e-16)
      << "DEB §3: an accepted step installs x_b = (I + hJ/2)^2 x0, not x_a = (1, h)";
  EXPECT_EQ(next, 5 * h) << "DEB §3: e << tol: the next step grows by the default clamp, 5 h";
}

// DEB §3: every accepted step meets tol; on the rotation field (safety 1) the
// accepted steps settle at h = 2 sqrt(tol / r), where e = h^2 r / 4 = tol.
TEST(Ch02Adaptive, AcceptedStepsMeetTolAndSettleAtTwoSqrtTolOverR) {
  auto sys = rotation(Vector2d(1, 0));
  pbm::AdaptiveOptions opt;
  opt.safety = 1.0;
  const double tol = 1e-6;
  // About 500 accepted steps of 2e-3 at 2 evaluations an attempt, a few retries.
  pbm_test::BudgetedSystem budgeted(sys, 20000, "adaptiveStep", adaptiveHint(tol));
  pbm::AdaptiveStats st;
  double h = 0.1;
  // A step that does not advance fails, never hangs.
  int calls = 0;
  for (; sys.t() < 1.0 && calls < 20000; ++calls) {
    const double t0 = sys.t();
    h = pbm::adaptiveStep(budgeted, h, tol, &st, opt);
    ASSERT_GT(sys.t(), t0) << "DEB §3: an adaptive step must advance the time; stuck at t = " << t0
                           << " (next h = " << h << ")";
    ASSERT_LE(st.lastError, tol) << "DEB §3: every accepted step meets tol; t = " << sys.t();
    if (st.accepted > 20) {
      const double settle = 2 * std::sqrt(tol / sys.x().norm());
      ASSERT_NEAR(st.lastH, settle, 0.02 * settle)
          << "DEB §3 (derived): accepted steps settle where e = h^2 r / 4 = tol; t = " << sys.t();
    }
  }
  EXPECT_GE(sys.t(), 1.0) << "DEB §3: " << calls << " calls of adaptiveStep (" << st.accepted
                          << " accepted steps) ended at t = " << sys.t() << ", not 1";
  EXPECT_GT(st.accepted, 400) << "DEB §3: about 500 accepted steps of 2e-3 to reach t = 1";
}

// DEB §3: on an eccentric Kepler orbit (e = 0.7) the accepted step spans more
// than 10x between perihelion and aphelion, and every accepted e <= tol. The
// loop clips the last step to the period itself (adaptiveStep takes no tEnd);
// landing on tEnd is integrate's job (IntegrateLandsOnTEndWhenHDoesNotDivideIt).
TEST(Ch02Adaptive, StepSpansTenfoldOnEccentricOrbit) {
  VectorXd s0(4);
  s0 << 0.3, 0, 0, std::sqrt(1.7 / 0.3);  // perihelion of a = 1, e = 0.7
  Kepler sys(s0);
  pbm::AdaptiveOptions opt;  // safety 0.9
  pbm::AdaptiveStats st;
  const double T = 2 * kPi, tol = 1e-7;
  // About 1500 accepted steps at 2 evaluations an attempt, a few hundred retries.
  pbm_test::BudgetedSystem budgeted(sys, 50000, "adaptiveStep", adaptiveHint(tol));
  double h = 1e-3;
  // A step that does not advance fails, never hangs.
  int calls = 0;
  for (; sys.t() < T && calls < 100000; ++calls) {
    const double t0 = sys.t();
    h = pbm::adaptiveStep(budgeted, std::min(h, T - sys.t()), tol, &st, opt);  // clip the last step
    ASSERT_GT(sys.t(), t0) << "DEB §3: an adaptive step must advance the time; stuck at t = " << t0
                           << " (next h = " << h << ")";
    ASSERT_LE(st.lastError, tol) << "DEB §3: every accepted step meets tol; t = " << sys.t();
  }
  EXPECT_EQ(sys.t(), T) << "DEB §3: " << calls << " calls of adaptiveStep (" << st.accepted
                        << " accepted steps) ended at t = " << sys.t() << ", not one period 2 pi";
  EXPECT_GT(st.hMax / st.hMin, 10.0)
      << "DEB §3: h must adapt to the orbit: accepted steps from " << st.hMin << " to " << st.hMax
      << " (about 2e-5 at perihelion, 1e-3 at aphelion)";
  // Independent: Kepler's third law, the orbit closes after one period.
  VectorXd s;
  double t;
  sys.getState(s, t);
  EXPECT_VEC_NEAR(s.head<2>(), s0.head<2>(), 0.05)
      << "DEB §3: after one period 2 pi the orbit closes (Kepler's third law)";
}

// adaptive.h: h == options.hMin is still tried (only below it throws). On the
// rotation field with tol = 1 a step of 1e-3 is accepted at once; one ulp
// below hMin throws SimulationDiverged before any evaluation.
TEST(Ch02Adaptive, AcceptsAStepOfExactlyHMinAndThrowsJustBelow) {
  pbm::AdaptiveOptions opt;
  opt.hMin = 1e-3;
  {
    auto sys = rotation(Vector2d(1, 0));
    pbm_test::BudgetedSystem budgeted(sys, 100, "adaptiveStep", adaptiveHint(1.0));
    pbm::AdaptiveStats st;
    try {
      pbm::adaptiveStep(budgeted, 1e-3, 1.0, &st, opt);
    } catch (const pbm::SimulationDiverged& e) {
      FAIL() << "adaptiveStep (adaptive.h: h == hMin is still tried): h = hMin = 1e-3 with tol = 1 "
                "must be accepted, got SimulationDiverged: "
             << e.what();
    }
    EXPECT_EQ(st.accepted, 1) << "adaptiveStep: h = hMin = 1e-3, e = 2.5e-7 <= tol = 1: accepted";
    EXPECT_EQ(sys.t(), 1e-3) << "adaptiveStep (DEB §3): the accepted step installs t0 + hMin";
  }
  {
    auto sys = rotation(Vector2d(1, 0));
    pbm_test::BudgetedSystem budgeted(sys, 100, "adaptiveStep", adaptiveHint(1.0));
    const double below = std::nextafter(1e-3, 0.0);
    EXPECT_THROW(pbm::adaptiveStep(budgeted, below, 1.0, nullptr, opt), pbm::SimulationDiverged)
        << "adaptiveStep (adaptive.h): h one ulp below hMin = 1e-3 must throw SimulationDiverged";
    EXPECT_EQ(budgeted.evals(), 0)
        << "adaptiveStep (adaptive.h): h below hMin throws before trying it";
  }
}

// adaptive.h: the SimulationDiverged says where and why: time() is the step's
// start t0 (here 2, not 0, so it cannot be confused with h), stepSize() the h
// that fell below hMin, and the message names hMin.
TEST(Ch02Adaptive, DivergedErrorCarriesStartTimeStepSizeAndMessage) {
  Eigen::MatrixXd J(2, 2);
  J << 0, -1, 1, 0;
  LinearSystem sys(J, Vector2d(1, 0), 2.0);
  pbm::AdaptiveOptions opt;
  opt.hMin = 1e-3;
  pbm_test::BudgetedSystem budgeted(sys, 1000, "adaptiveStep", adaptiveHint(1e-12));
  try {
    pbm::adaptiveStep(budgeted, 0.1, 1e-12, nullptr, opt);
    ADD_FAILURE() << "adaptiveStep (adaptive.h): tol = 1e-12 needs h ~ 2e-6 < hMin = 1e-3: "
                     "expected SimulationDiverged, got a return";
  } catch (const pbm::SimulationDiverged& e) {
    EXPECT_EQ(e.time(), 2.0) << "adaptiveStep (adaptive.h): SimulationDiverged::time() is the "
                                "step's start t0 = 2, got "
                             << e.time();
    EXPECT_GT(e.stepSize(), 0.0) << "adaptiveStep (adaptive.h): stepSize() is the h that fell "
                                    "below hMin, got "
                                 << e.stepSize();
    EXPECT_LT(e.stepSize(), opt.hMin) << "adaptiveStep (adaptive.h): stepSize() is the h that "
                                         "fell below hMin = 1e-3, got "
                                      << e.stepSize();
    const std::string what = e.what();
    EXPECT_NE(what.find("hMin"), std::string::npos)
        << "adaptiveStep (adaptive.h): the message names hMin; got \"" << what << "\"";
  }
}

// DEB §3, adaptive.h: the test is e <= tol, so tol = 0 is met by an exact
// step. x' = 1 from x0 = 0 with h = 0.5: Euler is exact, x_a = 0.5 and
// x_b = 0.25 + 0.25 = 0.5 in exact binary numbers, e = 0: accepted at once,
// x = 0.5 at t = 0.5, and the next h is maxGrow h = 2.5 (e = 0).
TEST(Ch02Adaptive, ZeroToleranceAcceptsAnExactStep) {
  ScalarSystem sys([](double, double) { return 1.0; }, 0.0);
  pbm_test::BudgetedSystem budgeted(sys, 1000, "adaptiveStep", adaptiveHint(0.0));
  pbm::AdaptiveStats st;
  double next = 0;
  try {
    next = pbm::adaptiveStep(budgeted, 0.5, 0.0, &st);
  } catch (const pbm::SimulationDiverged& e) {
    FAIL() << "adaptiveStep (DEB §3: accept when e <= tol): e = 0 meets tol = 0, got "
              "SimulationDiverged: "
           << e.what();
  }
  EXPECT_EQ(st.rejected, 0) << "adaptiveStep (DEB §3: accept when e <= tol): e = 0 <= tol = 0, "
                               "expected no rejection";
  EXPECT_EQ(st.accepted, 1) << "adaptiveStep: expected the first attempt accepted";
  EXPECT_EQ(sys.t(), 0.5) << "adaptiveStep (DEB §3): expected t0 + h = 0.5 installed";
  EXPECT_EQ(sys.y(), 0.5) << "adaptiveStep (DEB §3): expected x_b = 0.5 installed";
  EXPECT_EQ(st.lastError, 0.0) << "adaptiveStep: expected lastError = e = 0";
  EXPECT_EQ(next, 2.5) << "adaptiveStep (adaptive.h: e = 0 grows by maxGrow): expected 5 h = 2.5";
}

// DEB §3 on the rotation field (r = 1), default options (safety 0.9): e =
// h^2 r / 4 = 0.0025 at h = 0.1 > tol = 1e-4: one rejection; the rule proposes
// h1 = 0.1 sqrt(0.9 * 1e-4 / 0.0025) = 0.1 sqrt(0.036), where e = h1^2 / 4 =
// 0.9 tol: accepted. The stats record exactly that (2 attempts, 4
// evaluations), and the next h is h1 again (h1 (tol / (0.9 tol) 0.9)^(1/2) = h1).
TEST(Ch02Adaptive, StatsCountTheRejectionAndRecordTheAcceptedStep) {
  auto sys = rotation(Vector2d(1, 0));
  pbm_test::BudgetedSystem budgeted(sys, 1000, "adaptiveStep", adaptiveHint(1e-4));
  pbm::AdaptiveStats st;
  const double next = pbm::adaptiveStep(budgeted, 0.1, 1e-4, &st);
  const double h1 = 0.1 * std::sqrt(0.036), e1 = h1 * h1 / 4;
  EXPECT_EQ(st.rejected, 1) << "adaptiveStep (DEB §3): h = 0.1 has e = 0.0025 > tol = 1e-4: "
                               "expected 1 rejection counted, got "
                            << st.rejected;
  EXPECT_EQ(st.accepted, 1) << "adaptiveStep: expected 1 accepted step";
  EXPECT_EQ(st.evals, 4) << "adaptiveStep (DEB §3): 2 Euler attempts of 2 evaluations";
  EXPECT_NEAR(st.lastH, h1, 1e-12 * h1)
      << "adaptiveStep (DEB §3): expected the rule's h = 0.1 sqrt(0.9 tol / e) accepted";
  EXPECT_NEAR(st.lastError, e1, 1e-12 * e1)
      << "adaptiveStep (DEB §3): lastError is the accepted step's e = h^2 r / 4 = " << e1
      << ", got " << st.lastError;
  EXPECT_LE(st.lastError, 1e-4) << "adaptiveStep (DEB §3): the accepted e meets tol";
  EXPECT_EQ(st.hMin, st.lastH) << "adaptiveStep: one accepted step is the smallest";
  EXPECT_EQ(st.hMax, st.lastH) << "adaptiveStep: one accepted step is the largest";
  EXPECT_NEAR(sys.t(), h1, 1e-12 * h1) << "adaptiveStep (DEB §3): t0 + h1 installed";
  EXPECT_NEAR(next, h1, 1e-12 * h1)
      << "adaptiveStep (DEB §3): at e = 0.9 tol the rule proposes h1 again";
}

// adaptive.h: a non-finite e (f left its domain) counts as e = inf: the
// retry is the rule's smallest step, maxShrink h. f = 1 while x < 0.1 and NaN
// beyond, x0 = 0, h = 0.5: x_b's second half step evaluates f at 0.25 (NaN),
// so the retry is 0.1 * 0.5 = 0.05, where every evaluation is below 0.1 and
// Euler is exact (e = 0): accepted after exactly one rejection. A retry that
// grows or cycles fails a budget of 200 evaluations.
TEST(Ch02Adaptive, NonFiniteEstimateRetriesAtMaxShrink) {
  ScalarSystem sys(
      [](double y, double) { return y < 0.1 ? 1.0 : std::numeric_limits<double>::quiet_NaN(); },
      0.0);
  pbm_test::BudgetedSystem budgeted(sys, 200, "adaptiveStep", adaptiveHint(1e-6));
  pbm::AdaptiveOptions opt;  // maxShrink 0.1
  pbm::AdaptiveStats st;
  try {
    pbm::adaptiveStep(budgeted, 0.5, 1e-6, &st, opt);
  } catch (const pbm_test::BudgetExceeded& e) {
    FAIL() << "adaptiveStep (adaptive.h: a non-finite e retries at maxShrink h): a NaN estimate "
              "at h = 0.5 must lead to h = 0.05, got a loop: "
           << e.what();
  }
  const double want = opt.maxShrink * 0.5;
  EXPECT_EQ(st.rejected, 1) << "adaptiveStep (adaptive.h: a non-finite e retries at maxShrink h): "
                               "expected 1 rejection (h = 0.5, NaN) before h = 0.05, got "
                            << st.rejected;
  EXPECT_EQ(st.accepted, 1) << "adaptiveStep: expected one accepted step";
  EXPECT_EQ(st.lastH, want) << "adaptiveStep (adaptive.h: a non-finite e counts as e = inf, the "
                               "rule's smallest step): expected maxShrink h = 0.05 accepted, got "
                            << st.lastH;
  EXPECT_EQ(st.lastError, 0.0) << "adaptiveStep: Euler is exact on x' = 1";
  EXPECT_EQ(sys.t(), st.lastH) << "adaptiveStep (DEB §3): t0 + h installed";
  EXPECT_NEAR(sys.y(), st.lastH, 1e-16) << "adaptiveStep (DEB §3): x_b = h on x' = 1";
}

// adaptive.h: every retry is smaller, even when the rule proposes no shrink.
// With safety = 2 and maxGrow = 1 the factor (2 tol / e)^(1/2) is clamped to
// 1 whenever e < 2 tol. Rotation field, r = 1, h = 0.1: e = 0.0025 and tol =
// 0.75 e: rejected, the rule proposes h itself; any smaller retry h' <= 0.05
// (h/2, maxShrink h, ...) has e = h'^2/4 <= 0.000625 <= tol: accepted after
// exactly one rejection. Retrying h forever fails the budget at once.
TEST(Ch02Adaptive, SafetyAboveOneStillShrinksARejectedStep) {
  auto sys = rotation(Vector2d(1, 0));
  pbm::AdaptiveOptions opt;
  opt.safety = 2.0;
  opt.maxGrow = 1.0;
  const double tol = 0.75 * 0.0025;
  pbm_test::BudgetedSystem budgeted(sys, 200, "adaptiveStep", adaptiveHint(tol));
  pbm::AdaptiveStats st;
  try {
    pbm::adaptiveStep(budgeted, 0.1, tol, &st, opt);
  } catch (const pbm_test::BudgetExceeded& e) {
    FAIL() << "adaptiveStep (adaptive.h: every retry is smaller, even for safety >= 1): with "
              "safety 2 and maxGrow 1 the rule proposes h = 0.1 again; expected a smaller "
              "retry, got a loop: "
           << e.what();
  } catch (const pbm::SimulationDiverged& e) {
    FAIL() << "adaptiveStep: a retry of h/2 meets tol here, got SimulationDiverged: " << e.what();
  }
  EXPECT_EQ(st.rejected, 1) << "adaptiveStep (adaptive.h): only h = 0.1 fails (e = 0.0025 > tol = "
                               "0.001875); a smaller retry (<= 0.05) meets tol: expected 1 "
                               "rejection, got "
                            << st.rejected;
  EXPECT_EQ(st.accepted, 1) << "adaptiveStep: expected one accepted step";
  EXPECT_LT(st.lastH, 0.1) << "adaptiveStep (adaptive.h): the accepted h is smaller than 0.1";
  EXPECT_NEAR(st.lastError, st.lastH * st.lastH / 4, 1e-15)
      << "adaptiveStep (DEB §3): e = h^2 r / 4 for the accepted h";
  EXPECT_EQ(sys.t(), st.lastH) << "adaptiveStep (DEB §3): t0 + h installed";
  const double h = st.lastH;
  EXPECT_VEC_NEAR(sys.x(), Vector2d(1 - h * h / 4, h), 1e-16)
      << "adaptiveStep (DEB §3): x_b = (I + hJ/2)^2 x0 for the accepted h";
}

// DEB §3: a tolerance that cannot be met stops with SimulationDiverged rather
// than shrinking h forever.
TEST(Ch02Adaptive, ThrowsWhenStepFallsBelowHMin) {
  auto sys = rotation(Vector2d(1, 0));
  pbm::AdaptiveOptions opt;
  opt.hMin = 1e-3;
  pbm_test::BudgetedSystem budgeted(sys, 1000, "adaptiveStep", adaptiveHint(1e-12));
  EXPECT_THROW(pbm::adaptiveStep(budgeted, 0.1, 1e-12, nullptr, opt), pbm::SimulationDiverged)
      << "DEB §3: tol = 1e-12 needs h ~ 2e-6 < hMin = 1e-3: adaptiveStep must throw";
}

}  // namespace
