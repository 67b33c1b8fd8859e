// Chapter 05 tests: a bead on a wire (Witkin, Constrained Dynamics §1-§2, §5).
// Each test checks a claim of research ch05-06 A.2 against a closed form, a
// finite difference, an independent formula (the slides' |x| - r form, an
// elliptic integral) or a measured convergence order.
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cmath>
#include <numbers>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "bead_scenes.h"
#include "pbm/app/headless.h"
#include "pbm/bead/bead.h"
#include "pbm/bead/exact_pendulum.h"
#include "pbm/core/errors.h"
#include "pbm/fields/euler.h"
#include "pbm/integrators/integrators.h"

namespace {

using Eigen::Vector2d;
constexpr double kPi = std::numbers::pi;
constexpr double kG = 9.81;

// A bead on the wire at angle theta from the +x axis with tangential speed s.
pbm::BeadSystem beadOnWire(double m, double r, double theta, double s, double g,
                           const Vector2d& c = Vector2d::Zero()) {
  pbm::BeadSystem b;
  b.wire = pbm::CircleWire{c, r};
  b.bead.m = m;
  b.bead.x = c + r * Vector2d(std::cos(theta), std::sin(theta));
  b.bead.v = s * Vector2d(-std::sin(theta), std::cos(theta));
  b.forces.g = Vector2d(0, -g);
  return b;
}

// The acceleration derivEval returns for the installed state.
Vector2d accelOf(pbm::BeadSystem& b) {
  Eigen::VectorXd d;
  b.derivEval(d);
  return d.tail<2>();
}

// Complete elliptic integral K(k) = pi / (2 AGM(1, sqrt(1 - k^2))), written here
// independently of the chapter's code.
double ellipticK(double k) {
  double a = 1, b = std::sqrt(1 - k * k);
  for (int i = 0; i < 60; ++i) {
    const double an = 0.5 * (a + b);
    b = std::sqrt(a * b);
    a = an;
  }
  return kPi / (2 * a);
}

// max |C| of the pendulum from (1, 0) at rest, 5 s (research C10).
double maxDrift(pbm::Method method, double h, double T = 5.0) {
  pbm::BeadSystem b = beadOnWire(2.0, 1.0, 0.0, 0.0, kG);
  double maxC = 0;
  const long n = std::lround(T / h);
  for (long i = 0; i < n; ++i) {
    pbm::step(b, method, h);
    maxC = std::max(maxC, std::abs(b.C()));
  }
  return maxC;
}

// CD §2 eqs 1-3: C, Cdot and their gradients against central differences.
TEST(Ch05Bead, GradientsMatchFiniteDifferences) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> u(-2, 2);
  const double eps = 1e-6;
  for (int trial = 0; trial < 20; ++trial) {
    const pbm::CircleWire w{Vector2d(u(rng), u(rng)), 0.5 + std::abs(u(rng))};
    const Vector2d x(u(rng), u(rng)), v(u(rng), u(rng));
    const Vector2d ex(eps, 0), ey(0, eps);
    const Vector2d gradFd((pbm::beadC(x + ex, w) - pbm::beadC(x - ex, w)) / (2 * eps),
                          (pbm::beadC(x + ey, w) - pbm::beadC(x - ey, w)) / (2 * eps));
    EXPECT_LT((pbm::beadGradC(x, w) - gradFd).norm(), 1e-8);
    const double cdotFd = (pbm::beadC(x + eps * v, w) - pbm::beadC(x - eps * v, w)) / (2 * eps);
    EXPECT_NEAR(pbm::beadCdot(x, v, w), cdotFd, 1e-8);
    const Vector2d gradCdotFd(
        (pbm::beadCdot(x + ex, v, w) - pbm::beadCdot(x - ex, v, w)) / (2 * eps),
        (pbm::beadCdot(x + ey, v, w) - pbm::beadCdot(x - ey, v, w)) / (2 * eps));
    EXPECT_LT((pbm::beadGradCdot(x, v, w) - gradCdotFd).norm(), 1e-8);
  }
  // C is zero exactly on the wire and 1/2 (rho^2 - r^2) off it.
  const pbm::CircleWire w{Vector2d(0.3, -0.2), 1.5};
  EXPECT_NEAR(pbm::beadC(w.c + Vector2d(0, 1.5), w), 0.0, 1e-15);
  EXPECT_NEAR(pbm::beadC(w.c + Vector2d(2.0, 0), w), 0.5 * (4.0 - 2.25), 1e-15);
}

