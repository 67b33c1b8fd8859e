// Chapter 02 tests: the claims of Differential Equation Basics §2-§4 (DEB:
// Euler, midpoint and RK4, adaptive step sizes, the solver interface), each
// checked against a closed form, an independent computation or a measured
// convergence order. Every test calls a chapter-02 function (midpointStep,
// rk4Step, step, integrate, stepDoubling, proposeStepSize, adaptiveStep), so
// each fails on the exercise skeleton. Systems are test-local OdeSystems.
// Every loop is bounded: a step that does not advance fails, it never hangs.
// A failure names the section of the notes to read.
//
// This file: each method on the rotation field and on x' = x, x' = -kx (the
// spirals, the amplification, the stability limits). Further parts:
// 02_integrators_test_accuracy.cpp (orders, stage times, work and precision,
// Lorenz), 02_integrators_test_contract.cpp (the solver contract and the
// stepping layer), 02_integrators_test_adaptive.cpp (step doubling, the
// step-size rule, the adaptive driver).
#include "02_integrators_test.h"

namespace {

using namespace ch02_test;

void expectSpiral(Method m, double rho, double phi, double rExpected, const char* section) {
  SCOPED_TRACE(methodName(m));
  const double h = 0.1;
  const int n = 100;
  const Vector2d x0(1, 0);
  auto sys = rotation(x0);
  for (int i = 0; i < n; ++i) pbm::step(sys, m, h);
  const Vector2d want = spiral(x0, rho, phi, n);
  EXPECT_VEC_NEAR(sys.x(), want, 1e-12 * want.norm())
      << section << ": 100 steps of h = 0.1 from (1, 0) give rho^100 R(100 phi) x0";
  EXPECT_NEAR(sys.x().norm(), rExpected, 1e-10) << section << ": the radius r_100 = rho^100";
}

// ---------------------------------------------------------------- spirals on the rotation field

// DEB §2.1, Fig. 4: each Euler step lands on a circle sqrt(1 + h^2) larger.
TEST(Ch02Spiral, EulerSpiralsOutBySqrtOnePlusHSquaredPerStep) {
  const double h = 0.1;
  expectSpiral(Method::Euler, std::sqrt(1 + h * h), std::atan(h), 1.6446318218, "DEB §2.1, Fig. 4");
}

// DEB §2.2 (derived): midpoint still spirals out, by sqrt(1 + h^4/4) per step.
TEST(Ch02Spiral, MidpointSpiralsOutBySqrtOnePlusH4Over4PerStep) {
  const double h = 0.1;
  expectSpiral(Method::Midpoint, std::sqrt(1 + std::pow(h, 4) / 4), std::atan2(h, 1 - h * h / 2),
               1.0012507659, "DEB §2.2");
}

// DEB §2.2 (derived): RK4 spirals slightly in, by sqrt(1 - h^6/72 + h^8/576).
TEST(Ch02Spiral, Rk4SpiralsInwardBySqrtOneMinusH6Over72PerStep) {
  const double h = 0.1;
  expectSpiral(Method::RK4, std::sqrt(1 - std::pow(h, 6) / 72 + std::pow(h, 8) / 576),
               std::atan2(h - h * h * h / 6, 1 - h * h / 2 + std::pow(h, 4) / 24), 0.9999993064,
               "DEB §2.2");
}

// ---------------------------------------------------------------- stability on the imaginary axis

// DEB §2 (derived): on the rotation field RK4 is stable iff h <= 2 sqrt 2;
// Euler and midpoint grow for every h > 0.
TEST(Ch02Stability, Rk4StableOnRotationIffHAtMostTwoSqrtTwo) {
  const auto rho2 = [](double h) { return 1 - std::pow(h, 6) / 72 + std::pow(h, 8) / 576; };
  // One RK4 step: rho^2 = 0.8661416 at h = 2.8 (stable), 1.4233985 at h = 2.9 (unstable).
  for (const auto& [h, want] : {std::pair{2.8, 0.8661416}, std::pair{2.9, 1.4233985}}) {
    auto sys = rotation(Vector2d(1, 0));
    pbm::rk4Step(sys, h);
    ASSERT_NEAR(sys.x().squaredNorm(), want, 1e-7)
        << "DEB §2.2 (derived): one RK4 step on the rotation field scales r^2 by "
           "1 - h^6/72 + h^8/576; h = "
        << h;
  }
  for (double h : {2.8, 2.9, 2 * std::numbers::sqrt2}) {
    auto sys = rotation(Vector2d(1, 0));
    for (int i = 0; i < 20; ++i) pbm::rk4Step(sys, h);
    ASSERT_NEAR(sys.x().norm(), std::pow(rho2(h), 10), 1e-10 * std::pow(rho2(h), 10))
        << "DEB §2.2 (derived): r_20 = rho^20 for RK4, stable iff h <= 2 sqrt 2; h = " << h;
  }
  for (Method m : {Method::Euler, Method::Midpoint}) {
    SCOPED_TRACE(methodName(m));
    for (double h : {1e-2, 0.5, 3.0}) {
      auto sys = rotation(Vector2d(1, 0));
      pbm::step(sys, m, h);
      ASSERT_GT(sys.x().norm(), 1.0)
          << "DEB §2.1-2.2: Euler and midpoint spiral out for every h > 0; h = " << h;
    }
  }
}

// ---------------------------------------------------------------- amplification on x' = x

// DEB §2.2: on x' = x one step is the Taylor polynomial of e^h of the method's order.
TEST(Ch02Amplification, OneStepOnGrowthGivesTaylorPolynomialsOfExp) {
  const double want[] = {1.5, 1.625, 211.0 / 128.0};
  const Method ms[] = {Method::Euler, Method::Midpoint, Method::RK4};
  for (int i = 0; i < 3; ++i) {
    ScalarSystem sys([](double y, double) { return y; }, 1.0);
    pbm::step(sys, ms[i], 0.5);
    ASSERT_NEAR(sys.y(), want[i], 4e-16)
        << "DEB §2.2: one " << methodName(ms[i]) << " step of h = 0.5 on x' = x from 1 is "
        << "the Taylor polynomial of e^0.5 of order " << pbm::methodOrder(ms[i]);
  }
}

// ---------------------------------------------------------------- stability on the real axis

// DEB §2.1 and IM slide "Euler's method has a speed limit": on x' = -kx,
// hk = 0.5, 1, 1.5, 2, 3 give decay, zero, damped flip-flop, neutral, explosion.
TEST(Ch02Stability, EulerDecayStaircaseOnMinusKx) {
  const double k = 4;
  const double hs[] = {0.125, 0.25, 0.375, 0.5, 0.75};
  const double x10[] = {std::pow(0.5, 10), 0.0, std::pow(0.5, 10), 1.0, 1024.0};
  for (int i = 0; i < 5; ++i) {
    ScalarSystem sys([k](double x, double) { return -k * x; }, 1.0);
    for (int s = 0; s < 10; ++s) pbm::step(sys, Method::Euler, hs[i]);
    ASSERT_EQ(sys.y(), x10[i]) << "DEB §2.1: Euler on x' = -kx gives x_10 = (1 - hk)^10 "
                               << "(dyadic: exact); hk = " << hs[i] * k;
  }
}

// DEB §2.2 (derived): R_M(-z) = 1 - z + z^2/2 >= 1/2, so midpoint never flips
// the sign of a decaying mode; hk = 2 is neutral, hk > 2 grows.
TEST(Ch02Stability, MidpointNeverFlipsSignAndIsNeutralAtHkTwo) {
  for (double z = 0.05; z < 6; z += 0.05) {
    ScalarSystem sys([](double x, double) { return -x; }, 1.0);
    pbm::midpointStep(sys, z);
    ASSERT_NEAR(sys.y(), 1 - z + z * z / 2, 1e-14)
        << "DEB §2.2: one midpoint step on x' = -x is 1 - z + z^2/2; z = h = " << z;
    ASSERT_GE(sys.y(), 0.5 - 1e-15)
        << "DEB §2.2 (derived): midpoint never flips the sign of a decaying mode; z = " << z;
  }
  ScalarSystem neutral([](double x, double) { return -4 * x; }, 1.0);
  for (int i = 0; i < 10; ++i) pbm::midpointStep(neutral, 0.5);
  EXPECT_EQ(neutral.y(), 1.0) << "DEB §2.2 (derived): hk = 2 is neutral for midpoint, R = 1";
}

// DEB §2.2 (derived): R_4(-z) > 0 (minimum 0.2704 near z = 1.596); RK4 on
// x' = -x is unstable beyond the real root 2.78529... of z^3 - 4z^2 + 12z - 24.
TEST(Ch02Stability, Rk4RealAxisLimitIsRootOfCubic) {
  double zMin = 10;
  for (double z = 0.01; z < 5; z += 0.01) {
    ScalarSystem sys([](double x, double) { return -x; }, 1.0);
    pbm::rk4Step(sys, z);
    ASSERT_GT(sys.y(), 0.27) << "DEB §2.2 (derived): R_4(-z) > 0.2704 > 0; z = h = " << z;
    zMin = std::min(zMin, sys.y());
  }
  EXPECT_NEAR(zMin, 0.2704, 1e-3) << "DEB §2.2 (derived): min R_4(-z) = 0.2704 near z = 1.596";
  // The root, by bisection on the cubic (independent of the code).
  double a = 2, b = 3;
  const auto cubic = [](double z) { return z * z * z - 4 * z * z + 12 * z - 24; };
  for (int i = 0; i < 100; ++i) {
    const double m = (a + b) / 2;
    (cubic(a) * cubic(m) <= 0 ? b : a) = m;
  }
  ScalarSystem atRoot([](double x, double) { return -x; }, 1.0);
  pbm::rk4Step(atRoot, a);
  EXPECT_NEAR(atRoot.y(), 1.0, 1e-14)
      << "DEB §2.2 (derived): at the root " << a << " of z^3 - 4z^2 + 12z - 24, |R_4(-z)| = 1";
  for (double h : {2.78, 2.79}) {
    ScalarSystem sys([](double x, double) { return -x; }, 1.0);
    for (int i = 0; i < 1000; ++i) pbm::rk4Step(sys, h);
    if (h < a) {
      ASSERT_LT(std::abs(sys.y()), 1e-3)
          << "DEB §2.2 (derived): RK4 on x' = -x decays below the limit 2.7853; h = " << h;
    } else {
      ASSERT_GT(std::abs(sys.y()), 1e3)
          << "DEB §2.2 (derived): RK4 on x' = -x grows above the limit 2.7853; h = " << h;
    }
  }
}

}  // namespace
