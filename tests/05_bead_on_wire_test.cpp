// Chapter 05 tests: a bead on a wire (Witkin, Constrained Dynamics, CD §1-§2,
// §5). Each test checks a claim of the notes against a closed form, a finite
// difference, an independent formula (eq 7 written out here, the slides'
// |x| - r form, an elliptic integral) or a measured convergence order, and
// calls a chapter-05 student function, so each fails on the exercise skeleton.
// A failure names the section of the notes to read.
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cmath>
#include <numbers>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "expect_vec_near.h"
#include "pbm/app/headless.h"
#include "pbm/bead/bead.h"
#include "pbm/bead/exact_pendulum.h"
#include "pbm/core/errors.h"
#include "pbm/fields/euler.h"
#include "pbm/integrators/integrators.h"
#include "scenes.h"

namespace {

using Eigen::Vector2d;
constexpr double kPi = std::numbers::pi;
constexpr double kG = 9.81;

// CD §2.1 eq 7 written out here, independently of the student's code: the
// multiplier of C = 1/2 (|x - c|^2 - r^2) with no feedback,
//   lambda = (-f . (x - c) - m v . v) / |x - c|^2.
double eq7Lambda(const Vector2d& x, const Vector2d& v, const Vector2d& f, double m,
                 const pbm::CircleWire& w) {
  const Vector2d d = x - w.c;
  return (-f.dot(d) - m * v.dot(v)) / d.squaredNorm();
}

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

// max |C| of the pendulum from (1, 0) at rest, 5 s (CD §2.2: drift).
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
    EXPECT_VEC_NEAR(pbm::beadGradC(x, w), gradFd, 1e-8)
        << "CD §2: grad C against central differences of C; trial " << trial;
    const double cdotFd = (pbm::beadC(x + eps * v, w) - pbm::beadC(x - eps * v, w)) / (2 * eps);
    EXPECT_NEAR(pbm::beadCdot(x, v, w), cdotFd, 1e-8)
        << "CD §2 eq 2: Cdot = dC/dt along v (central difference); trial " << trial;
    const Vector2d gradCdotFd(
        (pbm::beadCdot(x + ex, v, w) - pbm::beadCdot(x - ex, v, w)) / (2 * eps),
        (pbm::beadCdot(x + ey, v, w) - pbm::beadCdot(x - ey, v, w)) / (2 * eps));
    EXPECT_VEC_NEAR(pbm::beadGradCdot(x, v, w), gradCdotFd, 1e-8)
        << "CD §2 eq 3: dCdot/dx against central differences of Cdot; trial " << trial;
  }
  // C is zero exactly on the wire and 1/2 (rho^2 - r^2) off it.
  const pbm::CircleWire w{Vector2d(0.3, -0.2), 1.5};
  EXPECT_NEAR(pbm::beadC(w.c + Vector2d(0, 1.5), w), 0.0, 1e-15) << "CD §2 eq 1: C = 0 on the wire";
  EXPECT_NEAR(pbm::beadC(w.c + Vector2d(2.0, 0), w), 0.5 * (4.0 - 2.25), 1e-15)
      << "CD §2 eq 1: C = 1/2 (|x - c|^2 - r^2) off the wire";
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
    EXPECT_NEAR(cddot, 0.0, 1e-12 * (v.squaredNorm() + f.norm() * w.r / m))
        << "CD §2 eq 3: on a legal state the acceleration must be legal, Cddot = (x - c).a + v.v "
           "= 0; trial "
        << trial;

    // Illegal state, feedback ks = 25, kd = 10.
    const Vector2d xi = x + 0.3 * Vector2d(u(rng), u(rng)), vi = v + Vector2d(u(rng), u(rng));
    const pbm::BeadFeedback fb{25, 10};
    const Vector2d ai = pbm::beadAcceleration(xi, vi, f, m, w, fb);
    const double C = 0.5 * ((xi - w.c).squaredNorm() - w.r * w.r);
    const double Cdot = (xi - w.c).dot(vi);
    const double want = -25 * C - 10 * Cdot;
    EXPECT_NEAR((xi - w.c).dot(ai) + vi.dot(vi), want,
                1e-11 * (1 + std::abs(want) + vi.squaredNorm()))
        << "CD §3 eq 11: with feedback Cddot = -ks C - kd Cdot (ks = 25, kd = 10); trial " << trial;
  }
}

