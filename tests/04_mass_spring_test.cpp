// Chapter 04 tests: particle systems, forces, energy functions, plane
// collisions and contact (Particle System Dynamics, PSD §2-§7), the spring
// Jacobians and an implicit cloth (Implicit Methods, IM §3-§4; Baraff & Witkin
// 1998). Each is checked against a closed form, an independent computation
// (finite differences, a dense solve, brute force) or an exact property, and
// each calls a chapter-04 student function (directly or through
// ParticleSystem), so each fails on the exercise skeleton. Every loop is
// bounded. A failure names the section of the notes to read.
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <Eigen/SparseCore>
#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "csv_rows.h"
#include "expect_vec_near.h"
#include "pbm/app/headless.h"
#include "pbm/core/errors.h"
#include "pbm/core/fd_jacobian.h"
#include "pbm/integrators/integrators.h"
#include "pbm/particles/cloth.h"
#include "pbm/particles/collisions.h"
#include "pbm/particles/forces.h"
#include "pbm/particles/particles.h"
#include "pbm/particles/spring_jacobian.h"
#include "scenes.h"

namespace {

using Eigen::Vector2d;
using Eigen::VectorXd;
using pbm::Method;
using pbm::Particle;
using pbm::ParticleSystem;
constexpr double kPi = std::numbers::pi;
constexpr double kG = 9.81;

const char* methodName(Method m) {
  return m == Method::Euler ? "Euler" : m == Method::Midpoint ? "midpoint" : "RK4";
}

// The derivative of the installed state; a wrong size is a failure (and an
// empty vector), never an out-of-bounds read by the caller.
VectorXd derivative(ParticleSystem& ps) {
  VectorXd d;
  ps.derivEval(d);
  if (d.size() != ps.dim()) {
    ADD_FAILURE() << "PSD §3: derivEval must return dim() = 4n = " << ps.dim() << " numbers; got "
                  << d.size();
    d = VectorXd::Constant(ps.dim(), std::nan(""));
  }
  return d;
}

Particle particle(double m, Vector2d x, Vector2d v = Vector2d::Zero()) {
  Particle p;
  p.m = m;
  p.x = x;
  p.v = v;
  return p;
}

double cross(const Vector2d& a, const Vector2d& b) {
  return a.x() * b.y() - a.y() * b.x();
}

Vector2d randomVec(std::mt19937& rng, double lo = -1, double hi = 1) {
  std::uniform_real_distribution<double> u(lo, hi);
  return {u(rng), u(rng)};
}

// The 1D linear spring of PSD §4.2: a particle of mass m on the x-axis tied to a
// nail at the origin by a spring of rest length r (L > 0 throughout, so the
// force along x is exactly -ks (x - r) - kd v).
struct AnchoredSpring {
  ParticleSystem ps;
  AnchoredSpring(double m, double ks, double kd, double r, double x0, double v0 = 0) {
    Particle nail;
    nail.control = pbm::nailAt(Vector2d::Zero());
    ps.add(nail);
    ps.add(particle(m, {x0, 0.0}, {v0, 0.0}));
    ps.addForce<pbm::DampedSpring>(1, 0, ks, kd, r);
  }
  double x() const { return ps.particles[1].x.x(); }
  double v() const { return ps.particles[1].v.x(); }
};

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
    EXPECT_VEC_NEAR(d.segment<2>(4 * i + 2), Vector2d(0.5, -kG), 1e-15)
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
    EXPECT_NEAR(ps.particles[0].x.y(), expected, 1e-12)
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
    EXPECT_NEAR(ps.particles[0].v.x(), expected, 1e-12 * std::abs(expected))
        << "PSD §4.1 (derived): Euler on drag, v_100 = (1 - h kd/m)^100 v0; h = " << h;
    if (h < 8) {
      EXPECT_LT(std::abs(ps.particles[0].v.x()), 1.0)
          << "PSD §4.1 (derived): stable below h = 2 m / kd = 8; h = " << h;
    } else {
      EXPECT_GT(std::abs(ps.particles[0].v.x()), 1.0)
          << "PSD §4.1 (derived): unstable above h = 2 m / kd = 8; h = " << h;
    }
  }
}

// ---------------------------------------------------------------- PSD §4.2: the damped spring

// PSD §4.2 eq. (1): worked values with xb = 0, r = 0.5, ks = 10, kd = 2.
TEST(Ch04DampedSpring, WorkedValuesOfEquationOne) {
  struct Row {
    const char* name;
    Vector2d xa, va, fa;
  };
  const Row rows[] = {{"pure spring", {1, 0}, {0, 0}, {-5, 0}},
                      {"damping adds 2", {1, 0}, {1, 0}, {-7, 0}},
                      {"perpendicular velocity: no damping", {1, 0}, {0, 1}, {-5, 0}},
                      {"compressed: repels", {0.25, 0}, {0, 0}, {2.5, 0}}};
  for (const Row& r : rows) {
    SCOPED_TRACE(r.name);
    const auto [fa, fb] =
        pbm::dampedSpringForce(r.xa, Vector2d::Zero(), r.va, Vector2d::Zero(), 10.0, 2.0, 0.5);
    EXPECT_VEC_NEAR(fa, r.fa, 1e-14) << "PSD §4.2 eq. (1): f_a = -(ks (|l| - r) + kd ldot.l/|l|) "
                                        "l/|l|, ks = 10, kd = 2, r = 0.5";
    EXPECT_VEC_NEAR(fb, Vector2d(-fa), 0.0) << "PSD §4.2: f_b = -f_a";
  }
}

// PSD §4.2: equal and opposite (bitwise), along the line joining the particles.
TEST(Ch04DampedSpring, EqualOppositeAndAlongTheLine) {
  std::mt19937 rng(4);
  for (int k = 0; k < 100; ++k) {
    const Vector2d xa = randomVec(rng), xb = randomVec(rng), va = randomVec(rng),
                   vb = randomVec(rng);
    const auto [fa, fb] = pbm::dampedSpringForce(xa, xb, va, vb, 7.0, 0.9, 0.6);
    EXPECT_VEC_NEAR(Vector2d(fa + fb), Vector2d(0, 0), 0.0)
        << "PSD §4.2: equal and opposite, bitwise; case " << k;
    EXPECT_LE(std::abs(cross(fa, xa - xb)), 1e-14 * fa.norm() * (xa - xb).norm())
        << "PSD §4.2: the force lies along l = xa - xb; case " << k << ": f_a = " << fa.transpose()
        << ", l = " << (xa - xb).transpose();
  }
}

// Edge cases: coincident endpoints give zero force (never NaN); a spring needs
// two different particles.
TEST(Ch04DampedSpring, CoincidentEndpointsGiveZeroAndSelfSpringIsRejected) {
  const Vector2d x(0.3, -0.2);
  const auto [fa, fb] = pbm::dampedSpringForce(x, x, {1, 0}, {0, 1}, 10.0, 2.0, 0.5);
  EXPECT_TRUE(fa.allFinite() && fb.allFinite())
      << "PSD §4.2: l = 0 has no direction; the force must be finite, got f_a = " << fa.transpose()
      << ", f_b = " << fb.transpose();
  EXPECT_VEC_NEAR(fa, Vector2d(0, 0), 0.0) << "PSD §4.2: coincident endpoints: zero force";
  const pbm::SpringJacobian J = pbm::dampedSpringJacobian(x, x, {1, 0}, {0, 1}, 10.0, 2.0, 0.5);
  EXPECT_TRUE(J.dfa_dxa.allFinite() && J.dfa_dva.allFinite())
      << "IM §3: the spring Jacobian at l = 0 must be finite; got df/dx = " << J.dfa_dxa
      << ", df/dv = " << J.dfa_dva;
  EXPECT_THROW(pbm::DampedSpring(3, 3, 1.0, 0.0, 1.0), pbm::UsageError)
      << "PSD §4.2: a spring joins two different particles";
}