// CD §2 eq 3 and §3 eq 11: the acceleration makes Cddot = 0 on legal states and
// Cddot = -ks C - kd Cdot off them.
TEST(Ch05Bead, AccelerationIsLegalWithAndWithoutFeedback) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-3, 3);
  const pbm::CircleWire w{Vector2d(0.4, 0.1), 1.3};
  for (int trial = 0; trial < 20; ++trial) {
    const double phi = u(rng);
    const Vector2d n(std::cos(phi), std::sin(phi));
    const Vector2d x = w.c + w.r * n, v = u(rng) * Vector2d(-n.y(), n.x());
    const Vector2d f(u(rng), u(rng));
    const double m = 2.0;
    const Vector2d a = pbm::beadAcceleration(x, v, f, m, w, {});
    const double cddot = (x - w.c).dot(a) + v.dot(v);
    EXPECT_LT(std::abs(cddot), 1e-12 * (v.squaredNorm() + f.norm() * w.r / m));

    // Illegal state, feedback ks = 25, kd = 10.
    const Vector2d xi = x + 0.3 * Vector2d(u(rng), u(rng)), vi = v + Vector2d(u(rng), u(rng));
    const pbm::BeadFeedback fb{25, 10};
    const Vector2d ai = pbm::beadAcceleration(xi, vi, f, m, w, fb);
    const double C = 0.5 * ((xi - w.c).squaredNorm() - w.r * w.r);
    const double Cdot = (xi - w.c).dot(vi);
    const double want = -25 * C - 10 * Cdot;
    EXPECT_NEAR((xi - w.c).dot(ai) + vi.dot(vi), want,
                1e-11 * (1 + std::abs(want) + vi.squaredNorm()));
  }
}

// CD §2.1: virtual work. f^ is normal to the wire, does no work on legal
// velocities; on an illegal state its power is exactly lambda Cdot.
TEST(Ch05Bead, ConstraintForceDoesNoWork) {
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> u(-3, 3);
  const pbm::CircleWire w{Vector2d(-0.2, 0.5), 0.8};
  const double m = 1.7;
  for (int trial = 0; trial < 20; ++trial) {
    const double phi = u(rng);
    const Vector2d n(std::cos(phi), std::sin(phi));
    const Vector2d x = w.c + w.r * n, v = u(rng) * Vector2d(-n.y(), n.x());
    const Vector2d f(u(rng), u(rng));
    const Vector2d fHat = pbm::beadConstraintForce(x, v, f, m, w, {});
    EXPECT_LE(std::abs(fHat.dot(v)), 1e-12 * (1 + fHat.norm() * v.norm()));
    const Vector2d d = x - w.c;
    EXPECT_LE(std::abs(fHat.x() * d.y() - fHat.y() * d.x()), 1e-12 * (1 + fHat.norm()));

    const Vector2d xi = x + 0.2 * Vector2d(u(rng), u(rng)), vi(u(rng), u(rng));
    const double lambda = pbm::beadLambda(xi, vi, f, m, w, {});
    const Vector2d fHati = pbm::beadConstraintForce(xi, vi, f, m, w, {});
    EXPECT_NEAR(fHati.dot(vi), lambda * (xi - w.c).dot(vi), 1e-11 * (1 + fHati.norm() * vi.norm()));
  }
}

