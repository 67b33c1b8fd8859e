// Chapter 01 tests: vector fields, the solver interface and the Euler polygon
// (Differential Equation Basics, DEB §1, §2.1, §4; Particle System Dynamics,
// PSD §2). Each test checks one claim of the notes (labelled C1.1-C1.12 as in
// the chapter's lesson) against an exact closed form or an independent
// computation, and calls a chapter-01 student function, so each fails on the
// exercise skeleton. A failure names the section of the notes to read.
#include <gtest/gtest.h>

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <cmath>
#include <functional>
#include <limits>
#include <numbers>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "expect_vec_near.h"
#include "pbm/app/headless.h"
#include "pbm/core/counting_system.h"
#include "pbm/core/errors.h"
#include "pbm/fields/euler.h"
#include "pbm/fields/field_point.h"
#include "pbm/fields/fields.h"
#include "scenes.h"

namespace {

using Eigen::Vector2d;
using pbm::FieldPoint;

constexpr double kPi = std::numbers::pi;

Eigen::Matrix2d rotation(double angle) {
  return Eigen::Rotation2Dd(angle).toRotationMatrix();
}

// Traces `steps` Euler steps of `field` from (x0, t0) with the student's tracer.
// A polygon of the wrong length is a failure, padded with NaN so that the
// callers' v[steps] stays in bounds.
std::vector<Vector2d> trace(pbm::Field2d field, const Vector2d& x0, double h, int steps,
                            double t0 = 0.0) {
  FieldPoint p(std::move(field), x0, t0);
  std::vector<Vector2d> v = pbm::traceIntegralCurve(p, h, steps);
  if (v.size() != static_cast<size_t>(steps) + 1) {
    ADD_FAILURE() << "DEB §2.1: " << steps << " Euler steps give " << steps + 1
                  << " vertices (x0 first); traceIntegralCurve returned " << v.size();
    v.resize(static_cast<size_t>(steps) + 1, Vector2d::Constant(std::nan("")));
  }
  return v;
}

// ---------------------------------------------------------------- C1.1
// An exact integral curve x(t) of each catalogue field and the field itself.
struct CatalogueCase {
  const char* name;
  std::function<Vector2d(double)> curve;                   // x(t), x(0) = x0
  std::function<Vector2d(const Vector2d&, double)> field;  // the student's f(x, t)
};

// Exact curves, solved by hand (DEB §1), written independently of the fields.
std::vector<CatalogueCase> catalogue() {
  const Vector2d x0(0.8, -0.6);
  const double a = 0.3, k = 3.0, omega = 1.7, m = 2.0, ks = 5.0;
  const double w = std::sqrt(ks / m);
  return {
      {"rotation", [=](double t) -> Vector2d { return rotation(t) * x0; },
       [](const Vector2d& x, double t) { return pbm::rotationField(x, t); }},
      {"spiral_sink", [=](double t) -> Vector2d { return std::exp(-a * t) * (rotation(t) * x0); },
       [=](const Vector2d& x, double t) { return pbm::spiralSinkField(x, t, a); }},
      {"saddle", [=](double t) { return Vector2d(x0.x() * std::exp(t), x0.y() * std::exp(-t)); },
       [](const Vector2d& x, double t) { return pbm::saddleField(x, t); }},
      {"stiff_bowl",
       [=](double t) { return Vector2d(x0.x() * std::exp(-t), x0.y() * std::exp(-k * t)); },
       [=](const Vector2d& x, double t) { return pbm::stiffBowlField(x, t, k); }},
      {"rotating_wind",
       [=](double t) -> Vector2d {
         return x0 + Vector2d(std::sin(omega * t), 1.0 - std::cos(omega * t)) / omega;
       },
       [=](const Vector2d& x, double t) { return pbm::rotatingWindField(x, t, omega); }},
      {"spring_phase",
       [=](double t) {
         return Vector2d(x0.x() * std::cos(w * t) + x0.y() / w * std::sin(w * t),
                         -x0.x() * w * std::sin(w * t) + x0.y() * std::cos(w * t));
       },
       [=](const Vector2d& x, double t) {
         return pbm::phasePlaneField(x, t, m, [=](double p, double, double) { return -ks * p; });
       }},
  };
}

// DEB §1: each catalogued closed form is an integral curve, xdot = f(x, t).
TEST(Ch01Fields, ExactCurvesSatisfyXdotEqualsF) {
  const double t = 0.7, d = 1e-5;
  for (const auto& c : catalogue()) {
    SCOPED_TRACE(c.name);
    const Vector2d central = (c.curve(t + d) - c.curve(t - d)) / (2 * d);
    const Vector2d f = c.field(c.curve(t), t);
    EXPECT_VEC_NEAR(f, central, 1e-8)
        << "DEB §1: f(x(t), t) must equal dx/dt of the exact integral curve (central "
           "difference at t = 0.7)";
  }
}

// PSD §2: the phase-plane derivative is (v, F(x, v, t)/m), with x, v and t
// passed to the force as they are (a force that uses all three).
TEST(Ch01Fields, PhasePlaneDerivativeIsVelocityAndForceOverMass) {
  const auto force = [](double x, double v, double t) { return 3.0 * x - 5.0 * v + 7.0 * t; };
  const Vector2d f = pbm::phasePlaneField({0.25, -0.5}, 0.125, 4.0, force);
  EXPECT_EQ(f.x(), -0.5) << "PSD §2: xdot = v";
  EXPECT_EQ(f.y(), (0.75 + 2.5 + 0.875) / 4.0)
      << "PSD §2: vdot = F(x, v, t) / m with F = 3x - 5v + 7t at (0.25, -0.5, 0.125), m = 4";
}

// ---------------------------------------------------------------- C1.2
// DEB §4: dim, get/set of (x, t), and derivEval at the installed state.
TEST(Ch01FieldPoint, InterfaceSetGetIsExactAndDerivEvalLeavesStateAlone) {
  FieldPoint p([](const Vector2d& x, double t) { return pbm::rotatingWindField(x, t, 1.3); },
               Vector2d(0.0, 0.0));
  EXPECT_EQ(p.dim(), 2) << "DEB §4: a point in the plane has a 2D state";
  Eigen::VectorXd x(2);
  x << 0.123456789012345, -9.87654321098765;
  p.setState(x, 0.3);
  Eigen::VectorXd got;
  double t = -1.0;
  p.getState(got, t);
  ASSERT_EQ(got.size(), 2) << "DEB §4: getState returns dim() numbers";
  EXPECT_EQ(got(0), x(0)) << "DEB §4: getState returns what setState installed, bitwise";
  EXPECT_EQ(got(1), x(1)) << "DEB §4: getState returns what setState installed, bitwise";
  EXPECT_EQ(t, 0.3) << "DEB §4: getState returns the installed time";

  Eigen::VectorXd f1, f2;
  p.derivEval(f1);
  p.derivEval(f2);
  ASSERT_EQ(f1.size(), 2) << "DEB §4: derivEval returns dim() numbers";
  EXPECT_EQ(f1(0), std::cos(1.3 * 0.3))
      << "DEB §4: derivEval evaluates f at the installed t = 0.3, not the constructor's t0";
  EXPECT_EQ(f1(1), std::sin(1.3 * 0.3))
      << "DEB §4: derivEval evaluates f at the installed t = 0.3, not the constructor's t0";
  EXPECT_EQ(f1(0), f2(0)) << "DEB §4: a second derivEval gives the same f";
  EXPECT_EQ(f1(1), f2(1)) << "DEB §4: a second derivEval gives the same f";
  p.getState(got, t);
  EXPECT_EQ(got(0), x(0)) << "DEB §4: derivEval must not change the state";
  EXPECT_EQ(got(1), x(1)) << "DEB §4: derivEval must not change the state";
  EXPECT_EQ(t, 0.3) << "DEB §4: derivEval must not change the time";
}

// DEB §4: the constructor's (x0, t0) is the installed state.
TEST(Ch01FieldPoint, StartsAtTheGivenPointAndTime) {
  FieldPoint p([](const Vector2d& x, double t) { return pbm::saddleField(x, t); },
               Vector2d(0.5, -2.0), 1.5);
  Eigen::VectorXd x;
  double t = 0.0;
  p.getState(x, t);
  EXPECT_VEC_NEAR(x, Eigen::Vector2d(0.5, -2.0), 0.0) << "DEB §4: the constructor's x0";
  EXPECT_EQ(t, 1.5) << "DEB §4: the constructor's t0";
  Eigen::VectorXd f;
  p.derivEval(f);
  EXPECT_VEC_NEAR(f, Eigen::Vector2d(0.5, 2.0), 0.0)
      << "DEB §1, §4: the saddle field (x, -y) at the constructor's x0";
}

// ---------------------------------------------------------------- Euler on OdeSystem
// A 1D test system xdot = -k x, written here so eulerStep is checked on a system
// other than FieldPoint (the solver sees only the interface, DEB §4).
class Decay : public pbm::OdeSystem {
 public:
  explicit Decay(double k, double x0) : k_(k), x_(x0) {}
  int dim() const override { return 1; }
  void getState(Eigen::VectorXd& x, double& t) const override {
    x = Eigen::VectorXd::Constant(1, x_);
    t = t_;
  }
  void setState(const Eigen::VectorXd& x, double t) override {
    x_ = x(0);
    t_ = t;
  }
  void derivEval(Eigen::VectorXd& xdot) override { xdot = Eigen::VectorXd::Constant(1, -k_ * x_); }
  double x() const { return x_; }
  double t() const { return t_; }