// PSD §6 (the notes' "verify" exercise): eq. (2) with C = |l| - r,
// dC/dxa = l/|l|, Cdot = l.ldot/|l| reproduces eq. (1); with C = x1 - x2 it
// gives the zero-rest-length spring -ks (x1 - x2) - kd (v1 - v2).
TEST(Ch04EnergyFunctions, BehaviourForceReproducesEquationOneAndZeroRestSpring) {
  std::mt19937 rng(6);
  const double ks = 13, kd = 1.7, r = 0.4;
  for (int k = 0; k < 100; ++k) {
    const Vector2d xa = randomVec(rng), xb = randomVec(rng), va = randomVec(rng),
                   vb = randomVec(rng);
    const Vector2d l = xa - xb, ld = va - vb;
    const double L = l.norm();
    VectorXd C(1), Cdot(1);
    C << L - r;
    Cdot << l.dot(ld) / L;
    Eigen::Matrix<double, Eigen::Dynamic, 2> dCdxa(1, 2);
    dCdxa.row(0) = (l / L).transpose();
    const Vector2d f2 = pbm::behaviourForce(C, Cdot, dCdxa, ks, kd);
    const Vector2d f1 = pbm::dampedSpringForce(xa, xb, va, vb, ks, kd, r).first;
    EXPECT_VEC_NEAR(f2, f1, 1e-12 * (1 + f1.norm()))
        << "PSD §6 eq. (2) with C = |l| - r must reproduce the damped spring, eq. (1); case " << k;

    VectorXd C2 = l, C2dot = ld;
    Eigen::Matrix<double, Eigen::Dynamic, 2> I2 = Eigen::Matrix2d::Identity();
    const Vector2d g1 = pbm::behaviourForce(C2, C2dot, I2, ks, kd);
    EXPECT_VEC_NEAR(g1, Vector2d(-ks * l - kd * ld), 1e-12 * (1 + g1.norm()))
        << "PSD §6: C = xa - xb gives the zero-rest-length spring -ks l - kd ldot; case " << k;
    const Vector2d g2 = pbm::behaviourForce(C2, C2dot, -I2, ks, kd);
    EXPECT_VEC_NEAR(g2, Vector2d(-g1), 0.0)
        << "PSD §6: dC/dxb = -I gives the opposite force on b; case " << k;
    // The mouse spring is the same law with the cursor as the second point.
    EXPECT_VEC_NEAR(pbm::mouseSpringForce(xa, va, xb, vb, ks, kd), g1, 1e-12 * (1 + g1.norm()))
        << "PSD §5-6: the mouse spring is a zero-rest-length spring to the cursor; case " << k;
  }
}

// PSD §6 erratum: for a vector C the force is -(dC/dx_i)^T (ks C + kd Cdot), the
// Jacobian's TRANSPOSE. With C = A (xa - xb) + c for a non-symmetric 2 x 2 A
// (so A and A^T differ), the spring part must equal -grad E, E = (ks/2) C.C, by
// central differences of E, and the damping part -kd A^T A (va - vb).
TEST(Ch04EnergyFunctions, VectorBehaviourForceUsesTheJacobianTranspose) {
  Eigen::Matrix<double, Eigen::Dynamic, 2> A(2, 2);
  A << 1.0, 2.0, -0.5, 3.0;  // A != A^T
  const Vector2d c(0.3, -0.2);
  const double ks = 7, kd = 1.3, d = 1e-6;
  std::mt19937 rng(9);
  for (int k = 0; k < 20; ++k) {
    const Vector2d xa = randomVec(rng), xb = randomVec(rng), va = randomVec(rng),
                   vb = randomVec(rng);
    const auto C = [&](const Vector2d& x) -> VectorXd { return A * (x - xb) + c; };
    const auto E = [&](const Vector2d& x) { return 0.5 * ks * C(x).squaredNorm(); };
    Vector2d gradE;
    for (int i = 0; i < 2; ++i) {
      Vector2d e = Vector2d::Zero();
      e[i] = d;
      gradE[i] = (E(xa + e) - E(xa - e)) / (2 * d);
    }
    const VectorXd Cdot = A * (va - vb);
    const Vector2d spring = pbm::behaviourForce(C(xa), VectorXd::Zero(2), A, ks, 0.0);
    EXPECT_VEC_NEAR(spring, Vector2d(-gradE), 1e-6 * (1 + gradE.norm()))
        << "PSD §6 (erratum: the transpose): f = -dE/dxa = -ks (dC/dxa)^T C; case " << k;
    const Vector2d both = pbm::behaviourForce(C(xa), Cdot, A, ks, kd);
    const Vector2d damping = -kd * A.transpose() * A * (va - vb);
    EXPECT_VEC_NEAR(Vector2d(both - spring), damping, 1e-12 * (1 + damping.norm()))
        << "PSD §6 eq. (2): the damping part is -kd (dC/dxa)^T Cdot; case " << k;
    EXPECT_LE(damping.dot(va - vb), 0.0) << "PSD §6: the damping part dissipates; case " << k;
  }
}

// PSD §4.2, §6: with kd = 0 the spring force is -grad E, E = (ks/2)(L - r)^2
// (central differences of springEnergy, delta = 1e-6).
TEST(Ch04EnergyFunctions, UndampedSpringForceIsMinusEnergyGradient) {
  std::mt19937 rng(7);
  const double ks = 9, r = 0.7, d = 1e-6;
  for (int k = 0; k < 50; ++k) {
    const Vector2d xa = randomVec(rng), xb = randomVec(rng);
    const Vector2d fa = pbm::dampedSpringForce(xa, xb, {0, 0}, {0, 0}, ks, 0.0, r).first;
    Vector2d grad;
    for (int c = 0; c < 2; ++c) {
      Vector2d e = Vector2d::Zero();
      e[c] = d;
      grad[c] =
          (pbm::springEnergy(xa + e, xb, ks, r) - pbm::springEnergy(xa - e, xb, ks, r)) / (2 * d);
    }
    EXPECT_VEC_NEAR(fa, Vector2d(-grad), 1e-6)
        << "PSD §4.2, §6: the undamped spring force is minus the gradient of springEnergy "
           "(central differences); case "
        << k;
  }
  EXPECT_DOUBLE_EQ(pbm::springEnergy({3, 4}, {0, 0}, 2.0, 1.0), 16.0)
      << "PSD §6: E = (ks/2)(|l| - r)^2 = (2/2)(5 - 1)^2";
}