// CD §2.1 eq 7, §2.3 eq 8: a bead at rest under gravity. lambda = m g sin(theta)/r,
// tangential acceleration -g cos(theta): the pendulum law phi'' = -(g/r) sin(phi).
TEST(Ch05Bead, RestingBeadUnderGravityFollowsThePendulumLaw) {
  const double m = 2, r = 1, theta = 0.3;
  pbm::BeadSystem b = beadOnWire(m, r, theta, 0.0, kG);
  const Vector2d f(0, -m * kG);
  const double lambda = pbm::beadLambda(b.bead.x, b.bead.v, f, m, b.wire, {});
  EXPECT_NEAR(lambda, m * kG * std::sin(theta) / r, 1e-12);
  EXPECT_NEAR(lambda, 5.798106454695, 1e-11);
  const Vector2d a = accelOf(b);
  const Vector2d t(-std::sin(theta), std::cos(theta)), n(std::cos(theta), std::sin(theta));
  EXPECT_NEAR(a.dot(t), -kG * std::cos(theta), 1e-12);
  EXPECT_NEAR(a.dot(t), -9.371850958322, 1e-11);
  EXPECT_NEAR(a.dot(n), 0.0, 1e-12);

  // At the bottom the wire holds the whole weight: f^ = (0, m g), no acceleration.
  pbm::BeadSystem bottom = beadOnWire(m, r, -kPi / 2, 0.0, kG);
  const Vector2d fHat =
      pbm::beadConstraintForce(bottom.bead.x, bottom.bead.v, f, m, bottom.wire, {});
  EXPECT_LT((fHat - Vector2d(0, m * kG)).norm(), 1e-12);
  EXPECT_LT(accelOf(bottom).norm(), 1e-12);
}

// CD §2.1 eq 7, velocity term: with no applied force the constraint alone
// bends the path; lambda = -m s^2 / r^2, |f^| = m s^2 / r (centripetal).
TEST(Ch05Bead, UniformCircularMotionNeedsLambdaMinusMsSquaredOverRSquared) {
  const double m = 2, r = 1.7, s = 3.1, phi0 = 0.4;
  pbm::BeadSystem b = beadOnWire(m, r, phi0, s, 0.0);
  const double lambda = pbm::beadLambda(b.bead.x, b.bead.v, Vector2d::Zero(), m, b.wire, {});
  EXPECT_NEAR(lambda, -m * s * s / (r * r), 1e-12);
  EXPECT_NEAR(lambda, -6.650519031142, 1e-11);
  const Vector2d fHat =
      pbm::beadConstraintForce(b.bead.x, b.bead.v, Vector2d::Zero(), m, b.wire, {});
  EXPECT_NEAR(fHat.norm(), 11.305882352941, 1e-11);
  EXPECT_LT((fHat + m * s * s / (r * r) * b.bead.x).norm(), 1e-12);

  // Integrated with RK4, h = 1e-3, 2 s: the closed-form circle at angular rate s/r.
  const double h = 1e-3;
  for (int i = 1; i <= 2000; ++i) {
    pbm::rk4Step(b, h);
    const double th = phi0 + s * i * h / r;
    ASSERT_LT((b.bead.x - r * Vector2d(std::cos(th), std::sin(th))).norm(), 1e-9) << "step " << i;
    ASSERT_NEAR(b.bead.v.norm(), s, 1e-12);
  }
}

// CD §2.3 eq 8: at rest f + f^ is f projected orthogonally onto the tangent;
// no radial pull, however hard, moves a resting bead off the wire (slides).
TEST(Ch05Bead, RestingForceIsTheTangentProjection) {
  std::mt19937 rng(13);
  std::uniform_real_distribution<double> u(-3, 3);
  const pbm::CircleWire w{Vector2d(1, -1), 2.0};
  for (int trial = 0; trial < 20; ++trial) {
    const double phi = u(rng);
    const Vector2d n(std::cos(phi), std::sin(phi));
    const Vector2d x = w.c + w.r * n, f(u(rng), u(rng));
    const Eigen::Matrix2d P = Eigen::Matrix2d::Identity() - n * n.transpose();
    EXPECT_LT((pbm::projectOntoTangent(f, x - w.c) - P * f).norm(), 1e-13);
    EXPECT_LT((pbm::projectOntoTangent(f, 3.7 * n) - P * f).norm(), 1e-13);  // any length
    const Vector2d fHat = pbm::beadConstraintForce(x, Vector2d::Zero(), f, 1.3, w, {});
    EXPECT_LT((f + fHat - P * f).norm(), 1e-12);
    EXPECT_NEAR(fHat.norm(), std::abs(f.dot(n)), 1e-12);
  }
  const Vector2d x = w.c + w.r * Vector2d(0.6, 0.8);
  const Vector2d pull = 1e6 * Vector2d(0.6, 0.8);
  EXPECT_LT(pbm::beadAcceleration(x, Vector2d::Zero(), pull, 1.0, w, {}).norm(), 1e-9 * 1e6);
}

