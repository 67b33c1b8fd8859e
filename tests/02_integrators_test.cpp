// Chapter 02 tests: the claims of Differential Equation Basics §2-§4 (DEB:
// Euler, midpoint and RK4, adaptive step sizes, the solver interface), each
// checked against a closed form, an independent computation or a measured
// convergence order. Every test calls a chapter-02 function (midpointStep,
// rk4Step, step, integrate, stepDoubling, proposeStepSize, adaptiveStep), so
// each fails on the exercise skeleton. Systems are test-local OdeSystems.
// Every loop is bounded: a step that does not advance fails, it never hangs.
// A failure names the section of the notes to read.
#include <gtest/gtest.h>

#include <Eigen/Core>
#include <Eigen/LU>
#include <cmath>
#include <complex>
#include <functional>
#include <limits>
#include <numbers>
#include <string>
#include <vector>

#include "expect_vec_near.h"
#include "pbm/core/counting_system.h"
#include "pbm/core/errors.h"
#include "pbm/core/stepping.h"
#include "pbm/integrators/adaptive.h"
#include "pbm/integrators/integrators.h"
#include "pbm/integrators/methods.h"

namespace {

using Eigen::Vector2d;
using Eigen::VectorXd;
using pbm::Method;
constexpr double kPi = std::numbers::pi;

const char* methodName(Method m) {
  return m == Method::Euler ? "Euler" : m == Method::Midpoint ? "midpoint" : "RK4";
}

// x' = A x (autonomous linear system).
class LinearSystem : public pbm::OdeSystem {
 public:
  LinearSystem(Eigen::MatrixXd A, VectorXd x0, double t0 = 0) : A_(std::move(A)), x_(x0), t_(t0) {}
  int dim() const override { return static_cast<int>(x_.size()); }
  void getState(VectorXd& x, double& t) const override { x = x_, t = t_; }
  void setState(const VectorXd& x, double t) override { x_ = x, t_ = t; }
  void derivEval(VectorXd& xdot) override { xdot = A_ * x_; }
  VectorXd x() const { return x_; }
  double t() const { return t_; }

 private:
  Eigen::MatrixXd A_;
  VectorXd x_;
  double t_;
};

// The rotation field (-y, x) of DEB §2.1 / Fig. 4: exact paths are circles.
LinearSystem rotation(const Vector2d& x0) {
  Eigen::MatrixXd J(2, 2);
  J << 0, -1, 1, 0;
  return LinearSystem(J, x0);
}

// A scalar ODE y' = g(y, t).
class ScalarSystem : public pbm::OdeSystem {
 public:
  ScalarSystem(std::function<double(double, double)> g, double y0, double t0 = 0)
      : g_(std::move(g)), y_(y0), t_(t0) {}
  int dim() const override { return 1; }
  void getState(VectorXd& x, double& t) const override {
    x.resize(1);
    x[0] = y_;
    t = t_;
  }
  void setState(const VectorXd& x, double t) override { y_ = x[0], t_ = t; }
  void derivEval(VectorXd& xdot) override {
    xdot.resize(1);
    xdot[0] = g_(y_, t_);
  }
  double y() const { return y_; }
  double t() const { return t_; }

 private:
  std::function<double(double, double)> g_;
  double y_, t_;
};

// y' = y^2 from y(0) = 0.5: y(t) = 0.5 / (1 - 0.5 t), a nonlinear test problem.
ScalarSystem riccati() {
  return ScalarSystem([](double y, double) { return y * y; }, 0.5);
}
double riccatiExact(double t) {
  return 0.5 / (1 - 0.5 * t);
}

// Kepler problem, mu = 1: state (x, y, vx, vy), acceleration -r / |r|^3.
class Kepler : public pbm::OdeSystem {
 public:
  explicit Kepler(const VectorXd& s0) : s_(s0) {}
  int dim() const override { return 4; }
  void getState(VectorXd& x, double& t) const override { x = s_, t = t_; }
  void setState(const VectorXd& x, double t) override { s_ = x, t_ = t; }
  void derivEval(VectorXd& xdot) override {
    xdot.resize(4);
    const double r = std::hypot(s_[0], s_[1]);
    xdot << s_[2], s_[3], -s_[0] / (r * r * r), -s_[1] / (r * r * r);
  }
  double t() const { return t_; }

