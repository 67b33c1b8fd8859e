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

}  // namespace ch03_test