// CD §2.3: moving, the constraint projects the acceleration: a - f/m is normal
// and a . (x - c) = -v . v (the closest legal acceleration to f/m).
TEST(Ch05Bead, MovingAccelerationIsTheClosestLegalAcceleration) {
  std::mt19937 rng(17);
  std::uniform_real_distribution<double> u(-3, 3);
  const pbm::CircleWire w{Vector2d::Zero(), 1.2};
  for (int trial = 0; trial < 20; ++trial) {
    const double phi = u(rng), m = 0.5 + std::abs(u(rng));
    const Vector2d n(std::cos(phi), std::sin(phi));
    const Vector2d x = w.r * n, v = u(rng) * Vector2d(-n.y(), n.x()), f(u(rng), u(rng));
    const Vector2d a = pbm::beadAcceleration(x, v, f, m, w, {});
    const Vector2d want = f / m - ((f / m).dot(x) + v.dot(v)) / x.dot(x) * x;
    EXPECT_LT((a - want).norm(), 1e-12 * (1 + want.norm()));
  }
}

// Slides vs §2: C2 = |x| - r with N = x/|x|, Ndot = (v - (x.v) x/|x|^2)/|x| gives
// the same force on legal states; off the wire the two differ by m (x.v)^2/|x|^4 x.
TEST(Ch05Bead, ForceOnLegalStatesDoesNotDependOnHowCIsWritten) {
  const pbm::CircleWire w{Vector2d::Zero(), 1.0};
  auto slidesForce = [](const Vector2d& x, const Vector2d& v, const Vector2d& f, double m) {
    const double L = x.norm();
    const Vector2d N = x / L;
    const Vector2d Ndot = (v - x.dot(v) / (L * L) * x) / L;
    const double lambda2 = -(m * Ndot.dot(v) + N.dot(f)) / N.dot(N);
    return Vector2d(lambda2 * N);
  };
  const double m = 2;
  const Vector2d f(0.5, -19.6);
  for (double phi : {0.1, 1.3, 2.9, -2.2}) {
    const Vector2d x(std::cos(phi), std::sin(phi)), v = 1.7 * Vector2d(-x.y(), x.x());
    EXPECT_LT((pbm::beadConstraintForce(x, v, f, m, w, {}) - slidesForce(x, v, f, m)).norm(),
              1e-12);
  }
  const Vector2d x(1.3, 0.4), v(0.7, -0.2);
  const Vector2d diff = slidesForce(x, v, f, m) - pbm::beadConstraintForce(x, v, f, m, w, {});
  EXPECT_LT((diff - m * std::pow(x.dot(v), 2) / std::pow(x.dot(x), 2) * x).norm(), 1e-12);
  EXPECT_LT((diff - Vector2d(0.52334259, 0.16102849)).norm(), 1e-8);
}

