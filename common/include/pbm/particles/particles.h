// Chapter 04: particle systems (Particle System Dynamics §2-§5). Two views of
// one model (PSD §3): from outside, to the solver, a ParticleSystem is an
// OdeSystem, a point in phase space whose derivative can be evaluated; from
// inside it is a list of particles and a list of force objects. In 2D each
// particle owns 4 numbers of the state, in the notes' [x, v] order, so n
// particles give a 4n-vector (the notes' 3D form is 6n).
//
// Student functions (chapter 04, exercises/04_mass_spring/particle_state.cpp):
// particleDims, particleGetState, particleSetState, particleDerivative; and
// implicitParticleStep (implicit_particles.cpp), which hands the system to
// chapter 03's mass-weighted implicit step, eq. (4-5).
#pragma once

#include <Eigen/Core>
#include <Eigen/SparseCore>
#include <cmath>
#include <functional>
#include <limits>
#include <memory>
#include <utility>
#include <vector>

#include "pbm/core/ode.h"
#include "pbm/particles/force.h"
#include "pbm/particles/particle.h"
#include "pbm/stiffness/implicit.h"

namespace pbm {

// --- the solver interface for particles (PSD §3), the student functions

// ParticleDims: 4 n in 2D.
int particleDims(const ParticleSystem& ps);
// ParticleGetState: gather [x, y, vx, vy] per particle into dst (size 4 n).
void particleGetState(const ParticleSystem& ps, Eigen::Ref<Eigen::VectorXd> dst);
// ParticleSetState: scatter src into the particles; a controlled particle takes
// its prescribed x and v at ps.t instead (PSD §5). ps.t is set before the call.
void particleSetState(ParticleSystem& ps, const Eigen::Ref<const Eigen::VectorXd>& src);
// ParticleDerivative, the derivative-evaluation loop (PSD §3, Fig. 5):
// clear every accumulator, let every force object apply its force, gather
// [v, f/m] with each particle's own mass (erratum: the notes divide by a
// bare m). A controlled particle gets its prescribed [v_c(t), a_c(t)].
void particleDerivative(ParticleSystem& ps, Eigen::Ref<Eigen::VectorXd> dst);

// Implicit Methods eq. (4-5), mass-weighted (Baraff & Witkin 1998): gathers v0,
// the forces F0 and the Jacobians dF/dx, dF/dv of the installed state, solves
// with chapter 03's implicitEulerSecondOrder (controlled particles have
// infinite mass) and installs x0 + dx, v0 + dv at t + h. Throws SolverFailure.
SecondOrderStep implicitParticleStep(ParticleSystem& ps, double h, const CgOptions& options = {});

// --- the particle system

class ParticleSystem : public OdeSystem {
 public:
  std::vector<Particle> particles;
  double t = 0.0;  // simulation clock, s
  std::vector<std::unique_ptr<Force>> forces;
  JacobianFilter filter = JacobianFilter::BaraffWitkin;

  int n() const { return static_cast<int>(particles.size()); }
  int add(const Particle& p) {
    particles.push_back(p);
    return n() - 1;
  }
  template <class F, class... Args>
  F& addForce(Args&&... args) {
    auto f = std::make_unique<F>(std::forward<Args>(args)...);
    F& ref = *f;
    forces.push_back(std::move(f));
    return ref;
  }

  // OdeSystem, through the student functions.
  int dim() const override { return particleDims(*this); }
  void getState(Eigen::VectorXd& x, double& time) const override {
    x.resize(dim());
    particleGetState(*this, x);
    time = t;
  }
  void setState(const Eigen::VectorXd& x, double time) override {
    t = time;
    particleSetState(*this, x);
  }
  void derivEval(Eigen::VectorXd& xdot) override {
    xdot.resize(dim());
    particleDerivative(*this, xdot);
  }

  // dF/dx and dF/dv (2n x 2n) at the installed state, summed over the forces.
  void forceJacobians(Eigen::SparseMatrix<double>& dFdx, Eigen::SparseMatrix<double>& dFdv) const {
    Triplets tx, tv;
    tx.reserve(16 * forces.size() + 4 * particles.size());
    tv.reserve(16 * forces.size() + 4 * particles.size());
    for (const auto& f : forces) f->addJacobians(*this, tx, tv, filter);
    dFdx.resize(2 * n(), 2 * n());
    dFdv.resize(2 * n(), 2 * n());
    dFdx.setFromTriplets(tx.begin(), tx.end());
    dFdv.setFromTriplets(tv.begin(), tv.end());
  }

  // The Jacobian of the whole first-order system (4n x 4n), for Implicit
  // Methods eq. (3-2): d(xdot)/dv = I, d(vdot)/d(x, v) = M^-1 dF/d(x, v).
  // Controlled particles' rows and columns are zero: their motion is
  // prescribed, and setState ignores what the solver puts in their slots.
  bool hasJacobian() const override { return true; }
  void jacobian(Eigen::SparseMatrix<double>& J) override {
    Eigen::SparseMatrix<double> dFdx, dFdv;
    forceJacobians(dFdx, dFdv);
    Triplets t;
    auto addRows = [&](const Eigen::SparseMatrix<double>& D, int colOffset) {
      for (int k = 0; k < D.outerSize(); ++k)
        for (Eigen::SparseMatrix<double>::InnerIterator it(D, k); it; ++it) {
          const int i = static_cast<int>(it.row()) / 2, c = static_cast<int>(it.row()) % 2;
          const int j = static_cast<int>(it.col()) / 2, d = static_cast<int>(it.col()) % 2;
          if (particles[i].control.controlled() || particles[j].control.controlled()) continue;
          t.emplace_back(4 * i + 2 + c, 4 * j + colOffset + d, it.value() / particles[i].m);
        }
    };
    addRows(dFdx, 0);
    addRows(dFdv, 2);
    for (int i = 0; i < n(); ++i)
      if (!particles[i].control.controlled())
        for (int c = 0; c < 2; ++c) t.emplace_back(4 * i + c, 4 * i + 2 + c, 1.0);
    J.resize(dim(), dim());
    J.setFromTriplets(t.begin(), t.end());
  }

  // M's diagonal, one entry per coordinate; infinite for controlled particles.
  Eigen::VectorXd massVector() const {
    Eigen::VectorXd m(2 * n());
    for (int i = 0; i < n(); ++i)
      m.segment<2>(2 * i).setConstant(particles[i].control.controlled()
                                          ? std::numeric_limits<double>::infinity()
                                          : particles[i].m);
    return m;
  }

  // --- readouts: energies, momentum, centre of mass
  double kineticEnergy() const {
    double e = 0;
    for (const auto& p : particles) e += 0.5 * p.m * p.v.squaredNorm();
    return e;
  }
  double potentialEnergy(EnergyKind kind) const {
    double e = 0;
    for (const auto& f : forces)
      if (f->energyKind() == kind) e += f->energy(*this);
    return e;
  }
  Eigen::Vector2d momentum() const {
    Eigen::Vector2d P = Eigen::Vector2d::Zero();
    for (const auto& p : particles) P += p.m * p.v;
    return P;
  }
  Eigen::Vector2d centerOfMass() const {
    Eigen::Vector2d c = Eigen::Vector2d::Zero();
    double M = 0;
    for (const auto& p : particles) c += p.m * p.x, M += p.m;
    return M > 0 ? Eigen::Vector2d(c / M) : c;
  }
};

}  // namespace pbm