 private:
  VectorXd s_;
  double t_ = 0;
};

// Least-squares slope of log(err) against log(h).
double slope(const std::vector<double>& h, const std::vector<double>& err) {
  const size_t n = h.size();
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (size_t i = 0; i < n; ++i) {
    const double x = std::log(h[i]), y = std::log(err[i]);
    sx += x, sy += y, sxx += x * x, sxy += x * y;
  }
  return (n * sxy - sx * sy) / (n * sxx - sx * sx);
}

// DEB §2.1-2.2 on the rotation field: n steps multiply r by rho^n and turn by n phi.
Vector2d spiral(const Vector2d& x0, double rho, double phi, int n) {
  const double c = std::cos(n * phi), s = std::sin(n * phi), g = std::pow(rho, n);
  return g * Vector2d(c * x0.x() - s * x0.y(), s * x0.x() + c * x0.y());
}

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
    EXPECT_NEAR(sys.x().squaredNorm(), want, 1e-7)
        << "DEB §2.2 (derived): one RK4 step on the rotation field scales r^2 by "
           "1 - h^6/72 + h^8/576; h = "
        << h;
  }
  for (double h : {2.8, 2.9, 2 * std::numbers::sqrt2}) {
    auto sys = rotation(Vector2d(1, 0));
    for (int i = 0; i < 20; ++i) pbm::rk4Step(sys, h);
    EXPECT_NEAR(sys.x().norm(), std::pow(rho2(h), 10), 1e-10 * std::pow(rho2(h), 10))
        << "DEB §2.2 (derived): r_20 = rho^20 for RK4, stable iff h <= 2 sqrt 2; h = " << h;
  }
  for (Method m : {Method::Euler, Method::Midpoint}) {
    SCOPED_TRACE(methodName(m));
    for (double h : {1e-2, 0.5, 3.0}) {
      auto sys = rotation(Vector2d(1, 0));
      pbm::step(sys, m, h);
      EXPECT_GT(sys.x().norm(), 1.0)
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
    EXPECT_NEAR(sys.y(), want[i], 4e-16)
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
    EXPECT_EQ(sys.y(), x10[i]) << "DEB §2.1: Euler on x' = -kx gives x_10 = (1 - hk)^10 "
                               << "(dyadic: exact); hk = " << hs[i] * k;
  }
}

// DEB §2.2 (derived): R_M(-z) = 1 - z + z^2/2 >= 1/2, so midpoint never flips
// the sign of a decaying mode; hk = 2 is neutral, hk > 2 grows.
TEST(Ch02Stability, MidpointNeverFlipsSignAndIsNeutralAtHkTwo) {
  for (double z = 0.05; z < 6; z += 0.05) {
    ScalarSystem sys([](double x, double) { return -x; }, 1.0);
    pbm::midpointStep(sys, z);
    EXPECT_NEAR(sys.y(), 1 - z + z * z / 2, 1e-14)
        << "DEB §2.2: one midpoint step on x' = -x is 1 - z + z^2/2; z = h = " << z;
    EXPECT_GE(sys.y(), 0.5 - 1e-15)
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
    EXPECT_GT(sys.y(), 0.27) << "DEB §2.2 (derived): R_4(-z) > 0.2704 > 0; z = h = " << z;
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
      EXPECT_LT(std::abs(sys.y()), 1e-3)
          << "DEB §2.2 (derived): RK4 on x' = -x decays below the limit 2.7853; h = " << h;
    } else {
      EXPECT_GT(std::abs(sys.y()), 1e3)
          << "DEB §2.2 (derived): RK4 on x' = -x grows above the limit 2.7853; h = " << h;
    }
  }
}

// ---------------------------------------------------------------- orders