// PSD §4.2 (derived): the damping part dissipates, power = -kd (u.ldot)^2 <= 0,
// and is zero for rigid translations and rotations of the pair.
TEST(Ch04EnergyFunctions, SpringDampingPowerIsMinusKdRateSquared) {
  std::mt19937 rng(8);
  const double ks = 5, kd = 1.3, r = 0.5;
  for (int k = 0; k < 50; ++k) {
    const Vector2d xa = randomVec(rng), xb = randomVec(rng), va = randomVec(rng),
                   vb = randomVec(rng);
    const auto [fa, fb] = pbm::dampedSpringForce(xa, xb, va, vb, ks, kd, r);
    const auto [sa, sb] = pbm::dampedSpringForce(xa, xb, va, vb, ks, 0.0, r);
    const double power = (fa - sa).dot(va) + (fb - sb).dot(vb);
    const double rate = (xa - xb).normalized().dot(va - vb);
    EXPECT_NEAR(power, -kd * rate * rate, 1e-12 * (1 + kd * rate * rate))
        << "PSD §4.2 (derived): the damping force's power is -kd (u.ldot)^2; case " << k;
    // A rigid motion: translation w plus rotation omega about the origin.
    const Vector2d w = randomVec(rng);
    const double omega = 0.8;
    const Vector2d ra = w + omega * Vector2d(-xa.y(), xa.x());
    const Vector2d rb = w + omega * Vector2d(-xb.y(), xb.x());
    const auto [ga, gb] = pbm::dampedSpringForce(xa, xb, ra, rb, ks, kd, r);
    EXPECT_VEC_NEAR(ga, sa, 1e-13)
        << "PSD §4.2: a rigid motion of the pair (translation + rotation) is not damped; case "
        << k;
  }
}

// ---------------------------------------------------------------- PSD §4.2: momentum

ParticleSystem randomNetwork(std::mt19937& rng, bool gravity) {
  ParticleSystem ps;
  std::uniform_real_distribution<double> mass(0.5, 3.0);
  for (int i = 0; i < 10; ++i) ps.add(particle(mass(rng), randomVec(rng, -2, 2), randomVec(rng)));
  std::uniform_int_distribution<int> pick(0, 9);
  std::uniform_real_distribution<double> u(0.2, 1.5);
  for (int s = 0; s < 20;) {
    const int a = pick(rng), b = pick(rng);
    if (a == b) continue;
    ps.addForce<pbm::DampedSpring>(a, b, 10 * u(rng), u(rng), u(rng));
    ++s;
  }
  if (gravity) ps.addForce<pbm::Gravity>(Vector2d(0, -kG));
  return ps;
}

