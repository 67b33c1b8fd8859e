// Chapter 01 tests, part 2: Euler's method on the solver interface (DEB §2.1,
// §4; PSD §2): the decay staircase, the cost in evaluations, the legs of the
// polygon and the closed-form growth or decay of each catalogue field under
// Euler (C1.3-C1.9, C1.12), and its first order.
#include "01_vector_field_test.h"

namespace {

using namespace ch01_test;

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
      ASSERT_EQ(d.x(), std::pow(1.0 - h * k, n))
          << "DEB §2.1: Euler on xdot = -kx gives x_n = (1 - hk)^n x0; step " << n;
      ASSERT_EQ(d.t(), n * h) << "DEB §2.1: each step installs t0 + h; step " << n;
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
  const auto v = tracedWithin(counted, 0.1, 25);
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
    ASSERT_VEC_NEAR(Vector2d(v[k + 1] - v[k]), leg, 1e-15 * scale)
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
    ASSERT_NEAR(v[n].squaredNorm(), want, 1e-13 * want)
        << "DEB §2.1: each Euler step scales |x|^2 by (1 - ha)^2 + h^2";
    // An independent matrix power (I + hA)^n x0 by repeated multiplication.
    const Eigen::Matrix2d step = Eigen::Matrix2d::Identity() + h * A;
    Eigen::Matrix2d power = Eigen::Matrix2d::Identity();
    for (int i = 0; i < n; ++i) power = step * power;
    const Vector2d xn = power * x0;
    ASSERT_VEC_NEAR(v[n], xn, 1e-13 * xn.norm()) << "DEB §2.1: x_n = (I + hA)^n x0";
    // The verdict on the student's polygon: 0.0893... (a sink) or 1.8592... (a source).
    if (h < 2 * a / (1 + a * a)) {
      ASSERT_LT(v[n].squaredNorm(), 0.09) << "DEB §2.1: below the threshold Euler still sinks";
    } else {
      ASSERT_GT(v[n].squaredNorm(), 1.85) << "DEB §2.1: above the threshold Euler is a source";
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
    ASSERT_NEAR(v[c.n].norm(), c.r, 1e-12 * c.r)
        << "DEB §2.1, Fig. 4: r_n = (1 + h^2)^(n/2) r0, evaluated";
    ASSERT_NEAR(v[c.n].norm(), std::pow(1 + c.h * c.h, c.n / 2.0), 1e-12 * c.r)
        << "DEB §2.1, Fig. 4: r_n = (1 + h^2)^(n/2) r0";
    // Unwrapped angle: sum the per-leg turns, each must be atan(h).
    double theta = 0.0;
    for (int k = 0; k < c.n; ++k) {
      const double turn =
          std::atan2(v[k].x() * v[k + 1].y() - v[k].y() * v[k + 1].x(), v[k].dot(v[k + 1]));
      ASSERT_NEAR(turn, std::atan(c.h), 1e-13) << "DEB §2.1: every leg turns by atan(h); leg " << k;
      theta += turn;
    }
    ASSERT_NEAR(theta, c.n * std::atan(c.h), 1e-12 * c.n * std::atan(c.h))
        << "DEB §2.1: n legs turn by n atan(h)";
    for (int k = 0; k < c.n; ++k)
      ASSERT_GT(v[k + 1].norm(), v[k].norm())
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
    ASSERT_EQ(v[i].x(), std::pow(0.875, i)) << "IM §2: x_n = (1 - h)^n x0; vertex " << i;
    ASSERT_EQ(v[i].y(), std::pow(0.5, i)) << "IM §2: y_n = (1 - hk)^n y0; vertex " << i;
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
    ASSERT_NEAR(energy(v[i]), want, 1e-13 * want)
        << "PSD §2, DEB §2.1: each Euler step multiplies E by 1 + h^2 k/m; step " << i;
  }
  EXPECT_NEAR(energy(v[n]), 18.62645149230957, 1e-13 * 18.62645149230957)
      << "PSD §2: E_10 = 2 * 1.25^10";
}

}  // namespace