// CD §2.1: virtual work. f^ is normal to the wire, does no work on legal
// velocities; on an illegal state its power is exactly lambda Cdot. And it is
// not zero: f^ = lambda (x - c) with lambda from eq 7 (written out here).
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
    const Vector2d d = x - w.c;
    const Vector2d want = eq7Lambda(x, v, f, m, w) * d;
    EXPECT_VEC_NEAR(fHat, want, 1e-12 * (1 + want.norm()))
        << "CD §2.1 eq 7: f^ = lambda grad C, lambda = (-f.(x - c) - m v.v) / |x - c|^2; trial "
        << trial;
    EXPECT_NEAR(fHat.dot(v), 0.0, 1e-12 * (1 + fHat.norm() * v.norm()))
        << "CD §2.1: f^ does no work on a legal velocity; trial " << trial;
    EXPECT_NEAR(fHat.x() * d.y() - fHat.y() * d.x(), 0.0, 1e-12 * (1 + fHat.norm()))
        << "CD §2.1: f^ is normal to the wire, parallel to x - c; trial " << trial;

    const Vector2d xi = x + 0.2 * Vector2d(u(rng), u(rng)), vi(u(rng), u(rng));
    const double lambda = pbm::beadLambda(xi, vi, f, m, w, {});
    EXPECT_NEAR(lambda, eq7Lambda(xi, vi, f, m, w), 1e-12 * (1 + std::abs(lambda)))
        << "CD §2.1 eq 7 off the wire; trial " << trial;
    const Vector2d fHati = pbm::beadConstraintForce(xi, vi, f, m, w, {});
    EXPECT_NEAR(fHati.dot(vi), lambda * (xi - w.c).dot(vi), 1e-11 * (1 + fHati.norm() * vi.norm()))
        << "CD §2.1: off the wire the power of f^ is lambda Cdot; trial " << trial;
  }
}

// CD §2.1 eq 7, §2.3 eq 8: a bead at rest under gravity. lambda = m g sin(theta)/r,
// tangential acceleration -g cos(theta): the pendulum law phi'' = -(g/r) sin(phi).
TEST(Ch05Bead, RestingBeadUnderGravityFollowsThePendulumLaw) {
  const double m = 2, r = 1, theta = 0.3;
  pbm::BeadSystem b = beadOnWire(m, r, theta, 0.0, kG);
  const Vector2d f(0, -m * kG);
  const double lambda = pbm::beadLambda(b.bead.x, b.bead.v, f, m, b.wire, {});
  EXPECT_NEAR(lambda, m * kG * std::sin(theta) / r, 1e-12)  // 5.798106454695
      << "CD §2.1 eq 7: at rest lambda = m g sin(theta) / r";
  const Vector2d a = accelOf(b);
  const Vector2d t(-std::sin(theta), std::cos(theta)), n(std::cos(theta), std::sin(theta));
  EXPECT_NEAR(a.dot(t), -kG * std::cos(theta), 1e-12)  // -9.371850958322
      << "CD §2.3 eq 8: the tangential acceleration is -g cos(theta), the pendulum law";
  EXPECT_NEAR(a.dot(n), 0.0, 1e-12) << "CD §2: at rest no normal acceleration";

  // At the bottom the wire holds the whole weight: f^ = (0, m g), no acceleration.
  pbm::BeadSystem bottom = beadOnWire(m, r, -kPi / 2, 0.0, kG);
  const Vector2d fHat =
      pbm::beadConstraintForce(bottom.bead.x, bottom.bead.v, f, m, bottom.wire, {});
  EXPECT_VEC_NEAR(fHat, Vector2d(0, m * kG), 1e-12)
      << "CD §2.1: at the bottom the wire holds the whole weight";
  EXPECT_VEC_NEAR(accelOf(bottom), Vector2d(0, 0), 1e-12)
      << "CD §2: at rest at the bottom, no acceleration";
}

