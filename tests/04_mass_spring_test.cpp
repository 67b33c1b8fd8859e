// Chapter 04 tests: particle systems, forces, energy functions, plane
// collisions and contact (Particle System Dynamics, PSD §2-§7), the spring
// Jacobians and an implicit cloth (Implicit Methods, IM §3-§4; Baraff & Witkin
// 1998). Each is checked against a closed form, an independent computation
// (finite differences, a dense solve, brute force) or an exact property, and
// each calls a chapter-04 student function (directly or through
// ParticleSystem), so each fails on the exercise skeleton. Every loop is
// bounded. A failure names the section of the notes to read.
//
// This file: the state and derivEval (PSD §2-§3) and the unary forces (PSD
// §4.1). Further parts: 04_mass_spring_test_springs.cpp (the damped spring and
// energy functions), 04_mass_spring_test_dynamics.cpp (momentum, the two-body
// period, integrators on a spring), 04_mass_spring_test_interaction.cpp (the
// mouse spring, controlled particles, the spatial grid),
// 04_mass_spring_test_collisions.cpp (planes, the bouncing ball, contact),
// 04_mass_spring_test_implicit.cpp (spring Jacobians, the implicit step,
// cloth), 04_mass_spring_test_headless.cpp, 04_mass_spring_test_pointer.cpp.
#include "04_mass_spring_test.h"

