// Chapter 06: constraint objects (Constrained Dynamics §3-§4, slides
// "Constraints" and "Global and local"). A constraint holds the indices of
// the particles it touches and, when evaluated, writes its own slices of the
// global C and Cdot and the data of its own blocks of J = dC/dq and
// Jdot = dCdot/dq, one block per particle, in the order of particles().
//
// Forms (our choice, CD §3-§4): the notes' quadratic forms, e.g. a rod
// C = 1/2 (d.d - L^2) with d = x_a - x_b, so that with Qhat = J^T lambda a
// NEGATIVE lambda means TENSION. The slides' |d| - L form is a variant.
//
// Student functions (solutions/06_tinkertoys/constraints.cpp): evaluate() of
// every constraint type. Creating a constraint that cannot work (a rod from a
// particle to itself, a zero rest length, a wire of radius <= 0) throws
// UsageError naming the constraint; validate() checks it against positions.
#pragma once

#include <Eigen/Core>
#include <span>
#include <string>
#include <vector>

#include "pbm/constraints/block_sparse.h"
#include "pbm/core/errors.h"
#include "pbm/particles/particles.h"

namespace pbm {

class Constraint {
 public:
  explicit Constraint(std::vector<int> particles) : particles_(std::move(particles)) {}
  virtual ~Constraint() = default;

  virtual std::string name() const = 0;  // "rod 0-1", for messages and the panel
  virtual int dim() const = 0;           // ilength: scalar constraints (rows of J)
  const std::vector<int>& particles() const { return particles_; }
  // A nail pins its particle: a constraint whose particles are all pinned moves
  // nothing and only adds redundant rows (ConstraintSet::add rejects it).
  virtual bool pinsParticle() const { return false; }

  // Writes C and Cdot (dim() entries each) and the data of the J and Jdot
  // blocks (dim() x 2 each, J[k] and Jdot[k] for particle particles()[k]).
  virtual void evaluate(const ParticleSystem& ps, Eigen::Ref<Eigen::VectorXd> C,
                        Eigen::Ref<Eigen::VectorXd> Cdot, std::span<MatrixBlock> J,
                        std::span<MatrixBlock> Jdot) const = 0;

  // Throws UsageError (one line naming the constraint) if the constraint's
  // gradient vanishes at the current positions: its row of J would be zero.
  virtual void validate(const ParticleSystem&) const {}

  // Sandbox editing: particle `removed` is gone, indices above it shift down.
  void renumberAfterRemoving(int removed) {
    for (int& p : particles_)
      if (p > removed) --p;
  }