// DEB §2.1 "O(h^2)", §2.2 "O(h^3)", "O(h^5)": halving h divides the one-step
// error by 4, 8, 32 (y' = y^2 from 0.5).
TEST(Ch02Order, LocalErrorsScaleAsH2H3H5) {
  const Method ms[] = {Method::Euler, Method::Midpoint, Method::RK4};
  const double lo[] = {3.8, 7.6, 29}, hi[] = {4.2, 8.5, 36};
  const double hs[] = {0.1, 0.05, 0.025, 0.0125};
  for (int i = 0; i < 3; ++i) {
    SCOPED_TRACE(methodName(ms[i]));
    std::vector<double> err;
    for (double h : hs) {
      auto sys = riccati();
      pbm::step(sys, ms[i], h);
      err.push_back(std::abs(sys.y() - riccatiExact(h)));
    }
    for (size_t j = 0; j + 1 < err.size(); ++j) {
      const double ratio = err[j] / err[j + 1];
      EXPECT_TRUE(ratio > lo[i] && ratio < hi[i])
          << "DEB §2.1-2.2: halving h from " << hs[j] << " must divide the one-step error by "
          << (1 << (pbm::methodOrder(ms[i]) + 1)) << " (accepted " << lo[i] << " ... " << hi[i]
          << "); got " << err[j] << " / " << err[j + 1] << " = " << ratio;
    }
  }
}

// DEB §2.1-2.2: global errors over a fixed interval are O(h), O(h^2), O(h^4)
// (least-squares slope on a log-log plot), on y' = y^2 and on the rotation field.
TEST(Ch02Order, GlobalErrorSlopesAreOneTwoFour) {
  const Method ms[] = {Method::Euler, Method::Midpoint, Method::RK4};
  const int n0[] = {40, 20, 10};
  const double p[] = {1, 2, 4}, tolP[] = {0.1, 0.1, 0.15};
  for (int i = 0; i < 3; ++i) {
    SCOPED_TRACE(methodName(ms[i]));
    std::vector<double> hs, errY, errRot;
    for (int N = n0[i]; N <= 8 * n0[i]; N *= 2) {
      const double h = 1.0 / N;
      auto y = riccati();
      EXPECT_EQ(pbm::integrate(y, ms[i], h, 1.0), N)
          << "DEB §4: integrate returns the number of steps, 1/h to T = 1";
      auto rot = rotation(Vector2d(1, 0));
      pbm::integrate(rot, ms[i], h, 1.0);
      hs.push_back(h);
      errY.push_back(std::abs(y.y() - riccatiExact(1.0)));
      errRot.push_back((rot.x() - Vector2d(std::cos(1.0), std::sin(1.0))).norm());
    }
    EXPECT_NEAR(slope(hs, errY), p[i], tolP[i])
        << "DEB §2.1-2.2: the global error on y' = y^2 to T = 1 is O(h^" << p[i]
        << "): the log-log slope";
    EXPECT_NEAR(slope(hs, errRot), p[i], tolP[i])
        << "DEB §2.1-2.2: the global error on the rotation field to T = 1 is O(h^" << p[i]
        << "): the log-log slope";
  }
}

// ---------------------------------------------------------------- stage times

