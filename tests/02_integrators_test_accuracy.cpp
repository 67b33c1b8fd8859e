// Chapter 02 tests, part 2: accuracy (DEB §2.1-§2.2): the local and global
// error orders, the stage times as quadrature rules, work against precision
// at equal evaluations, and RK4's volume on the Lorenz flow.
#include "02_integrators_test.h"

namespace {

using namespace ch02_test;

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
      ASSERT_TRUE(ratio > lo[i] && ratio < hi[i])
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
      ASSERT_EQ(integrateWithin(y, ms[i], h, 1.0), N)
          << "integrate returns the number of steps (the workbook's rule, pbm/core/stepping.h): "
             "1/h to T = 1";
      auto rot = rotation(Vector2d(1, 0));
      integrateWithin(rot, ms[i], h, 1.0);
      hs.push_back(h);
      errY.push_back(std::abs(y.y() - riccatiExact(1.0)));
      errRot.push_back((rot.x() - Vector2d(std::cos(1.0), std::sin(1.0))).norm());
    }
    ASSERT_NEAR(slope(hs, errY), p[i], tolP[i])
        << "DEB §2.1-2.2: the global error on y' = y^2 to T = 1 is O(h^" << p[i]
        << "): the log-log slope";
    ASSERT_NEAR(slope(hs, errRot), p[i], tolP[i])
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
      ASSERT_NEAR(sys.y(), want[i], 1e-15)
          << "DEB §2.2: one " << methodName(ms[i]) << " step of h = 1 from t = 0 is the "
          << (i == 0   ? "left rectangle rule (f at t0)"
              : i == 1 ? "midpoint rule (f at t0 + h/2)"
                       : "Simpson rule (f at t0, t0 + h/2 twice, t0 + h)");
      ASSERT_EQ(sys.t(), 1.0) << "DEB §4: " << methodName(ms[i]) << " installs t0 + h";
    }
  }
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
    integrateWithin(sys, ms[i], 2 * kPi / steps, 2 * kPi);
    ASSERT_EQ(sys.evals(), 256) << "DEB §2: " << methodName(ms[i]) << " with " << steps
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
    ASSERT_NEAR(got / want, 1.0, 0.01)
        << "DEB §2.2 (RK4) on the Lorenz flow, sigma = " << c.sigma << ", rho = " << c.rho
        << ", beta = " << c.beta
        << ": volume factor over t = 1 expected exp(-(sigma + 1 + beta)) = " << want
        << ", got det(dPhi/dx0) = " << got;
  }
}

}  // namespace