// CD §2.1 eq 7, velocity term: with no applied force the constraint alone
// bends the path; lambda = -m s^2 / r^2, |f^| = m s^2 / r (centripetal).
TEST(Ch05Bead, UniformCircularMotionNeedsLambdaMinusMsSquaredOverRSquared) {
  const double m = 2, r = 1.7, s = 3.1, phi0 = 0.4;
  pbm::BeadSystem b = beadOnWire(m, r, phi0, s, 0.0);
  const double lambda = pbm::beadLambda(b.bead.x, b.bead.v, Vector2d::Zero(), m, b.wire, {});
  EXPECT_NEAR(lambda, -m * s * s / (r * r), 1e-12)  // -6.650519031142
      << "CD §2.1 eq 7, velocity term: lambda = -m s^2 / r^2 with no applied force";
  const Vector2d fHat =
      pbm::beadConstraintForce(b.bead.x, b.bead.v, Vector2d::Zero(), m, b.wire, {});
  EXPECT_VEC_NEAR(fHat, Vector2d(-m * s * s / (r * r) * b.bead.x), 1e-12)  // |f^| = 11.3058...
      << "CD §2.1: the centripetal force m s^2 / r toward the centre";

  // Integrated with RK4, h = 1e-3, 2 s: the closed-form circle at angular rate s/r.
  const double h = 1e-3;
  for (int i = 1; i <= 2000; ++i) {
    pbm::rk4Step(b, h);
    const double th = phi0 + s * i * h / r;
    ASSERT_VEC_NEAR(b.bead.x, Vector2d(r * Vector2d(std::cos(th), std::sin(th))), 1e-9)
        << "CD §2: uniform circular motion at angular rate s/r; step " << i;
    ASSERT_NEAR(b.bead.v.norm(), s, 1e-12) << "CD §2.1: the constraint force does no work, the "
                                              "speed stays s; step "
                                           << i;
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
    const Vector2d Pf = P * f;
    EXPECT_VEC_NEAR(pbm::projectOntoTangent(f, x - w.c), Pf, 1e-13)
        << "CD §2.3 eq 8: f - (f.n) n / (n.n); trial " << trial;
    EXPECT_VEC_NEAR(pbm::projectOntoTangent(f, 3.7 * n), Pf, 1e-13)
        << "CD §2.3 eq 8: the normal may have any length; trial " << trial;
    const Vector2d fHat = pbm::beadConstraintForce(x, Vector2d::Zero(), f, 1.3, w, {});
    EXPECT_VEC_NEAR(Vector2d(f + fHat), Pf, 1e-12)
        << "CD §2.3: at rest f + f^ is f projected onto the tangent; trial " << trial;
    EXPECT_NEAR(fHat.norm(), std::abs(f.dot(n)), 1e-12)
        << "CD §2.3: at rest |f^| is the normal part of f; trial " << trial;
  }
  const Vector2d x = w.c + w.r * Vector2d(0.6, 0.8);
  const Vector2d pull = 1e6 * Vector2d(0.6, 0.8);
  EXPECT_VEC_NEAR(pbm::beadAcceleration(x, Vector2d::Zero(), pull, 1.0, w, {}), Vector2d(0, 0),
                  1e-9 * 1e6)
      << "CD §2.3: a radial pull of 1e6 N, however hard, does not move a resting bead";
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
    EXPECT_VEC_NEAR(a, want, 1e-12 * (1 + want.norm()))
        << "CD §2.3: a is f/m minus its normal part plus the centripetal v.v term; trial " << trial;
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
    EXPECT_VEC_NEAR(pbm::beadConstraintForce(x, v, f, m, w, {}), slidesForce(x, v, f, m), 1e-12)
        << "CD §2 and the slides: on a legal state C = |x| - r gives the same force; phi = " << phi;
  }
  const Vector2d x(1.3, 0.4), v(0.7, -0.2);
  const Vector2d diff = slidesForce(x, v, f, m) - pbm::beadConstraintForce(x, v, f, m, w, {});
  EXPECT_VEC_NEAR(diff, Vector2d(m * std::pow(x.dot(v), 2) / std::pow(x.dot(x), 2) * x), 1e-12)
      << "CD §2 and the slides: off the wire the two forms differ by m (x.v)^2 / |x|^4 x";
}

