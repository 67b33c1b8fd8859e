// Chapter 04 tests, part: spring networks in motion (PSD §4.2 with DEB §2):
// zero net force and torque, momentum kept by every explicit method, the
// two-body period, and each integrator's energy factor and stability limits on
// a spring.
#include "04_mass_spring_test.h"

namespace {

using namespace ch04_test;

// ---------------------------------------------------------------- PSD §4.2: momentum

TEST(Ch04Momentum, SpringNetworkHasZeroNetForceAndTorque) {
  std::mt19937 rng(10);
  ParticleSystem ps = randomNetwork(rng, false);
  const VectorXd d = derivative(ps);
  Vector2d F = Vector2d::Zero();
  double torque = 0, scale = 0;
  for (const auto& p : ps.particles) {
    F += p.f;
    torque += cross(p.x, p.f);
    scale += p.f.norm() * (1 + p.x.norm());
  }
  EXPECT_GT(scale, 1.0) << "PSD §4.2: 20 random springs exert forces";
  EXPECT_VEC_NEAR(F, Vector2d(0, 0), 1e-13 * scale)
      << "PSD §4.2: an isolated spring network has zero net force";
  EXPECT_NEAR(torque, 0.0, 1e-13 * scale)
      << "PSD §4.2: an isolated spring network has zero net torque";
  // The gathered acceleration is the accumulator over the particle's mass.
  for (int i = 0; i < ps.n(); ++i)
    ASSERT_VEC_NEAR(Vector2d(d.segment<2>(4 * i + 2) * ps.particles[i].m), ps.particles[i].f,
                    1e-12 * (1 + ps.particles[i].f.norm()))
        << "PSD §3: vdot = f/m for particle " << i;
}

// PSD §4.2: every stage of Euler, midpoint and RK4 has sum f = 0 and the updates
// are linear, so momentum is conserved to round-off at any h; with gravity
// the centre of mass accelerates at exactly g.
TEST(Ch04Momentum, ConservedByEveryExplicitMethodAndComFallsAtG) {
  for (Method m : {Method::Euler, Method::Midpoint, Method::RK4}) {
    SCOPED_TRACE(methodName(m));
    std::mt19937 rng(11);
    ParticleSystem ps = randomNetwork(rng, false);
    const Vector2d P0 = ps.momentum();
    double scale = 0;
    for (const auto& p : ps.particles) scale += p.m * p.v.norm();
    for (int k = 0; k < 100; ++k) pbm::step(ps, m, 1e-3);
    ASSERT_VEC_NEAR(ps.momentum(), P0, 1e-12 * scale)
        << "PSD §4.2: internal forces sum to zero at every stage, so momentum is conserved";
  }
  std::mt19937 rng(12);
  ParticleSystem ps = randomNetwork(rng, true);
  const VectorXd d = derivative(ps);
  Vector2d a = Vector2d::Zero();
  double M = 0;
  for (int i = 0; i < ps.n(); ++i)
    a += ps.particles[i].m * d.segment<2>(4 * i + 2), M += ps.particles[i].m;
  EXPECT_VEC_NEAR(Vector2d(a / M), Vector2d(0, -kG), 1e-12 * kG * 10)
      << "PSD §4.1-4.2: with gravity the centre of mass accelerates at exactly g";
}

// PSD §4.2 (derived): two bodies m1 = 1, m2 = 3 on a spring ks = 12, r = 1
// oscillate with the reduced mass 0.75: omega = 4, period pi/2; the centre of
// mass stays at 0.3.
TEST(Ch04TwoBody, PeriodIsTwoPiSqrtReducedMassOverKs) {
  ParticleSystem ps;
  ps.add(particle(1.0, {1.2, 0}));
  ps.add(particle(3.0, {0.0, 0}));
  ps.addForce<pbm::DampedSpring>(0, 1, 12.0, 0.0, 1.0);
  const double T = kPi / 2;
  for (int k = 0; k < 1000; ++k) {
    pbm::step(ps, Method::RK4, T / 1000);
    ASSERT_NEAR(ps.centerOfMass().x(), 0.3, 1e-12)
        << "PSD §4.2: the centre of mass of an isolated pair stays put; step " << k;
  }
  EXPECT_NEAR(ps.particles[0].x.x(), 1.2, 1e-9)
      << "PSD §4.2 (derived): after one period pi/2 (reduced mass 0.75, ks = 12) body 1 is back";
  EXPECT_NEAR(ps.particles[1].x.x(), 0.0, 1e-9)
      << "PSD §4.2 (derived): after one period pi/2 body 2 is back";
  EXPECT_NEAR(ps.particles[0].v.norm(), 0.0, 1e-8)
      << "PSD §4.2 (derived): after one period body 1 is at rest again";
}

// ---------------------------------------------------------------- PSD §4.2 with DEB §2:
// integrators on a spring

double springEnergyOf(const AnchoredSpring& s, double ks, double r, double m) {
  return 0.5 * m * s.v() * s.v() + 0.5 * ks * (s.x() - r) * (s.x() - r);
}

// PSD §4.2 with DEB §2 (derived): on an undamped linear spring, omega^2 = ks/m,
// one step multiplies the energy by 1 + (h w)^2 (Euler), 1 + (h w)^4/4
// (midpoint), 1 - (h w)^6/72 + (h w)^8/576 (RK4).
TEST(Ch04SpringIntegrators, EnergyFactorsPerStep) {
  const double m = 1, ks = 16, r = 10, w = 4;
  for (double h : {0.125, 0.05}) {
    const double z = h * w;
    const double factor[] = {1 + z * z, 1 + std::pow(z, 4) / 4,
                             1 - std::pow(z, 6) / 72 + std::pow(z, 8) / 576};
    const Method methods[] = {Method::Euler, Method::Midpoint, Method::RK4};
    for (int k = 0; k < 3; ++k) {
      SCOPED_TRACE(std::string(methodName(methods[k])) + ", h = " + std::to_string(h));
      AnchoredSpring s(m, ks, 0.0, r, r + 0.5, 0.3);  // r = 10: never near the nail
      for (int step = 0; step < 10; ++step) {
        const double e0 = springEnergyOf(s, ks, r, m);
        pbm::step(s.ps, methods[k], h);
        ASSERT_NEAR(springEnergyOf(s, ks, r, m) / e0, factor[k], 1e-12)
            << "PSD §4.2, DEB §2 (derived): the energy factor per step on a linear spring; step "
            << step;
      }
    }
  }
}

// IM slides / DEB §2.2 (derived): RK4 on the spring is stable iff h w <= 2 sqrt 2.
TEST(Ch04SpringIntegrators, Rk4StableIffHOmegaBelowTwoSqrtTwo) {
  for (double h : {0.7, 0.725}) {                // h w = 2.8 decays, 2.9 grows
    AnchoredSpring s(1, 16, 0.0, 100.0, 100.5);  // far from the nail: linear throughout
    const double e0 = springEnergyOf(s, 16, 100, 1);
    for (int k = 0; k < 20; ++k) pbm::step(s.ps, Method::RK4, h);
    const double ratio = springEnergyOf(s, 16, 100, 1) / e0;  // 0.866^20 or 1.423^20
    if (h < 0.71) {
      ASSERT_LT(ratio, 0.1) << "DEB §2.2 (derived): RK4 is stable for h w = 2.8 < 2 sqrt 2: "
                               "the energy falls to 0.866^20";
    } else {
      ASSERT_GT(ratio, 1e2) << "DEB §2.2 (derived): RK4 is unstable for h w = 2.9 > 2 sqrt 2: "
                               "the energy grows as 1.423^20";
    }
  }
}

// PSD §4.1 "a little drag helps" made precise (derived): Euler on a damped
// spring, gamma = kd/m, is stable iff gamma > h w^2 and 4 - 2 h gamma + h^2 w^2 > 0.
TEST(Ch04SpringIntegrators, DampedEulerStabilityBoundaries) {
  struct Case {
    double gamma, h;
    bool stable;
  };
  const Case cases[] = {
      {1, 0.0099, true}, {1, 0.0101, false}, {100, 0.0201, true}, {100, 0.0203, false}};
  for (const Case& c : cases) {
    SCOPED_TRACE("gamma = " + std::to_string(c.gamma) + ", h = " + std::to_string(c.h));
    AnchoredSpring s(1, 100, c.gamma, 10.0, 10.5);  // w = 10
    const double e0 = springEnergyOf(s, 100, 10, 1);
    double eMax = 0;
    for (int k = 0; k < 30000 && eMax < 4 * e0; ++k) {
      pbm::step(s.ps, Method::Euler, c.h);
      if (k >= 29000 || !c.stable) eMax = std::max(eMax, springEnergyOf(s, 100, 10, 1));
    }
    if (c.stable) {
      ASSERT_LT(eMax, 0.5 * e0) << "PSD §4.1 (derived): inside gamma > h w^2 and "
                                   "4 - 2 h gamma + h^2 w^2 > 0 Euler decays";
    } else {
      ASSERT_GT(eMax, 2 * e0) << "PSD §4.1 (derived): outside gamma > h w^2 and "
                                 "4 - 2 h gamma + h^2 w^2 > 0 Euler grows";
    }
  }
}

// Derived: critical damping kd = 2 sqrt(ks m) with h = 1/w makes Euler's
// amplification matrix nilpotent: (1, 0) -> (1, -4) -> exactly (0, 0).
TEST(Ch04SpringIntegrators, CriticallyDampedEulerIsDeadbeatAtHEqualsOneOverOmega) {
  AnchoredSpring s(1, 16, 8, 1.0, 2.0);  // offset 1 from rest
  pbm::step(s.ps, Method::Euler, 0.25);
  EXPECT_EQ(s.x() - 1.0, 1.0) << "PSD §4.2, DEB §2.1: one Euler step keeps x (v0 = 0)";
  EXPECT_EQ(s.v(), -4.0) << "PSD §4.2, DEB §2.1: v1 = h (-ks x0)/m = -4";
  pbm::step(s.ps, Method::Euler, 0.25);
  EXPECT_EQ(s.x() - 1.0, 0.0) << "PSD §4.2, DEB §2.1 (derived): deadbeat, x2 = 0 exactly";
  EXPECT_EQ(s.v(), 0.0) << "PSD §4.2, DEB §2.1 (derived): deadbeat, v2 = 0 exactly";
}

}  // namespace
