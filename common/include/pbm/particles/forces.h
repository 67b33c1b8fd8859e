// Chapter 04: forces (Particle System Dynamics §4) and energy functions (§6).
// The force LAWS are student functions (exercises/04_mass_spring/force_laws.cpp,
// energy_functions.cpp, spatial_grid.cpp); the force OBJECTS below are the
// notes' Fig. 4-7: each points at the particles it influences and its apply()
// calls a law and adds the result into their accumulators.
#pragma once

#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "pbm/core/errors.h"
#include "pbm/particles/particles.h"
#include "pbm/particles/spring_jacobian.h"

namespace pbm {

// --- force laws (student functions)

// PSD §4.1 gravity: f = m g.
Eigen::Vector2d gravityForce(double m, const Eigen::Vector2d& g);
// PSD §4.1 viscous drag: f = -kd v.
Eigen::Vector2d dragForce(const Eigen::Vector2d& v, double kd);
// PSD §4.2 eq. (1), the damped spring between a and b, l = xa - xb:
//   fa = -[ks (|l| - r) + kd (ldot . l) / |l|] l / |l|,  fb = -fa.
// Returns {fa, fb}. Coincident endpoints (|l| ~ 0): zero force, never NaN.
std::pair<Eigen::Vector2d, Eigen::Vector2d> dampedSpringForce(const Eigen::Vector2d& xa,
                                                              const Eigen::Vector2d& xb,
                                                              const Eigen::Vector2d& va,
                                                              const Eigen::Vector2d& vb, double ks,
                                                              double kd, double rest);
// PSD §5 mouse spring, the zero-rest-length form C = x - c of §6 (no division):
//   f = -ks (x - c) - kd (v - cdot).
Eigen::Vector2d mouseSpringForce(const Eigen::Vector2d& x, const Eigen::Vector2d& v,
                                 const Eigen::Vector2d& cursor, const Eigen::Vector2d& cursorVel,
                                 double ks, double kd);

// PSD §6 eq. (2) for a vector behaviour function C (erratum: the transpose
// Jacobian): f_i = -(dC/dx_i)^T (ks C + kd Cdot). dCdxi has one row per
// component of C and 2 columns.
Eigen::Vector2d behaviourForce(const Eigen::VectorXd& C, const Eigen::VectorXd& Cdot,
                               const Eigen::Matrix<double, Eigen::Dynamic, 2>& dCdxi, double ks,
                               double kd);
// PSD §6: E = (ks / 2) C . C with C = |xa - xb| - r.
double springEnergy(const Eigen::Vector2d& xa, const Eigen::Vector2d& xb, double ks, double rest);

// PSD §4.3 spatial interaction with buckets: every pair i < j with
// |x_i - x_j| < cutoff, found through a uniform grid of cells of size cutoff
// (only the 3 x 3 neighbouring cells are searched), sorted by (i, j).
std::vector<std::pair<int, int>> neighbourPairs(const std::vector<Eigen::Vector2d>& x,
                                                double cutoff);

// --- force objects

// PSD §4.1: the same gravity g on every particle (a "wired-in" unary force).
class Gravity : public Force {
 public:
  explicit Gravity(const Eigen::Vector2d& g) : g(g) {}
  void apply(ParticleSystem& ps) override {
    for (auto& p : ps.particles) p.f += gravityForce(p.m, g);
  }
  EnergyKind energyKind() const override { return EnergyKind::Gravity; }
  double energy(const ParticleSystem& ps) const override {
    double e = 0;
    for (const auto& p : ps.particles) e -= p.m * g.dot(p.x);
    return e;
  }
  Eigen::Vector2d g;
};

// PSD §4.1, Fig. 6: viscous drag on every particle.
class Drag : public Force {
 public:
  explicit Drag(double kd) : kd(kd) {}
  void apply(ParticleSystem& ps) override {
    for (auto& p : ps.particles) p.f += dragForce(p.v, kd);
  }
  void addJacobians(const ParticleSystem& ps, Triplets&, Triplets& dFdv,
                    JacobianFilter) const override {
    for (int i = 0; i < ps.n(); ++i) addBlock(dFdv, i, i, -kd * Eigen::Matrix2d::Identity());
  }
  double kd;
};

// PSD §4.2, Fig. 7: a damped spring between particles a and b.
class DampedSpring : public Force {
 public:
  DampedSpring(int a, int b, double ks, double kd, double rest)
      : a(a), b(b), ks(ks), kd(kd), rest(rest) {
    if (a == b)
      throw UsageError("a spring needs two different particles (got " + std::to_string(a) +
                       " twice)");
  }
  void apply(ParticleSystem& ps) override {
    Particle& pa = ps.particles[a];
    Particle& pb = ps.particles[b];
    const auto [fa, fb] = dampedSpringForce(pa.x, pb.x, pa.v, pb.v, ks, kd, rest);
    pa.f += fa;
    pb.f += fb;
  }
  EnergyKind energyKind() const override { return EnergyKind::Spring; }
  double energy(const ParticleSystem& ps) const override {
    return springEnergy(ps.particles[a].x, ps.particles[b].x, ks, rest);
  }
  void addJacobians(const ParticleSystem& ps, Triplets& dFdx, Triplets& dFdv,
                    JacobianFilter filter) const override {
    const Particle& pa = ps.particles[a];
    const Particle& pb = ps.particles[b];
    SpringJacobian J;
    if (filter == JacobianFilter::BaraffWitkin) {
      // The spring part only (kd = 0 drops the non-symmetric damping term),
      // with a compressed spring treated as if at rest length (rest -> L
      // clamps 1 - r/L at 0); dF/dv = -kd u u^T is symmetric and kept.
      const double L = (pa.x - pb.x).norm();
      J = dampedSpringJacobian(pa.x, pb.x, pa.v, pb.v, ks, 0.0, std::min(rest, L));
      if (L > 1e-12) {
        const Eigen::Vector2d u = (pa.x - pb.x) / L;
        J.dfa_dva = -kd * u * u.transpose();
      }
    } else {
      J = dampedSpringJacobian(pa.x, pb.x, pa.v, pb.v, ks, kd, rest);
    }
    const Eigen::Matrix2d& Jx = J.dfa_dxa;
    addBlock(dFdx, a, a, Jx);
    addBlock(dFdx, a, b, -Jx);
    addBlock(dFdx, b, a, -Jx);
    addBlock(dFdx, b, b, Jx);
    addBlock(dFdv, a, a, J.dfa_dva);
    addBlock(dFdv, a, b, -J.dfa_dva);
    addBlock(dFdv, b, a, -J.dfa_dva);
    addBlock(dFdv, b, b, J.dfa_dva);
  }
  double length(const ParticleSystem& ps) const {
    return (ps.particles[a].x - ps.particles[b].x).norm();
  }
  int a, b;
  double ks, kd, rest;
};

// PSD §5: the mouse spring couples a grabbed particle to the cursor c (a
// zero-rest-length damped spring, C = x - c). particle < 0: nothing grabbed.
class MouseSpring : public Force {
 public:
  MouseSpring(double ks, double kd) : ks(ks), kd(kd) {}
  void apply(ParticleSystem& ps) override {
    if (!active(ps)) return;
    Particle& p = ps.particles[particle];
    p.f += mouseSpringForce(p.x, p.v, cursor, cursorVel, ks, kd);
  }
  EnergyKind energyKind() const override { return EnergyKind::Spring; }
  double energy(const ParticleSystem& ps) const override {
    return active(ps) ? 0.5 * ks * (ps.particles[particle].x - cursor).squaredNorm() : 0.0;
  }
  void addJacobians(const ParticleSystem& ps, Triplets& dFdx, Triplets& dFdv,
                    JacobianFilter) const override {
    if (!active(ps)) return;
    addBlock(dFdx, particle, particle, -ks * Eigen::Matrix2d::Identity());
    addBlock(dFdv, particle, particle, -kd * Eigen::Matrix2d::Identity());
  }
  bool active(const ParticleSystem& ps) const { return particle >= 0 && particle < ps.n(); }
  int particle = -1;
  Eigen::Vector2d cursor = Eigen::Vector2d::Zero();
  Eigen::Vector2d cursorVel = Eigen::Vector2d::Zero();
  double ks, kd;
};

}  // namespace pbm
