// Chapter 05 tests, part: drift and feedback (CD §2.2, §3): one Euler step's
// drift in closed form, the drift's convergence order, and feedback making C
// follow the damped oscillator of eq 11.
#include "05_bead_on_wire_test.h"

namespace {

using namespace ch05_test;

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

}  // namespace
