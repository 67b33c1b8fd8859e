// Chapter 03 tests: stiffness, implicit Euler and the second-order step of
// Implicit Methods (IM §1-§4; claims C3.1-C3.15 as the chapter's lesson lists
// them), each checked against a closed form, an independent computation (a
// dense solve, finite differences, bisection) or a measured convergence order.
// Every test calls a chapter-03 student function (stabilityFunction,
// implicitEulerStep, implicitEulerSecondOrder, newtonBackwardEulerStep), so
// each fails on the exercise skeleton. Every loop is bounded. A failure names
// the section of the notes to read.
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

namespace {

using pbm::LinearSystem;
using pbm::StiffBowlSystem;
using cd = std::complex<double>;
using Eigen::MatrixXd;
using Eigen::Vector2d;
using Eigen::VectorXd;
using Sparse = Eigen::SparseMatrix<double>;
using pbm::Scheme;

const char* schemeName(pbm::Scheme s) {
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

VectorXd stateOf(const pbm::OdeSystem& sys) {
  VectorXd y;
  double t;
  sys.getState(y, t);
  return y;
}

// x' = -k x from x0 as a 1x1 linear system.
LinearSystem decay(double k, double x0 = 1.0) {
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
MatrixXd randomSpd(int n, std::mt19937& rng, double shift = 0.5) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  MatrixXd P(n, n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) P(i, j) = u(rng);
  return P * P.transpose() + shift * MatrixXd::Identity(n, n);
}

VectorXd randomVector(int n, std::mt19937& rng) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  VectorXd v(n);
  for (int i = 0; i < n; ++i) v[i] = u(rng);
  return v;
}

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
    EXPECT_NEAR(sys.position().y(), wantY, 1e-10 * std::abs(wantY))
        << "IM §2: 200 explicit steps on (2-1) give y = (1 - hk)^200 y0";
    EXPECT_NEAR(sys.position().x(), wantX, 1e-10 * std::abs(wantX))
        << "IM §2: 200 explicit steps on (2-1) give x = (1 - h)^200 x0";
    // The student's stability function predicts the factor and the verdict.
    const cd R = pbm::stabilityFunction(Scheme::Euler, -h * k);
    EXPECT_NEAR(R.real(), 1.0 - h * k, 1e-15) << "IM §2: explicit Euler's R(z) = 1 + z";
    EXPECT_NEAR(R.imag(), 0.0, 1e-15) << "IM §2: R(z) is real for real z";
    EXPECT_EQ(std::abs(R) <= 1.0, h < 2.0 / k)
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

// ---------------------------------------------------------------- C3.4
// IM §3 ("we can't in general solve for Y_new"): for y' = -y^3 one linearised
// step is not backward Euler; Newton's iterations converge to it quadratically.
TEST(Ch03Newton, LinearisedStepIsNotBackwardEulerForNonlinearF) {
  CubicSystem sys(1.0);
  pbm::implicitEulerStep(sys, 1.0);
  EXPECT_DOUBLE_EQ(sys.y(), 0.75)
      << "IM §3 (3-2): one linearised step on y' = -y^3 from 1 with h = 1 is 1 - 1/(1 + 3)";
  const double y = sys.y();
  EXPECT_DOUBLE_EQ(y - 1.0 + y * y * y, 0.171875)
      << "IM §3: the linearised step leaves the backward-Euler residual y - y0 + h y^3 != 0";
}

double cubicRoot() {  // y + y^3 = 1 by bisection: the true backward-Euler step
  double lo = 0.0, hi = 1.0;
  for (int i = 0; i < 200; ++i) {
    const double mid = 0.5 * (lo + hi);
    (mid + mid * mid * mid < 1.0 ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}

TEST(Ch03Newton, ConvergesQuadraticallyToTheBackwardEulerRoot) {
  const double root = cubicRoot();  // 0.6823278038280193
  // The iterates, one Newton update at a time (tolerances chosen between the
  // residuals 0.17, 8.9e-3, 2.8e-5, 2.8e-10).
  std::vector<double> iterates;
  const double tols[] = {0.2, 0.01, 1e-4, 1e-9};
  for (int i = 0; i < 4; ++i) {
    CubicSystem sys(1.0);
    EXPECT_EQ(pbm::newtonBackwardEulerStep(sys, 1.0, tols[i], 10), i + 1)
        << "IM §3: Newton iterations needed for residual tolerance " << tols[i];
    EXPECT_DOUBLE_EQ(sys.t(), 1.0) << "IM §3: the step installs t0 + h";
    iterates.push_back(sys.y());
  }
  EXPECT_DOUBLE_EQ(iterates[0], 0.75) << "IM §3: Newton's first iterate is the linearised step";
  EXPECT_NEAR(iterates[1], 59.0 / 86.0, 1e-15)  // 0.75 - 0.171875/(1 + 3 * 0.75^2)
      << "IM §3: the second Newton iterate 0.75 - 0.171875 / (1 + 3 * 0.75^2)";
  // e_{k+1} / e_k^2 -> f''/(2 f') at the root = 3 r / (1 + 3 r^2) ~ 0.854.
  const double c = 3 * root / (1 + 3 * root * root);
  for (int i = 1; i < 3; ++i) {
    const double ratio = (iterates[i + 1] - root) / std::pow(iterates[i] - root, 2);
    EXPECT_NEAR(ratio, c, 0.1) << "IM §3: Newton converges quadratically, e_{k+1} / e_k^2 -> "
                                  "3r / (1 + 3r^2); iterate "
                               << i;
  }
  EXPECT_NEAR(iterates[3], root, 1e-9)
      << "IM §3: the iterates converge to the backward-Euler root of y + y^3 = 1 (bisection)";
}

TEST(Ch03Newton, GivesUpAfterMaxIterAndRestoresTheState) {
  CubicSystem sys(1.0);
  EXPECT_THROW(pbm::newtonBackwardEulerStep(sys, 1.0, 1e-14, 1), pbm::SolverFailure)
      << "IM §3: one iteration cannot reach 1e-14: SolverFailure";
  EXPECT_EQ(sys.y(), 1.0) << "IM §3: a failed step restores the state";
  EXPECT_EQ(sys.t(), 0.0) << "IM §3: a failed step restores the time";
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
    EXPECT_NEAR(implicit, 1.0 / (1.0 + hk), 1e-14 / (1.0 + hk))
        << "IM §3: one implicit step on x' = -kx is x0 / (1 + hk)";
    EXPECT_NEAR(explicitStep, 1.0 - hk, 1e-15) << "IM §2: explicit Euler's R(-hk) = 1 - hk";
    EXPECT_NEAR(pbm::stabilityFunction(Scheme::ImplicitEuler, -hk).real(), 1.0 / (1 + hk),
                1e-15 / (1 + hk))
        << "IM §3: implicit Euler's R(-hk) = 1 / (1 + hk)";
    EXPECT_LE(explicitStep, std::exp(-hk)) << "IM slides: explicit 1 - hk <= e^-hk";
    EXPECT_LE(std::exp(-hk), implicit) << "IM slides: e^-hk <= implicit 1 / (1 + hk)";
    EXPECT_GT(implicit, 0.0) << "IM slides: the implicit step never overshoots zero";
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

// ---------------------------------------------------------------- C3.9
// IM slides, particle-on-line: k = f_max/epsilon; implicit Euler's fixed point
// is y* = f_y/k for every h, y_n = y* (1 - (1 + hk)^-n).
TEST(Ch03Penalty, ImplicitReachesTheEquilibriumForEveryH) {
  const double eps = 1e-3, fMax = 10.0, k = fMax / eps, yStar = fMax / k;
  Sparse A(1, 1);
  A.insert(0, 0) = -k;
  LinearSystem im(A, VectorXd::Constant(1, fMax), VectorXd::Zero(1));
  const double h = 0.1;
  for (int n = 1; n <= 5; ++n) {
    pbm::implicitEulerStep(im, h);
    EXPECT_NEAR(stateOf(im)[0], yStar * (1.0 - std::pow(1.0 + h * k, -n)), 1e-15)
        << "IM slides (particle on a line): y_n = y* (1 - (1 + hk)^-n); step " << n;
  }
  EXPECT_NEAR(stateOf(im)[0], eps, 1e-12)
      << "IM slides: implicit Euler settles at y* = f_max/k = epsilon for h = 0.1";
  // Explicit Euler beyond 2/k: |y - y*| grows by |1 - hk| = 1.1 per step.
  const double hBad = 2.1e-4;
  EXPECT_NEAR(std::abs(pbm::stabilityFunction(Scheme::Euler, -hBad * k)), 1.1, 1e-12)
      << "IM §2: |R(-hk)| = |1 - hk| = 1.1 for h = 2.1e-4, k = 1e4";
  LinearSystem ex(A, VectorXd::Constant(1, fMax), VectorXd::Zero(1));
  for (int n = 0; n < 100; ++n) pbm::eulerStep(ex, hBad);
  EXPECT_NEAR(std::abs(stateOf(ex)[0] - yStar), yStar * std::pow(1.1, 100),
              1e-9 * std::pow(1.1, 100))
      << "IM slides: explicit Euler beyond 2/k: |y - y*| = y* 1.1^100 after 100 steps";
  EXPECT_GT(std::abs(stateOf(ex)[0]), 1000 * eps) << "IM slides: explicit Euler blows up";
  // Below the slide's h < epsilon/f_max = 1/k explicit Euler never overshoots.
  LinearSystem slow(A, VectorXd::Constant(1, fMax), VectorXd::Zero(1));
  for (int n = 0; n < 50; ++n) {
    pbm::eulerStep(slow, 0.9 * eps / fMax);
    ASSERT_LE(stateOf(slow)[0], yStar * (1 + 1e-15))
        << "IM slides: below h = epsilon/f_max explicit Euler never overshoots y*; step " << n;
  }
}

TEST(Ch03Penalty, ParticleOnLineStaysWithinEpsilonUnderFmax) {
  // The scene's model: a drag clamped to f_max pulling straight down.
  const double eps = 0.02, fMax = 20.0, k = fMax / eps;
  pbm::PenaltySystem sys(k, 10.0, fMax, [](double) { return Vector2d(0.0, -100.0); }, {0.0, 0.0});
  for (int i = 0; i < 20; ++i) pbm::implicitEulerStep(sys, 0.05);  // h k = 50
  EXPECT_NEAR(sys.position().y(), -eps, 1e-6)
      << "IM slides: under f_max the penalty spring sags by epsilon = f_max/k = 0.02";
  EXPECT_GE(sys.position().y(), -eps * (1 + 1e-12))
      << "IM slides: implicit Euler never overshoots the equilibrium -epsilon";
}

// ---------------------------------------------------------------- C3.10
// IM §4: for linear f the reduced n x n system (4-5) equals backward Euler on
// the full 2n x 2n first-order system (4-2); (x1, v1) satisfies (4-3).
TEST(Ch03SecondOrder, ReducedSystemEqualsFullBackwardEuler) {
  std::mt19937 rng(7);
  const int n = 3;
  const double h = 0.37;
  const MatrixXd A = -randomSpd(n, rng), B = -randomSpd(n, rng, 0.1);  // dF/dx, dF/dv
  const VectorXd c = randomVector(n, rng), x0 = randomVector(n, rng), v0 = randomVector(n, rng);
  const VectorXd m = Eigen::Vector3d(1.0, 2.0, 0.5);
  const MatrixXd Minv = m.cwiseInverse().asDiagonal();
  auto F = [&](const VectorXd& x, const VectorXd& v) -> VectorXd { return A * x + B * v + c; };

  pbm::CgOptions opt;
  opt.tolerance = 1e-14;
  const pbm::SecondOrderStep s =
      pbm::implicitEulerSecondOrder(v0, F(x0, v0), A.sparseView(), B.sparseView(), m, h, opt);

  // Dense backward Euler on Y = (x, v), J = [[0, I], [M^-1 A, M^-1 B]].
  MatrixXd J = MatrixXd::Zero(2 * n, 2 * n);
  J.topRightCorner(n, n).setIdentity();
  J.bottomLeftCorner(n, n) = Minv * A;
  J.bottomRightCorner(n, n) = Minv * B;
  VectorXd f0(2 * n);
  f0 << v0, Minv * F(x0, v0);
  const VectorXd dY = (MatrixXd::Identity(2 * n, 2 * n) - h * J).partialPivLu().solve(h * f0);
  ASSERT_EQ(s.dx.size(), n) << "IM §4: dx has one entry per coordinate";
  ASSERT_EQ(s.dv.size(), n) << "IM §4: dv has one entry per coordinate";
  EXPECT_VEC_NEAR(s.dx, dY.head(n), 1e-12 * dY.norm())
      << "IM §4: dx of (4-5) equals backward Euler (4-2) on the 2n system, solved densely";
  EXPECT_VEC_NEAR(s.dv, dY.tail(n), 1e-12 * dY.norm())
      << "IM §4: dv of (4-5) equals backward Euler (4-2) on the 2n system, solved densely";

  // (4-3): dx = h (v0 + dv), M dv = h F(x0 + dx, v0 + dv).
  EXPECT_VEC_NEAR(s.dx, VectorXd(h * (v0 + s.dv)), 1e-14) << "IM §4 (4-3): dx = h (v0 + dv)";
  const VectorXd lhs = m.cwiseProduct(s.dv), rhs = h * F(x0 + s.dx, v0 + s.dv);
  EXPECT_VEC_NEAR(lhs, rhs, 1e-12 * rhs.norm()) << "IM §4 (4-3): M dv = h F(x0 + dx, v0 + dv)";

  // And chapter 03's first-order step (3-2) on the 2n system agrees.
  Sparse Jc = J.sparseView();
  VectorXd cFull = VectorXd::Zero(2 * n), y0(2 * n);
  cFull.tail(n) = Minv * c;
  y0 << x0, v0;
  LinearSystem full(Jc, cFull, y0);
  pbm::implicitEulerStep(full, h);
  EXPECT_VEC_NEAR(VectorXd(stateOf(full) - y0), dY, 1e-12 * dY.norm())
      << "IM §3 (3-2): the first-order step on the 2n system gives the same dY";
}

// ---------------------------------------------------------------- C3.11
// IM §4: x'' = -w^2 x - g v gives v1 = (v0 - h w^2 x0)/(1 + h g + h^2 w^2), x1 = x0 + h v1.
TEST(Ch03SecondOrder, ScalarOscillatorLosesEnergyByOnePlusH2W2) {
  auto stepOsc = [](double w, double g, double h, double x0, double v0) {
    Sparse K(1, 1), D(1, 1);
    K.insert(0, 0) = -w * w;
    D.insert(0, 0) = -g;
    pbm::CgOptions opt;
    opt.tolerance = 1e-15;
    return pbm::implicitEulerSecondOrder(VectorXd::Constant(1, v0),
                                         VectorXd::Constant(1, -w * w * x0 - g * v0), K, D,
                                         VectorXd::Ones(1), h, opt);
  };
  // (Explicit Euler from the same state goes to (1, -10), energy 100: it doubles.)
  const pbm::SecondOrderStep s = stepOsc(10.0, 0.0, 0.1, 1.0, 0.0);
  ASSERT_EQ(s.dx.size(), 1) << "IM §4: one coordinate";
  ASSERT_EQ(s.dv.size(), 1) << "IM §4: one coordinate";
  const double x1 = 1.0 + s.dx[0], v1 = s.dv[0];
  EXPECT_NEAR(x1, 0.5, 1e-15) << "IM §4: x1 = x0 + h v1 for w = 10, h = 0.1 from (1, 0)";
  EXPECT_NEAR(v1, -5.0, 1e-14) << "IM §4: v1 = -h w^2 x0 / (1 + h^2 w^2)";
  EXPECT_NEAR(0.5 * v1 * v1 + 0.5 * 100 * x1 * x1, 25.0, 1e-12)  // 50 / (1 + h^2 w^2)
      << "IM §4: the energy 50 falls to 50 / (1 + h^2 w^2) = 25";

  const double w = 3.0, g = 0.7, h = 0.2, x0 = 0.3, v0 = 2.0;
  const pbm::SecondOrderStep d = stepOsc(w, g, h, x0, v0);
  ASSERT_EQ(d.dv.size(), 1) << "IM §4: one coordinate";
  const double want = (v0 - h * w * w * x0) / (1 + h * g + h * h * w * w);
  EXPECT_NEAR(v0 + d.dv[0], want, 1e-14)
      << "IM §4: with damping v1 = (v0 - h w^2 x0) / (1 + h g + h^2 w^2)";
  EXPECT_NEAR(x0 + d.dx[0], x0 + h * want, 1e-14) << "IM §4 (4-3): x1 = x0 + h v1";
}

// ---------------------------------------------------------------- C3.12
// IM §4 (derived), "rock stable" made precise: with F = -K x, implicit Euler
// loses exactly 1/2 dv^T M dv + 1/2 dx^T K dx per step, explicit Euler gains it.
TEST(Ch03Energy, ImplicitLosesExplicitGainsTheIncrementNorms) {
  std::mt19937 rng(12);
  const int n = 3;
  const double h = 0.37;
  const MatrixXd K = randomSpd(n, rng);
  const VectorXd m = Eigen::Vector3d(0.7, 1.3, 2.0), x0 = randomVector(n, rng),
                 v0 = randomVector(n, rng);
  auto E = [&](const VectorXd& x, const VectorXd& v) {
    return 0.5 * v.dot(m.cwiseProduct(v)) + 0.5 * x.dot(K * x);
  };
  auto increments = [&](const VectorXd& dx, const VectorXd& dv) {
    return 0.5 * dv.dot(m.cwiseProduct(dv)) + 0.5 * dx.dot(K * dx);
  };
  pbm::CgOptions opt;
  opt.tolerance = 1e-14;
  Sparse zero(n, n);
  const pbm::SecondOrderStep s =
      pbm::implicitEulerSecondOrder(v0, -K * x0, Sparse(-K.sparseView()), zero, m, h, opt);
  ASSERT_EQ(s.dx.size(), n) << "IM §4: one dx per coordinate";
  ASSERT_EQ(s.dv.size(), n) << "IM §4: one dv per coordinate";
  const double lost = E(x0, v0) - E(x0 + s.dx, v0 + s.dv);
  EXPECT_GT(lost, 0.0) << "IM §4: implicit Euler loses energy on F = -K x";
  const double want = increments(s.dx, s.dv);
  EXPECT_NEAR(lost, want, 1e-10 * want)
      << "IM §4 (derived): implicit Euler loses exactly 1/2 dv^T M dv + 1/2 dx^T K dx";

  // Explicit Euler (chapter 01's eulerStep on the 2n first-order system) gains
  // exactly the same form of its own increments.
  MatrixXd Jfull = MatrixXd::Zero(2 * n, 2 * n);
  Jfull.topRightCorner(n, n).setIdentity();
  Jfull.bottomLeftCorner(n, n) = -(m.cwiseInverse().asDiagonal() * K);
  VectorXd y0(2 * n);
  y0 << x0, v0;
  LinearSystem ex(Jfull, y0);
  pbm::eulerStep(ex, h);
  const VectorXd y1 = stateOf(ex);
  const VectorXd dxE = y1.head(n) - x0, dvE = y1.tail(n) - v0;
  const double gained = E(y1.head(n), y1.tail(n)) - E(x0, v0), wantE = increments(dxE, dvE);
  EXPECT_NEAR(gained, wantE, 1e-12 * wantE)
      << "IM §4 (derived): explicit Euler gains exactly 1/2 dv^T M dv + 1/2 dx^T K dx";
}

TEST(Ch03Energy, PinnedChainWithGravityAndDragLosesEnergyEveryStep) {
  // With gravity (constant force) and drag D the identity gains h v1^T D v1.
  pbm::SpringNetwork net = pbm::makeChain(8, 0.1, 50.0);
  net.drag = 0.2;
  net.assemble();
  VectorXd x = pbm::pluckedChain(8, 4.0, 0.8), v = VectorXd::Zero(16);
  pbm::CgOptions opt;
  opt.tolerance = 1e-14;
  const double h = 0.05;
  for (int step = 0; step < 20; ++step) {
    const double e0 = net.kinetic(v) + net.potential(x);
    const pbm::SecondOrderStep s = pbm::implicitNetworkStep(net, x, v, h, opt);
    const double e1 = net.kinetic(v) + net.potential(x);
    ASSERT_EQ(s.dx.size(), 16) << "IM §4: one dx per coordinate";
    ASSERT_EQ(s.dv.size(), 16) << "IM §4: one dv per coordinate";
    double want = 0.5 * s.dx.dot(net.stiffness() * s.dx) + net.kinetic(s.dv);
    for (int i = 0; i < 16; ++i)
      if (!net.pinned(i)) want += h * net.drag * v[i] * v[i];
    EXPECT_GE(e0 - e1, 0.0) << "IM §4: implicit Euler with drag loses energy; step " << step;
    EXPECT_NEAR(e0 - e1, want, 1e-9 * std::max(1.0, std::abs(e0)))
        << "IM §4 (derived): the loss is 1/2 dx^T K dx + 1/2 dv^T M dv + h v1^T D v1; step "
        << step;
  }
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
      EXPECT_NEAR(std::abs(R - cd(y[0], y[1])), 0.0, 1e-13)
          << "IM §2-3: R(z) of " << schemeName(scheme) << " must be one step on y' = z y; z = " << z
          << ": expected " << cd(y[0], y[1]) << ", got R = " << R;
    }
    LinearSystem sys(A, Vector2d(1.0, 0.0));
    pbm::implicitEulerStep(sys, 1.0);
    const VectorXd y = stateOf(sys);
    const cd R = pbm::stabilityFunction(Scheme::ImplicitEuler, z);
    EXPECT_NEAR(std::abs(R - cd(y[0], y[1])), 0.0, 1e-13)
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
    EXPECT_NEAR(absR(Scheme::Euler, cd(0, y)), std::sqrt(1 + y * y), 1e-13)
        << "IM §2: |R(iy)| = sqrt(1 + y^2) for explicit Euler; y = " << y;
    EXPECT_NEAR(absR(Scheme::Midpoint, cd(0, y)), std::sqrt(1 + y * y * y * y / 4), 1e-13)
        << "IM §2: |R(iy)| = sqrt(1 + y^4/4) for midpoint; y = " << y;
  }
  // Implicit Euler: |R| = 1 on the circle |1 - z| = 1, <= 1 on the left half-plane, -> 0 at -inf.
  for (double th = 0.0; th < 6.28; th += 0.5)
    EXPECT_NEAR(absR(Scheme::ImplicitEuler, 1.0 + std::polar(1.0, th)), 1.0, 1e-12)
        << "IM §3: |R| = 1 on the circle |1 - z| = 1; z = " << 1.0 + std::polar(1.0, th);
  for (const cd z : {cd(-0.0, 5.0), cd(-3.0, -40.0), cd(-1e3, 1.0), cd(-1e-9, 0.3)})
    EXPECT_LE(absR(Scheme::ImplicitEuler, z), 1.0)
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
    EXPECT_EQ(m, 12) << "IM §3: implicit Euler reaches x <= 0.01 in 12 steps of h = 0.5 "
                        "whatever k (100 = the loop's bound); k = "
                     << kk;
  }
}

// ---------------------------------------------------------------- C3.15
// IM §3, "f' will have a structure which matches the connectivity". The matrix
// the student's step solves on the free coordinates, S = M - h dF/dv - h^2 dF/dx
// of (4-5), is recovered from the step itself: with v0 = 0 and F0 = e_j / h the
// right-hand side is e_j, so dv = S^-1 e_j; inverted densely it must equal S
// assembled here, with a non-zero 2x2 block (i, j) only for i = j or a spring
// i-j: 3N - 2 blocks for the N = n - 2 free particles of a chain pinned at
// both ends.
TEST(Ch03Sparsity, SystemMatrixBlocksFollowTheSprings) {
  const int n = 10;
  const double h = 0.01;
  pbm::SpringNetwork net = pbm::makeChain(n, 0.1, 100.0);
  net.drag = 0.5;
  net.assemble();
  std::vector<int> freeIdx;
  for (int i = 0; i < 2 * n; ++i)
    if (!net.pinned(i)) freeIdx.push_back(i);
  const int nf = static_cast<int>(freeIdx.size());
  ASSERT_EQ(nf, 2 * (n - 2)) << "makeChain pins both ends";

  pbm::CgOptions opt;
  opt.tolerance = 1e-14;
  MatrixXd Sinv(nf, nf);
  for (int a = 0; a < nf; ++a) {
    VectorXd F0 = VectorXd::Zero(2 * n);
    F0[freeIdx[a]] = 1.0 / h;
    const pbm::SecondOrderStep s = pbm::implicitEulerSecondOrder(
        VectorXd::Zero(2 * n), F0, net.dFdx(), net.dFdv(), net.mass, h, opt);
    ASSERT_EQ(s.dv.size(), 2 * n) << "IM §4: one dv per coordinate";
    for (int c = 0; c < nf; ++c) Sinv(c, a) = s.dv[freeIdx[c]];
    for (int i = 0; i < 2 * n; ++i)
      if (net.pinned(i)) {
        EXPECT_EQ(s.dv[i], 0.0) << "IM §4: a pinned (infinite-mass) coordinate keeps dv = 0";
      }
  }
  const MatrixXd S = Sinv.inverse();
  MatrixXd want(nf, nf);
  for (int a = 0; a < nf; ++a)
    for (int c = 0; c < nf; ++c)
      want(a, c) = (a == c ? net.mass[freeIdx[a]] : 0.0) -
                   h * net.dFdv().coeff(freeIdx[a], freeIdx[c]) -
                   h * h * net.dFdx().coeff(freeIdx[a], freeIdx[c]);
  EXPECT_VEC_NEAR(S, want, 1e-9 * want.norm())
      << "IM §4 (4-5): the step solves (M - h dF/dv - h^2 dF/dx) dv = h (F0 + h dF/dx v0)";
  int blocks = 0;
  const double zero = 1e-9 * want.cwiseAbs().maxCoeff();
  for (int i = 0; i < nf / 2; ++i)
    for (int j = 0; j < nf / 2; ++j) {
      const bool nonzero = S.block<2, 2>(2 * i, 2 * j).cwiseAbs().maxCoeff() > zero;
      blocks += nonzero;
      if (nonzero) {
        EXPECT_LE(std::abs(i - j), 1)
            << "IM §3: block (" << i << ", " << j << ") couples free particles no spring joins";
      }
    }
  EXPECT_EQ(blocks, 3 * (n - 2) - 2)
      << "IM §3: a chain of N = 8 free particles gives 3N - 2 = 22 non-zero blocks";
}

// ---------------------------------------------------------------- CG
// IM §3-4 with Baraff & Witkin: the CG solve of (4-5) against Eigen's dense
// LDLT; fixed (infinite-mass) coordinates keep dv = 0; bounded iterations.
TEST(Ch03Cg, MatchesDenseLdltAndKeepsPinnedCoordinatesFixed) {
  const int n = 50;
  const double h = 0.02;
  pbm::SpringNetwork net = pbm::makeChain(n, 0.01, 1e3);
  net.drag = 0.3;
  net.assemble();
  std::mt19937 rng(5);
  const VectorXd x0 = pbm::pluckedChain(n, 4.0, 0.8);
  VectorXd v0 = randomVector(2 * n, rng);
  v0.head<2>() << 0.5, -0.25;  // a controlled (moving) pinned particle
  const VectorXd F0 = net.force(x0, v0);
  pbm::CgOptions opt;
  opt.tolerance = 1e-12;
  const pbm::SecondOrderStep s =
      pbm::implicitEulerSecondOrder(v0, F0, net.dFdx(), net.dFdv(), net.mass, h, opt);

  // Reference: the same system with fixed rows/columns replaced by identity.
  MatrixXd S = -h * MatrixXd(net.dFdv()) - h * h * MatrixXd(net.dFdx());
  VectorXd b = h * (F0 + h * (net.dFdx() * v0));
  for (int i = 0; i < 2 * n; ++i) {
    if (net.pinned(i)) {
      S.row(i).setZero();
      S.col(i).setZero();
      S(i, i) = 1.0;
      b[i] = 0.0;
    } else {
      S(i, i) += net.mass[i];
    }
  }
  const VectorXd dv = S.ldlt().solve(b);
  ASSERT_EQ(s.dv.size(), 2 * n) << "IM §4: one dv per coordinate";
  ASSERT_EQ(s.dx.size(), 2 * n) << "IM §4: one dx per coordinate";
  EXPECT_VEC_NEAR(s.dv, dv, 1e-9 * dv.norm())
      << "IM §4 (4-5): the CG solve must match a dense LDLT solve of the same system";
  for (int i : {0, 1, 2 * n - 2, 2 * n - 1}) {
    EXPECT_EQ(s.dv[i], 0.0) << "IM §4: a pinned coordinate keeps dv = 0; coordinate " << i;
    EXPECT_EQ(s.dx[i], h * v0[i])
        << "IM §4: a pinned coordinate moves by h v0 (its prescribed velocity); coordinate " << i;
  }
  EXPECT_VEC_NEAR(s.dx, VectorXd(h * (v0 + s.dv)), 1e-15 * s.dx.norm() + 1e-300)
      << "IM §4 (4-3): dx = h (v0 + dv)";
  // The reported residual is the true one.
  EXPECT_LE(s.residual, opt.tolerance) << "IM §4: the reported residual meets the tolerance";
  EXPECT_NEAR((b - S * s.dv).norm() / b.norm(), s.residual, 1e-13)
      << "IM §4: the reported residual is the true |b - S dv| / |b|";
  EXPECT_GT(s.iterations, 0) << "IM §4: a non-zero right-hand side needs CG iterations";
  EXPECT_LE(s.iterations, 4 * n) << "IM §4: CG converges in about n iterations, not more";
}

TEST(Ch03Cg, GivesUpAfterMaxIterationsWithSolverFailure) {
  pbm::SpringNetwork net = pbm::makeChain(200, 0.01, 1e5);
  const VectorXd x0 = pbm::pluckedChain(200, 4.0, 0.8), v0 = VectorXd::Zero(400);
  pbm::CgOptions opt;
  opt.tolerance = 1e-12;
  opt.maxIterations = 3;
  EXPECT_THROW(pbm::implicitEulerSecondOrder(v0, net.force(x0, v0), net.dFdx(), net.dFdv(),
                                             net.mass, 0.05, opt),
               pbm::SolverFailure)
      << "IM §4: 3 CG iterations cannot reach 1e-12 on a 200-particle chain: SolverFailure";
}

// ---------------------------------------------------------------- failures
// IM §3: (I/h - f') must be invertible; CG needs a positive definite matrix.
TEST(Ch03Solver, SingularLinearisedSystemThrowsSolverFailure) {
  const MatrixXd A = 2.0 * MatrixXd::Identity(2, 2);  // f' = I/h at h = 1/2
  LinearSystem sys(A, Vector2d(1.0, -1.0));
  EXPECT_THROW(pbm::implicitEulerStep(sys, 0.5), pbm::SolverFailure)
      << "IM §3: (I/h - f') = 0 at h = 1/2: the step must report SolverFailure";
  EXPECT_VEC_NEAR(stateOf(sys), Vector2d(1.0, -1.0), 0.0)
      << "IM §3: a failed step leaves the state untouched";
}

// The same singular step inside a run: the stepping layer (core/stepping.h)
// stops the run with SimulationDiverged (exit status 3) naming the step's start
// time and its size, and the solver's message.
TEST(Ch03Solver, SingularStepInARunStopsItNamingTAndH) {
  const MatrixXd A = 2.0 * MatrixXd::Identity(2, 2);
  LinearSystem sys(A, Vector2d(1.0, -1.0));
  pbm::Stepper stepper;
  stepper.reset(pbm::implicitEulerMethod(), 0.5);
  try {
    stepper.advance(sys, 10.0);
    FAIL() << "IM §3: (I/h - f') = 0 at h = 1/2: expected SimulationDiverged, got no error";
  } catch (const pbm::SimulationDiverged& e) {
    EXPECT_EQ(e.time(), 0.0);
    EXPECT_EQ(e.stepSize(), 0.5);
    const std::string what = e.what();
    EXPECT_NE(what.find("at t = 0 s with h = 0.5 s"), std::string::npos)
        << "expected t and h in the message, got: " << what;
    EXPECT_NE(what.find("singular"), std::string::npos) << "IM §3: got: " << what;
  }
}

TEST(Ch03Solver, IndefiniteSecondOrderSystemThrowsSolverFailure) {
  Sparse zero(2, 2);
  // A negative mass: S has a negative diagonal entry.
  EXPECT_THROW(pbm::implicitEulerSecondOrder(Vector2d(0, 0), Vector2d(1, 1), zero, zero,
                                             Vector2d(-1.0, 1.0), 0.1),
               pbm::SolverFailure)
      << "IM §4: a negative mass makes (4-5) indefinite: SolverFailure";
  // A positive diagonal but a negative eigenvalue: S = [[1, -4], [-4, 1]] (eigenvalues 5, -3).
  Sparse dFdx(2, 2);
  dFdx.insert(0, 1) = 4.0;
  dFdx.insert(1, 0) = 4.0;
  EXPECT_THROW(pbm::implicitEulerSecondOrder(Vector2d(0, 0), Vector2d(1, 0), dFdx, zero,
                                             Vector2d(1.0, 1.0), 1.0),
               pbm::SolverFailure)
      << "IM §4: S = [[1, -4], [-4, 1]] has eigenvalue -3, CG needs definite S: SolverFailure";
}

// ---------------------------------------------------------------- Jacobians
// IM §3: the models' analytic Jacobians against central differences, and
// implicitEulerStep with either gives the same step.
void expectJacobianMatchesFd(pbm::OdeSystem& sys, double tol, const char* what) {
  Sparse Ja, Jf;
  sys.jacobian(Ja);
  pbm::finiteDifferenceJacobian(sys, Jf);
  EXPECT_VEC_NEAR(MatrixXd(Ja), MatrixXd(Jf), tol)
      << "IM §3: the analytic Jacobian of the " << what << " against central differences";
}

TEST(Ch03Jacobian, AnalyticJacobiansMatchFiniteDifferences) {
  StiffBowlSystem bowl(37.0, {0.3, -0.8});
  expectJacobianMatchesFd(bowl, 1e-6, "stiff bowl");
  auto far = [](double t) { return Vector2d(3.0 + t, -2.0); };
  auto near = [](double) { return Vector2d(0.2, 0.1); };
  pbm::PenaltySystem clamped(500.0, 10.0, 5.0, far, {0.1, 0.05});  // |k_m d| > f_max
  pbm::PenaltySystem free(500.0, 10.0, 5.0, near, {0.1, 0.05});    // |k_m d| < f_max
  expectJacobianMatchesFd(clamped, 1e-6, "penalty, clamped drag");
  expectJacobianMatchesFd(free, 1e-6, "penalty, spring drag");
  pbm::SpringNetwork net = pbm::makeChain(5, 0.1, 30.0);
  net.drag = 0.4;
  net.assemble();
  std::mt19937 rng(9);
  pbm::NetworkSystem chain(net, pbm::pluckedChain(5, 4.0, 0.8), randomVector(10, rng));
  expectJacobianMatchesFd(chain, 1e-5, "spring chain");

  const std::pair<const char*, pbm::OdeSystem*> systems[] = {
      {"stiff bowl", &bowl}, {"penalty, clamped drag", &clamped}, {"spring chain", &chain}};
  for (const auto& [name, sys] : systems) {
    SCOPED_TRACE(name);
    const VectorXd y0 = stateOf(*sys);
    pbm::implicitEulerStep(*sys, 0.05);
    const VectorXd analytic = stateOf(*sys);
    sys->setState(y0, 0.0);
    NoJacobian fd(*sys);
    pbm::implicitEulerStep(fd, 0.05);
    EXPECT_VEC_NEAR(stateOf(*sys), analytic, 1e-6 * std::max(1.0, analytic.norm()))
        << "IM §3: without an analytic Jacobian the step must use finite differences and "
           "give the same result";
  }
}

// ---------------------------------------------------------------- headless
// The scene the graders run: `--scene stiff_spring --method M --h H --set k=K`.
struct Rows {
  std::vector<std::vector<double>> rows;
  std::string header;
};

Rows parseCsv(const std::string& text) {
  Rows out;
  std::istringstream in(text);
  std::getline(in, out.header);
  std::string line;
  while (std::getline(in, line)) {
    std::vector<double> row;
    std::stringstream ss(line);
    std::string cell;
    while (std::getline(ss, cell, ',')) row.push_back(std::stod(cell));
    out.rows.push_back(row);
  }
  return out;
}

std::unique_ptr<pbm::Scene> stiffSpring(const std::string& method, double h, double k,
                                        double tEnd) {
  auto scene = ch03::makeStiffSpringScene();
  scene->settings().method = method;
  scene->settings().h = h;
  scene->settings().tEnd = tEnd;
  scene->settings().start = {1.0, 1.0};
  scene->params().set("k=" + std::to_string(k));
  return scene;
}

TEST(Ch03Headless, StiffSpringImplicitRowsFollowTheClosedForm) {
  auto scene = stiffSpring("implicit", 0.25, 4.0, 2.0);
  std::ostringstream csv;
  pbm::runHeadless(*scene, csv);
  const Rows r = parseCsv(csv.str());
  EXPECT_EQ(r.header, "t,x,y,evals") << "the stiff_spring scene's CSV columns";
  ASSERT_EQ(r.rows.size(), 9u) << "IM §3: rows at t = 0, 0.25, ..., 2";
  for (size_t n = 0; n < r.rows.size(); ++n) {
    SCOPED_TRACE("row " + std::to_string(n));
    ASSERT_EQ(r.rows[n].size(), 4u) << "four columns t, x, y, evals";
    EXPECT_DOUBLE_EQ(r.rows[n][0], 0.25 * n) << "IM §3: t = n h";
    EXPECT_NEAR(r.rows[n][1], std::pow(1.0 / 1.25, n), 1e-14) << "IM §3: x_n = (1 + h)^-n";
    EXPECT_NEAR(r.rows[n][2], std::pow(1.0 / 2.0, n), 1e-14) << "IM §3: y_n = (1 + hk)^-n";
    EXPECT_EQ(r.rows[n][3], static_cast<double>(n))
        << "IM §3: one derivative evaluation per implicit step (the Jacobian is analytic)";
  }
}

TEST(Ch03Headless, StiffSpringExplicitBeyondTwoOverKDivergesWithRowsKept) {
  const double k = 50.0, h = 0.05;  // hk = 2.5: |1 - hk| = 1.5 per step
  const double factor = pbm::stabilityFunction(Scheme::Euler, -h * k).real();
  EXPECT_NEAR(factor, -1.5, 1e-15) << "IM §2: explicit Euler's R(-hk) = 1 - hk = -1.5";
  auto scene = stiffSpring("euler", h, k, 10.0);
  std::ostringstream csv;
  EXPECT_THROW(pbm::runHeadless(*scene, csv), pbm::SimulationDiverged)
      << "IM §2: |1 - hk| = 1.5 > 1: the run diverges and must say so";
  const Rows r = parseCsv(csv.str());
  ASSERT_GT(r.rows.size(), 20u) << "IM §2: the rows before the divergence are kept";
  for (size_t n = 0; n < r.rows.size(); ++n) {
    const double want = std::pow(factor, n);
    ASSERT_GE(r.rows[n].size(), 3u) << "columns t, x, y, evals; row " << n;
    EXPECT_NEAR(r.rows[n][2], want, 1e-12 * std::abs(want))
        << "IM §2: y_n = R(-hk)^n y0 = (-1.5)^n; row " << n;
  }
  // Just below 2/k the same run stays bounded.
  auto stable = stiffSpring("euler", 0.039, k, 10.0);
  std::ostringstream ok;
  EXPECT_NO_THROW(pbm::runHeadless(*stable, ok)) << "IM §2: h = 0.039 < 2/k = 0.04 is stable";
  const Rows bounded = parseCsv(ok.str());
  ASSERT_FALSE(bounded.rows.empty()) << "IM §2: the stable run writes rows";
  EXPECT_LT(std::abs(bounded.rows.back()[2]), 1.0)
      << "IM §2: below 2/k the stiff component stays bounded; |1 - hk| = 0.95";
}

// The headless energy rule (pbm/app/headless.h) on spring_chain: springs,
// gravity and no drag keep the energy. Midpoint's |R(i w h)|^2 = 1 +
// (w h)^4 / 4 > 1 for every mode (IM §2: its region misses the imaginary
// axis; checked first on stabilityFunction against that closed form), so its
// energy grows without end; the run stops by the energy rule (its state has
// grown far less than the growth rule's 10^6), naming t and h, with every
// written row's energy within 101 E0.
TEST(Ch03EnergyRule, SpringChainUnderMidpointStopsByItsEnergy) {
  for (const double wh : {0.1, 1.0, 2.0}) {
    const double r2 = std::norm(pbm::stabilityFunction(Scheme::Midpoint, cd(0.0, wh)));
    ASSERT_NEAR(r2, 1 + std::pow(wh, 4) / 4, 1e-12)
        << "IM §2: midpoint's |R(i w h)|^2 at w h = " << wh
        << ": expected 1 + (w h)^4/4 = " << 1 + std::pow(wh, 4) / 4 << ", got " << r2;
  }
  auto scene = ch03::makeSpringChainScene();
  scene->settings().method = "midpoint";
  std::ostringstream csv;
  try {
    pbm::runHeadless(*scene, csv);
    FAIL() << "IM §2: midpoint gains energy on an undamped chain; expected the energy rule to "
              "stop the run before t = "
           << scene->settings().tEnd;
  } catch (const pbm::SimulationDiverged& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("energy"), std::string::npos) << "expected the energy rule: " << what;
    EXPECT_NE(what.find("h = 0.005 s"), std::string::npos) << "the line names h: " << what;
  }
  const Rows r = parseCsv(csv.str());
  ASSERT_GT(r.rows.size(), 2u) << "the rows before the stop are kept";
  const double e0 = r.rows.front()[1];
  EXPECT_GT(e0, 0.0) << "a plucked chain starts with positive energy";
  double emax = e0;
  for (const auto& row : r.rows) emax = std::max(emax, row[1]);
  EXPECT_LE(emax, 101 * e0) << "a written row's energy past 101 E0 (the rule's limit)";
  EXPECT_GT(emax, 2 * e0) << "IM §2: midpoint's energy grew before the stop";
}

// The default (RK4 at h omega_max < 2.83) and implicit Euler (which only
// loses energy, IM §4) keep the rule over the default run.
TEST(Ch03EnergyRule, SpringChainDefaultAndImplicitKeepTheRule) {
  for (const char* method : {"rk4", "implicit"}) {
    auto scene = ch03::makeSpringChainScene();
    scene->settings().method = method;
    std::ostringstream csv;
    EXPECT_NO_THROW(pbm::runHeadless(*scene, csv))
        << method << ": IM §4, the default run must end at t = " << scene->settings().tEnd;
  }
}

}  // namespace