// CD §2.1 eq 7 for any way of writing C, lambda = -(m Jdot.v + J.f) / (J.J):
// the force lambda J^T is the same, so lambda scales inversely with J. With
// C_k = k C (J = k (x - c)) lambda_k = lambda / k everywhere; with the slides'
// C_2 = |x - c| - r (J = N, unit) lambda_2 = lambda |x - c| on legal states.
// The student's lambda against both, on a wire of radius 1.7 off the origin.
TEST(Ch05Bead, MultiplierScalesWithHowCIsWritten) {
  const pbm::CircleWire w{Vector2d(0.3, -0.2), 1.7};
  const double m = 1.5;
  const Vector2d f(0.8, -m * kG);
  const auto generalLambda = [&](const Vector2d& J, const Vector2d& Jdot, const Vector2d& v) {
    return -(m * Jdot.dot(v) + J.dot(f)) / J.dot(J);
  };
  std::mt19937 rng(23);
  std::uniform_real_distribution<double> u(-3, 3);
  for (int trial = 0; trial < 10; ++trial) {
    const double phi = u(rng);
    const Vector2d n(std::cos(phi), std::sin(phi));
    const Vector2d x = w.c + w.r * n, v = u(rng) * Vector2d(-n.y(), n.x());
    const double lambda = pbm::beadLambda(x, v, f, m, w, {});
    const Vector2d d = x - w.c;
    // C_2 = |x - c| - r: J = N = d/|d|, Jdot = (v - (d.v) d/|d|^2)/|d|.
    const double L = d.norm();
    const double lambda2 = generalLambda(d / L, (v - d.dot(v) / (L * L) * d) / L, v);
    EXPECT_NEAR(lambda * L, lambda2, 1e-12 * (1 + std::abs(lambda2)))
        << "CD §2.1: with C_2 = |x - c| - r the multiplier is lambda |x - c|; trial " << trial;
    // C_k = k C, on the wire and off it (x moved out by 20%, v arbitrary).
    const Vector2d xo = w.c + 1.2 * d, vo = v + Vector2d(u(rng), u(rng));
    const double lambdaOff = pbm::beadLambda(xo, vo, f, m, w, {});
    for (double k : {0.5, 3.0, 10.0}) {
      const double lambdaK = generalLambda(k * d, k * v, v);
      EXPECT_NEAR(lambda / k, lambdaK, 1e-12 * (1 + std::abs(lambdaK)))
          << "CD §2.1: with C_k = k C the multiplier is lambda / k; k = " << k << ", trial "
          << trial;
      const double lambdaKOff = generalLambda(k * (xo - w.c), k * vo, vo);
      EXPECT_NEAR(lambdaOff / k, lambdaKOff, 1e-12 * (1 + std::abs(lambdaKOff)))
          << "CD §2.1: off the wire too, with C_k = k C the multiplier is lambda / k; k = " << k
          << ", trial " << trial;
    }
  }
}

