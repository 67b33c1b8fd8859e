// Chapter 03 tests: stiffness, implicit Euler and the second-order step of
// Implicit Methods (IM §1-§4; claims C3.1-C3.15 as the chapter's lesson lists
// them), each checked against a closed form, an independent computation (a
// dense solve, finite differences, bisection) or a measured convergence order.
// Every test calls a chapter-03 student function (stabilityFunction,
// implicitEulerStep, implicitEulerSecondOrder, newtonBackwardEulerStep), so
// each fails on the exercise skeleton. Every loop is bounded. A failure names
// the section of the notes to read.
//
// This file: implicit Euler on the stiff example (C3.1-C3.3, C3.5-C3.8), the
// stability function and the cost of a stiff mode (C3.13, C3.14). Further
// parts: 03_stiffness_test_newton.cpp (Newton, solver failures, Jacobians),
// 03_stiffness_test_second_order.cpp (penalty, the second-order step, energy:
// C3.9-C3.12), 03_stiffness_test_sparse.cpp (the system matrix's blocks and
// CG: C3.15), 03_stiffness_test_headless.cpp (headless runs, the energy rule).
#include "03_stiffness_test.h"

namespace {

using namespace ch03_test;

// ---------------------------------------------------------------- C3.1
// IM §2: one explicit Euler step on (2-1) gives ((1-h)x0, (1-hk)y0); stable iff h < 2/k.
TEST(Ch03StiffExample, ExplicitEulerIsStableOnlyBelowTwoOverK) {
  const double k = 1000.0;
  // |y_200| = 0.9^200 = 7.05e-10 at h = 0.0019 and 1.1^200 = 1.90e8 at h = 0.0021.
  for (double h : {0.0019, 0.0021}) {
    SCOPED_TRACE("h = " + std::to_string(h) + ", k = 1000 (limit 2/k = 0.002)");
    StiffBowlSystem sys(k, {1.0, 1.0});
    for (int i = 0; i < 200; ++i) pbm::eulerStep(sys, h);
    const double wantY = std::pow(1.0 - h * k, 200), wantX = std::pow(1.0 - h, 200);
    ASSERT_NEAR(sys.position().y(), wantY, 1e-10 * std::abs(wantY))
        << "IM §2: 200 explicit steps on (2-1) give y = (1 - hk)^200 y0";
    ASSERT_NEAR(sys.position().x(), wantX, 1e-10 * std::abs(wantX))
        << "IM §2: 200 explicit steps on (2-1) give x = (1 - h)^200 x0";
    // The student's stability function predicts the factor and the verdict.
    const cd R = pbm::stabilityFunction(Scheme::Euler, -h * k);
    ASSERT_NEAR(R.real(), 1.0 - h * k, 1e-15) << "IM §2: explicit Euler's R(z) = 1 + z";
    ASSERT_NEAR(R.imag(), 0.0, 1e-15) << "IM §2: R(z) is real for real z";
    ASSERT_EQ(std::abs(R) <= 1.0, h < 2.0 / k)
        << "IM §2: explicit Euler is stable iff h < 2/k; |R| = " << std::abs(R);
  }
}

// ---------------------------------------------------------------- C3.2
// IM §3: the implicit step on (2-1) is (x0/(1+h), y0/(1+hk)) for any h.
TEST(Ch03StiffExample, ImplicitStepIsY0OverOnePlusHkForAnyH) {
  StiffBowlSystem sys(1000.0, {1.0, 1.0});
  pbm::implicitEulerStep(sys, 0.1);
  EXPECT_VEC_NEAR(sys.position(), Vector2d(1.0 / 1.1, 1.0 / 101.0), 1e-12 / 1.1)
      << "IM §3: one implicit step of h = 0.1 on (2-1), k = 1000: (x0/(1+h), y0/(1+hk))";
  for (int i = 1; i < 50; ++i) pbm::implicitEulerStep(sys, 0.1);
  EXPECT_NEAR(sys.position().x(), std::pow(1.1, -50), 1e-12 * std::pow(1.1, -50))
      << "IM §3: 50 implicit steps give x = 1.1^-50";
  EXPECT_NEAR(sys.position().y(), std::pow(101.0, -50), 1e-12 * std::pow(101.0, -50))
      << "IM §3: 50 implicit steps give y = 101^-50";

  // h -> infinity: dY -> -Y0, the origin in one step.
  StiffBowlSystem big(1000.0, {1.0, 1.0});
  pbm::implicitEulerStep(big, 1e12);
  EXPECT_VEC_NEAR(big.position(), Vector2d(0, 0), 1e-12 * std::sqrt(2.0))
      << "IM §3: h = 1e12 reaches the origin in one step (dY -> -Y0)";
}

// ---------------------------------------------------------------- C3.3
// IM §3: for linear f the linearisation is exact, so (3-2) solves (3-1).
TEST(Ch03Linear, LinearisedStepSolvesBackwardEulerExactly) {
  std::mt19937 rng(31);
  const int n = 4;
  MatrixXd S = randomVector(n * n, rng).reshaped(n, n);
  const MatrixXd A = -randomSpd(n, rng) + (S - S.transpose());  // Re(eig) < 0
  ASSERT_LT(Eigen::EigenSolver<MatrixXd>(A).eigenvalues().real().maxCoeff(), 0.0)
      << "the test's matrix must be stable";
  const VectorXd y0 = randomVector(n, rng);
  LinearSystem sys(A, y0);
  const double h = 10.0;
  pbm::implicitEulerStep(sys, h);
  const VectorXd y1 = stateOf(sys);
  EXPECT_VEC_NEAR(VectorXd(y1 - h * A * y1), y0, 1e-12 * y0.norm())
      << "IM §3 (3-1): backward Euler's Y1 - h f(Y1) = Y0 for linear f";
  const VectorXd dense = (MatrixXd::Identity(n, n) - h * A).fullPivLu().solve(y0);
  EXPECT_VEC_NEAR(y1, dense, 1e-12 * y0.norm())
      << "IM §3 (3-2): for linear f the step equals the dense solve (I - hA) Y1 = Y0";
}

// IM §3 (3-1): the step's end is Y1 at t0 + h (implicit.h). Checked from t0 =
// 2.5 with h = 0.25, both exact in binary: the end time must be 2.75 exactly.
TEST(Ch03Linear, StepInstallsTheNewStateAtT0PlusH) {
  LinearSystem sys = decay(3.0);
  sys.setState(VectorXd::Constant(1, 1.0), 2.5);
  pbm::implicitEulerStep(sys, 0.25);
  VectorXd y;
  double t = -1.0;
  sys.getState(y, t);
  EXPECT_EQ(t, 2.75) << "IM §3: implicitEulerStep must install Y1 at t0 + h: expected t = 2.75 "
                        "(t0 = 2.5, h = 0.25), got "
                     << t;
  ASSERT_EQ(y.size(), 1) << "IM §3: the state keeps its dimension";
  EXPECT_NEAR(y[0], 1.0 / 1.75, 1e-15) << "IM §3: one step on x' = -3x is x0 / (1 + hk)";
}

// IM §3: (3-2) divides by h; a step of h <= 0, or not finite, is no step of
// backward Euler (h < 0 would solve the explicit step backwards in time). The
// header promises std::invalid_argument before anything is evaluated or moved.
TEST(Ch03Linear, NonPositiveOrNonFiniteStepThrowsAndTouchesNothing) {
  for (double h : {-0.25, 0.0, std::numeric_limits<double>::infinity(),
                   std::numeric_limits<double>::quiet_NaN()}) {
    SCOPED_TRACE("h = " + std::to_string(h));
    LinearSystem sys = decay(3.0);
    sys.setState(VectorXd::Constant(1, 1.0), 2.5);
    EXPECT_THROW(pbm::implicitEulerStep(sys, h), std::invalid_argument)
        << "IM §3: implicitEulerStep must reject h (expected std::invalid_argument, implicit.h)";
    VectorXd y;
    double t = -1.0;
    sys.getState(y, t);
    EXPECT_EQ(t, 2.5) << "IM §3: a rejected step leaves the time at t0 = 2.5; got " << t;
    EXPECT_VEC_NEAR(y, VectorXd::Constant(1, 1.0), 0.0)
        << "IM §3: a rejected step leaves the state untouched";
  }
}

// ---------------------------------------------------------------- C3.5
// IM slides "One Step: Implicit vs. Explicit": 1 - hk <= e^-hk <= 1/(1 + hk).
TEST(Ch03OneStep, ImplicitNeverOvershootsExplicitDoes) {
  for (double hk : {0.1, 1.0, 10.0}) {
    SCOPED_TRACE("hk = " + std::to_string(hk));
    LinearSystem sys = decay(hk);
    pbm::implicitEulerStep(sys, 1.0);
    const double implicit = stateOf(sys)[0];
    const double explicitStep = pbm::stabilityFunction(Scheme::Euler, -hk).real();
    ASSERT_NEAR(implicit, 1.0 / (1.0 + hk), 1e-14 / (1.0 + hk))
        << "IM §3: one implicit step on x' = -kx is x0 / (1 + hk)";
    ASSERT_NEAR(explicitStep, 1.0 - hk, 1e-15) << "IM §2: explicit Euler's R(-hk) = 1 - hk";
    ASSERT_NEAR(pbm::stabilityFunction(Scheme::ImplicitEuler, -hk).real(), 1.0 / (1 + hk),
                1e-15 / (1 + hk))
        << "IM §3: implicit Euler's R(-hk) = 1 / (1 + hk)";
    ASSERT_LE(explicitStep, std::exp(-hk)) << "IM slides: explicit 1 - hk <= e^-hk";
    ASSERT_LE(std::exp(-hk), implicit) << "IM slides: e^-hk <= implicit 1 / (1 + hk)";
    ASSERT_GT(implicit, 0.0) << "IM slides: the implicit step never overshoots zero";
  }
}

// ---------------------------------------------------------------- C3.6
// IM §3, "the simplest of the implicit methods": stable, but first order.
TEST(Ch03StiffExample, ImplicitEulerIsFirstOrder) {
  std::vector<double> lx, ly;
  for (int N : {40, 80, 160, 320}) {
    LinearSystem sys = decay(1.0);
    for (int i = 0; i < N; ++i) pbm::implicitEulerStep(sys, 1.0 / N);
    lx.push_back(std::log(1.0 / N));
    ly.push_back(std::log(std::abs(stateOf(sys)[0] - std::exp(-1.0))));
  }
  double mx = 0, my = 0;
  for (size_t i = 0; i < lx.size(); ++i) mx += lx[i] / lx.size(), my += ly[i] / ly.size();
  double sxy = 0, sxx = 0;
  for (size_t i = 0; i < lx.size(); ++i)
    sxy += (lx[i] - mx) * (ly[i] - my), sxx += (lx[i] - mx) * (lx[i] - mx);
  EXPECT_NEAR(sxy / sxx, 1.0, 0.05)
      << "IM §3: implicit Euler is first order: the log-log slope of the error at t = 1 "
         "against h = 1/40 ... 1/320";
}

TEST(Ch03StiffExample, ImplicitEulerIsStableNotAccurate) {
  // k = 1000, h = 0.5: x < 0.01 after 12 steps, at 1.5^-12 = 0.0077 where e^-6 = 0.0025.
  StiffBowlSystem sys(1000.0, {1.0, 1.0});
  int steps = 0;
  while (sys.position().x() >= 0.01 && steps < 100) pbm::implicitEulerStep(sys, 0.5), ++steps;
  EXPECT_EQ(steps, 12) << "IM §3: x = 1.5^-n falls below 0.01 after 12 steps of h = 0.5 "
                          "(100 = the loop's bound: x never fell)";
  EXPECT_NEAR(sys.position().x(), std::pow(1.5, -12), 1e-12 * std::pow(1.5, -12))
      << "IM §3: 12 implicit steps of h = 0.5 give x = 1.5^-12";
  EXPECT_GT(sys.position().x(), 3.0 * std::exp(-6.0))
      << "IM §3: stable, not accurate: the exact x(6) = e^-6 is 3x smaller";
}

// ---------------------------------------------------------------- C3.7
// IM §3 (derived): on the rotation field the radius shrinks by 1/sqrt(1 + h^2) per step.
TEST(Ch03Rotation, ImplicitEulerShrinksRadiusByOneOverSqrtOnePlusHSquared) {
  MatrixXd A(2, 2);
  A << 0, -1, 1, 0;
  LinearSystem sys(A, Vector2d(1.0, 0.0));
  for (int i = 0; i < 100; ++i) pbm::implicitEulerStep(sys, 0.1);
  EXPECT_NEAR(stateOf(sys).norm(), std::pow(1.01, -50), 1e-12)  // 0.6080388246889493
      << "IM §3 (derived): 100 implicit steps of h = 0.1 on the rotation field shrink r by "
         "(1 + h^2)^-50";
}

// ---------------------------------------------------------------- C3.8
// IM slide "Stiff Equations": the largest k limits h for everyone.
TEST(Ch03StiffExample, LargestKDecidesTheExplicitStep) {
  const double lambdas[] = {-1.0, -10.0, -1000.0};
  auto stable = [&](double h) {
    for (double l : lambdas)
      if (std::abs(pbm::stabilityFunction(Scheme::Euler, h * l)) > 1.0) return false;
    return true;
  };
  EXPECT_TRUE(stable(0.0019)) << "IM §2: h = 0.0019 < 2/1000 is stable for every rate";
  EXPECT_FALSE(stable(0.0021)) << "IM §2: h = 0.0021 > 2/1000: the stiffest rate decides";
  // Explicit Euler at h = 0.0021: the k = 1000 component grows by 1.1 per step
  // (alternating sign), the others decay.
  const MatrixXd A = Eigen::Vector3d(-1.0, -10.0, -1000.0).asDiagonal();
  LinearSystem ex(A, Eigen::Vector3d(1.0, 1.0, 1.0));
  pbm::eulerStep(ex, 0.0021);
  const VectorXd y = stateOf(ex);
  EXPECT_NEAR(y[2], -1.1, 1e-12) << "IM §2: the k = 1000 component flips and grows by 1.1";
  EXPECT_LT(std::abs(y[0]), 1.0) << "IM §2: the k = 1 component decays";
  EXPECT_LT(std::abs(y[1]), 1.0) << "IM §2: the k = 10 component decays";
  // Implicit Euler at h = 1: factors 1/2, 1/11, 1/1001.
  LinearSystem im(A, Eigen::Vector3d(1.0, 1.0, 1.0));
  pbm::implicitEulerStep(im, 1.0);
  const VectorXd z = stateOf(im);
  EXPECT_NEAR(z[0], 0.5, 1e-14 * 0.5) << "IM §3: 1/(1 + hk) for k = 1, h = 1";
  EXPECT_NEAR(z[1], 1.0 / 11.0, 1e-14 / 11.0) << "IM §3: 1/(1 + hk) for k = 10, h = 1";
  EXPECT_NEAR(z[2], 1.0 / 1001.0, 1e-12 / 1001.0)  // 1 - 1000/1001: cancellation
      << "IM §3: 1/(1 + hk) for k = 1000, h = 1";
}

// ---------------------------------------------------------------- C3.13
// IM §2-3 (derived): R(z) is what one step does to y' = lambda y. Checked
// against one real step of each method on y' = lambda y written as a 2D
// real system (Re y, Im y), and at the boundary points |R| = 1.
TEST(Ch03Stability, StabilityFunctionIsOneStepOfTheTestEquation) {
  const cd zs[] = {{-0.3, 0.2}, {-1.5, 0.0}, {-0.1, 2.0}, {0.4, -0.7}, {-2.5, 1.5}};
  for (const cd z : zs) {
    MatrixXd A(2, 2);  // lambda = z with h = 1
    A << z.real(), -z.imag(), z.imag(), z.real();
    const std::pair<Scheme, pbm::Method> pairs[] = {{Scheme::Euler, pbm::Method::Euler},
                                                    {Scheme::Midpoint, pbm::Method::Midpoint},
                                                    {Scheme::RK4, pbm::Method::RK4}};
    for (const auto& [scheme, method] : pairs) {
      LinearSystem sys(A, Vector2d(1.0, 0.0));
      pbm::step(sys, method, 1.0);
      const VectorXd y = stateOf(sys);
      const cd R = pbm::stabilityFunction(scheme, z);
      ASSERT_NEAR(std::abs(R - cd(y[0], y[1])), 0.0, 1e-13)
          << "IM §2-3: R(z) of " << schemeName(scheme) << " must be one step on y' = z y; z = " << z
          << ": expected " << cd(y[0], y[1]) << ", got R = " << R;
    }
    LinearSystem sys(A, Vector2d(1.0, 0.0));
    pbm::implicitEulerStep(sys, 1.0);
    const VectorXd y = stateOf(sys);
    const cd R = pbm::stabilityFunction(Scheme::ImplicitEuler, z);
    ASSERT_NEAR(std::abs(R - cd(y[0], y[1])), 0.0, 1e-13)
        << "IM §3: R(z) of implicit Euler must be one implicitEulerStep on y' = z y; z = " << z
        << ": step gives " << cd(y[0], y[1]) << ", R = " << R;
  }
}

TEST(Ch03Stability, BoundaryPointsHaveModulusOne) {
  auto absR = [](Scheme s, cd z) { return std::abs(pbm::stabilityFunction(s, z)); };
  EXPECT_NEAR(absR(Scheme::Euler, -2.0), 1.0, 1e-12) << "IM §2: |R(-2)| = 1 for explicit Euler";
  EXPECT_NEAR(absR(Scheme::Midpoint, -2.0), 1.0, 1e-12) << "IM §2: |R(-2)| = 1 for midpoint";
  EXPECT_NEAR(absR(Scheme::RK4, -2.785293563405282), 1.0, 1e-12)
      << "IM §2: |R(-2.7853)| = 1 for RK4 (the real root of z^3 - 4z^2 + 12z - 24)";
  EXPECT_NEAR(absR(Scheme::RK4, cd(0.0, 2.0 * std::sqrt(2.0))), 1.0, 1e-12)
      << "IM §2: |R(2 sqrt(2) i)| = 1 for RK4";
  // Euler and midpoint leave the imaginary axis at once: |1 + iy| > 1, 1 + y^4/4 > 1.
  for (double y : {0.1, 1.0, 3.0}) {
    ASSERT_NEAR(absR(Scheme::Euler, cd(0, y)), std::sqrt(1 + y * y), 1e-13)
        << "IM §2: |R(iy)| = sqrt(1 + y^2) for explicit Euler; y = " << y;
    ASSERT_NEAR(absR(Scheme::Midpoint, cd(0, y)), std::sqrt(1 + y * y * y * y / 4), 1e-13)
        << "IM §2: |R(iy)| = sqrt(1 + y^4/4) for midpoint; y = " << y;
  }
  // Implicit Euler: |R| = 1 on the circle |1 - z| = 1, <= 1 on the left half-plane, -> 0 at -inf.
  for (double th = 0.0; th < 6.28; th += 0.5)
    ASSERT_NEAR(absR(Scheme::ImplicitEuler, 1.0 + std::polar(1.0, th)), 1.0, 1e-12)
        << "IM §3: |R| = 1 on the circle |1 - z| = 1; z = " << 1.0 + std::polar(1.0, th);
  for (const cd z : {cd(-0.0, 5.0), cd(-3.0, -40.0), cd(-1e3, 1.0), cd(-1e-9, 0.3)})
    ASSERT_LE(absR(Scheme::ImplicitEuler, z), 1.0)
        << "IM §3: implicit Euler is stable on the whole left half-plane; z = " << z;
  EXPECT_LT(absR(Scheme::ImplicitEuler, -1e12), 1e-11) << "IM §3: R(z) -> 0 as z -> -infinity";
}

// ---------------------------------------------------------------- C3.14
// IM §2, "RK4 ... a little better": at the real stability limit the cost per
// unit time of a stiff mode of rate k is k/2 (Euler), k (midpoint), 1.436 k
// (RK4); implicit Euler's step count does not depend on k.
double realStabilityLimit(Scheme s) {  // largest x with |R(-x')| <= 1 for all x' <= x, bisection
  double lo = 0.0, hi = 10.0;
  for (int i = 0; i < 200; ++i) {
    const double mid = 0.5 * (lo + hi);
    bool ok = true;
    for (int j = 1; j <= 200 && ok; ++j)
      ok = std::abs(pbm::stabilityFunction(s, -mid * j / 200)) <= 1.0 + 1e-15;
    (ok ? lo : hi) = mid;
  }
  return lo;
}

TEST(Ch03Cost, ExplicitCostGrowsWithKImplicitDoesNot) {
  EXPECT_NEAR(realStabilityLimit(Scheme::Euler), 2.0, 1e-9)
      << "IM §2: explicit Euler is stable on [-2, 0] of the real axis";
  EXPECT_NEAR(realStabilityLimit(Scheme::Midpoint), 2.0, 1e-9)
      << "IM §2: midpoint is stable on [-2, 0] of the real axis";
  const double rk4 = realStabilityLimit(Scheme::RK4);
  EXPECT_NEAR(rk4, 2.785293563405282, 1e-9) << "IM §2: RK4 is stable on [-2.7853, 0]";
  EXPECT_NEAR(4.0 / rk4, 1.436, 1e-3)  // RK4 evaluations per unit time, in units of k
      << "IM §2: RK4 at its limit spends 4 / 2.785 = 1.436 k evaluations per unit time";

  // (2-1) with k = 1000: x <= 0.01 from 1 takes 2422 explicit steps at h = 1.9/k.
  const double k = 1000.0, h = 1.9 / k;
  StiffBowlSystem ex(k, {1.0, 1.0});
  int n = 0;
  while (ex.position().x() > 0.01 && n < 10000) pbm::eulerStep(ex, h), ++n;
  EXPECT_EQ(n, 2422) << "IM §2: ceil(ln 0.01 / ln(1 - h)) explicit steps at h = 1.9/k "
                        "(10000 = the loop's bound: x never fell below 0.01)";
  for (double kk : {1e2, 1e3, 1e4, 1e6}) {
    StiffBowlSystem im(kk, {1.0, 1.0});
    int m = 0;
    while (im.position().x() > 0.01 && m < 100) pbm::implicitEulerStep(im, 0.5), ++m;
    ASSERT_EQ(m, 12) << "IM §3: implicit Euler reaches x <= 0.01 in 12 steps of h = 0.5 "
                        "whatever k (100 = the loop's bound); k = "
                     << kk;
  }
}

}  // namespace
