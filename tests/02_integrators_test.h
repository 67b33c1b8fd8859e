// Chapter 02 tests: the test-local systems and helpers the parts share (DEB
// §2-§4): x' = A x and the rotation field, a scalar y' = g(y, t) and the
// Riccati problem with its exact solution, the Kepler problem, a least-squares
// slope for measured orders, and the closed-form spiral of a step on the
// rotation field.
#pragma once

#include <gtest/gtest.h>

#include <Eigen/Core>
#include <Eigen/LU>
#include <cmath>
#include <complex>
#include <functional>
#include <limits>
#include <numbers>
#include <sstream>
#include <string>
#include <vector>

#include "budget.h"
#include "expect_vec_near.h"
#include "pbm/core/counting_system.h"
#include "pbm/core/errors.h"
#include "pbm/core/stepping.h"
#include "pbm/integrators/adaptive.h"
#include "pbm/integrators/integrators.h"
#include "pbm/integrators/methods.h"
#include "test_deadline.h"

namespace ch02_test {

using Eigen::Vector2d;
using Eigen::VectorXd;
using pbm::Method;
inline constexpr double kPi = std::numbers::pi;

inline const char* methodName(Method m) {
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
inline LinearSystem rotation(const Vector2d& x0) {
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
inline ScalarSystem riccati() {
  return ScalarSystem([](double y, double) { return y * y; }, 0.5);
}
inline double riccatiExact(double t) {
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
inline double slope(const std::vector<double>& h, const std::vector<double>& err) {
  const size_t n = h.size();
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (size_t i = 0; i < n; ++i) {
    const double x = std::log(h[i]), y = std::log(err[i]);
    sx += x, sy += y, sxx += x * x, sxy += x * y;
  }
  return (n * sxy - sx * sy) / (n * sxx - sx * sx);
}

// DEB §2.1-2.2 on the rotation field: n steps multiply r by rho^n and turn by n phi.
inline Vector2d spiral(const Vector2d& x0, double rho, double phi, int n) {
  const double c = std::cos(n * phi), s = std::sin(n * phi), g = std::pow(rho, n);
  return g * Vector2d(c * x0.x() - s * x0.y(), s * x0.x() + c * x0.y());
}

// ---------------------------------------------------------------- budgets (budget.h)
// The student's integrate under a budget of evaluations: from the installed
// t0 to tEnd in steps of h is ceil((tEnd - t0) / h) steps of methodEvals(m)
// each. A loop that runs far past them (`while (t <= tEnd)`: the last clipStep
// returns 0 and the loop steps by 0 forever) fails at once, naming integrate.
inline long integrateWithin(pbm::OdeSystem& sys, Method m, double h, double tEnd) {
  VectorXd x;
  double t0 = 0;
  sys.getState(x, t0);
  const double steps = h > 0 && tEnd > t0 ? std::ceil((tEnd - t0) / h) : 0.0;
  const long need = static_cast<long>(steps) * pbm::methodEvals(m);
  std::ostringstream hint;
  hint << "without reaching tEnd = " << tEnd << " (from t0 = " << t0 << " with h = " << h << ": "
       << steps << " steps, " << need
       << " evaluations): does the loop end when t reaches tEnd? clipStep returns 0 there "
          "(pbm/core/stepping.h), so `while (t <= tEnd)` steps by 0 forever";
  pbm_test::BudgetedSystem budgeted(sys, 10 * need + 100, "integrate", hint.str());
  return pbm::integrate(budgeted, m, h, tEnd);
}

// An adaptive run's budget of evaluations for `accepted` steps of Euler step
// doubling (2 evaluations an attempt) and ten times that in retries: a retry
// loop that never shrinks h (or never stops at hMin) spends it at once.
inline std::string adaptiveHint(double tol) {
  std::ostringstream hint;
  hint << "tol = " << tol
       << ": does a rejected attempt retry with a smaller h (proposeStepSize with e > tol, and "
          "at most h / 2), and does the loop throw SimulationDiverged once h < options.hMin?";
  return hint.str();
}

// The backstop for loops nothing counts (budget.h counts evaluations): a test
// of this chapter still running after kTestSeconds ends with this message.
inline const bool kDeadlineInstalled =
    pbm_test::installTestDeadline({{"Ch02Spiral", "step, midpointStep, rk4Step"},
                                   {"Ch02Stability", "step, midpointStep, rk4Step"},
                                   {"Ch02Amplification", "step, midpointStep, rk4Step"},
                                   {"Ch02Order", "step, integrate, midpointStep, rk4Step"},
                                   {"Ch02Quadrature", "step, midpointStep, rk4Step"},
                                   {"Ch02WorkPrecision", "integrate, step, midpointStep, rk4Step"},
                                   {"Ch02Lorenz", "rk4Step"},
                                   {"Ch02Contract", "step, integrate, stepDoubling"},
                                   {"Ch02Stepper", "rk4Step, midpointStep"},
                                   {"Ch02StepDoubling", "stepDoubling, step, midpointStep"},
                                   {"Ch02StepSize", "proposeStepSize, stepDoubling"},
                                   {"Ch02Adaptive", "adaptiveStep, stepDoubling, proposeStepSize"}},
                                  "does every loop in them advance and end?");

}  // namespace ch02_test