// CD §2.2: drift. One Euler step from a legal state moves to C = h^2 |v|^2 / 2
// exactly, whatever f; with f = 0 the speed grows by sqrt(1 + h^2 |v|^2 / r^2).
TEST(Ch05Bead, OneEulerStepDriftsByHalfHSquaredVSquared) {
  const double h = 0.01, s = 2.0;
  pbm::BeadSystem b = beadOnWire(2.0, 1.0, 0.7, s, kG);
  pbm::eulerStep(b, h);
  EXPECT_NEAR(b.C(), 0.5 * h * h * s * s, 1e-12 * 2e-4)  // 2e-4
      << "CD §2.2: one Euler step from a legal state drifts to C = h^2 |v|^2 / 2";

  pbm::BeadSystem free = beadOnWire(2.0, 1.0, 0.7, s, 0.0);
  pbm::eulerStep(free, h);
  EXPECT_NEAR(free.Cdot(), 0.0, 1e-14)
      << "CD §2.2: with f = 0 the step adds h a, a normal to v: Cdot stays 0";
  EXPECT_NEAR(free.bead.v.squaredNorm(), s * s * (1 + h * h * s * s), 1e-12)
      << "CD §2.2: with f = 0 the speed grows by sqrt(1 + h^2 |v|^2 / r^2)";
}

// CD §2.2: without feedback the drift max|C| shrinks at the method's order.
TEST(Ch05Bead, DriftConvergesAtTheIntegratorsOrder) {
  auto order = [](pbm::Method m, double h) {
    return std::log2(maxDrift(m, h) / maxDrift(m, h / 2));
  };
  for (double h : {0.02, 0.01}) {
    const double p4 = order(pbm::Method::RK4, h);
    EXPECT_TRUE(p4 > 3.5 && p4 < 4.5)
        << "CD §2.2, DEB §2.2: RK4's drift max|C| shrinks as h^4; measured order " << p4
        << " from h = " << h << " to h/2";
    const double p2 = order(pbm::Method::Midpoint, h);
    EXPECT_TRUE(p2 > 1.7 && p2 < 2.6)
        << "CD §2.2, DEB §2.2: midpoint's drift max|C| shrinks as h^2; measured order " << p2
        << " from h = " << h << " to h/2";
  }
  const double p1 = order(pbm::Method::Euler, 0.0025);
  EXPECT_TRUE(p1 > 0.8 && p1 < 1.3)
      << "CD §2.2, DEB §2.1: Euler's drift max|C| shrinks as h; measured order " << p1
      << " from h = 0.0025 to h/2";
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
    EXPECT_NEAR(C0, 0.22, 1e-14) << "CD §2 eq 1: C = 1/2 (1.2^2 - 1) at radius 1.2";
    EXPECT_NEAR(Cd0, 0.0, 1e-14) << "CD §2 eq 2: a tangential velocity has Cdot = 0";
    double worst = 0;
    for (int i = 1; i <= 3000; ++i) {
      pbm::rk4Step(b, 1e-3);
      const double t = i * 1e-3;
      worst = std::max(worst, std::abs(b.C() - (C0 + (Cd0 + w * C0) * t) * std::exp(-w * t)));
    }
    EXPECT_LT(worst, 1e-8) << "CD §3 eq 11: critical feedback (ks = 25, kd = 10) makes "
                              "C(t) = (C0 + (Cdot0 + 5 C0) t) e^{-5t}; worst deviation over 3 s";
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
    EXPECT_LT(worst, 1e-8) << "CD §3 eq 11: underdamped feedback (ks = 100, kd = 4) makes C(t) "
                              "the damped oscillation e^{-2t}(...); worst deviation over 3 s";
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
  const Vector2d aNone = (f + lambda0 * x) / 2.0;  // (1.21616, -9.58888)

  b.placement = pbm::FeedbackPlacement::BeforeSolve;
  EXPECT_VEC_NEAR(accelOf(b), aNone, 1e-13)
      << "CD §2.2: feedback added before the solve is dutifully cancelled by the constraint force";

  b.placement = pbm::FeedbackPlacement::AfterSolve;
  const double C = 0.5 * (x.squaredNorm() - 1), Cdot = x.dot(v);
  const Vector2d aAfter = accelOf(b);
  // The force -m (ks C + kd Cdot) x / r^2 survives: Cddot = -(ks C + kd Cdot) |x|^2 / r^2.
  EXPECT_NEAR(x.dot(aAfter) + v.dot(v), -(7 * C + 3 * Cdot) * x.squaredNorm(), 1e-12)
      << "CD §2.2: feedback added after the solve survives: Cddot = -(ks C + kd Cdot) |x|^2";
  EXPECT_TRUE((aAfter - aNone).norm() < 2.0 && (aAfter - aNone).norm() > 0.1)
      << "CD §2.2: added after the solve, the feedback is a pull of order 1, not a different "
         "motion; got |a_after - a_none| = "
      << (aAfter - aNone).norm();

  b.placement = pbm::FeedbackPlacement::InSolve;
  EXPECT_NEAR(x.dot(accelOf(b)) + v.dot(v), -(7 * C + 3 * Cdot), 1e-12)
      << "CD §3 eq 11: feedback in the solve gives Cddot = -ks C - kd Cdot exactly";
}