// CD §2.2: drift. One Euler step from a legal state moves to C = h^2 |v|^2 / 2
// exactly, whatever f; with f = 0 the speed grows by sqrt(1 + h^2 |v|^2 / r^2).
TEST(Ch05Bead, OneEulerStepDriftsByHalfHSquaredVSquared) {
  const double h = 0.01, s = 2.0;
  pbm::BeadSystem b = beadOnWire(2.0, 1.0, 0.7, s, kG);
  pbm::eulerStep(b, h);
  EXPECT_NEAR(b.C(), 0.5 * h * h * s * s, 1e-12 * 2e-4);
  EXPECT_NEAR(b.C(), 2e-4, 1e-15);

  pbm::BeadSystem free = beadOnWire(2.0, 1.0, 0.7, s, 0.0);
  pbm::eulerStep(free, h);
  EXPECT_NEAR(free.Cdot(), 0.0, 1e-14);
  EXPECT_NEAR(free.bead.v.squaredNorm(), s * s * (1 + h * h * s * s), 1e-12);
}

// CD §2.2: without feedback the drift max|C| shrinks at the method's order.
TEST(Ch05Bead, DriftConvergesAtTheIntegratorsOrder) {
  auto order = [](pbm::Method m, double h) {
    return std::log2(maxDrift(m, h) / maxDrift(m, h / 2));
  };
  for (double h : {0.02, 0.01}) {
    const double p4 = order(pbm::Method::RK4, h);
    EXPECT_GT(p4, 3.5) << "h = " << h;
    EXPECT_LT(p4, 4.5) << "h = " << h;
    const double p2 = order(pbm::Method::Midpoint, h);
    EXPECT_GT(p2, 1.7) << "h = " << h;
    EXPECT_LT(p2, 2.6) << "h = " << h;
  }
  const double p1 = order(pbm::Method::Euler, 0.0025);
  EXPECT_GT(p1, 0.8);
  EXPECT_LT(p1, 1.3);
}

// CD §3 eq 11: every evaluation enforces C'' = -ks C - kd C', so C(t) along the
// trajectory is the damped oscillator's closed form, whatever the bead does.
TEST(Ch05Bead, FeedbackMakesCFollowTheDampedOscillator) {
  // Critical: ks = 25, kd = 10, start at radius 1.2, angle 0.3, speed 1.5, gravity.
  {
    pbm::BeadSystem b = beadOnWire(2.0, 1.0, 0.3, 1.5, kG);
    b.bead.x *= 1.2;
    b.feedback = {25, 10};
    const double C0 = b.C(), Cd0 = b.Cdot(), w = 5;
    EXPECT_NEAR(C0, 0.22, 1e-14);
    EXPECT_NEAR(Cd0, 0.0, 1e-14);
    double worst = 0;
    for (int i = 1; i <= 3000; ++i) {
      pbm::rk4Step(b, 1e-3);
      const double t = i * 1e-3;
      worst = std::max(worst, std::abs(b.C() - (C0 + (Cd0 + w * C0) * t) * std::exp(-w * t)));
    }
    EXPECT_LT(worst, 1e-8);
  }
  // Underdamped: ks = 100, kd = 4, from (1.1, 0) at rest, no gravity.
  {
    pbm::BeadSystem b = beadOnWire(2.0, 1.0, 0.0, 0.0, 0.0);
    b.bead.x = Vector2d(1.1, 0);
    b.feedback = {100, 4};
    const double C0 = b.C(), Cd0 = b.Cdot(), wd = std::sqrt(100 - 4);
    double worst = 0;
    for (int i = 1; i <= 3000; ++i) {
      pbm::rk4Step(b, 1e-3);
      const double t = i * 1e-3;
      const double want =
          std::exp(-2 * t) * (C0 * std::cos(wd * t) + (Cd0 + 2 * C0) / wd * std::sin(wd * t));
      worst = std::max(worst, std::abs(b.C() - want));
    }
    EXPECT_LT(worst, 1e-8);
  }
}