namespace {

using namespace ch04_test;

// ---------------------------------------------------------------- PSD §2-3: the state

// PSD §2-3: n particles give a 4n phase-space vector in [x, v] order.
TEST(Ch04State, DimIsFourNAndSetGetRoundTripsBitwise) {
  ParticleSystem ps;
  for (int i = 0; i < 5; ++i) ps.add(particle(1.0 + i, {0.0, 0.0}));
  EXPECT_EQ(ps.dim(), 20) << "PSD §2-3: 5 particles in 2D have a 4n = 20 phase-space vector";
  std::mt19937 rng(1);
  VectorXd y(20), back;
  for (int i = 0; i < 20; ++i) y[i] = std::uniform_real_distribution<double>(-5, 5)(rng);
  ps.setState(y, 0.25);
  double t = 0;
  ps.getState(back, t);
  EXPECT_EQ(t, 0.25) << "PSD §3: getState returns the installed time";
  ASSERT_EQ(back.size(), 20) << "PSD §3: getState returns 4n numbers";
  EXPECT_VEC_NEAR(back, y, 0.0) << "PSD §3: setState then getState round-trips bitwise";
  EXPECT_VEC_NEAR(ps.particles[2].x, y.segment<2>(8), 0.0)
      << "PSD §3: the state is [x0, v0, x1, v1, ...]: particle 2's x is entries 8-9";
  EXPECT_VEC_NEAR(ps.particles[2].v, y.segment<2>(10), 0.0)
      << "PSD §3: the state is [x0, v0, x1, v1, ...]: particle 2's v is entries 10-11";
}

// PSD §2-3: with no forces the derivative is [v, 0] per particle.
TEST(Ch04State, FreeParticlesDerivativeIsVelocityAndZero) {
  ParticleSystem ps;
  ps.add(particle(2.0, {1, 2}, {3, -4}));
  ps.add(particle(0.5, {-1, 0}, {0.25, 8}));
  VectorXd d;
  ps.derivEval(d);
  ASSERT_EQ(d.size(), 8) << "PSD §3: derivEval returns 4n numbers";
  EXPECT_VEC_NEAR(d.segment<2>(0), Vector2d(3, -4), 0.0) << "PSD §3: xdot = v (particle 0)";
  EXPECT_VEC_NEAR(d.segment<2>(2), Vector2d(0, 0), 0.0)
      << "PSD §3: no force, vdot = 0 (particle 0)";
  EXPECT_VEC_NEAR(d.segment<2>(4), Vector2d(0.25, 8), 0.0) << "PSD §3: xdot = v (particle 1)";
  EXPECT_VEC_NEAR(d.segment<2>(6), Vector2d(0, 0), 0.0)
      << "PSD §3: no force, vdot = 0 (particle 1)";
}

// PSD §3, slide "Deriv Eval Loop": the accumulators are cleared first, so two
// evaluations agree bitwise (a missing Clear_Forces doubles the second).
TEST(Ch04DerivEval, ConsecutiveEvaluationsAreIdentical) {
  ParticleSystem ps;
  ps.add(particle(1.0, {0, 0}, {1, 0}));
  ps.add(particle(3.0, {1.5, 0.5}, {0, -1}));
  ps.addForce<pbm::Gravity>(Vector2d(0, -kG));
  ps.addForce<pbm::Drag>(0.3);
  ps.addForce<pbm::DampedSpring>(0, 1, 20.0, 0.7, 1.0);
  const VectorXd d1 = derivative(ps), d2 = derivative(ps);
  EXPECT_VEC_NEAR(d2, d1, 0.0)
      << "PSD §3, slide \"Deriv Eval Loop\": clear the force accumulators first, or the second "
         "evaluation adds onto the first";
}

// PSD §3 erratum: vdot = f / m with each particle's OWN mass. A spring between
// masses 1 and 4 (no other force) accelerates them as f/1 and -f/4.
TEST(Ch04DerivEval, DividesByEachParticlesOwnMass) {
  ParticleSystem ps;
  ps.add(particle(1.0, {2, 0}));
  ps.add(particle(4.0, {0, 0}));
  ps.addForce<pbm::DampedSpring>(0, 1, 8.0, 0.0, 1.0);  // stretched by 1: |f| = 8
  const VectorXd d = derivative(ps);
  EXPECT_VEC_NEAR(d.segment<2>(2), Vector2d(-8, 0), 0.0)
      << "PSD §3: vdot = f/m with particle 0's own mass 1";
  EXPECT_VEC_NEAR(d.segment<2>(6), Vector2d(2, 0), 0.0)
      << "PSD §3 (erratum): vdot = f/m with particle 1's own mass 4";
}

// ---------------------------------------------------------------- PSD §4.1: unary forces

// PSD §4.1: gravity gives acceleration g whatever the mass.
TEST(Ch04Gravity, AccelerationIsGForAnyMass) {
  ParticleSystem ps;
  for (double m : {0.001, 1.0, 250.0}) ps.add(particle(m, {m, 0}));
  ps.addForce<pbm::Gravity>(Vector2d(0.5, -kG));
  const VectorXd d = derivative(ps);
  for (int i = 0; i < 3; ++i)
    ASSERT_VEC_NEAR(d.segment<2>(4 * i + 2), Vector2d(0.5, -kG), 1e-15)
        << "PSD §4.1: gravity f = m g gives the acceleration g for mass " << ps.particles[i].m;
}

// PSD §4.1 (derived): for constant g Euler lags by exactly g h t / 2, while
// midpoint and RK4 reproduce the parabola. h = 0.01, 100 steps, v0 = 0.
TEST(Ch04Gravity, EulerLagsByGhtOverTwoMidpointAndRk4AreExact) {
  const double h = 0.01, t = 1.0;
  for (Method m : {Method::Euler, Method::Midpoint, Method::RK4}) {
    SCOPED_TRACE(methodName(m));
    ParticleSystem ps;
    ps.add(particle(2.0, {0, 0}));
    ps.addForce<pbm::Gravity>(Vector2d(0, -kG));
    for (int k = 0; k < 100; ++k) pbm::step(ps, m, h);
    const double exact = -kG * t * t / 2;                                         // -4.905
    const double expected = m == Method::Euler ? exact + kG * h * t / 2 : exact;  // -4.85595
    ASSERT_NEAR(ps.particles[0].x.y(), expected, 1e-12)
        << "PSD §4.1 (derived): y(1) after 100 steps of 0.01 from rest under g: -g t^2/2, "
           "Euler lags by g h t/2";
  }
}

// PSD §4.1: drag alone gives v(t) = v0 exp(-kd t / m).
TEST(Ch04Drag, VelocityDecaysExponentially) {
  const double m = 2, kd = 0.5;
  ParticleSystem ps;
  ps.add(particle(m, {0, 0}, {3, -1}));
  ps.addForce<pbm::Drag>(kd);
  for (int k = 0; k < 5000; ++k) pbm::step(ps, Method::RK4, 1e-3);
  const Vector2d expected = Vector2d(3, -1) * std::exp(-kd * 5.0 / m);
  EXPECT_VEC_NEAR(ps.particles[0].v, expected, 1e-10 * expected.norm())
      << "PSD §4.1: drag -kd v gives v(5) = v0 exp(-kd t / m)";
}

// PSD §4.1 (derived): with gravity the terminal velocity is m g / kd.
TEST(Ch04Drag, TerminalVelocityIsMgOverKd) {
  const double m = 2, kd = 0.5;
  ParticleSystem ps;
  ps.add(particle(m, {0, 0}));
  ps.addForce<pbm::Gravity>(Vector2d(0, -kG));
  ps.addForce<pbm::Drag>(kd);
  const int steps = static_cast<int>(40 * m / kd / 0.01);
  for (int k = 0; k < steps; ++k) pbm::step(ps, Method::RK4, 0.01);
  EXPECT_NEAR(ps.particles[0].v.y(), -m * kG / kd, 1e-9 * m * kG / kd)
      << "PSD §4.1 (derived): gravity and drag balance at the terminal velocity -m g / kd";
}

// PSD §4.1 (derived): Euler on drag is v_n = (1 - h kd/m)^n v0, stable iff h < 2 m / kd.
TEST(Ch04Drag, EulerIsStableIffHBelowTwoMOverKd) {
  const double m = 2, kd = 0.5;  // limit h = 8
  for (double h : {7.9, 8.1}) {
    ParticleSystem ps;
    ps.add(particle(m, {0, 0}, {1, 0}));
    ps.addForce<pbm::Drag>(kd);
    for (int k = 0; k < 100; ++k) pbm::step(ps, Method::Euler, h);
    const double expected = std::pow(1 - h * kd / m, 100);
    ASSERT_NEAR(ps.particles[0].v.x(), expected, 1e-12 * std::abs(expected))
        << "PSD §4.1 (derived): Euler on drag, v_100 = (1 - h kd/m)^100 v0; h = " << h;
    if (h < 8) {
      ASSERT_LT(std::abs(ps.particles[0].v.x()), 1.0)
          << "PSD §4.1 (derived): stable below h = 2 m / kd = 8; h = " << h;
    } else {
      ASSERT_GT(std::abs(ps.particles[0].v.x()), 1.0)
          << "PSD §4.1 (derived): unstable above h = 2 m / kd = 8; h = " << h;
    }
  }
}

}  // namespace
