// The common part of every chapter-06 scene (Constrained Dynamics §4,
// "tinkertoys"): free particles, constraints (rods, nails, wires), gravity,
// drag and the mouse spring as applied forces, and the constraint force
// appended LAST to the particle system's forces (§4.1 step 3). Stepped by
// euler | midpoint | rk4 (chapters 01-02). Draws rods coloured by their
// multiplier (tension / compression), the matrix pane (the block pattern of J
// and of J W J^T, Fig. 3), the solver readouts and plots; offers build tools
// (particle, rod, nail, wires, delete). A scene only builds its structure.
#pragma once

#include <Eigen/Core>
#include <deque>
#include <string>
#include <vector>

#include "pbm/app/stepped_scene.h"
#include "pbm/constraints/constrained_system.h"
#include "pbm/core/stepping.h"
#include "pbm/particles/forces.h"
#include "pbm/particles/particles.h"
#include "pbm/viewer/plot.h"

namespace ch06 {

enum class Tool { Simulate, Particle, Rod, Nail, CircleWire, LineWire, Delete };

class TinkertoyScene : public pbm::SteppedScene {
 public:
  TinkertoyScene();

  std::vector<std::string> methods() const override;
  void reset() override;
  void advance(double tLimit, pbm::Host host) override;
  double time() const override { return ps_.t; }
  int stepsPerFrame() const override { return stepsPerFrame_; }

  std::vector<std::string> csvColumns() const override;
  std::vector<double> csvRow() const override;

  void draw(pbm::Canvas2D& canvas) override;
  void panel() override;
  void hud(std::vector<std::string>& lines) const override;
  bool onMouseDown(const Eigen::Vector2d& world, int button) override;
  void onMouseDrag(const Eigen::Vector2d& world) override;
  void onMouseUp(const Eigen::Vector2d& world) override;
  void onHover(const Eigen::Vector2d& world) override;

  // For tests and the bench.
  pbm::ParticleSystem& system() { return ps_; }
  pbm::ConstraintSet& constraints() { return cs_; }
  double energy() const;

 protected:
  // Fills ps_ and cs_ (through the helpers below). Called by reset() on an
  // empty system; forces are added after it.
  virtual void build() = 0;
  // Columns after the base's (and their values, in the same order).
  virtual void extraColumns(std::vector<std::string>&) const {}
  virtual void extraRow(std::vector<double>&) const {}

  int particle(double m, const Eigen::Vector2d& x, const Eigen::Vector2d& v = {0, 0});
  void rod(int a, int b);  // rest length = the current distance
  void nail(int p);        // at the particle's current position

  pbm::ParticleSystem ps_;
  pbm::ConstraintSet cs_;
  int trailParticle_ = -1;  // draw the path of this particle
  int stepsPerFrame_ = 2;
  Tool tool_ = Tool::Simulate;
  double ks_ = 100.0, kd_ = 20.0, cgTol_ = 1e-10, maxIter_ = 0.0;
  int solver_ = 4;  // index into ConstraintSolver: Auto
  double g_ = 9.81, drag_ = 0.0;
  double newMass_ = 1.0;

 private:
  int pickConstraint(const Eigen::Vector2d& world) const;
  void removeParticle(int p);
  void tryAdd(const std::function<void()>& add);
  void record();
  void drawMatrixPane();
  void solvePanel();  // the panel's sections
  void buildPanel();
  pbm::ConstraintSolverSettings solverSettings() const;

  pbm::ConstraintForce* cf_ = nullptr;
  pbm::MouseSpring* mouse_ = nullptr;
  pbm::Gravity* gravity_ = nullptr;
  pbm::Drag* dragForce_ = nullptr;
  double maxAbsC_ = 0.0;
  int lastIterations_ = 0;
  double lastResidual_ = 0.0;
  bool lastFellBack_ = false, warnedFallback_ = false;
  std::string message_;  // a rejected edit, shown in red
  int dragFrom_ = -1;    // rod / wire tools: the particle the drag started on
  Eigen::Vector2d pointer_ = Eigen::Vector2d::Zero();
  int hoverParticle_ = -1, hoverConstraint_ = -1;
  bool showForces_ = true;
  double pickRadius_ = 0.1;
  std::deque<Eigen::Vector2d> trail_;
  double e0_ = 0.0;  // E at reset: the energy plot's reference
  pbm::TimePlot energyPlot_, errorPlot_, iterPlot_;
};

}  // namespace ch06