// PSD §4.2: an isolated spring network has zero net force and zero net torque.
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
    EXPECT_VEC_NEAR(Vector2d(d.segment<2>(4 * i + 2) * ps.particles[i].m), ps.particles[i].f,
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
    EXPECT_VEC_NEAR(ps.momentum(), P0, 1e-12 * scale)
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
        EXPECT_NEAR(springEnergyOf(s, ks, r, m) / e0, factor[k], 1e-12)
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
      EXPECT_LT(ratio, 0.1) << "DEB §2.2 (derived): RK4 is stable for h w = 2.8 < 2 sqrt 2: "
                               "the energy falls to 0.866^20";
    } else {
      EXPECT_GT(ratio, 1e2) << "DEB §2.2 (derived): RK4 is unstable for h w = 2.9 > 2 sqrt 2: "
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
      EXPECT_LT(eMax, 0.5 * e0) << "PSD §4.1 (derived): inside gamma > h w^2 and "
                                   "4 - 2 h gamma + h^2 w^2 > 0 Euler decays";
    } else {
      EXPECT_GT(eMax, 2 * e0) << "PSD §4.1 (derived): outside gamma > h w^2 and "
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

// ---------------------------------------------------------------- PSD §5: user interaction

// PSD §5-6: a critically damped mouse spring (kd = 2 sqrt(ks m)) pulls a
// particle to a fixed cursor as c + (x0 - c)(1 + w t) e^{-w t}, with no overshoot.
TEST(Ch04MouseSpring, CriticallyDampedApproachMatchesClosedForm) {
  ParticleSystem ps;
  ps.add(particle(1.0, {1.0, 2.0}));
  auto& mouse = ps.addForce<pbm::MouseSpring>(100.0, 20.0);
  mouse.particle = 0;
  mouse.cursor = Vector2d(0.0, 2.0);
  const double w = 10;
  double prev = 1.0;
  for (int k = 1; k <= 1000; ++k) {
    pbm::step(ps, Method::RK4, 1e-3);
    const double t = k * 1e-3, offset = ps.particles[0].x.x();
    ASSERT_LT(offset, prev) << "PSD §5-6: a critically damped approach is monotone; t = " << t;
    ASSERT_GT(offset, 0.0) << "PSD §5-6: critical damping never overshoots the cursor; t = " << t;
    prev = offset;
    if (k == 100 || k == 500 || k == 1000) {
      EXPECT_NEAR(offset, (1 + w * t) * std::exp(-w * t), 1e-9)
          << "PSD §5-6: the offset is (1 + w t) e^{-w t} (x0 - c), w = 10; t = " << t;
    }
  }
  // A particle exactly on the cursor gets a finite, zero force.
  const Vector2d f = pbm::mouseSpringForce({0, 2}, {0, 0}, {0, 2}, {0, 0}, 100, 20);
  EXPECT_VEC_NEAR(f, Vector2d(0, 0), 0.0)
      << "PSD §5: on the cursor at rest the mouse spring pulls with zero force (never NaN)";
}

// PSD §5: a nailed particle with springs attached keeps x and v bitwise.
TEST(Ch04Controlled, NailedParticleNeverMoves) {
  ParticleSystem ps;
  Particle nail = particle(1.0, {0.5, 1.0});
  nail.control = pbm::nailAt({0.5, 1.0});
  ps.add(nail);
  ps.add(particle(1.0, {1.5, 1.0}, {0, 1}));
  ps.add(particle(2.0, {0.5, 0.0}));
  ps.addForce<pbm::Gravity>(Vector2d(0, -kG));
  ps.addForce<pbm::DampedSpring>(0, 1, 50.0, 0.5, 0.8);
  ps.addForce<pbm::DampedSpring>(0, 2, 50.0, 0.5, 0.8);
  ps.addForce<pbm::DampedSpring>(1, 2, 50.0, 0.5, 1.2);
  for (int k = 0; k < 1000; ++k) {
    pbm::step(ps, k % 2 ? Method::RK4 : Method::Midpoint, 1e-3);
    ASSERT_VEC_NEAR(ps.particles[0].x, Vector2d(0.5, 1.0), 0.0)
        << "PSD §5: a nailed particle keeps its x bitwise; step " << k;
    ASSERT_VEC_NEAR(ps.particles[0].v, Vector2d(0, 0), 0.0)
        << "PSD §5: a nailed particle keeps v = 0 bitwise; step " << k;
  }
  EXPECT_GT((ps.particles[1].x - Vector2d(1.5, 1.0)).norm(), 1e-3)
      << "PSD §5: the free particles must move; particle 1 is still at "
      << ps.particles[1].x.transpose();
}

// PSD §5: a motor on a circle is where its procedure says after every step,
// and its neighbour's spring damping uses the motor's velocity v_c(t).
TEST(Ch04Controlled, MotorFollowsItsPathAndNeighboursSeeItsVelocity) {
  const Vector2d c(1, -1);
  const double R = 0.5, w = 3;
  ParticleSystem ps;
  Particle motor = particle(1.0, c + Vector2d(R, 0));
  motor.control = pbm::motorOnCircle(c, R, w);
  motor.v = Vector2d(0, R * w);
  ps.add(motor);
  ps.add(particle(0.5, c + Vector2d(R + 1, 0)));
  const double ks = 40, kd = 2, r = 0.8;
  ps.addForce<pbm::DampedSpring>(1, 0, ks, kd, r);
  for (int k = 1; k <= 500; ++k) {
    pbm::step(ps, Method::RK4, 2e-3);
    const double t = k * 2e-3;
    ASSERT_VEC_NEAR(ps.particles[0].x, Vector2d(c + R * Vector2d(std::cos(w * t), std::sin(w * t))),
                    1e-12)
        << "PSD §5: a motor is where its procedure puts it after every step; t = " << t;
    ASSERT_VEC_NEAR(ps.particles[0].v,
                    Vector2d(R * w * Vector2d(-std::sin(w * t), std::cos(w * t))), 1e-12)
        << "PSD §5: a motor's velocity is its procedure's v_c(t); t = " << t;
  }
  // The free particle's acceleration is eq. (1), written out here, with v_c.
  const VectorXd d = derivative(ps);
  const double t = ps.t;
  const Vector2d xa = ps.particles[1].x, va = ps.particles[1].v;
  const Vector2d xb = c + R * Vector2d(std::cos(w * t), std::sin(w * t));
  const Vector2d vb = R * w * Vector2d(-std::sin(w * t), std::cos(w * t));
  const Vector2d l = xa - xb;
  const double L = l.norm();
  const Vector2d fa = -(ks * (L - r) + kd * (va - vb).dot(l) / L) * l / L;
  EXPECT_VEC_NEAR(d.segment<2>(6), Vector2d(fa / 0.5), 1e-11 * (1 + fa.norm()))
      << "PSD §4.2 eq. (1), §5: the neighbour's spring damping uses the motor's v_c(t)";
  EXPECT_VEC_NEAR(d.segment<2>(0), vb, 1e-12) << "PSD §5: the motor's xdot = v_c(t)";
  EXPECT_VEC_NEAR(d.segment<2>(2), Vector2d(-w * w * (xb - c)), 1e-11)
      << "PSD §5: the motor's vdot = a_c(t), centripetal";
}

// ---------------------------------------------------------------- PSD §7: collisions

// PSD §7.1: the sign of (X - P).N: > 0 legal, < 0 through, 0 on the plane;
// the slides' detection adds "heading in" and a tolerance.
TEST(Ch04Collision, DetectionSignConventionAndTolerance) {
  const pbm::Plane tilted{{1, 1}, Vector2d(-1, 1).normalized()};
  EXPECT_GT(pbm::planeDistance({0, 3}, tilted), 0)
      << "PSD §7.1: (X - P).N > 0 on the legal side, N = (-1, 1)/sqrt 2 through (1, 1)";
  EXPECT_LT(pbm::planeDistance({3, 0}, tilted), 0) << "PSD §7.1: (X - P).N < 0 through the plane";
  EXPECT_NEAR(pbm::planeDistance({2, 2}, tilted), 0, 1e-15) << "PSD §7.1: 0 on the plane";
  EXPECT_NEAR(pbm::planeDistance({0, 2}, tilted), std::sqrt(2.0), 1e-15)
      << "PSD §7.1: (X - P).N is the signed distance";
  const pbm::Plane floor{{0, 0}, {0, 1}};
  EXPECT_TRUE(pbm::isColliding({0, 0.0005}, {1, -1}, floor, 1e-3))
      << "PSD §7.1 slides: within eps = 1e-3 and heading in (N.V < 0): colliding";
  EXPECT_FALSE(pbm::isColliding({0, 0.0005}, {1, 1}, floor, 1e-3))
      << "PSD §7.1 slides: within eps but leaving (N.V > 0): not colliding";
  EXPECT_FALSE(pbm::isColliding({0, 0.002}, {1, -1}, floor, 1e-3))
      << "PSD §7.1 slides: heading in but 2 eps away: not colliding yet";
}

// PSD §7.2 (erratum: V_N = (N.V) N): V' = V_T - kr V_N; N = (0, 1), V = (3, -4).
TEST(Ch04Collision, ResponseReflectsNormalPartScaledByRestitution) {
  const Vector2d N(0, 1), V(3, -4);
  EXPECT_VEC_NEAR(pbm::collisionResponse(V, N, 0.5), Vector2d(3, 2), 0.0)
      << "PSD §7.2: V' = V_T - kr V_N with kr = 0.5";
  EXPECT_VEC_NEAR(pbm::collisionResponse(V, N, 1.0), Vector2d(3, 4), 0.0)
      << "PSD §7.2: kr = 1 is a perfect bounce";
  EXPECT_VEC_NEAR(pbm::collisionResponse(V, N, 0.0), Vector2d(3, 0), 0.0)
      << "PSD §7.2: kr = 0 keeps only the tangential part";
  std::mt19937 rng(13);
  for (int k = 0; k < 50; ++k) {
    const Vector2d n = randomVec(rng).normalized(), v = randomVec(rng);
    const double kr = std::uniform_real_distribution<double>(0, 1)(rng);
    const Vector2d w = pbm::collisionResponse(v, n, kr);
    EXPECT_NEAR(n.dot(w), -kr * n.dot(v), 1e-14)
        << "PSD §7.2 (erratum: V_N = (N.V) N): N.V' = -kr N.V; case " << k;
    EXPECT_VEC_NEAR(Vector2d(w - n.dot(w) * n), Vector2d(v - n.dot(v) * n), 1e-14)
        << "PSD §7.2: the tangential part V_T is kept; case " << k;
    const double vn = n.dot(v), vt2 = v.squaredNorm() - vn * vn;
    EXPECT_NEAR(w.squaredNorm(), vt2 + kr * kr * vn * vn, 1e-13)
        << "PSD §7.2: |V'|^2 = |V_T|^2 + kr^2 (N.V)^2; case " << k;
  }
}

// PSD §7.1: the contact instant by linear interpolation, s = d0 / (d0 - d1),
// exact for straight-line motion: (0, 1) with V = (1, -4), h = 1 -> s = 1/4 at
// (0.25, 0) (an asymmetric case: s and 1 - s differ).
TEST(Ch04Collision, ContactFractionIsExactForStraightLineMotion) {
  const pbm::Plane floor{{0, 0}, {0, 1}};
  const Vector2d x0(0, 1), x1 = x0 + Vector2d(1, -4);
  const double s =
      pbm::contactFraction(pbm::planeDistance(x0, floor), pbm::planeDistance(x1, floor));
  EXPECT_EQ(s, 0.25) << "PSD §7.1: s = d0 / (d0 - d1) = 1 / (1 - (-3))";
  EXPECT_VEC_NEAR(Vector2d(x0 + s * (x1 - x0)), Vector2d(0.25, 0), 0.0)
      << "PSD §7.1: the contact point lies on the plane";
}

// ---------------------------------------------------------------- PSD §7.1-7.2: a bouncing ball

struct BallRun {
  std::vector<double> apex;  // heights of the apexes after the first bounce
  double firstImpact = -1;   // measured from the state after the bounce
  double reboundSpeed = -1;  // the upward speed the ball left the floor with
  double minY = 1e9;
  double y = 0, vy = 0;
};

BallRun dropBall(double H, double kr, double h, double tEnd, bool rollback) {
  ParticleSystem ps;
  ps.add(particle(1.0, {0, H}));
  ps.addForce<pbm::Gravity>(Vector2d(0, -kG));
  const std::vector<pbm::Plane> planes{{{0, 0}, {0, 1}}};
  pbm::CollisionOptions o;
  o.kr = kr;
  o.eps = 1e-3;
  o.rollback = rollback;
  ps.addForce<pbm::PlaneContact>(&planes, o.eps, 0.0);
  BallRun run;
  double prevVy = 0;
  const long steps = std::lround(tEnd / h);
  for (long k = 0; k < steps; ++k) {
    const Vector2d x0 = ps.particles[0].x, v0 = ps.particles[0].v;
    pbm::stepWithCollisions(ps, planes, o, h,
                            [](ParticleSystem& s, double hh) { pbm::step(s, Method::RK4, hh); });
    const Vector2d x1 = ps.particles[0].x, v1 = ps.particles[0].v;
    if (run.firstImpact < 0 && v1.y() > 0) {
      // The rebound happened within this step, and the ball has flown freely
      // since (RK4 is exact for free fall). Traced back from the step's END,
      // the state the collision handling produced, the rising parabola left
      // y = 0 tau ago: (g/2) tau^2 + vy1 tau - y1 = 0, with speed vy1 + g tau.
      const double tau =
          (-v1.y() + std::sqrt(std::max(0.0, v1.y() * v1.y() + 2 * kG * x1.y()))) / kG;
      run.firstImpact = ps.t - tau;
      run.reboundSpeed = v1.y() + kG * tau;
    }
    // An apex: vy changes sign from + to - within a free-flight step;
    // the parabola's top from the start of the step.
    if (prevVy > 0 && v1.y() <= 0 && v0.y() > 0)
      run.apex.push_back(x0.y() + v0.y() * v0.y() / (2 * kG));
    prevVy = v1.y();
    run.minY = std::min(run.minY, ps.particles[0].x.y());
  }
  run.y = ps.particles[0].x.y();
  run.vy = ps.particles[0].v.y();
  return run;
}

// PSD §7.1-7.2: a ball dropped from H = 1 with kr = 0.5 first hits at
// sqrt(2H/g), rises to kr^(2j) H = 0.25, 0.0625, 0.015625, and (rolled back to
// each contact instant) comes to rest after t_inf = t1 (1 + kr)/(1 - kr), the
// Zeno limit of infinitely many bounces.
TEST(Ch04BouncingBall, RollbackApexesAreKrSquaredPowersAndBallRestsAfterZenoTime) {
  const double H = 1, kr = 0.5, t1 = std::sqrt(2 * H / kG);  // 0.4515236 s
  const double tInf = t1 * (1 + kr) / (1 - kr);              // 1.3545709 s
  const BallRun run = dropBall(H, kr, 1e-3, tInf + 0.1, true);
  EXPECT_NEAR(run.firstImpact, t1, 1e-5)
      << "PSD §7.1: rolled back to the contact instant, the ball leaves the floor at "
         "t1 = sqrt(2H/g) (measured from the state after the bounce step)";
  EXPECT_NEAR(run.reboundSpeed, kr * kG * t1, 1e-4)
      << "PSD §7.2: it leaves with kr times the impact speed g t1";
  ASSERT_GE(run.apex.size(), 3u) << "PSD §7.2: at least three bounces before t_inf";
  EXPECT_NEAR(run.apex[0], 0.25, 2e-4) << "PSD §7.2: the first apex is kr^2 H";
  EXPECT_NEAR(run.apex[1], 0.0625, 2e-4) << "PSD §7.2: the second apex is kr^4 H";
  EXPECT_NEAR(run.apex[2], 0.015625, 2e-4) << "PSD §7.2: the third apex is kr^6 H";
  EXPECT_GE(run.minY, -1e-3) << "PSD §7.1: the ball never ends a step through the floor";
  EXPECT_LT(std::abs(run.y), 1e-3)
      << "PSD §7.3: after the Zeno time t1 (1 + kr)/(1 - kr) the ball rests on the floor";
  EXPECT_LT(std::abs(run.vy), 1e-3) << "PSD §7.3: resting contact: no normal velocity";
}

// PSD §7.1: displacing the point instead of rolling back is off by O(h).
TEST(Ch04BouncingBall, RollbackIsCloserThanDisplacing) {
  const double H = 1, kr = 0.5, h = 1e-3;
  const BallRun rolled = dropBall(H, kr, h, 0.8, true);
  const BallRun displaced = dropBall(H, kr, h, 0.8, false);
  ASSERT_FALSE(rolled.apex.empty()) << "PSD §7.2: the rolled-back ball bounces";
  ASSERT_FALSE(displaced.apex.empty()) << "PSD §7.2: the displaced ball bounces";
  EXPECT_LT(std::abs(rolled.apex[0] - 0.25), std::abs(displaced.apex[0] - 0.25))
      << "PSD §7.1: rolling back (apex " << rolled.apex[0] << ") must beat displacing (apex "
      << displaced.apex[0] << ") at reaching kr^2 H = 0.25";
}

// ---------------------------------------------------------------- PSD §7.3: contact

ParticleSystem onFloor(const Vector2d& v, const Vector2d& push, double kf,
                       const std::vector<pbm::Plane>* planes) {
  ParticleSystem ps;
  ps.add(particle(2.0, {0, 0}, v));
  ps.addForce<pbm::Gravity>(Vector2d(0, -kG));
  struct Push : pbm::Force {
    explicit Push(Vector2d f) : f(f) {}
    void apply(ParticleSystem& s) override { s.particles[0].f += f; }
    Vector2d f;
  };
  ps.addForce<Push>(push);
  ps.addForce<pbm::PlaneContact>(planes, 1e-3, kf);
  return ps;
}

// PSD §7.3 (erratum: f_c = -(N.f) N): a particle resting on the floor feels
// F + F_c = 0 and stays put bitwise; an oblique push slides it at f_x/m with
// y constant; a net upward force gets no contact force and it leaves.
TEST(Ch04Contact, RestingContactCancelsTheNormalForce) {
  const std::vector<pbm::Plane> floor{{{0, 0}, {0, 1}}};
  ParticleSystem rest = onFloor({0, 0}, {0, 0}, 0.0, &floor);
  for (int k = 0; k < 1000; ++k) {
    pbm::step(rest, Method::RK4, 1e-2);
    ASSERT_VEC_NEAR(rest.particles[0].x, Vector2d(0, 0), 0.0)
        << "PSD §7.3: resting contact cancels gravity: x stays put bitwise; step " << k;
    ASSERT_VEC_NEAR(rest.particles[0].v, Vector2d(0, 0), 0.0)
        << "PSD §7.3: resting contact cancels gravity: v stays 0 bitwise; step " << k;
  }
  ParticleSystem slide = onFloor({0, 0}, {3, -5}, 0.0, &floor);
  for (int k = 0; k < 100; ++k) pbm::step(slide, Method::RK4, 1e-2);
  EXPECT_EQ(slide.particles[0].x.y(), 0.0)
      << "PSD §7.3: an oblique push into the floor: the normal part is cancelled, y stays 0";
  EXPECT_NEAR(slide.particles[0].x.x(), 0.5 * (3 / 2.0) * 1.0, 1e-12)
      << "PSD §7.3: the tangential part slides it at f_x/m = 1.5: x(1) = 0.75";
  ParticleSystem lift = onFloor({0, 0}, {0, 2 * kG + 4}, 0.0, &floor);  // net 4 N up
  for (int k = 0; k < 100; ++k) pbm::step(lift, Method::RK4, 1e-2);
  EXPECT_NEAR(lift.particles[0].x.y(), 0.5 * 2.0 * 1.0, 1e-12)
      << "PSD §7.3: a net upward force gets no contact force: y(1) = (4/2)/2";
  EXPECT_VEC_NEAR(pbm::contactForce({1, 5}, {0, 1}), Vector2d(0, 0), 0.0)
      << "PSD §7.3: a force pulling away from the plane gets no contact force";
  EXPECT_VEC_NEAR(pbm::contactForce({1, -5}, {0, 1}), Vector2d(0, 5), 0.0)
      << "PSD §7.3 (erratum: f_c = -(N.f) N): only the normal part is cancelled";
}

// PSD §7.3: linear friction -kf (-F.N) v_T under gravity alone gives
// v_T = v0 exp(-kf g t) and a stopping distance v0 / (kf g) = 0.6116208 m.
TEST(Ch04Contact, FrictionStoppingDistanceIsV0OverKfG) {
  const std::vector<pbm::Plane> floor{{{0, 0}, {0, 1}}};
  const double v0 = 3, kf = 0.5;
  ParticleSystem ps = onFloor({v0, 0}, {0, 0}, kf, &floor);
  for (int k = 1; k <= 10000; ++k) {
    pbm::step(ps, Method::RK4, 1e-3);
    if (k == 200) {
      EXPECT_NEAR(ps.particles[0].v.x(), v0 * std::exp(-kf * kG * 0.2), 1e-9)
          << "PSD §7.3: linear friction -kf (-F.N) v_T gives v_T = v0 exp(-kf g t) at t = 0.2";
    }
  }
  EXPECT_NEAR(ps.particles[0].x.x(), v0 / (kf * kG), 1e-8)  // 0.6116208 m
      << "PSD §7.3: the particle stops after v0 / (kf g)";
  EXPECT_EQ(ps.particles[0].x.y(), 0.0) << "PSD §7.3: sliding, it stays on the floor";
  // Friction is tangential and needs a push into the plane.
  EXPECT_VEC_NEAR(pbm::frictionForce({0, 5}, {1, 0}, {0, 1}, kf), Vector2d(0, 0), 0.0)
      << "PSD §7.3: no push into the plane, no friction";
  EXPECT_VEC_NEAR(pbm::frictionForce({0, -4}, {2, -1}, {0, 1}, 0.5), Vector2d(-4, 0), 0.0)
      << "PSD §7.3: -kf (-F.N) V_T = -0.5 * 4 * (2, 0): tangential only";
  EXPECT_TRUE(pbm::inContact({1, 0.0005}, {3, 0.0005}, {0, -1}, floor[0], 1e-3))
      << "PSD §7.3: on the plane, |N.V| < eps and pushed in (N.F < 0): in contact";
  EXPECT_FALSE(pbm::inContact({1, 0.0005}, {3, 0.0005}, {0, 1}, floor[0], 1e-3))
      << "PSD §7.3: pulled away (N.F > 0): not in contact";
  EXPECT_FALSE(pbm::inContact({1, 0.0005}, {3, -0.5}, {0, -1}, floor[0], 1e-3))
      << "PSD §7.3: moving into the plane at 0.5 m/s: a collision, not contact";
}

// ---------------------------------------------------------------- Jacobians (IM §3-4)

// IM §3: the analytic damped-spring Jacobians match central differences of
// PSD §4.2 eq. (1).
TEST(Ch04SpringJacobian, MatchesFiniteDifferencesOfEquationOne) {
  std::mt19937 rng(20);
  const double ks = 30, kd = 1.5, r = 0.6, d = 1e-6;
  for (int k = 0; k < 50; ++k) {
    const Vector2d xa = randomVec(rng), xb = randomVec(rng), va = randomVec(rng),
                   vb = randomVec(rng);
    const pbm::SpringJacobian J = pbm::dampedSpringJacobian(xa, xb, va, vb, ks, kd, r);
    Eigen::Matrix2d Jx, Jv;
    for (int c = 0; c < 2; ++c) {
      Vector2d e = Vector2d::Zero();
      e[c] = d;
      Jx.col(c) = (pbm::dampedSpringForce(xa + e, xb, va, vb, ks, kd, r).first -
                   pbm::dampedSpringForce(xa - e, xb, va, vb, ks, kd, r).first) /
                  (2 * d);
      Jv.col(c) = (pbm::dampedSpringForce(xa, xb, va + e, vb, ks, kd, r).first -
                   pbm::dampedSpringForce(xa, xb, va - e, vb, ks, kd, r).first) /
                  (2 * d);
    }
    EXPECT_VEC_NEAR(J.dfa_dxa, Jx, 1e-6)
        << "IM §3: df_a/dx_a against central differences of eq. (1); case " << k;
    EXPECT_VEC_NEAR(J.dfa_dva, Jv, 1e-6)
        << "IM §3: df_a/dv_a against central differences of eq. (1); case " << k;
    // The spring part alone (kd = 0) is symmetric.
    const Eigen::Matrix2d S = pbm::dampedSpringJacobian(xa, xb, va, vb, ks, 0, r).dfa_dxa;
    EXPECT_VEC_NEAR(S, Eigen::Matrix2d(S.transpose()), 1e-12)
        << "IM §3: the undamped spring's df/dx is symmetric (a Hessian); case " << k;
  }
}

// IM §3: the whole system's Jacobian (forces assembled, 4n x 4n) matches the
// finite-difference Jacobian of the derivative.
TEST(Ch04SpringJacobian, SystemJacobianMatchesFiniteDifferences) {
  std::mt19937 rng(21);
  ParticleSystem ps = randomNetwork(rng, true);
  ps.addForce<pbm::Drag>(0.4);
  ps.particles[3].control = pbm::nailAt(ps.particles[3].x);
  ps.particles[3].v.setZero();
  ps.filter = pbm::JacobianFilter::Full;
  Eigen::SparseMatrix<double> J, Jfd;
  ps.jacobian(J);
  pbm::finiteDifferenceJacobian(ps, Jfd);
  const Eigen::MatrixXd diff = Eigen::MatrixXd(J) - Eigen::MatrixXd(Jfd);
  Eigen::Index row = 0, col = 0;
  const double worst = diff.cwiseAbs().maxCoeff(&row, &col);
  EXPECT_LT(worst, 1e-6) << "IM §3: the assembled 4n x 4n Jacobian against finite differences; "
                         << "worst entry (" << row << ", " << col << "): analytic "
                         << J.coeff(row, col) << ", finite difference " << Jfd.coeff(row, col);
}

// IM §4, eq. (4-5) mass-weighted: one implicit particle step equals the
// linearised backward-Euler step (3-2) of the full 4n first-order system,
// solved densely with the finite-difference Jacobian.
TEST(Ch04Implicit, ParticleStepEqualsDenseSolveOfFullSystem) {
  std::mt19937 rng(22);
  ParticleSystem ps;
  std::uniform_real_distribution<double> mass(0.5, 2.0);
  for (int i = 0; i < 8; ++i) ps.add(particle(mass(rng), randomVec(rng, -2, 2), randomVec(rng)));
  ps.particles[0].control = pbm::nailAt(ps.particles[0].x);
  ps.particles[0].v.setZero();
  for (int i = 0; i < 8; ++i)
    for (int j = i + 1; j < 8; j += 3) {
      const double L = (ps.particles[i].x - ps.particles[j].x).norm();
      ps.addForce<pbm::DampedSpring>(i, j, 200.0, 0.0, 0.7 * L);  // stretched: K is definite
    }
  ps.addForce<pbm::Gravity>(Vector2d(0, -kG));
  ps.addForce<pbm::Drag>(0.3);
  ps.filter = pbm::JacobianFilter::Full;
  const double h = 0.05;

  VectorXd y0, f0;
  double t0;
  ps.getState(y0, t0);
  ps.derivEval(f0);
  Eigen::SparseMatrix<double> Jfd;
  pbm::finiteDifferenceJacobian(ps, Jfd);
  const int n = ps.dim();
  const Eigen::MatrixXd A = Eigen::MatrixXd::Identity(n, n) / h - Eigen::MatrixXd(Jfd);
  const VectorXd expected = y0 + A.partialPivLu().solve(f0);

  pbm::CgOptions cg;
  cg.tolerance = 1e-13;
  pbm::implicitParticleStep(ps, h, cg);
  VectorXd y1;
  double t1;
  ps.getState(y1, t1);
  EXPECT_DOUBLE_EQ(t1, t0 + h) << "IM §4: the implicit step installs t0 + h";
  ASSERT_EQ(y1.size(), n) << "PSD §3: the state has 4n entries";
  EXPECT_VEC_NEAR(y1, expected, 1e-7)
      << "IM §3 (3-2), §4: one implicit particle step equals the dense linearised backward Euler "
         "step on the 4n first-order system";
  EXPECT_VEC_NEAR(y1.segment<2>(0), y0.segment<2>(0), 0.0) << "PSD §5: the nail stays put";
}

// IM §3 / Baraff & Witkin: with the B&W filter the matrix of (4-5) stays
// positive definite even with compressed springs, so CG always succeeds;
// the full Jacobian of a strongly compressed stiff spring makes it indefinite
// and the step reports SolverFailure.
TEST(Ch04Implicit, CompressedStiffSpringNeedsTheBaraffWitkinFilter) {
  auto make = [](pbm::JacobianFilter f) {
    ParticleSystem ps;
    ps.add(particle(0.01, {0, 0}, {0, 0.1}));
    ps.add(particle(0.01, {0.5, 0}, {0, -0.1}));
    ps.addForce<pbm::DampedSpring>(0, 1, 1e4, 0.0, 1.0);  // L = r / 2: 1 - r/L = -1
    ps.filter = f;
    return ps;
  };
  ParticleSystem bw = make(pbm::JacobianFilter::BaraffWitkin);
  EXPECT_NO_THROW(pbm::implicitParticleStep(bw, 1.0 / 60))
      << "Baraff & Witkin: the filtered Jacobian keeps (4-5) definite: CG succeeds";
  ParticleSystem full = make(pbm::JacobianFilter::Full);
  EXPECT_THROW(pbm::implicitParticleStep(full, 1.0 / 60), pbm::SolverFailure)
      << "IM §4: the full Jacobian of a spring compressed to L = r/2 makes (4-5) indefinite: "
         "SolverFailure";
}

// ---------------------------------------------------------------- cloth (Baraff & Witkin 1998)

// Baraff & Witkin 1998: a flat grid at its rest lengths has zero spring force
// (and a stretched one does not: StretchedGridPullsEveryEdgeInward).
TEST(Ch04Cloth, FlatGridAtRestHasZeroSpringForce) {
  ParticleSystem ps;
  pbm::ClothSpec spec;
  spec.n = 6;
  spec.g = 0;
  pbm::buildCloth(ps, spec);
  const VectorXd d = derivative(ps);
  for (int i = 0; i < ps.n(); ++i) {
    EXPECT_VEC_NEAR(ps.particles[i].f, Vector2d(0, 0), 1e-12)
        << "PSD §4.2: springs at their rest lengths exert no force; particle " << i;
    if (!ps.particles[i].control.controlled()) {
      EXPECT_VEC_NEAR(d.segment<2>(4 * i + 2), Vector2d(0, 0), 1e-10)
          << "PSD §3: no force, no acceleration; particle " << i;
    }
  }
}

// PSD §4.2 on the cloth: a grid stretched uniformly by s = 1.1 at rest. Every
// spring pulls with ks_type (s - 1) rest along itself, so the free bottom-left
// corner feels ks (s - 1) a (1 + shear + 2 bend) (1, 1) toward the cloth (a
// structural, a shear and a bend spring along each edge), a particle two rows
// and columns inside feels no net force (symmetry), and the net spring force
// on the whole cloth is zero.
TEST(Ch04Cloth, StretchedGridPullsItsCornerInward) {
  ParticleSystem ps;
  pbm::ClothSpec spec;
  spec.n = 6;
  spec.g = 0;
  spec.startScale = 1.1;
  pbm::buildCloth(ps, spec);
  const VectorXd d = derivative(ps);
  const int corner = (spec.n - 1) * spec.n, inner = 2 * spec.n + 2;  // (row 5, col 0), (2, 2)
  const double c =
      spec.ks * (spec.startScale - 1) * spec.spacing * (1 + spec.shear + 2 * spec.bend);
  EXPECT_VEC_NEAR(ps.particles[corner].f, Vector2d(c, c), 1e-9 * c)
      << "PSD §4.2 eq. (1): the stretched springs at the bottom-left corner pull it up and right";
  EXPECT_VEC_NEAR(d.segment<2>(4 * corner + 2), Vector2d(Vector2d(c, c) / spec.mass), 1e-9 * c)
      << "PSD §3: the corner accelerates at f/m";
  EXPECT_VEC_NEAR(ps.particles[inner].f, Vector2d(0, 0), 1e-9 * c)
      << "PSD §4.2: inside the grid the stretched springs cancel";
  Vector2d net = Vector2d::Zero();
  for (const auto& p : ps.particles) net += p.f;
  EXPECT_VEC_NEAR(net, Vector2d(0, 0), 1e-9 * c) << "PSD §4.2: internal forces sum to zero";
}

// IM §3-4 with Baraff & Witkin: once a pinned cloth has settled under the
// implicit step, the springs pull on the pins with the weight of the free
// particles (internal forces cancel; each free particle is in equilibrium).
TEST(Ch04Cloth, SettledClothHangsItsWeightOnThePins) {
  ParticleSystem ps;
  pbm::ClothSpec spec;
  spec.n = 8;
  spec.drag = 0.2;
  pbm::buildCloth(ps, spec);
  pbm::CgOptions cg;
  cg.tolerance = 1e-12;
  // Step until every free particle's acceleration is below 1e-8 g.
  VectorXd d;
  Vector2d pins = Vector2d::Zero();
  double freeMass = 0, maxAccel = 1e9;
  for (int k = 0; k < 6000 && maxAccel > 1e-8 * spec.g; ++k) {
    pbm::implicitParticleStep(ps, 1.0 / 60, cg);
    if (k % 50) continue;
    ps.derivEval(d);
    maxAccel = 0;
    for (int i = 0; i < ps.n(); ++i)
      if (!ps.particles[i].control.controlled())
        maxAccel = std::max(maxAccel, d.segment<2>(4 * i + 2).norm());
  }
  ps.derivEval(d);  // the accumulators at the final state
  // Spring forces on the pins: everything but their gravity (v = 0: no drag).
  for (const auto& p : ps.particles) {
    if (p.control.controlled())
      pins += p.f - p.m * Vector2d(0, -spec.g);
    else
      freeMass += p.m;
  }
  ASSERT_LT(maxAccel, 1e-7 * spec.g)
      << "IM §4: 6000 implicit steps of 1/60 s must settle the damped cloth";
  const Vector2d weight(0, -freeMass * spec.g);
  EXPECT_VEC_NEAR(pins, weight, 1e-6 * weight.norm())
      << "PSD §4.2, IM §4: once settled, the springs hang the free particles' weight on the pins";
}

// IM §2-3: stiff cloth (ks = 1e4, m = 0.01, h = 1/60, h w_max >> 2) blows up
// under explicit Euler within 200 steps; the implicit step stays bounded, and
// it does move the cloth: the first step gives every free particle the
// velocity of the dense backward-Euler solve, and after 200 steps (3.3 s) the
// cloth, pinned at two top corners, has swung down and come nearly to rest.
TEST(Ch04Cloth, StiffClothExplicitEulerDivergesImplicitStaysBounded) {
  pbm::ClothSpec spec;
  spec.n = 6;
  spec.ks = 1e4;
  spec.mass = 0.01;
  ParticleSystem expl, impl;
  pbm::buildCloth(expl, spec);
  pbm::buildCloth(impl, spec);
  bool diverged = false;
  for (int k = 0; k < 200 && !diverged; ++k) {
    pbm::step(expl, Method::Euler, 1.0 / 60);
    for (const auto& p : expl.particles)
      if (!p.x.allFinite() || p.x.norm() > 1e3) diverged = true;
  }
  EXPECT_TRUE(diverged) << "IM §2: explicit Euler far beyond h = 2/w_max must blow up";

  // The first implicit step against the dense linearised backward-Euler step.
  const double h = 1.0 / 60;
  VectorXd y0, f0, y1;
  double t0, t1;
  impl.getState(y0, t0);
  impl.derivEval(f0);
  Eigen::SparseMatrix<double> Jfd;
  pbm::finiteDifferenceJacobian(impl, Jfd);
  const int n = impl.dim();
  const VectorXd expected =
      y0 + (Eigen::MatrixXd::Identity(n, n) / h - Eigen::MatrixXd(Jfd)).partialPivLu().solve(f0);
  pbm::implicitParticleStep(impl, h);
  impl.getState(y1, t1);
  ASSERT_EQ(y1.size(), n) << "PSD §3: the state has 4n entries";
  EXPECT_VEC_NEAR(y1, expected, 1e-6 * expected.norm())
      << "IM §3-4: the first implicit step of the stiff cloth equals the dense backward-Euler "
         "solve";
  for (int k = 1; k < 200; ++k) pbm::implicitParticleStep(impl, h);
  for (const auto& p : impl.particles)
    EXPECT_LT(p.x.norm(), 2.0) << "IM §3: the implicit step stays bounded; a particle is at "
                               << p.x.transpose();
  // Settled: the springs, stretched by the step, now hold up the weight (a step
  // that does nothing leaves every free particle accelerating at g).
  const VectorXd d = derivative(impl);
  double maxAccel = 0;
  for (int i = 0; i < impl.n(); ++i)
    if (!impl.particles[i].control.controlled())
      maxAccel = std::max(maxAccel, d.segment<2>(4 * i + 2).norm());
  EXPECT_LT(maxAccel, 1e-3 * spec.g)
      << "IM §3-4: after 200 implicit steps the damped stiff cloth hangs at rest, its weight "
         "held by the springs";
}

// ---------------------------------------------------------------- PSD §4.3: spatial interaction

// PSD §4.3: spatial buckets find exactly the pairs brute force finds.
TEST(Ch04SpatialGrid, BucketsFindTheSamePairsAsBruteForce) {
  std::mt19937 rng(30);
  std::vector<Vector2d> x(1000);
  for (auto& p : x) p = randomVec(rng, -5, 5);
  x.push_back(Vector2d(-3.0, 0.0));  // pairs straddling cell boundaries
  x.push_back(Vector2d(-3.25, 0.0));
  const double cutoff = 0.3;
  std::vector<std::pair<int, int>> brute;
  for (int i = 0; i < static_cast<int>(x.size()); ++i)
    for (int j = i + 1; j < static_cast<int>(x.size()); ++j)
      if ((x[i] - x[j]).squaredNorm() < cutoff * cutoff) brute.emplace_back(i, j);
  const auto grid = pbm::neighbourPairs(x, cutoff);
  ASSERT_GT(brute.size(), 100u) << "the test's point cloud must have close pairs";
  EXPECT_EQ(grid.size(), brute.size())
      << "PSD §4.3: the buckets must find exactly the pairs closer than the cutoff";
  EXPECT_TRUE(grid == brute) << "PSD §4.3: the pairs (i < j, sorted) must equal brute force's";
}

// ---------------------------------------------------------------- runs that blow up

// A finite blow-up stops loudly (exit status 3) at the step that makes it, not
// at t_end: spring_pair with explicit Euler, ks = 1e6, h = 0.1 (masses 1 and
// 3, mu = 3/4, omega h = 115). IM §2: each step multiplies the oscillation's
// energy by |1 + i omega h|^2 = 1 + omega^2 h^2, so step 1 gives E1 = E0 (1 +
// omega^2 h^2), 13 334 E0 exactly (E0 = ks stretch^2 / 2). The pair keeps its
// energy (no drag, g = 0), so that step is past the headless energy rule's
// 101 E0 (pbm/app/headless.h): the run stops at t = 0.1 s naming h = 0.1 s,
// two steps before the state's 10^6 growth rule would (the relative velocity
// reaches some 3.5e8 m/s at step 3); the row at t = 0 is kept.
TEST(Ch04Headless, FiniteBlowUpStopsAtTheStepThatMakesItWithTAndH) {
  auto scene = ch04::makeSpringPairScene();
  scene->settings().method = "euler";
  scene->settings().h = 0.1;
  scene->params().set("ks=1e6");
  std::ostringstream csv;
  try {
    pbm::runHeadless(*scene, csv);
    FAIL() << "IM §2: expected SimulationDiverged before t_end = 3 s, got a finished run";
  } catch (const pbm::SimulationDiverged& e) {
    EXPECT_NEAR(e.time(), 0.1, 1e-12) << "the energy rule: expected the stop at t = 0.1 s";
    EXPECT_EQ(e.stepSize(), 0.1);
    EXPECT_NE(std::string(e.what()).find("h = 0.1 s"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("energy"), std::string::npos) << e.what();
  }
  const double e0 = 0.5 * 1e6 * 0.2 * 0.2, omega2h2 = 1e6 / 0.75 * 0.01;
  EXPECT_NEAR(scene->boundedEnergy(), e0 * (1 + omega2h2), 1e-9 * e0 * omega2h2)
      << "IM §2: Euler multiplies the energy by 1 + omega^2 h^2 (the state at the stop)";
  const auto rows = pbm_test::csvRows(csv.str());
  ASSERT_EQ(rows.size(), 1u) << "expected the row at t = 0 alone";
  for (double v : rows[0]) EXPECT_TRUE(std::isfinite(v)) << "only finite rows are kept";
  EXPECT_NEAR(rows[0][4], e0, 1e-9 * e0) << "t = 0: E0 = ks stretch^2 / 2";
  EXPECT_NEAR(rows[0][5], 0.0, 1e-9 * e0) << "PSD §4.2: momentum x";
  EXPECT_NEAR(rows[0][6], 0.0, 1e-9 * e0) << "PSD §4.2: momentum y";
}

}  // namespace