// CD §2.2: "the feedback force needs to be added in after the constraint force
// calculation, or else the constraint force will dutifully cancel it".
TEST(Ch05Bead, FeedbackBeforeTheSolveIsCancelledAfterItPullsBack) {
  pbm::BeadSystem b = beadOnWire(2.0, 1.0, 0.0, 0.0, kG);
  b.bead.x = Vector2d(1.1, 0.2);
  b.bead.v = Vector2d(0.3, -0.7);
  b.feedback = {7, 3};
  const Vector2d x = b.bead.x, v = b.bead.v, f(0, -2.0 * kG);
  // Eq 7 without feedback, written out here.
  const double lambda0 = (-f.dot(x) - 2.0 * v.dot(v)) / x.dot(x);
  const Vector2d aNone = (f + lambda0 * x) / 2.0;
  EXPECT_LT((aNone - Vector2d(1.21616, -9.58888)).norm(), 1e-5);

  b.placement = pbm::FeedbackPlacement::BeforeSolve;
  EXPECT_LT((accelOf(b) - aNone).norm(), 1e-13);

  b.placement = pbm::FeedbackPlacement::AfterSolve;
  const double C = 0.5 * (x.squaredNorm() - 1), Cdot = x.dot(v);
  const Vector2d aAfter = accelOf(b);
  // The force -m (ks C + kd Cdot) x / r^2 survives: Cddot = -(ks C + kd Cdot) |x|^2 / r^2.
  EXPECT_NEAR(x.dot(aAfter) + v.dot(v), -(7 * C + 3 * Cdot) * x.squaredNorm(), 1e-12);
  EXPECT_LT((aAfter - aNone).norm(), 2.0);  // a pull, not a different motion
  EXPECT_GT((aAfter - aNone).norm(), 0.1);

  b.placement = pbm::FeedbackPlacement::InSolve;
  EXPECT_NEAR(x.dot(accelOf(b)) + v.dot(v), -(7 * C + 3 * Cdot), 1e-12);
}

// CD §2 end to end: the large-amplitude pendulum period is 4 K(sin(phi0/2)) sqrt(r/g),
// not the small-angle 2 pi sqrt(r/g). Measured from sign changes of x cross v.
TEST(Ch05Bead, LargeSwingPeriodIsFourKOverOmega) {
  for (double phi0 : {kPi / 2, 0.3}) {
    const double r = 1, want = 4 * ellipticK(std::sin(phi0 / 2)) * std::sqrt(r / kG);
    if (phi0 == kPi / 2) {
      EXPECT_NEAR(want, 2.367841947576, 1e-11);
    }
    pbm::BeadSystem b = beadOnWire(2.0, r, phi0 - kPi / 2, 0.0, kG);  // angle from the bottom
    const double h = 1e-3;
    auto cross = [&] { return b.bead.x.x() * b.bead.v.y() - b.bead.x.y() * b.bead.v.x(); };
    std::vector<double> zeros;
    double prev = cross();
    for (int i = 1; i <= 6000; ++i) {
      pbm::rk4Step(b, h);
      const double now = cross();
      if (i > 1 && (prev < 0) != (now < 0)) zeros.push_back((i - 1) * h + h * prev / (prev - now));
      prev = now;
    }
    ASSERT_GE(zeros.size(), 3u);
    EXPECT_NEAR(zeros[2] - zeros[0], want, 1e-6) << "phi0 = " << phi0;
    EXPECT_GT(std::abs(want - 2 * kPi * std::sqrt(r / kG)), 0.005);
  }
}

// CD §5 eq 13 and the slides: the parametric bead (theta) and the implicit bead
// agree; the parametric one meets the constraint exactly even with Euler.
TEST(Ch05Bead, ParametricAndImplicitBeadsAgree) {
  // Eq 13 on a circle: T . Tdot = 0, so thetadot does not enter.
  const Vector2d f(0.7, -3.1);
  for (double th : {0.2, 2.0, -1.1}) {
    const double want = (-std::sin(th) * f.x() + std::cos(th) * f.y()) * 1.5 / (2.0 * 1.5 * 1.5);
    EXPECT_NEAR(pbm::beadThetaAccel(th, 2.3, f, 2.0, 1.5), want, 1e-13);
    EXPECT_NEAR(pbm::beadThetaAccel(th, 0.0, f, 2.0, 1.5), want, 1e-13);
  }
  pbm::BeadSystem imp = beadOnWire(2.0, 1.0, -0.4, 1.2, kG);
  pbm::ParametricBead par;
  par.m = 2.0;
  par.theta = -0.4;
  par.thetaDot = 1.2;
  par.forces.g = Vector2d(0, -kG);
  double worst = 0;
  for (int i = 0; i < 5000; ++i) {
    pbm::rk4Step(imp, 1e-3);
    pbm::rk4Step(par, 1e-3);
    worst = std::max(worst, (imp.bead.x - par.x()).norm());
  }
  EXPECT_LT(worst, 1e-6);

  pbm::ParametricBead eul = par;
  for (int i = 0; i < 1000; ++i) pbm::eulerStep(eul, 0.01);
  EXPECT_NEAR(eul.x().norm(), 1.0, 1e-14);
}

