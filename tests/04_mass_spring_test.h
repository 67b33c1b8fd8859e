// Chapter 04 tests: the helpers the parts share (PSD §2-§4): the methods'
// names, a system's derivative through derivEval, a particle, the 2D cross
// product, random vectors, a particle on a spring anchored at the origin, and
// a random spring network of 10 particles and 20 springs (randomNetwork).
#pragma once

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

#include "budget.h"
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
#include "test_deadline.h"

namespace ch04_test {

using Eigen::Vector2d;
using Eigen::VectorXd;
using pbm::Method;
using pbm::Particle;
using pbm::ParticleSystem;
inline constexpr double kPi = std::numbers::pi;
inline constexpr double kG = 9.81;

inline const char* methodName(Method m) {
  return m == Method::Euler ? "Euler" : m == Method::Midpoint ? "midpoint" : "RK4";
}

// The derivative of the installed state; a wrong size is a failure (and an
// empty vector), never an out-of-bounds read by the caller.
inline VectorXd derivative(ParticleSystem& ps) {
  VectorXd d;
  ps.derivEval(d);
  if (d.size() != ps.dim()) {
    ADD_FAILURE() << "PSD §3: derivEval must return dim() = 4n = " << ps.dim() << " numbers; got "
                  << d.size();
    d = VectorXd::Constant(ps.dim(), std::nan(""));
  }
  return d;
}

inline Particle particle(double m, Vector2d x, Vector2d v = Vector2d::Zero()) {
  Particle p;
  p.m = m;
  p.x = x;
  p.v = v;
  return p;
}

inline double cross(const Vector2d& a, const Vector2d& b) {
  return a.x() * b.y() - a.y() * b.x();
}

inline Vector2d randomVec(std::mt19937& rng, double lo = -1, double hi = 1) {
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

inline ParticleSystem randomNetwork(std::mt19937& rng, bool gravity) {
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

// ---------------------------------------------------------------- budgets (budget.h)
// The student's implicit particle step under a deadline: it gathers the
// particles in loops and runs chapter 03's CG, neither of which the test can
// count; one step needs milliseconds, so a step still running after
// kCallSeconds is a loop that does not end.
inline pbm::SecondOrderStep implicitStepWithin(ParticleSystem& ps, double h,
                                               const pbm::CgOptions& options = {}) {
  return pbm_test::withinSeconds(
      "implicitParticleStep (or particleDerivative, which it calls)",
      "does each loop over the particles advance (++i) and end at ps.n(), in it and in "
      "particleDerivative? (the CG inside is chapter 03's implicitEulerSecondOrder: does it stop "
      "after options.maxIterations?)",
      [&] { return pbm::implicitParticleStep(ps, h, options); });
}

// The backstop for loops nothing counts (budget.h): the particle system's
// derivative loop runs inside every step of every test here, so a test still
// running after kTestSeconds ends with this message, naming what it drives.
inline const bool kDeadlineInstalled = pbm_test::installTestDeadline(
    {{"Ch04State", "particleDims, particleGetState, particleSetState, particleDerivative"},
     {"Ch04DerivEval", "particleDerivative (its loops over forces and particles)"},
     {"Ch04Controlled", "particleGetState, particleSetState, particleDerivative"},
     {"Ch04Gravity", "gravityForce, particleDerivative (through step)"},
     {"Ch04Drag", "dragForce, particleDerivative (through step)"},
     {"Ch04DampedSpring", "dampedSpringForce, dampedSpringJacobian"},
     {"Ch04MouseSpring", "mouseSpringForce, particleDerivative (through step)"},
     {"Ch04EnergyFunctions", "behaviourForce, springEnergy, dampedSpringForce"},
     {"Ch04SpringJacobian", "dampedSpringJacobian, dampedSpringForce, particleDerivative"},
     {"Ch04Momentum", "dampedSpringForce, gravityForce, particleDerivative (through step)"},
     {"Ch04TwoBody", "dampedSpringForce, particleDerivative (through step)"},
     {"Ch04SpringIntegrators", "dampedSpringForce, particleDerivative (through step)"},
     {"Ch04Collision", "planeDistance, isColliding, contactFraction, collisionResponse"},
     {"Ch04BouncingBall",
      "planeDistance, isColliding, contactFraction, collisionResponse (through "
      "stepWithCollisions), particleDerivative"},
     {"Ch04Contact", "inContact, contactForce, frictionForce, particleDerivative (through step)"},
     {"Ch04Implicit", "implicitParticleStep, dampedSpringJacobian, particleDerivative"},
     {"Ch04Cloth", "implicitParticleStep, dampedSpringJacobian, particleDerivative"},
     {"Ch04SpatialGrid", "neighbourPairs"},
     {"Ch04Pointer", "mouseSpringForce, particleDerivative, through the scenes"},
     {"Ch04Headless", "the force laws, contact and particleDerivative, through the scenes' runs"},
     {"Ch04EnergyRule",
      "the force laws, collisions, contact, particleDerivative and implicitParticleStep, "
      "through the scenes' runs"}},
    "does every loop in them advance (++i) and end?");

}  // namespace ch04_test