// DEB §2.2 (stage times t0 + h/2, t0 + h): on x' = g(t) Euler is the left
// rectangle rule, midpoint the midpoint rule, RK4 Simpson's rule.
TEST(Ch02Quadrature, StageTimesMakeMethodsLeftMidpointAndSimpsonRules) {
  struct Row {
    const char* name;
    std::function<double(double, double)> g;
    double euler, midpoint, rk4;
  };
  const std::vector<Row> rows = {
      {"x' = 2t", [](double, double t) { return 2 * t; }, 0, 1, 1},
      {"x' = 3t^2", [](double, double t) { return 3 * t * t; }, 0, 0.75, 1},
      {"x' = 4t^3", [](double, double t) { return 4 * t * t * t; }, 0, 0.5, 1},
      {"x' = 5t^4", [](double, double t) { return 5 * std::pow(t, 4); }, 0, 5.0 / 16, 25.0 / 24},
  };
  for (const Row& r : rows) {
    SCOPED_TRACE(r.name);
    const double want[] = {r.euler, r.midpoint, r.rk4};
    const Method ms[] = {Method::Euler, Method::Midpoint, Method::RK4};
    for (int i = 0; i < 3; ++i) {
      ScalarSystem sys(r.g, 0.0);
      pbm::step(sys, ms[i], 1.0);
      EXPECT_NEAR(sys.y(), want[i], 1e-15)
          << "DEB §2.2: one " << methodName(ms[i]) << " step of h = 1 from t = 0 is the "
          << (i == 0   ? "left rectangle"
              : i == 1 ? "midpoint"
                       : "Simpson")
          << " rule (stages at t0, t0 + h/2, t0 + h)";
      EXPECT_EQ(sys.t(), 1.0) << "DEB §4: " << methodName(ms[i]) << " installs t0 + h";
    }
  }
}

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
    EXPECT_EQ(sys.evals(), kPerStep[i]) << "DEB §2: derivative evaluations per step";
    EXPECT_EQ(inner.t(), t0 + h) << "DEB §4: a step installs the time t0 + h";
    EXPECT_VEC_NEAR(inner.x(), want[i], 1e-15)
        << "DEB §4: a step installs its final state (the truncated series of exp(hJ) x0), not a "
           "stage's";

    sys.resetCounts();
    const long steps = pbm::integrate(sys, ms[i], 0.1, t0 + h + 1.0);
    EXPECT_EQ(steps, 10) << "DEB §4: integrate over 1 s with h = 0.1 takes 10 steps";
    EXPECT_EQ(sys.evals(), 10 * pbm::methodEvals(ms[i])) << "DEB §2: 10 steps' evaluations";
    EXPECT_EQ(inner.t(), t0 + h + 1.0) << "DEB §4: integrate ends at tEnd";
  }
}

// DEB §4: integrate shortens the last step so the run ends at tEnd exactly.
TEST(Ch02Contract, IntegrateClipsTheLastStepToLandOnTEnd) {
  auto sys = riccati();
  EXPECT_EQ(pbm::integrate(sys, Method::Euler, 0.3, 1.0), 4)
      << "DEB §4: steps ending at 0.3, 0.6, 0.9 and 1.0";
  EXPECT_EQ(sys.t(), 1.0) << "DEB §4: integrate ends at tEnd exactly";
  // Independent: Euler by hand with steps 0.3, 0.3, 0.3, 0.1.
  double y = 0.5;
  for (double h : {0.3, 0.3, 0.3, 0.1}) y += h * y * y;
  EXPECT_NEAR(sys.y(), y, 1e-15) << "DEB §4: the last step is shortened to 0.1, not taken whole";
}