// CD §2.1: the constraint is lossless, so energy changes only by integrator error.
TEST(Ch05Bead, EnergyIsConservedUpToIntegratorError) {
  for (bool feedback : {false, true}) {
    pbm::BeadSystem b = beadOnWire(2.0, 1.0, 0.0, 0.0, kG);  // from horizontal
    if (feedback) b.feedback = {100, 20};
    const double E0 = b.energy(), scale = 2.0 * kG * 1.0;
    double worst = 0;
    for (int i = 0; i < 1000; ++i) {
      pbm::rk4Step(b, 0.01);
      worst = std::max(worst, std::abs(b.energy() - E0) / scale);
    }
    EXPECT_LT(worst, 1e-4) << "feedback " << feedback;
  }
}

// CD §2 + README: the simulated bead follows the exact (elliptic-function)
// pendulum, and its multiplier equals the closed-form normal force
// lambda = -m (phidot^2 + (g/r) cos phi) along it: swinging, over the top, spinning.
TEST(Ch05Bead, SimulatedConstraintForceEqualsTheClosedFormNormalForce) {
  struct Case {
    double phi0, phidot0, g;
  };
  for (const Case& k : {Case{kPi / 2, 0.0, kG}, Case{0.0, 9.0, kG}, Case{2.5, -9.0, kG},
                        Case{1.0, -2.0, kG}, Case{0.3, 2.5, 0.0}}) {
    const double m = 1.5, r = 0.8;
    pbm::BeadSystem b = beadOnWire(m, r, k.phi0 - kPi / 2, r * k.phidot0, k.g);
    ch05::ExactPendulum exact;
    exact.start(k.phi0, k.phidot0, 0.0, k.g, r);
    double worstX = 0, worstL = 0;
    for (int i = 1; i <= 4000; ++i) {
      pbm::rk4Step(b, 1e-3);
      double phi, phidot;
      exact.at(i * 1e-3, phi, phidot);
      worstX = std::max(worstX, (b.bead.x - r * Vector2d(std::sin(phi), -std::cos(phi))).norm());
      const double want = -m * (phidot * phidot + k.g / r * std::cos(phi));
      const double lambda =
          pbm::beadLambda(b.bead.x, b.bead.v, Vector2d(0, -m * k.g), m, b.wire, {});
      worstL = std::max(worstL, std::abs(lambda - want) / (m * (k.g / r + k.phidot0 * k.phidot0)));
    }
    EXPECT_LT(worstX, 1e-6) << "phi0 " << k.phi0 << " phidot0 " << k.phidot0;
    EXPECT_LT(worstL, 1e-6) << "phi0 " << k.phi0 << " phidot0 " << k.phidot0;
  }
  // At the bottom with speed s the wire pulls up with m (g + s^2/r).
  const double m = 1.5, r = 0.8, s = 2.0;
  pbm::BeadSystem b = beadOnWire(m, r, -kPi / 2, s, kG);
  const Vector2d fHat =
      pbm::beadConstraintForce(b.bead.x, b.bead.v, Vector2d(0, -m * kG), m, b.wire, {});
  EXPECT_LT((fHat - Vector2d(0, m * (kG + s * s / r))).norm(), 1e-12);
}