 private:
  double k_, x_, t_ = 0.0;
};

// DEB §2.1: for xdot = -k x, Euler gives x_n = (1 - h k)^n x0: a decay for
// h < 1/k, an oscillation about zero for 1/k < h < 2/k, a blow-up beyond 2/k.
TEST(Ch01Euler, DecayOscillatesAboveOneOverKAndDivergesAboveTwoOverK) {
  const double k = 4.0;
  for (double h : {0.125, 0.375, 0.625}) {  // 1 - hk = 0.5, -0.5, -1.5 (dyadic: exact)
    SCOPED_TRACE("h = " + std::to_string(h) + ", k = 4");
    Decay d(k, 1.0);
    for (int n = 1; n <= 12; ++n) {
      pbm::eulerStep(d, h);
      EXPECT_EQ(d.x(), std::pow(1.0 - h * k, n))
          << "DEB §2.1: Euler on xdot = -kx gives x_n = (1 - hk)^n x0; step " << n;
      EXPECT_EQ(d.t(), n * h) << "DEB §2.1: each step installs t0 + h; step " << n;
    }
  }
}

// DEB §2: cost is counted in derivative evaluations; Euler needs one per step.
TEST(Ch01Euler, CostsOneDerivativeEvaluationPerStep) {
  FieldPoint p([](const Vector2d& x, double t) { return pbm::rotationField(x, t); },
               Vector2d(1.0, 0.0));
  pbm::CountingSystem counted(p);
  for (int i = 0; i < 7; ++i) pbm::eulerStep(counted, 0.1);
  EXPECT_EQ(counted.evals(), 7) << "DEB §2.1: one derivative evaluation per Euler step";
  counted.resetCounts();
  const auto v = pbm::traceIntegralCurve(counted, 0.1, 25);
  EXPECT_EQ(v.size(), 26u) << "DEB §2.1: a polygon of 25 legs has 26 vertices";
  EXPECT_EQ(counted.evals(), 25) << "DEB §2.1: 25 legs cost 25 evaluations";
}

// ---------------------------------------------------------------- C1.3
// DEB §2.1, Fig. 3: each leg of the Euler polygon is h f at the leg's start,
// with f evaluated at the leg's start time t0 + k h (time-dependent field).
TEST(Ch01Euler, PolygonLegsFollowFAtEachLegStart) {
  const double omega = 1.7, h = 0.05, t0 = 0.2;
  const int n = 40;
  const auto v =
      trace([=](const Vector2d& x, double t) { return pbm::rotatingWindField(x, t, omega); },
            Vector2d(0.3, -0.4), h, n, t0);
  ASSERT_EQ(v.size(), static_cast<size_t>(n + 1)) << "DEB §2.1: n legs, n + 1 vertices";
  EXPECT_VEC_NEAR(v[0], Vector2d(0.3, -0.4), 0.0) << "DEB §2.1: the polygon starts at x0";
  for (int k = 0; k < n; ++k) {
    const double tk = t0 + k * h;
    const Vector2d leg = h * Vector2d(std::cos(omega * tk), std::sin(omega * tk));
    const double scale = std::max(1.0, v[k + 1].norm());
    EXPECT_VEC_NEAR(Vector2d(v[k + 1] - v[k]), leg, 1e-15 * scale)
        << "DEB §2.1, Fig. 3: leg " << k << " must be h f(x_k, t0 + k h)";
  }
}

// ---------------------------------------------------------------- C1.4
// DEB §2.1, "the spiral of your choice": on a linear field f = A x Euler gives
// x_n = (I + hA)^n x0, and each step scales |x|^2 of the spiral sink by
// (1 - ha)^2 + h^2, so Euler turns the sink into a source for h > 2a/(1 + a^2).
TEST(Ch01Euler, SpiralSinkBecomesASourceAboveHEquals2aOver1PlusASquared) {
  const double a = 0.25;  // threshold 2a/(1+a^2) = 0.4705882...
  Eigen::Matrix2d A;
  A << -a, -1.0, 1.0, -a;
  const Vector2d x0(1.0, 0.0);
  const int n = 40;
  for (double h : {0.25, 0.5}) {
    SCOPED_TRACE("h = " + std::to_string(h) + " (threshold 2a/(1 + a^2) = 0.4706)");
    const auto v =
        trace([=](const Vector2d& x, double t) { return pbm::spiralSinkField(x, t, a); }, x0, h, n);
    const double factor = (1 - h * a) * (1 - h * a) + h * h;  // 0.94140625 or 1.015625
    const double want = std::pow(factor, n);
    EXPECT_NEAR(v[n].squaredNorm(), want, 1e-13 * want)
        << "DEB §2.1: each Euler step scales |x|^2 by (1 - ha)^2 + h^2";
    // An independent matrix power (I + hA)^n x0 by repeated multiplication.
    const Eigen::Matrix2d step = Eigen::Matrix2d::Identity() + h * A;
    Eigen::Matrix2d power = Eigen::Matrix2d::Identity();
    for (int i = 0; i < n; ++i) power = step * power;
    const Vector2d xn = power * x0;
    EXPECT_VEC_NEAR(v[n], xn, 1e-13 * xn.norm()) << "DEB §2.1: x_n = (I + hA)^n x0";
    // The verdict on the student's polygon: 0.0893... (a sink) or 1.8592... (a source).
    if (h < 2 * a / (1 + a * a)) {
      EXPECT_LT(v[n].squaredNorm(), 0.09) << "DEB §2.1: below the threshold Euler still sinks";
    } else {
      EXPECT_GT(v[n].squaredNorm(), 1.85) << "DEB §2.1: above the threshold Euler is a source";
    }
  }
}

// ---------------------------------------------------------------- C1.5
// DEB §2.1, Fig. 4: on circles Euler always spirals outward, r_n = r0 (1+h^2)^{n/2},
// and turns by atan(h) per step; a smaller h slows the drift but never removes it.
TEST(Ch01Euler, RotationRadiusGrowsBySqrtOnePlusHSquaredPerStep) {
  struct Case {
    double h;
    int n;
    double r;
  };
  for (const Case c : {Case{0.1, 100, 1.6446318218438827}, Case{0.01, 628, 1.031896560647043}}) {
    SCOPED_TRACE("h = " + std::to_string(c.h) + ", " + std::to_string(c.n) + " steps");
    const auto v = trace([](const Vector2d& x, double t) { return pbm::rotationField(x, t); },
                         Vector2d(1.0, 0.0), c.h, c.n);
    EXPECT_NEAR(v[c.n].norm(), c.r, 1e-12 * c.r)
        << "DEB §2.1, Fig. 4: r_n = (1 + h^2)^(n/2) r0, evaluated";
    EXPECT_NEAR(v[c.n].norm(), std::pow(1 + c.h * c.h, c.n / 2.0), 1e-12 * c.r)
        << "DEB §2.1, Fig. 4: r_n = (1 + h^2)^(n/2) r0";
    // Unwrapped angle: sum the per-leg turns, each must be atan(h).
    double theta = 0.0;
    for (int k = 0; k < c.n; ++k) {
      const double turn =
          std::atan2(v[k].x() * v[k + 1].y() - v[k].y() * v[k + 1].x(), v[k].dot(v[k + 1]));
      EXPECT_NEAR(turn, std::atan(c.h), 1e-13) << "DEB §2.1: every leg turns by atan(h); leg " << k;
      theta += turn;
    }
    EXPECT_NEAR(theta, c.n * std::atan(c.h), 1e-12 * c.n * std::atan(c.h))
        << "DEB §2.1: n legs turn by n atan(h)";
    for (int k = 0; k < c.n; ++k)
      EXPECT_GT(v[k + 1].norm(), v[k].norm())
          << "DEB §2.1, Fig. 4: Euler always spirals outward; vertex " << k + 1;
  }
}

// ---------------------------------------------------------------- C1.6
// DEB §2.1: "bigger steps, bigger errors"; the global error of the Euler polygon
// is O(h): the least-squares slope of log(error) against log(h) is 1.
TEST(Ch01Euler, GlobalErrorIsFirstOrderInH) {
  const Vector2d x0(1.0, 0.0);
  const Vector2d exact = rotation(1.0) * x0;
  std::vector<double> lx, ly;
  for (int n : {40, 80, 160, 320}) {
    const double h = 1.0 / n;
    const auto v =
        trace([](const Vector2d& x, double t) { return pbm::rotationField(x, t); }, x0, h, n);
    lx.push_back(std::log(h));
    ly.push_back(std::log((v[n] - exact).norm()));
  }
  const double mx = (lx[0] + lx[1] + lx[2] + lx[3]) / 4, my = (ly[0] + ly[1] + ly[2] + ly[3]) / 4;
  double sxy = 0, sxx = 0;
  for (size_t i = 0; i < lx.size(); ++i) {
    sxy += (lx[i] - mx) * (ly[i] - my);
    sxx += (lx[i] - mx) * (lx[i] - mx);
  }
  EXPECT_NEAR(sxy / sxx, 1.0, 0.05)
      << "DEB §2.1: the global error of Euler is O(h): the log-log slope over h = 1/40 ... 1/320 "
         "must be 1";
}

// ---------------------------------------------------------------- C1.7
// DEB §1, §2.1: the saddle's exact curves keep x y constant; an Euler step
// multiplies x y by exactly (1 + h)(1 - h) = 1 - h^2.
TEST(Ch01Euler, SaddleProductXyShrinksByOneMinusHSquaredPerStep) {
  const double h = 0.25;
  const int n = 20;
  const auto v = trace([](const Vector2d& x, double t) { return pbm::saddleField(x, t); },
                       Vector2d(0.5, 2.0), h, n);
  EXPECT_NEAR(v[n].x() * v[n].y(), std::pow(0.9375, n), 1e-14 * std::pow(0.9375, n))
      << "DEB §1, §2.1: each Euler step multiplies x y by (1 + h)(1 - h) = 1 - h^2";
  EXPECT_EQ(v[n].x(), 0.5 * std::pow(1.25, n)) << "DEB §2.1: x_n = (1 + h)^n x0 (dyadic: exact)";
  EXPECT_EQ(v[n].y(), 2.0 * std::pow(0.75, n)) << "DEB §2.1: y_n = (1 - h)^n y0 (dyadic: exact)";
}

// ---------------------------------------------------------------- C1.8
// DEB §1; Implicit Methods §2: the stiff bowl's Euler polygon is
// x_n = (1 - h)^n x0, y_n = (1 - hk)^n y0 (dyadic inputs: exactly).
TEST(Ch01Euler, StiffBowlComponentsDecayByOneMinusHAndOneMinusHk) {
  const double k = 4.0, h = 0.125;
  const int n = 16;
  const auto v = trace([=](const Vector2d& x, double t) { return pbm::stiffBowlField(x, t, k); },
                       Vector2d(1.0, 1.0), h, n);
  for (int i = 0; i <= n; ++i) {
    EXPECT_EQ(v[i].x(), std::pow(0.875, i)) << "IM §2: x_n = (1 - h)^n x0; vertex " << i;
    EXPECT_EQ(v[i].y(), std::pow(0.5, i)) << "IM §2: y_n = (1 - hk)^n y0; vertex " << i;
  }
  // The exact curve through (1, 1) is y = x^k; Euler's y falls faster here.
  EXPECT_LT(v[n].y(), std::pow(v[n].x(), k))
      << "IM §2: Euler's fast component decays faster than on the exact curve y = x^k";
}

// ---------------------------------------------------------------- C1.9
// DEB §1, "dual time dependence": on the rotating wind Euler is a left Riemann
// sum of (cos wt, sin wt), x_N = (h, h cot(pi/(2N))) with h = T/N, T = pi/w,
// near the exact (0, 2/w); freezing the field at t0 would land at (T, 0).
TEST(Ch01Euler, RotatingWindSeesTheTimeOfEachStep) {
  const double omega = 2.0, T = kPi / omega;
  const int n = 50;
  const double h = T / n;
  const auto v =
      trace([=](const Vector2d& x, double t) { return pbm::rotatingWindField(x, t, omega); },
            Vector2d(0.0, 0.0), h, n);
  EXPECT_NEAR(v[n].x(), h, 1e-12) << "DEB §1: x_N of the left Riemann sum of cos(w t)";
  EXPECT_NEAR(v[n].y(), h / std::tan(kPi / (2 * n)), 1e-12)  // 0.99967099...
      << "DEB §1: y_N = h cot(pi/(2N)), the left Riemann sum of sin(w t)";
  EXPECT_VEC_NEAR(v[n], Vector2d(0.0, 2.0 / omega), 0.04)
      << "DEB §1: the polygon ends near the exact curve's (0, 2/w)";
  EXPECT_GT((v[n] - Vector2d(T, 0.0)).norm(), 1.0)
      << "DEB §1: got " << v[n].transpose() << ", which is what a field frozen at t0 gives, (T, 0)";
}

// ---------------------------------------------------------------- C1.10
// DEB §1: the flow property. For an autonomous field n1 steps then n2 more give
// the polygon of n1 + n2 steps bitwise; a time-dependent field must resume at
// t0 + n1 h, and restarting the clock at 0 gives a different curve.
TEST(Ch01Trace, TracingInTwoLegsEqualsTracingInOne) {
  const double h = 0.1;
  const int n1 = 17, n2 = 23;
  const pbm::Field2d rot = [](const Vector2d& x, double t) { return pbm::rotationField(x, t); };
  const auto whole = trace(rot, Vector2d(0.7, 0.2), h, n1 + n2);
  FieldPoint p(rot, Vector2d(0.7, 0.2));
  const auto first = pbm::traceIntegralCurve(p, h, n1);
  const auto second = pbm::traceIntegralCurve(p, h, n2);
  ASSERT_EQ(first.size(), static_cast<size_t>(n1 + 1)) << "DEB §2.1: n legs, n + 1 vertices";
  ASSERT_EQ(second.size(), static_cast<size_t>(n2 + 1)) << "DEB §2.1: n legs, n + 1 vertices";
  EXPECT_VEC_NEAR(second[0], first[n1], 0.0)
      << "DEB §1: the second leg starts where the first ended";
  for (int i = 0; i <= n2; ++i)
    EXPECT_VEC_NEAR(second[i], whole[n1 + i], 0.0)
        << "DEB §1: tracing 17 then 23 steps must equal 40 steps; vertex " << n1 + i;

  const pbm::Field2d wind = [](const Vector2d& x, double t) {
    return pbm::rotatingWindField(x, t, 1.5);
  };
  const auto wholeWind = trace(wind, Vector2d(0.0, 0.0), h, n1 + n2);
  FieldPoint q(wind, Vector2d(0.0, 0.0));
  pbm::traceIntegralCurve(q, h, n1);
  const auto resumed = pbm::traceIntegralCurve(q, h, n2);
  ASSERT_EQ(resumed.size(), static_cast<size_t>(n2 + 1)) << "DEB §2.1: n legs, n + 1 vertices";
  EXPECT_VEC_NEAR(resumed[n2], wholeWind[n1 + n2], 1e-13)
      << "DEB §1: a time-dependent field must resume at t0 + n1 h";
  const auto restarted = trace(wind, wholeWind[n1], h, n2, 0.0);
  EXPECT_GT((restarted[n2] - wholeWind[n1 + n2]).norm(), 0.5)
      << "DEB §1: restarting the clock at 0 must give a different curve; got "
      << restarted[n2].transpose() << " and " << wholeWind[n1 + n2].transpose();
}

// ---------------------------------------------------------------- C1.11
// DEB §1: where f(x*) = 0 the point, once dropped there, never moves.
TEST(Ch01Trace, FixedPointsStayFixed) {
  const std::vector<std::pair<const char*, pbm::Field2d>> fields = {
      {"rotation", [](const Vector2d& x, double t) { return pbm::rotationField(x, t); }},
      {"spiral_sink", [](const Vector2d& x, double t) { return pbm::spiralSinkField(x, t, 0.4); }},
      {"saddle", [](const Vector2d& x, double t) { return pbm::saddleField(x, t); }},
      {"stiff_bowl", [](const Vector2d& x, double t) { return pbm::stiffBowlField(x, t, 50.0); }},
      {"pendulum_phase",
       [](const Vector2d& x, double t) {
         return pbm::phasePlaneField(x, t, 1.0,
                                     [](double p, double, double) { return -std::sin(p); });
       }},
  };
  for (const auto& [name, field] : fields) {
    SCOPED_TRACE(name);
    const auto v = trace(field, Vector2d(0.0, 0.0), 0.3, 30);
    ASSERT_EQ(v.size(), 31u) << "DEB §2.1: 30 legs, 31 vertices";
    for (size_t k = 0; k < v.size(); ++k)
      EXPECT_VEC_NEAR(v[k], Vector2d(0.0, 0.0), 0.0)
          << "DEB §1: f(0) = 0, so a point dropped at the origin never moves; vertex " << k;
  }
  // The pendulum's upper equilibrium (pi, 0) only to round-off: sin(pi) != 0 in floating point.
  SCOPED_TRACE("pendulum_phase at its upper equilibrium (pi, 0)");
  const auto up = trace(fields[4].second, Vector2d(kPi, 0.0), 0.3, 30);
  for (size_t k = 0; k < up.size(); ++k)
    EXPECT_VEC_NEAR(up[k], Vector2d(kPi, 0.0), 1e-12)
        << "DEB §1: f(pi, 0) = 0 up to sin(pi) ~ 1e-16; vertex " << k;
}

// ---------------------------------------------------------------- C1.12
// PSD §2: in the phase plane of a spring the exact curves are the ellipses
// E = m v^2/2 + k x^2/2 = const; Euler multiplies E by exactly 1 + h^2 k/m per step.
TEST(Ch01Euler, SpringPhasePlaneEnergyGrowsByOnePlusHSquaredKOverM) {
  const double m = 1.0, k = 4.0, h = 0.25;
  const int n = 10;
  const auto v = trace(
      [=](const Vector2d& xv, double t) {
        return pbm::phasePlaneField(xv, t, m, [=](double x, double, double) { return -k * x; });
      },
      Vector2d(1.0, 0.0), h, n);
  const auto energy = [=](const Vector2d& s) {
    return 0.5 * m * s.y() * s.y() + 0.5 * k * s.x() * s.x();
  };
  ASSERT_EQ(v.size(), static_cast<size_t>(n + 1)) << "DEB §2.1: n legs, n + 1 vertices";
  EXPECT_EQ(energy(v[0]), 2.0) << "PSD §2: the polygon starts at x0 = (1, 0), E0 = k/2";
  for (int i = 1; i <= n; ++i) {
    const double want = 2.0 * std::pow(1.0 + h * h * k / m, i);
    EXPECT_NEAR(energy(v[i]), want, 1e-13 * want)
        << "PSD §2, DEB §2.1: each Euler step multiplies E by 1 + h^2 k/m; step " << i;
  }
  EXPECT_NEAR(energy(v[n]), 18.62645149230957, 1e-13 * 18.62645149230957)
      << "PSD §2: E_10 = 2 * 1.25^10";
}

// PSD §2, DEB §1: the pendulum's phase plane (theta, omega), F = -m (g/L) sin(theta).
// Its exact curves are the level sets of E = omega^2/2 - (g/L) cos(theta) (the
// separatrix is E = g/L): the field is tangent to them, dE/dt = grad E . f = 0,
// checked by a central difference of E along the student's f. The Euler polygon
// leaves its level set at first order: halving h halves the energy error.
TEST(Ch01Fields, PendulumPhasePlaneKeepsItsEnergyLevelSets) {
  const double m = 2.0, w2 = 9.81 / 0.5;  // g/L
  const auto force = [=](double x, double, double) { return -m * w2 * std::sin(x); };
  const auto field = [=](const Vector2d& s, double t) {
    return pbm::phasePlaneField(s, t, m, force);
  };
  const auto energy = [=](const Vector2d& s) { return 0.5 * s.y() * s.y() - w2 * std::cos(s.x()); };
  const double d = 1e-6;
  for (const Vector2d& s : {Vector2d(0.3, 1.0), Vector2d(-2.0, 3.5), Vector2d(2.9, -0.4),
                            Vector2d(1.0, 8.8), Vector2d(-0.7, -6.2)}) {
    const Vector2d f = field(s, 0.0);
    const double dEdt = (energy(s + d * f) - energy(s - d * f)) / (2 * d);
    EXPECT_NEAR(dEdt, 0.0, 1e-7 * (1 + f.squaredNorm()))
        << "PSD §2: f = (omega, -(g/L) sin theta) must be tangent to E = const at ("
        << s.transpose() << "); got f = (" << f.transpose() << ")";
  }
  // Euler from theta = 2 at rest to T = 2: E drifts by O(h).
  const Vector2d x0(2.0, 0.0);
  double drift[3];
  for (int i = 0; i < 3; ++i) {
    const int n = 400 << i;
    const auto v = trace(field, x0, 2.0 / n, n);
    drift[i] = energy(v[n]) - energy(x0);
  }
  EXPECT_GT(drift[0], 0.0) << "DEB §2.1: Euler gains energy on the pendulum as on any oscillator";
  EXPECT_NEAR(drift[0] / drift[1], 2.0, 0.15)
      << "DEB §2.1: the energy error of the Euler polygon is O(h); drifts " << drift[0] << ", "
      << drift[1] << " at h = 1/200, 1/400";
  EXPECT_NEAR(drift[1] / drift[2], 2.0, 0.1)
      << "DEB §2.1: the energy error of the Euler polygon is O(h); drifts " << drift[1] << ", "
      << drift[2] << " at h = 1/400, 1/800";
}

// ---------------------------------------------------------------- edge cases
// DEB §2.1: a polygon of zero legs is its start point; the state is untouched.
TEST(Ch01Trace, ZeroStepsReturnsJustTheStartPoint) {
  FieldPoint p([](const Vector2d& x, double t) { return pbm::rotationField(x, t); },
               Vector2d(0.3, 0.4), 2.5);
  pbm::CountingSystem counted(p);
  const auto v = pbm::traceIntegralCurve(counted, 0.1, 0);
  ASSERT_EQ(v.size(), 1u) << "DEB §2.1: zero legs, one vertex: x0";
  EXPECT_VEC_NEAR(v[0], Vector2d(0.3, 0.4), 0.0) << "DEB §2.1: the only vertex is x0";
  EXPECT_EQ(counted.evals(), 0) << "DEB §2: zero steps cost no evaluation";
  Eigen::VectorXd x;
  double t = 0.0;
  p.getState(x, t);
  EXPECT_EQ(t, 2.5) << "DEB §4: zero steps leave the installed time alone";
}

// DEB §1, §2.1: a negative h follows the curve backward in time: the saddle's
// x shrinks by (1 - |h|) and y grows by (1 + |h|) per step, and the clock runs back.
TEST(Ch01Trace, NegativeHTracesBackward) {
  const double h = -0.25;
  const int n = 8;
  FieldPoint p([](const Vector2d& x, double t) { return pbm::saddleField(x, t); },
               Vector2d(1.0, 1.0), 1.0);
  const auto v = pbm::traceIntegralCurve(p, h, n);
  ASSERT_EQ(v.size(), static_cast<size_t>(n + 1)) << "DEB §2.1: n legs, n + 1 vertices";
  for (int i = 0; i <= n; ++i) {
    EXPECT_EQ(v[i].x(), std::pow(0.75, i)) << "DEB §2.1 with h < 0: x_i = (1 + h)^i; vertex " << i;
    EXPECT_EQ(v[i].y(), std::pow(1.25, i)) << "DEB §2.1 with h < 0: y_i = (1 - h)^i; vertex " << i;
  }
  Eigen::VectorXd x;
  double t = 0.0;
  p.getState(x, t);
  EXPECT_EQ(t, -1.0) << "DEB §2.1: 8 steps of h = -0.25 from t0 = 1 end at t = -1";

  // Time-dependent: the backward legs see f at t0 + k h, k = 0, 1, ... (h < 0).
  const double omega = 0.9;
  const auto w =
      trace([=](const Vector2d& s, double tt) { return pbm::rotatingWindField(s, tt, omega); },
            Vector2d(0.0, 0.0), -0.1, 20, 3.0);
  for (int k = 0; k < 20; ++k) {
    const double tk = 3.0 - 0.1 * k;
    const Vector2d leg = -0.1 * Vector2d(std::cos(omega * tk), std::sin(omega * tk));
    EXPECT_VEC_NEAR(Vector2d(w[k + 1] - w[k]), leg, 1e-14)
        << "DEB §2.1: backward leg " << k << " must be h f(x_k, t0 + k h) with h = -0.1";
  }
}

// Ten additions of 0.1 in double precision: 0.9999999999999999, not 1.
constexpr double runningSumOfTenths() {
  double sum = 0.0;
  for (int i = 0; i < 10; ++i) sum += 0.1;
  return sum;
}
static_assert(runningSumOfTenths() != 1.0, "the test below needs a running sum that misses 1");

// DEB §2.1 with euler.h's contract: the time after k steps is t0 + k h computed
// from k, so ten steps of 0.1 from 0 end at 10 * 0.1 = 1 exactly (a running
// sum gives 0.9999999999999999).
TEST(Ch01Trace, InstallsTimeT0PlusKhComputedNotAccumulated) {
  FieldPoint p([](const Vector2d& x, double t) { return pbm::rotationField(x, t); },
               Vector2d(1.0, 0.0), 0.0);
  pbm::traceIntegralCurve(p, 0.1, 10);
  Eigen::VectorXd x;
  double t = 0.0;
  p.getState(x, t);
  EXPECT_EQ(t, 1.0) << "DEB §2.1: after 10 steps of 0.1 the time is t0 + 10 h = 1 exactly ("
                    << runningSumOfTenths() << " is a running sum)";
}

// ---------------------------------------------------------------- Lorenz
// DEB §1 in three dimensions: the Lorenz field through the student's lorenzField.

struct LorenzCase {
  double sigma, rho, beta;
};
// The classic values and two others, so a hard-wired 10, 28, 8/3 fails.
const LorenzCase kLorenzCases[] = {{10.0, 28.0, 8.0 / 3.0}, {6.5, 17.0, 1.25}, {14.0, 45.0, 4.0}};

std::string lorenzName(const LorenzCase& c) {
  return "sigma = " + std::to_string(c.sigma) + ", rho = " + std::to_string(c.rho) +
         ", beta = " + std::to_string(c.beta);
}

// DEB §1: a fixed point is a zero of f, a curve that starts there stays. The
// Lorenz field has the origin and C+- = (+-sqrt(beta (rho - 1)), +-sqrt(beta
// (rho - 1)), rho - 1) (closed forms). Around each, f grows as its Jacobian
// [[-sigma, sigma, 0], [rho - z, -1, -x], [y, x, -beta]] says (central
// differences, exact for a quadratic field up to round-off).
TEST(Ch01Lorenz, OriginAndCPlusMinusAreZerosOfTheField) {
  for (const auto& c : kLorenzCases) {
    const double a = std::sqrt(c.beta * (c.rho - 1.0));
    const Eigen::Vector3d points[3] = {
        Eigen::Vector3d::Zero(), {a, a, c.rho - 1.0}, {-a, -a, c.rho - 1.0}};
    for (const auto& p : points) {
      const Eigen::Vector3d f = pbm::lorenzField(p, c.sigma, c.rho, c.beta);
      EXPECT_LT(f.norm(), 1e-12 * (1.0 + p.squaredNorm()))
          << "DEB §1 (fixed points): " << lorenzName(c) << ", at (" << p.transpose()
          << "): expected f = 0, got f = (" << f.transpose() << ")";
      Eigen::Matrix3d want;
      want << -c.sigma, c.sigma, 0.0, c.rho - p.z(), -1.0, -p.x(), p.y(), p.x(), -c.beta;
      const double d = 1e-3;
      for (int k = 0; k < 3; ++k) {
        const Eigen::Vector3d e = d * Eigen::Vector3d::Unit(k);
        const Eigen::Vector3d col = (pbm::lorenzField(p + e, c.sigma, c.rho, c.beta) -
                                     pbm::lorenzField(p - e, c.sigma, c.rho, c.beta)) /
                                    (2.0 * d);
        EXPECT_LT((col - want.col(k)).norm(), 1e-8)
            << "DEB §1: " << lorenzName(c) << ", df/dx_" << k << " at (" << p.transpose()
            << "): expected (" << want.col(k).transpose() << "), got (" << col.transpose() << ")";
      }
    }
  }
}

// DEB §1: div f = -sigma - 1 - beta at every point (each row's own variable
// enters linearly), so every volume of states shrinks at the same rate.
// Checked by central differences at random points of the attractor's box.
TEST(Ch01Lorenz, DivergenceIsMinusSigmaPlusOnePlusBetaEverywhere) {
  std::mt19937 rng(20240601);
  std::uniform_real_distribution<double> xy(-30.0, 30.0), z(-5.0, 55.0);
  const double d = 1e-4;
  for (const auto& c : kLorenzCases) {
    const double want = -(c.sigma + 1.0 + c.beta);
    for (int i = 0; i < 25; ++i) {
      const Eigen::Vector3d p(xy(rng), xy(rng), z(rng));
      double div = 0.0;
      for (int k = 0; k < 3; ++k) {
        const Eigen::Vector3d e = d * Eigen::Vector3d::Unit(k);
        div += (pbm::lorenzField(p + e, c.sigma, c.rho, c.beta)[k] -
                pbm::lorenzField(p - e, c.sigma, c.rho, c.beta)[k]) /
               (2.0 * d);
      }
      EXPECT_NEAR(div, want, 1e-6)
          << "DEB §1: " << lorenzName(c) << ", div f at (" << p.transpose()
          << "): expected -(sigma + 1 + beta) = " << want << ", got " << div;
    }
  }
}

// The headless energy rule (pbm/app/headless.h) on stiff_bowl, k = 100, h =
// 0.05 from (1.8, 1.5): Euler multiplies x by 1 - h = 0.95 and y by 1 - hk =
// -4 per step (DEB §2.1), so |x|^2/2 after n steps is known in closed form.
// The exact curves only lose it; the run stops at the first step past
// 101 E0, by the energy rule, naming t and h.
TEST(Ch01EnergyRule, StiffBowlBlowUpStopsAtTheStepTheClosedFormPredicts) {
  auto scene = ch01::makeStiffBowlScene();
  scene->params().set("k=100");
  const double x0 = 1.8, y0 = 1.5, h = 0.05, e0 = 0.5 * (x0 * x0 + y0 * y0);
  int n = 0;
  for (double x = x0, y = y0; 0.5 * (x * x + y * y) <= 101 * e0 && n < 100; ++n)
    x *= 1 - h, y *= 1 - h * 100;
  std::ostringstream csv;
  try {
    pbm::runHeadless(*scene, csv);
    FAIL() << "DEB §2.1: h k = 5 > 2 blows up; expected the energy rule to stop the run at step "
           << n << ", it ran to the end";
  } catch (const pbm::SimulationDiverged& e) {
    EXPECT_NEAR(e.time(), n * h, 1e-12) << "expected the stop at step " << n << ": " << e.what();
    EXPECT_NE(std::string(e.what()).find("energy"), std::string::npos)
        << "expected the energy rule to name the cause: " << e.what();
  }
}

// No default run of chapter 01 trips the rules: its exact curves keep or lose
// the measure, and at the default h Euler's gain stays far below 100 E0.
TEST(Ch01EnergyRule, EveryDefaultRunKeepsTheRules) {
  for (const auto& make :
       {ch01::makeRotationScene, ch01::makeSpiralSinkScene, ch01::makeSaddleScene,
        ch01::makeStiffBowlScene, ch01::makeRotatingWindScene, ch01::makeSpringPhaseScene,
        ch01::makePendulumPhaseScene, ch01::makeLorenzScene}) {
    auto scene = make();
    std::ostringstream csv;
    EXPECT_NO_THROW(pbm::runHeadless(*scene, csv))
        << scene->name() << ": the default run must end at t = " << scene->settings().tEnd;
  }
}

}  // namespace