// DEB §4: integrate lands on tEnd when h does not divide it: RK4 with h = 0.01
// over one Kepler period T = 2 pi takes 628 steps of h and a last one of
// T - 6.28 = 0.0031853..., and equals those steps taken one by one here.
TEST(Ch02Contract, IntegrateLandsOnTEndWhenHDoesNotDivideIt) {
  VectorXd s0(4);
  s0 << 0.3, 0, 0, std::sqrt(1.7 / 0.3);  // perihelion of a = 1, e = 0.7
  const double T = 2 * kPi, h = 0.01;
  Kepler sys(s0);
  pbm::CountingSystem counted(sys);
  EXPECT_EQ(pbm::integrate(counted, Method::RK4, h, T), 629)
      << "DEB §4: ceil(2 pi / 0.01) = 629 steps, the last one shortened";
  EXPECT_EQ(sys.t(), T) << "DEB §4: integrate must end at tEnd = 2 pi exactly";
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
      << "DEB §4: integrate = 628 RK4 steps of 0.01 and one of 2 pi - 6.28 (position, velocity)";
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
    EXPECT_EQ(sys.evals(), kPerAttempt[i])
        << "DEB §3: an attempt costs 3p - 1 evaluations, f(x0, t0) shared by x_a and x_b";
    EXPECT_EQ(sd.evals, sys.evals()) << "DEB §3: StepDoubling::evals reports what was spent";
    EXPECT_EQ(inner.t(), 2.0) << "DEB §3: stepDoubling leaves the start time installed";
    EXPECT_VEC_NEAR(inner.x(), Vector2d(3, 4), 0.0)
        << "DEB §3: stepDoubling leaves the start state installed";
  }
}

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
    EXPECT_NEAR(e.error, want, 1e-15)  // x_a - x_b cancels: absolute
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
  pbm::AdaptiveStats st;
  const double h = 0.01;
  const double next = pbm::adaptiveStep(sys, h, 1.0, &st);  // tol 1: accepted at once
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
  pbm::AdaptiveStats st;
  double h = 0.1;
  // About 500 accepted steps of 2e-3; a step that does not advance fails, never hangs.
  for (int call = 0; sys.t() < 1.0 && call < 20000; ++call) {
    const double t0 = sys.t();
    h = pbm::adaptiveStep(sys, h, tol, &st, opt);
    ASSERT_GT(sys.t(), t0) << "DEB §3: an adaptive step must advance the time; stuck at t = " << t0
                           << " (next h = " << h << ")";
    EXPECT_LE(st.lastError, tol) << "DEB §3: every accepted step meets tol; t = " << sys.t();
    if (st.accepted > 20) {
      const double settle = 2 * std::sqrt(tol / sys.x().norm());
      EXPECT_NEAR(st.lastH, settle, 0.02 * settle)
          << "DEB §3 (derived): accepted steps settle where e = h^2 r / 4 = tol; t = " << sys.t();
    }
    if (HasFailure()) break;  // one report, not thousands
  }
  EXPECT_GE(sys.t(), 1.0) << "DEB §3: 20000 adaptive steps did not reach t = 1";
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
  double h = 1e-3;
  // About 1500 accepted steps; a step that does not advance fails, never hangs.
  for (int call = 0; sys.t() < T && call < 100000; ++call) {
    const double t0 = sys.t();
    h = pbm::adaptiveStep(sys, std::min(h, T - sys.t()), tol, &st, opt);  // clip the last step
    ASSERT_GT(sys.t(), t0) << "DEB §3: an adaptive step must advance the time; stuck at t = " << t0
                           << " (next h = " << h << ")";
    EXPECT_LE(st.lastError, tol) << "DEB §3: every accepted step meets tol; t = " << sys.t();
    if (HasFailure()) break;  // one report, not thousands
  }
  EXPECT_EQ(sys.t(), T) << "DEB §3: 100000 adaptive steps did not reach one period";
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

// DEB §3: a tolerance that cannot be met stops with SimulationDiverged rather
// than shrinking h forever.
TEST(Ch02Adaptive, ThrowsWhenStepFallsBelowHMin) {
  auto sys = rotation(Vector2d(1, 0));
  pbm::AdaptiveOptions opt;
  opt.hMin = 1e-3;
  EXPECT_THROW(pbm::adaptiveStep(sys, 0.1, 1e-12, nullptr, opt), pbm::SimulationDiverged)
      << "DEB §3: tol = 1e-12 needs h ~ 2e-6 < hMin = 1e-3: adaptiveStep must throw";
}

// ---------------------------------------------------------------- work and precision

// DEB §2.1 ("Euler's method isn't even efficient"): at 256 evaluations over one
// revolution, RK4 beats midpoint by 10x and midpoint beats Euler by 10x.
TEST(Ch02WorkPrecision, AtEqualEvaluationsRk4BeatsMidpointBeatsEuler) {
  const Method ms[] = {Method::Euler, Method::Midpoint, Method::RK4};
  double err[3];
  for (int i = 0; i < 3; ++i) {
    const int steps = 256 / pbm::methodEvals(ms[i]);
    auto inner = rotation(Vector2d(1, 0));
    pbm::CountingSystem sys(inner);
    pbm::integrate(sys, ms[i], 2 * kPi / steps, 2 * kPi);
    EXPECT_EQ(sys.evals(), 256) << "DEB §2: " << methodName(ms[i]) << " with " << steps
                                << " steps spends 256 evaluations";
    err[i] = (inner.x() - Vector2d(1, 0)).norm();
  }
  EXPECT_LT(err[2], err[1] / 10) << "DEB §2.1-2.2: at equal cost RK4 (error " << err[2]
                                 << ") beats midpoint (error " << err[1] << ") by 10x";
  EXPECT_LT(err[1] / 10, err[0] / 100) << "DEB §2.1: at equal cost midpoint (error " << err[1]
                                       << ") beats Euler (error " << err[0] << ") by 10x";
  // Closed form for Euler: |rho^n R(n phi) x0 - x0|, n = 256.
  const double h = 2 * kPi / 256;
  EXPECT_NEAR(err[0],
              (spiral({1, 0}, std::sqrt(1 + h * h), std::atan(h), 256) - Vector2d(1, 0)).norm(),
              1e-12)
      << "DEB §2.1, Fig. 4: Euler's error after one revolution is |rho^256 R(256 phi) x0 - x0|";
}

