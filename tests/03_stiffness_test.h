// Chapter 03 tests: the helpers and test-local systems the parts share (IM
// §1-§4): the schemes' names, a system's state, the decay x' = -kx, the cubic
// y' = -y^3 and a system without a Jacobian, random SPD matrices and vectors.
#pragma once

#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <Eigen/SparseCore>
#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "budget.h"
#include "expect_vec_near.h"
#include "pbm/app/headless.h"
#include "pbm/core/errors.h"
#include "pbm/core/fd_jacobian.h"
#include "pbm/core/stepping.h"
#include "pbm/fields/euler.h"
#include "pbm/integrators/integrators.h"
#include "pbm/stiffness/implicit.h"
#include "pbm/stiffness/methods.h"
#include "pbm/stiffness/spring_network.h"
#include "pbm/stiffness/stability.h"
#include "pbm/stiffness/stiff_systems.h"
#include "scenes.h"
#include "test_deadline.h"

namespace ch03_test {

using pbm::LinearSystem;
using pbm::StiffBowlSystem;
using cd = std::complex<double>;
using Eigen::MatrixXd;
using Eigen::Vector2d;
using Eigen::VectorXd;
using Sparse = Eigen::SparseMatrix<double>;
using pbm::Scheme;

inline const char* schemeName(pbm::Scheme s) {
  switch (s) {
    case pbm::Scheme::Euler:
      return "explicit Euler";
    case pbm::Scheme::Midpoint:
      return "midpoint";
    case pbm::Scheme::RK4:
      return "RK4";
    case pbm::Scheme::ImplicitEuler:
      return "implicit Euler";
  }
  return "?";
}

inline VectorXd stateOf(const pbm::OdeSystem& sys) {
  VectorXd y;
  double t;
  sys.getState(y, t);
  return y;
}

// x' = -k x from x0 as a 1x1 linear system.
inline LinearSystem decay(double k, double x0 = 1.0) {
  MatrixXd A(1, 1);
  A(0, 0) = -k;
  return LinearSystem(A, VectorXd::Constant(1, x0));
}

// y' = -y^3 (C3.4): nonlinear, f' = -3 y^2.
class CubicSystem : public pbm::OdeSystem {
 public:
  explicit CubicSystem(double y0) : y_(y0) {}
  int dim() const override { return 1; }
  void getState(VectorXd& x, double& t) const override { x = VectorXd::Constant(1, y_), t = t_; }
  void setState(const VectorXd& x, double t) override { y_ = x[0], t_ = t; }
  void derivEval(VectorXd& xdot) override { xdot = VectorXd::Constant(1, -y_ * y_ * y_); }
  bool hasJacobian() const override { return true; }
  void jacobian(Sparse& J) override {
    J.resize(1, 1);
    J.setZero();
    J.insert(0, 0) = -3.0 * y_ * y_;
  }
  double y() const { return y_; }
  double t() const { return t_; }

 private:
  double y_, t_ = 0.0;
};

// Hides a model's analytic Jacobian, so implicitEulerStep must fall back on
// finite differences.
class NoJacobian : public pbm::OdeSystem {
 public:
  explicit NoJacobian(pbm::OdeSystem& inner) : inner_(inner) {}
  int dim() const override { return inner_.dim(); }
  void getState(VectorXd& x, double& t) const override { inner_.getState(x, t); }
  void setState(const VectorXd& x, double t) override { inner_.setState(x, t); }
  void derivEval(VectorXd& xdot) override { inner_.derivEval(xdot); }

 private:
  pbm::OdeSystem& inner_;
};

// A random symmetric positive definite n x n matrix (seeded).
inline MatrixXd randomSpd(int n, std::mt19937& rng, double shift = 0.5) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  MatrixXd P(n, n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) P(i, j) = u(rng);
  return P * P.transpose() + shift * MatrixXd::Identity(n, n);
}

inline VectorXd randomVector(int n, std::mt19937& rng) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  VectorXd v(n);
  for (int i = 0; i < n; ++i) v[i] = u(rng);
  return v;
}

// ---------------------------------------------------------------- budgets (budget.h)
// The student's conjugate gradients under a deadline: CG evaluates nothing a
// test can count, and a solve here needs milliseconds, so one still running
// after kCallSeconds is a loop that does not end.
inline const std::string kCgHint =
    "does the CG loop stop after options.maxIterations (0: 2 n) iterations and throw "
    "SolverFailure, and does it test convergence on |r| <= options.tolerance |b| (after "
    "recomputing the true residual b - S dv)?";

template <class... Args>
pbm::SecondOrderStep secondOrderWithin(const Args&... args) {
  return pbm_test::withinSeconds("implicitEulerSecondOrder", kCgHint,
                                 [&] { return pbm::implicitEulerSecondOrder(args...); });
}

// Newton's iterations on a model under a budget of evaluations: each update
// costs one evaluation of f (the models here have analytic Jacobians), so a
// loop past maxIter updates fails at once, naming the function.
inline std::string newtonHint(int maxIter) {
  return "maxIter = " + std::to_string(maxIter) +
         ": does the loop stop after maxIter updates (restore (Y0, t0), throw SolverFailure), "
         "and does it test the residual |Y - Y0 - h f(Y)| <= tol max(1, |Y0|) of (3-1)?";
}
inline int newtonWithin(pbm::OdeSystem& sys, double h, double tol, int maxIter) {
  pbm_test::BudgetedSystem budgeted(sys, 10L * maxIter + 100, "newtonBackwardEulerStep",
                                    newtonHint(maxIter));
  return pbm::newtonBackwardEulerStep(budgeted, h, tol, maxIter);
}

// The backstop for loops nothing counts (budget.h): a test of this chapter
// still running after kTestSeconds ends with this message.
inline const bool kDeadlineInstalled = pbm_test::installTestDeadline(
    {{"Ch03StiffExample", "implicitEulerStep, stabilityFunction"},
     {"Ch03Linear", "implicitEulerStep"},
     {"Ch03Newton", "newtonBackwardEulerStep, implicitEulerStep"},
     {"Ch03OneStep", "implicitEulerStep, stabilityFunction"},
     {"Ch03Rotation", "implicitEulerStep"},
     {"Ch03Penalty", "implicitEulerStep, stabilityFunction"},
     {"Ch03Stability", "stabilityFunction, implicitEulerStep"},
     {"Ch03Cost", "stabilityFunction, implicitEulerStep"},
     {"Ch03Jacobian", "implicitEulerStep"},
     {"Ch03Solver", "implicitEulerStep, implicitEulerSecondOrder"},
     {"Ch03SecondOrder", "implicitEulerSecondOrder"},
     {"Ch03Energy", "implicitEulerSecondOrder (also through implicitNetworkStep)"},
     {"Ch03Sparsity", "implicitEulerSecondOrder"},
     {"Ch03Cg", "implicitEulerSecondOrder"},
     {"Ch03Headless", "implicitEulerStep, stabilityFunction, through the scenes' runs"},
     {"Ch03EnergyRule",
      "stabilityFunction, implicitEulerStep and implicitEulerSecondOrder, through the scenes' "
      "runs"}},
    "does every loop in them advance and end?");

}  // namespace ch03_test
