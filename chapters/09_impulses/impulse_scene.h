// The common part of every chapter-09 scene: a CollisionWorld (spheres and
// boxes above half-spaces and pegs) stepped through collisions by
// stepWithCollisions (RBII §6: stop at t_c, impulses, restart from Y(t_c)+),
// with a method of rigidMethods() (euler | midpoint | rk4); the keys every
// scene shares (eps, threshold, dist_tol, g); the bodies drawn by their shapes,
// an arrow scaled by j at each impulse (RBII §8, (8-7)); the totals P, L about
// the origin and the kinetic energy, plotted; the list of impulses with v_rel-
// and v_rel+ (8-10); "pause on collision"; the headless CSV. A scene builds its
// world in build().
#pragma once

#include <Eigen/Core>
#include <deque>
#include <limits>
#include <string>
#include <vector>

#include "pbm/app/csv.h"
#include "pbm/app/stepped_scene.h"
#include "pbm/impulse/collision_world.h"
#include "pbm/viewer/colors.h"
#include "pbm/viewer/plot.h"

namespace ch09 {

using pbm::kNaN;  // the CSV's empty cell (app/csv.h)

// A solid ball of radius r: I = 2/5 M r^2 about every axis (RBI §2.10's
// integral for a sphere), at rest at x.
pbm::RigidBody makeBall(double mass, double radius, const Eigen::Vector3d& x);
// A fixed body for a half-space or a peg: invMass = 0, Iinv = 0 (RBII §8, end).
pbm::RigidBody makeFixed(const Eigen::Vector3d& x);

// One applied impulse as the viewer keeps it: the loop's record, when, and
// (when it could be found again) where it acted on which dynamic body.
struct ImpulseEvent {
  double t = 0.0;
  pbm::ImpulseRecord rec;
  bool located = false;
  Eigen::Vector3d p = Eigen::Vector3d::Zero();     // contact point
  Eigen::Vector3d dir = Eigen::Vector3d::UnitY();  // the impulse on the moving body, unit
};

class ImpulseScene : public pbm::SteppedScene {
 public:
  ImpulseScene();

  // The chapter's methods: chapter 07's registry (rigidMethods(): each step
  // renormalises), so a new entry there is offered here and stepped by takeStep.
  std::vector<std::string> methods() const override;
  void reset() override;
  void advance(double tLimit, pbm::Host host) override;
  double time() const override { return stepper_.time(); }
  int stepsPerFrame() const override { return 2; }  // h = 0.01 at 60 frames/s: 1.2 s per second

  std::vector<std::string> csvColumns() const override;
  std::vector<double> csvRow() const override;

  pbm::ViewKind view() const override { return pbm::ViewKind::Orbit3D; }
  pbm::OrbitView initialOrbit() const override;
  void draw3D(pbm::Canvas3D& canvas) override;
  void panel() override;
  void hud(std::vector<std::string>& lines) const override;
  bool takePauseRequest() override;

 protected:
  // Fills world_ (bodies with shapes, forces). Body 0 is the one the CSV
  // describes. Called by reset() on an empty world; gravity is added after.
  virtual void build() = 0;
  // Sets orbit_ from the parameters: reset() calls it after build(), and the
  // viewer frames the camera after the first reset.
  virtual void frameView() {}
  // One step of h from the installed state at time t0: stepWithCollisions by
  // default (cube_flat handles its first impact itself).
  virtual void takeStep(double t0, double h);
  // After reset (t = 0) and after every step.
  virtual void afterStep(pbm::Host) {}
  virtual void drawExtras(pbm::Canvas3D&) {}
  // Columns after the base's (and their values, in the same order).
  virtual void extraColumns(std::vector<std::string>&) const {}
  virtual void extraRow(std::vector<double>&) const {}
  virtual void extraHud(std::vector<std::string>&) const {}
  virtual void extraPanel() {}
  // The viewer starts over at this time (a body that left the view).
  virtual double loopTime() const { return std::numeric_limits<double>::infinity(); }

  // Registers eps, threshold, dist_tol and g with these defaults.
  void addCollisionParams(double eps, double threshold, double g, double distTol = 1e-6);
  // The chosen entry of rigidMethods(), for stepWorld and stepWithCollisions.
  const pbm::MethodInfo& method() const { return stepper_.method(); }
  // The stats of the last step and the loop records of every event.
  void account(const pbm::CollisionStats& s, double t0, double h);
  double kineticEnergy() const;
  Eigen::Vector3d totalP() const;
  Eigen::Vector3d totalL() const;  // sum of L + x x P: about the origin (RBI §2.9)

  pbm::CollisionWorld world_;
  pbm::OrbitView orbit_;
  double viewShift_ = 0.12;  // of the distance: how far initialOrbit moves the target left
  double eps_ = 0.5, threshold_ = 1e-3, distTol_ = 1e-6, g_ = 9.81;
  double arrowLength_ = 0.5;  // m: the largest impulse so far; the others in proportion
  double floorExtent_ = 3.0;

  // Running totals over the run.
  long impacts_ = 0;
  int lastPasses_ = 0, lastBisections_ = 0;
  pbm::CollisionStats lastStats_;  // of the last step
  double lastEventStart_ = 0.0, lastEventH_ = 0.0;
  std::vector<double> lastTrials_;  // the last bisection's trial times (absolute)
  std::deque<ImpulseEvent> history_;
  bool haveImpulse_ = false;
  pbm::ImpulseRecord lastRecord_;
  double lastImpactT_ = -1.0;
  // A takeStep that runs the loop itself (cube_flat) puts where its impulses
  // acted here, in the order of lastStats_.log; otherwise locate() finds them.
  std::vector<ImpulseEvent> locatedByScene_;

 private:
  void record(pbm::Host host);
  // Where the last step's impulses acted: re-simulates from the step's start
  // to t_c (the bisection's last trial) and reads the contacts there, as
  // stepWithCollisions did; only for a step with one event (viewer only).
  void locate(const Eigen::VectorXd& y0, const std::vector<pbm::Contact>& resting0, double t0,
              std::vector<ImpulseEvent>& events);
  void drawShapes(pbm::Canvas3D& canvas);
  void drawImpulses(pbm::Canvas3D& canvas);
  void drawTimeline();

  // "pause on collision": a step with an impulse asks the viewer to pause
  // (the shell's own pause: P runs on, O steps); heldAt_ the time it stopped.
  bool pauseOnCollision_ = false, pauseRequest_ = false;
  double heldAt_ = -1.0;
  bool showArrows_ = true;
  double maxJ_ = 0.0;  // the largest |j| so far (the arrows' scale)
  pbm::TimePlot pPlot_, lPlot_, kePlot_;
  double lastPlotT_ = -1.0;
};

}  // namespace ch09