// ---------------------------------------------------------------- Lorenz
// The Lorenz system (chapter 01's 3D scene), written out here on its own so
// this test judges rk4Step alone: (sigma (y - x), x (rho - z) - y, x y - beta z).
class LorenzOde : public pbm::OdeSystem {
 public:
  LorenzOde(double sigma, double rho, double beta) : s_(sigma), r_(rho), b_(beta) {}
  int dim() const override { return 3; }
  void getState(VectorXd& x, double& t) const override { x = x_, t = t_; }
  void setState(const VectorXd& x, double t) override { x_ = x, t_ = t; }
  void derivEval(VectorXd& xdot) override {
    xdot.resize(3);
    xdot << s_ * (x_[1] - x_[0]), x_[0] * (r_ - x_[2]) - x_[1], x_[0] * x_[1] - b_ * x_[2];
  }

 private:
  double s_, r_, b_;
  VectorXd x_ = VectorXd::Zero(3);
  double t_ = 0;
};

// DEB §1 and §2.2: the Lorenz field's divergence is -(sigma + 1 + beta) at
// every point, so the flow map Phi_t shrinks every small volume by exactly
// det(dPhi_t/dx0) = exp(-(sigma + 1 + beta) t). With the student's rk4Step
// (h = 0.005 to t = 1) the flow map's Jacobian by central differences (each
// start coordinate moved by +-1e-5) has that determinant to 1 %. Measured:
// 4e-5 and 9e-5 off; midpoint in place of RK4 is 2.4 % off, Euler 10 % off.
TEST(Ch02Lorenz, Rk4FlowShrinksVolumeAsExpMinusSigmaPlusOnePlusBetaT) {
  struct Case {
    double sigma, rho, beta;
    Eigen::Vector3d x0;
  };
  const Case cases[] = {{10.0, 28.0, 8.0 / 3.0, {1.0, 1.0, 1.0}},
                        {6.0, 20.0, 1.5, {2.0, -1.0, 15.0}}};
  const double h = 0.005, delta = 1e-5;
  const int steps = 200;  // t = 1
  for (const auto& c : cases) {
    auto flow = [&](const Eigen::Vector3d& x0) {
      LorenzOde sys(c.sigma, c.rho, c.beta);
      sys.setState(x0, 0.0);
      for (int i = 0; i < steps; ++i) pbm::rk4Step(sys, h);
      VectorXd x;
      double t = 0;
      sys.getState(x, t);
      return Eigen::Vector3d(x.head<3>());
    };
    Eigen::Matrix3d jac;
    for (int k = 0; k < 3; ++k) {
      const Eigen::Vector3d e = delta * Eigen::Vector3d::Unit(k);
      jac.col(k) = (flow(c.x0 + e) - flow(c.x0 - e)) / (2.0 * delta);
    }
    const double want = std::exp(-(c.sigma + 1.0 + c.beta));
    const double got = jac.determinant();
    EXPECT_NEAR(got / want, 1.0, 0.01)
        << "DEB §2.2 (RK4) on the Lorenz flow, sigma = " << c.sigma << ", rho = " << c.rho
        << ", beta = " << c.beta
        << ": volume factor over t = 1 expected exp(-(sigma + 1 + beta)) = " << want
        << ", got det(dPhi/dx0) = " << got;
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
  EXPECT_EQ(stepper.steps(), 4) << "DEB §4: steps 0.3, 0.3, 0.3 and the clipped 0.1";
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
    EXPECT_NEAR(sys.y(), std::pow(2.5, n), 1e-12 * std::pow(2.5, n)) << "IM §2: R(-3)^n";
    EXPECT_EQ(stepper.diverged(), n >= 16)
        << "expected diverged only once 2.5^n > 1e6, got " << stepper.diverged();
  }
}

}  // namespace