// CD §2 end to end: the large-amplitude pendulum period is 4 K(sin(phi0/2)) sqrt(r/g),
// not the small-angle 2 pi sqrt(r/g). Measured from sign changes of x cross v.
TEST(Ch05Bead, LargeSwingPeriodIsFourKOverOmega) {
  for (double phi0 : {kPi / 2, 0.3}) {
    SCOPED_TRACE("phi0 = " + std::to_string(phi0));
    // 4 K(sin(pi/4)) sqrt(1/g) = 2.367841947576 for phi0 = pi/2.
    const double r = 1, want = 4 * ellipticK(std::sin(phi0 / 2)) * std::sqrt(r / kG);
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
    ASSERT_GE(zeros.size(), 3u) << "CD §2: the bead must swing back and forth in 6 s";
    const double period = zeros[2] - zeros[0];
    EXPECT_NEAR(period, want, 1e-6) << "CD §2: the pendulum's period is 4 K(sin(phi0/2)) sqrt(r/g)";
    EXPECT_GT(std::abs(period - 2 * kPi * std::sqrt(r / kG)), 0.005)
        << "CD §2: at phi0 = 0.3 or more the period is not the small-angle 2 pi sqrt(r/g)";
  }
}

// CD §5 eq 13 and the slides: the parametric bead (theta) and the implicit bead
// agree; the parametric one meets the constraint exactly even with Euler.
TEST(Ch05Bead, ParametricAndImplicitBeadsAgree) {
  // Eq 13 on a circle: T . Tdot = 0, so thetadot does not enter.
  const Vector2d f(0.7, -3.1);
  for (double th : {0.2, 2.0, -1.1}) {
    const double want = (-std::sin(th) * f.x() + std::cos(th) * f.y()) * 1.5 / (2.0 * 1.5 * 1.5);
    EXPECT_NEAR(pbm::beadThetaAccel(th, 2.3, f, 2.0, 1.5), want, 1e-13)
        << "CD §5 eq 13: m (T.T) thetaddot = T.f on a circle (T.Tdot = 0); theta = " << th;
    EXPECT_NEAR(pbm::beadThetaAccel(th, 0.0, f, 2.0, 1.5), want, 1e-13)
        << "CD §5 eq 13: on a circle thetadot does not enter; theta = " << th;
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
  EXPECT_LT(worst, 1e-6) << "CD §5: the parametric and the implicit bead follow the same path; "
                            "worst distance over 5 s";

  pbm::ParametricBead eul = par;
  for (int i = 0; i < 1000; ++i) pbm::eulerStep(eul, 0.01);
  EXPECT_NEAR(eul.x().norm(), 1.0, 1e-14)
      << "CD §5: the parametric bead is on the wire by construction, even with Euler";
}

// CD §2.1: the constraint is lossless, so energy changes only by integrator
// error; and the bead stays on the wire (a zero constraint force would also
// conserve energy, in free fall), swinging down to the bottom of the circle.
TEST(Ch05Bead, EnergyIsConservedUpToIntegratorError) {
  for (bool feedback : {false, true}) {
    SCOPED_TRACE(feedback ? "with feedback ks = 100, kd = 20" : "without feedback");
    pbm::BeadSystem b = beadOnWire(2.0, 1.0, 0.0, 0.0, kG);  // from horizontal
    if (feedback) b.feedback = {100, 20};
    const double E0 = b.energy(), scale = 2.0 * kG * 1.0;
    double worst = 0, maxC = 0, lowest = 0;
    for (int i = 0; i < 1000; ++i) {
      pbm::rk4Step(b, 0.01);
      worst = std::max(worst, std::abs(b.energy() - E0) / scale);
      maxC = std::max(maxC, std::abs(0.5 * (b.bead.x.squaredNorm() - 1.0)));
      lowest = std::min(lowest, b.bead.x.y());
    }
    EXPECT_LT(worst, 1e-4) << "CD §2.1: the constraint force does no work: |E - E0| / (m g r) "
                              "over 10 s of RK4, h = 0.01";
    EXPECT_LT(maxC, feedback ? 1e-6 : 1e-4)  // measured 3.6e-7 and 3.6e-5
        << "CD §2.1-2.2: the constraint force holds the bead on the wire: max |C| over 10 s, "
           "C = 1/2 (|x|^2 - 1) computed here";
    EXPECT_NEAR(lowest, -1.0, 1e-3) << "CD §2: released from the horizontal, the bead swings "
                                       "through the bottom of the wire, (0, -r)";
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
    pbm::ExactPendulum exact;
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
    EXPECT_LT(worstX, 1e-6) << "CD §2: the simulated bead follows the exact pendulum; phi0 "
                            << k.phi0 << ", phidot0 " << k.phidot0 << ", g " << k.g;
    EXPECT_LT(worstL, 1e-6)
        << "CD §2.1: lambda = -m (phidot^2 + (g/r) cos phi) along the exact motion; phi0 " << k.phi0
        << ", phidot0 " << k.phidot0 << ", g " << k.g;
  }
  // At the bottom with speed s the wire pulls up with m (g + s^2/r).
  const double m = 1.5, r = 0.8, s = 2.0;
  pbm::BeadSystem b = beadOnWire(m, r, -kPi / 2, s, kG);
  const Vector2d fHat =
      pbm::beadConstraintForce(b.bead.x, b.bead.v, Vector2d(0, -m * kG), m, b.wire, {});
  EXPECT_VEC_NEAR(fHat, Vector2d(0, m * (kG + s * s / r)), 1e-12)
      << "CD §2.1: at the bottom with speed s the wire pulls up with m (g + s^2/r)";
}

// Bad input: a bead at the wire's centre is a singular constraint; it is
// reported with a message naming the constraint, never as NaN.
TEST(Ch05Bead, BeadAtTheCentreIsASingularConstraintNotNaN) {
  pbm::BeadSystem b = beadOnWire(1.0, 1.0, 0.0, 0.0, kG);
  b.bead.x = Vector2d(1e-3, 0);  // near the centre: huge but finite
  const double lambda = pbm::beadLambda(b.bead.x, b.bead.v, Vector2d(0, -kG), 1.0, b.wire, {});
  EXPECT_TRUE(std::isfinite(lambda))
      << "CD §2.1 eq 7: near the centre |x - c|^2 is small but not 0: lambda = " << lambda;
  EXPECT_TRUE(accelOf(b).allFinite())
      << "CD §2.1: near the centre the acceleration is huge but finite: " << accelOf(b).transpose();
  b.bead.x = Vector2d::Zero();
  try {
    accelOf(b);
    FAIL() << "CD §2.1: at the centre grad C = 0: a SolverFailure was expected, got none";
  } catch (const pbm::SolverFailure& e) {
    EXPECT_NE(std::string(e.what()).find("circle-wire constraint"), std::string::npos)
        << "the message names the constraint; got: " << e.what();
  }
  auto scene = ch05::makeOffWireScene();
  scene->params().set("start_r=0");
  std::ostringstream csv;
  try {
    pbm::runHeadless(*scene, csv);
    FAIL() << "CD §2.1: a run started at the centre stops with an error, never NaN rows; got "
              "a finished run";
  } catch (const pbm::SimulationDiverged& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.find('\n'), std::string::npos) << "one line, got: " << what;
    EXPECT_NE(what.find("t = 0 s"), std::string::npos) << "the message names t; got: " << what;
    EXPECT_NE(what.find("h = 0.01 s"), std::string::npos) << "the message names h; got: " << what;
  }
  EXPECT_EQ(csv.str().find("nan"), std::string::npos) << "CD §2.1: no NaN rows: " << csv.str();
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
// (C grows to ~0.78, radius ~1.6); feedback holds C near 0; off_wire is
// pulled on to the wire.
TEST(Ch05Bead, HeadlessRunsShowDriftAndFeedbackHoldsTheWire) {
  std::string header;
  auto pend = ch05::makePendulumScene();
  pend->settings().method = "euler";
  auto rows = runScene(*pend, header);
  EXPECT_EQ(header, "t,x,y,vx,vy,c,c_dot,lambda,energy") << "the pendulum scene's CSV columns";
  ASSERT_FALSE(rows.empty()) << "the pendulum run writes rows";
  ASSERT_EQ(rows.back().size(), 9u) << "nine columns";
  EXPECT_DOUBLE_EQ(rows.back()[0], 10.0) << "the run ends at t = 10 s";
  EXPECT_GT(rows.back()[5], 0.3) << "CD §2.2: without feedback Euler drifts outward, C > 0.3";

  pend->settings().method = "rk4";
  pend->params().set("ks=100");
  pend->params().set("kd=20");
  rows = runScene(*pend, header);
  ASSERT_FALSE(rows.empty()) << "the pendulum run writes rows";
  double worst = 0;
  for (const auto& r : rows) worst = std::max(worst, std::abs(r.at(5)));
  EXPECT_LT(worst, 1e-5) << "CD §2.2: RK4 with feedback ks = 100, kd = 20 holds max |C| < 1e-5";
  // CSV's c equals 1/2 (x^2 + y^2 - 1) of its own x, y.
  const auto& last = rows.back();
  EXPECT_NEAR(last.at(5), 0.5 * (last[1] * last[1] + last[2] * last[2] - 1), 1e-12)
      << "CD §2 eq 1: the CSV's c is C of its own x, y";

  auto off = ch05::makeOffWireScene();
  rows = runScene(*off, header);
  ASSERT_FALSE(rows.empty()) << "the off_wire run writes rows";
  EXPECT_NEAR(rows.front().at(5), 0.5 * (1.44 - 1), 1e-12)
      << "CD §2 eq 1: off_wire starts at radius 1.2, C = 0.22";
  EXPECT_LT(std::abs(rows.back().at(5)), 1e-6) << "CD §2.2: feedback pulls the bead on to the wire";
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
  ASSERT_FALSE(rows.empty()) << "the penalty run writes rows";
  const auto& last = rows.back();
  ASSERT_GE(last.size(), 8u) << "the CSV has the columns t, x, y, vx, vy, c, c_dot, lambda";
  const double rho = std::hypot(last[1], last[2]);
  EXPECT_NEAR(rho, 1.0 + kG / 1000, 1e-7)
      << "CD §1: hanging at rest the penalty spring sags by m g / k = 9.81e-3";
  EXPECT_NEAR(last[5], 0.5 * (rho * rho - 1), 1e-12) << "CD §2 eq 1: the CSV's c is C of x, y";
  // Its "multiplier" is the spring force over (x - c): -k sag / rho.
  EXPECT_NEAR(last[7], -kG / rho, 1e-5)
      << "CD §1: the penalty's multiplier is its spring force over (x - c), -k sag / rho";
}

}  // namespace