// Bad input: a bead at the wire's centre is a singular constraint; it is
// reported with a message naming the constraint, never as NaN.
TEST(Ch05Bead, BeadAtTheCentreIsASingularConstraintNotNaN) {
  pbm::BeadSystem b = beadOnWire(1.0, 1.0, 0.0, 0.0, kG);
  b.bead.x = Vector2d(1e-3, 0);  // near the centre: huge but finite
  EXPECT_TRUE(
      std::isfinite(pbm::beadLambda(b.bead.x, b.bead.v, Vector2d(0, -kG), 1.0, b.wire, {})));
  EXPECT_TRUE(accelOf(b).allFinite());
  b.bead.x = Vector2d::Zero();
  try {
    accelOf(b);
    FAIL() << "no error at the centre";
  } catch (const pbm::SolverFailure& e) {
    EXPECT_NE(std::string(e.what()).find("circle-wire constraint"), std::string::npos);
  }
  auto scene = ch05::makeOffWireScene();
  scene->params().set("start_r=0");
  std::ostringstream csv;
  EXPECT_THROW(pbm::runHeadless(*scene, csv), pbm::SimulationDiverged);
}

std::vector<std::vector<double>> runScene(pbm::Scene& s, std::string& header) {
  std::ostringstream out;
  pbm::runHeadless(s, out);
  std::istringstream in(out.str());
  std::getline(in, header);
  std::vector<std::vector<double>> rows;
  std::string line;
  while (std::getline(in, line)) {
    std::vector<double> row;
    std::stringstream ls(line);
    std::string cell;
    while (std::getline(ls, cell, ',')) row.push_back(std::stod(cell));
    rows.push_back(row);
  }
  return rows;
}

// CD §2.2 through the headless runner: without feedback Euler spirals out
// (C grows to ~0.78, radius ~1.6, research C9); feedback holds C near 0;
// off_wire is pulled on to the wire.
TEST(Ch05Bead, HeadlessRunsShowDriftAndFeedbackHoldsTheWire) {
  std::string header;
  auto pend = ch05::makePendulumScene();
  pend->settings().method = "euler";
  auto rows = runScene(*pend, header);
  EXPECT_EQ(header, "t,x,y,vx,vy,c,c_dot,lambda,energy");
  EXPECT_DOUBLE_EQ(rows.back()[0], 10.0);
  EXPECT_GT(rows.back()[5], 0.3);  // drifted outward

  pend->settings().method = "rk4";
  pend->params().set("ks=100");
  pend->params().set("kd=20");
  rows = runScene(*pend, header);
  double worst = 0;
  for (const auto& r : rows) worst = std::max(worst, std::abs(r[5]));
  EXPECT_LT(worst, 1e-5);
  // CSV's c equals 1/2 (x^2 + y^2 - 1) of its own x, y.
  const auto& last = rows.back();
  EXPECT_NEAR(last[5], 0.5 * (last[1] * last[1] + last[2] * last[2] - 1), 1e-12);

  auto off = ch05::makeOffWireScene();
  rows = runScene(*off, header);
  EXPECT_NEAR(rows.front()[5], 0.5 * (1.44 - 1), 1e-12);
  EXPECT_LT(std::abs(rows.back()[5]), 1e-6);
}

// CD §1: a penalty spring only holds the bead by being stretched; hanging at
// rest it sags by m g / k (the spring balances the weight).
TEST(Ch05Bead, PenaltySpringSagsByMgOverK) {
  auto pen = ch05::makePenaltyScene();
  pen->params().set("angle=0");
  pen->params().set("zeta=1");
  pen->params().set("k_pen=1000");
  pen->settings().tEnd = 2.0;
  std::string header;
  const auto rows = runScene(*pen, header);
  const auto& last = rows.back();
  const double rho = std::hypot(last[1], last[2]);
  EXPECT_NEAR(rho, 1.0 + kG / 1000, 1e-7);
  EXPECT_NEAR(last[5], 0.5 * (rho * rho - 1), 1e-12);
  // Its "multiplier" is the spring force over (x - c): -k sag / rho.
  EXPECT_NEAR(last[7], -kG / rho, 1e-5);
}

}  // namespace