 protected:
  std::vector<int> particles_;
};

// --- the catalogue (CD §3-§4, slides "Constraints"), d = x_a - x_b, w = v_a - v_b

enum class RodForm {
  Quadratic,  // notes' prose: C = 1/2 (d.d - L^2), J = (d^T, -d^T), Jdot = (w^T, -w^T)
  Distance  // slides: C = |d| - L, J = (dhat^T, -dhat^T), Jdot = ((w - (dhat.w) dhat)^T / |d|, -..)
};

// A rigid rod of length L between particles a and b (the notes' distance constraint).
class RodConstraint : public Constraint {
 public:
  RodConstraint(int a, int b, double length, RodForm form = RodForm::Quadratic)
      : Constraint({a, b}), length(length), form(form) {
    if (a == b)
      throw UsageError(name() + ": a rod needs two different particles (got " + std::to_string(a) +
                       " twice)");
    if (!(length > 1e-9))
      throw UsageError(name() + ": rest length must be > 0 (got " + std::to_string(length) +
                       "); at zero length the rod's gradient d vanishes where C = 0");
  }
  std::string name() const override {
    return "rod " + std::to_string(particles_[0]) + "-" + std::to_string(particles_[1]);
  }
  int dim() const override { return 1; }
  void evaluate(const ParticleSystem& ps, Eigen::Ref<Eigen::VectorXd> C,
                Eigen::Ref<Eigen::VectorXd> Cdot, std::span<MatrixBlock> J,
                std::span<MatrixBlock> Jdot) const override;
  void validate(const ParticleSystem& ps) const override {
    const double d = (ps.particles[particles_[0]].x - ps.particles[particles_[1]].x).norm();
    if (!(d > 1e-9 * length))
      throw UsageError(name() + ": its particles coincide, so the gradient d = x_a - x_b is zero");
  }
  double length;
  RodForm form;
};

// Particle p on a circle (centre c, radius r): C = 1/2 (|x - c|^2 - r^2) (§2, eq 1).
class CircularWireConstraint : public Constraint {
 public:
  CircularWireConstraint(int p, const Eigen::Vector2d& center, double radius)
      : Constraint({p}), center(center), radius(radius) {
    if (!(radius > 0.0))
      throw UsageError(name() + ": radius must be > 0 (got " + std::to_string(radius) + ")");
  }
  std::string name() const override { return "circular wire on " + std::to_string(particles_[0]); }
  int dim() const override { return 1; }
  void evaluate(const ParticleSystem& ps, Eigen::Ref<Eigen::VectorXd> C,
                Eigen::Ref<Eigen::VectorXd> Cdot, std::span<MatrixBlock> J,
                std::span<MatrixBlock> Jdot) const override;
  void validate(const ParticleSystem& ps) const override {
    if (!((ps.particles[particles_[0]].x - center).norm() > 1e-9 * radius))
      throw UsageError(name() + ": the particle sits at the centre, where the gradient x - c is 0");
  }
  Eigen::Vector2d center;
  double radius;
};

// Particle p on the line through `point` with unit normal n: C = n . (x - point).
class LineWireConstraint : public Constraint {
 public:
  LineWireConstraint(int p, const Eigen::Vector2d& point, const Eigen::Vector2d& normal)
      : Constraint({p}), point(point) {
    if (!(normal.norm() > 1e-12)) throw UsageError(name() + ": the line's normal must not be zero");
    this->normal = normal.normalized();
  }
  std::string name() const override { return "line wire on " + std::to_string(particles_[0]); }
  int dim() const override { return 1; }
  void evaluate(const ParticleSystem& ps, Eigen::Ref<Eigen::VectorXd> C,
                Eigen::Ref<Eigen::VectorXd> Cdot, std::span<MatrixBlock> J,
                std::span<MatrixBlock> Jdot) const override;
  Eigen::Vector2d point, normal = Eigen::Vector2d::UnitY();
};

// The notes' nail: particle p held at `point`, C = x - point (2 rows, J = I).
class NailConstraint : public Constraint {
 public:
  NailConstraint(int p, const Eigen::Vector2d& point) : Constraint({p}), point(point) {}
  std::string name() const override { return "nail on " + std::to_string(particles_[0]); }
  int dim() const override { return 2; }
  bool pinsParticle() const override { return true; }
  void evaluate(const ParticleSystem& ps, Eigen::Ref<Eigen::VectorXd> C,
                Eigen::Ref<Eigen::VectorXd> Cdot, std::span<MatrixBlock> J,
                std::span<MatrixBlock> Jdot) const override;
  Eigen::Vector2d point;
};

// Two particles held together, C = x_a - x_b (2 rows, blocks I and -I): a hinge.
class PinJointConstraint : public Constraint {
 public:
  PinJointConstraint(int a, int b) : Constraint({a, b}) {
    if (a == b)
      throw UsageError(name() + ": a pin joint needs two different particles (got " +
                       std::to_string(a) + " twice)");
  }
  std::string name() const override {
    return "pin joint " + std::to_string(particles_[0]) + "-" + std::to_string(particles_[1]);
  }
  int dim() const override { return 2; }
  void evaluate(const ParticleSystem& ps, Eigen::Ref<Eigen::VectorXd> C,
                Eigen::Ref<Eigen::VectorXd> Cdot, std::span<MatrixBlock> J,
                std::span<MatrixBlock> Jdot) const override;
};

}  // namespace pbm
