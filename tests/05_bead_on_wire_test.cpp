// Chapter 05 tests: a bead on a wire (Witkin, Constrained Dynamics, CD §1-§2,
// §5). Each test checks a claim of the notes against a closed form, a finite
// difference, an independent formula (eq 7 written out here, the slides'
// |x| - r form, an elliptic integral) or a measured convergence order, and
// calls a chapter-05 student function, so each fails on the exercise skeleton.
// A failure names the section of the notes to read.
//
// This file: C and its gradients, a legal acceleration, a workless force, the
// resting and the circling bead (CD §2-§2.1). Further parts:
// 05_bead_on_wire_test_force.cpp (the constraint force and the multiplier),
// 05_bead_on_wire_test_drift.cpp (drift and feedback),
// 05_bead_on_wire_test_motion.cpp (whole motions against closed forms, the
// singular bead), 05_bead_on_wire_test_headless.cpp (headless runs, the
// penalty spring).
#include "05_bead_on_wire_test.h"

namespace {

using namespace ch05_test;

// CD §2.1 eq 7 written out here, independently of the student's code: the
// multiplier of C = 1/2 (|x - c|^2 - r^2) with no feedback,
//   lambda = (-f . (x - c) - m v . v) / |x - c|^2.
double eq7Lambda(const Vector2d& x, const Vector2d& v, const Vector2d& f, double m,
                 const pbm::CircleWire& w) {
  const Vector2d d = x - w.c;
  return (-f.dot(d) - m * v.dot(v)) / d.squaredNorm();
}

// CD §2 eqs 1-3: C, Cdot and their gradients against central differences.
TEST(Ch05Bead, GradientsMatchFiniteDifferences) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> u(-2, 2);
  const double eps = 1e-6;
  // C first, against its closed form: C is zero exactly on the wire and
  // 1/2 (rho^2 - r^2) off it (the differences below take C as given).
  {
    const pbm::CircleWire w{Vector2d(0.3, -0.2), 1.5};
    EXPECT_NEAR(pbm::beadC(w.c + Vector2d(0, 1.5), w), 0.0, 1e-15)
        << "CD §2 eq 1: C = 0 on the wire";
    EXPECT_NEAR(pbm::beadC(w.c + Vector2d(2.0, 0), w), 0.5 * (4.0 - 2.25), 1e-15)
        << "CD §2 eq 1: C = 1/2 (|x - c|^2 - r^2) off the wire";
  }
  for (int trial = 0; trial < 20; ++trial) {
    const pbm::CircleWire w{Vector2d(u(rng), u(rng)), 0.5 + std::abs(u(rng))};
    const Vector2d x(u(rng), u(rng)), v(u(rng), u(rng));
    const Vector2d ex(eps, 0), ey(0, eps);
    const Vector2d gradFd((pbm::beadC(x + ex, w) - pbm::beadC(x - ex, w)) / (2 * eps),
                          (pbm::beadC(x + ey, w) - pbm::beadC(x - ey, w)) / (2 * eps));
    ASSERT_VEC_NEAR(pbm::beadGradC(x, w), gradFd, 1e-8)
        << "CD §2: grad C against central differences of C; trial " << trial;
    const double cdotFd = (pbm::beadC(x + eps * v, w) - pbm::beadC(x - eps * v, w)) / (2 * eps);
    ASSERT_NEAR(pbm::beadCdot(x, v, w), cdotFd, 1e-8)
        << "CD §2 eq 2: Cdot = dC/dt along v (central difference); trial " << trial;
    const Vector2d gradCdotFd(
        (pbm::beadCdot(x + ex, v, w) - pbm::beadCdot(x - ex, v, w)) / (2 * eps),
        (pbm::beadCdot(x + ey, v, w) - pbm::beadCdot(x - ey, v, w)) / (2 * eps));
    ASSERT_VEC_NEAR(pbm::beadGradCdot(x, v, w), gradCdotFd, 1e-8)
        << "CD §2 eq 3: dCdot/dx against central differences of Cdot; trial " << trial;
  }
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
    ASSERT_NEAR(cddot, 0.0, 1e-12 * (v.squaredNorm() + f.norm() * w.r / m))
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
    ASSERT_NEAR((xi - w.c).dot(ai) + vi.dot(vi), want,
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
    ASSERT_VEC_NEAR(fHat, want, 1e-12 * (1 + want.norm()))
        << "CD §2.1 eq 7: f^ = lambda grad C, lambda = (-f.(x - c) - m v.v) / |x - c|^2; trial "
        << trial;
    ASSERT_NEAR(fHat.dot(v), 0.0, 1e-12 * (1 + fHat.norm() * v.norm()))
        << "CD §2.1: f^ does no work on a legal velocity; trial " << trial;
    ASSERT_NEAR(fHat.x() * d.y() - fHat.y() * d.x(), 0.0, 1e-12 * (1 + fHat.norm()))
        << "CD §2.1: f^ is normal to the wire, parallel to x - c; trial " << trial;

    const Vector2d xi = x + 0.2 * Vector2d(u(rng), u(rng)), vi(u(rng), u(rng));
    const double lambda = pbm::beadLambda(xi, vi, f, m, w, {});
    ASSERT_NEAR(lambda, eq7Lambda(xi, vi, f, m, w), 1e-12 * (1 + std::abs(lambda)))
        << "CD §2.1 eq 7 off the wire; trial " << trial;
    const Vector2d fHati = pbm::beadConstraintForce(xi, vi, f, m, w, {});
    ASSERT_NEAR(fHati.dot(vi), lambda * (xi - w.c).dot(vi), 1e-11 * (1 + fHati.norm() * vi.norm()))
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

}  // namespace
