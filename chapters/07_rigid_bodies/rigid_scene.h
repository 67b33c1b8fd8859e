// The common part of every chapter-07 scene: a RigidWorld (RBI §3) stepped
// by euler | midpoint | rk4 through the stepping layer (rigidMethods(): each
// step followed by renormalising q, RBI §4), every body drawn as a shaded box
// with its axes, omega (yellow) and L (magenta) arrows (RBI §2.3, §2.9), a 3D
// mouse spring (a ray picks a box; a spring pulls the grabbed body point
// towards the cursor in the plane facing the camera: a force at a point, so
// it also turns the body, RBI §2.7), the plots (kinetic energy, dE/E0, |L|,
// |q| - 1 or ||R^T R - 1||, the body-frame omega), the polhode inset and the
// headless CSV. A scene only builds its world in build().
#pragma once

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <deque>
#include <limits>
#include <string>
#include <vector>

#include "pbm/app/scene.h"
#include "pbm/core/stepping.h"
#include "pbm/rigid/methods.h"
#include "pbm/rigid/rigid_forces.h"
#include "pbm/rigid/rigid_world.h"
#include "pbm/viewer/plot.h"

namespace ch07 {

// What the CSV, the plots and the HUD say about one body, whatever holds its
// orientation (a quaternion, or the drift scene's 3x3 matrix).
struct BodyReadout {
  Eigen::Vector3d x = Eigen::Vector3d::Zero();
  Eigen::Quaterniond q = Eigen::Quaterniond::Identity();  // as stored (not normalised)
  Eigen::Matrix3d R = Eigen::Matrix3d::Identity();        // as used (drawn)
  Eigen::Vector3d P = Eigen::Vector3d::Zero(), L = Eigen::Vector3d::Zero();
  Eigen::Vector3d omega = Eigen::Vector3d::Zero();      // world
  Eigen::Vector3d omegaBody = Eigen::Vector3d::Zero();  // R^T omega (RBI §2.9)
  double eLin = 0.0, eRot = 0.0;                        // 1/2 M v^2, 1/2 omega . L (App. C)
  double qNormErr = 0.0;                                // |q| - 1 (NaN: matrix state)
  double orthErr = 0.0;                                 // ||R^T R - 1||_F
};
// The readout of a quaternion-state body.
BodyReadout readBody(const pbm::RigidBody& b);

// Times the downward zero crossings of one signal (the intermediate
// component of omega_b: the flip, or a stable wobble), linearly interpolated.
struct CrossingTimer {
  double lastT = 0.0, lastV = 0.0, lastCrossing = -1.0, period = 0.0;
  int crossings = 0;
  bool started = false;
  void reset() { *this = CrossingTimer(); }
  void push(double t, double v);
};

class RigidScene : public pbm::Scene {
 public:
  RigidScene();

  std::vector<std::string> methods() const override { return pbm::methodNames(methods_); }
  void reset() override;
  void advance(double tLimit, pbm::Host host) override;
  double time() const override { return stepper_.time(); }
  double lastStepSize() const override {
    return stepper_.steps() ? stepper_.lastStep() : settings_.h;
  }
  long evals() const override { return stepper_.evals(); }
  bool stateFinite() const override { return !stepper_.diverged(); }
  int stepsPerFrame() const override { return stepsPerFrame_; }

  std::vector<std::string> csvColumns() const override;
  std::vector<double> csvRow() const override;

  pbm::ViewKind view() const override { return pbm::ViewKind::Orbit3D; }
  // orbit_, with the target moved left so the bodies sit right of the
  // lesson text and the polhode inset, and moved with the bodies since the
  // reset (Fit view frames them where they are).
  pbm::OrbitView initialOrbit() const override;
  void draw3D(pbm::Canvas3D& canvas) override;
  void panel() override;
  void hud(std::vector<std::string>& lines) const override;
  bool onPointerDown(const pbm::Pointer& p, int button) override;
  void onPointerDrag(const pbm::Pointer& p) override;
  void onPointerUp(const pbm::Pointer& p) override;

  pbm::RigidWorld& world() { return world_; }

 protected:
  // Fills world_ (bodies and forces; the mouse spring is added after).
  // Called by reset() on an empty world.
  virtual void build() = 0;
  // Sets orbit_, ground_ and arrowScale_ from the parameters alone: reset()
  // calls it after build(), and the viewer frames the camera after the
  // first reset (so --set and the panel's values are framed).
  virtual void frameView() {}
  // Before every step: a scene switches a push on or off here, so that a
  // force acts for whole steps (a force that stops inside a step would cost
  // Runge-Kutta its order, DEB §2.2).
  virtual void beforeStep() {}
  // After every accepted step (and once after reset, at t = 0).
  virtual void afterStep(pbm::Host) {}
  virtual void drawExtras(pbm::Canvas3D&) {}
  virtual void extraColumns(std::vector<std::string>&) const {}
  virtual void extraRow(std::vector<double>&) const {}
  virtual void extraHud(std::vector<std::string>&) const {}
  virtual void extraPanel() {}
  // The potential energy that belongs in E (gravity: -M g . x), J.
  virtual double potentialEnergy() const { return 0.0; }
  // Body 0 as the CSV and the plots describe it.
  virtual BodyReadout focus() const { return readBody(world_.bodies.at(0)); }
  // False where external forces do work, so E is not meant to stay (§5.3-5.5).
  virtual bool energyConserved() const { return true; }
  // The viewer starts the scene over at this time (a thrown or pushed body
  // would leave the view); never in a headless run.
  virtual double loopTime() const { return std::numeric_limits<double>::infinity(); }
  // Whether the omega_b zero-crossing timer runs (torque-free scenes).
  virtual bool timesFlips() const { return false; }

  // Registers dim_x, dim_y, dim_z, mass and omega_x, omega_y, omega_z (the
  // block and its initial body-frame omega) with these defaults.
  void addBlockParams(const Eigen::Vector3d& dims, double mass, const Eigen::Vector3d& omegaBody);
  // The block from those keys, at x0, its spin omega_b set (L = R Ibody omega_b).
  pbm::RigidBody blockFromParams(const Eigen::Vector3d& x0 = Eigen::Vector3d::Zero()) const;
  // Kinetic plus potential energy of what the scene shows, J.
  virtual double totalEnergy() const;

  pbm::RigidWorld world_;
  const pbm::MethodList& methods_ = pbm::rigidMethods();
  pbm::Stepper stepper_;
  pbm::OrbitView orbit_;
  double ground_ = -2.0;  // the grid's height along +y
  double arrowScale_ = 0.6;
  double viewShift_ = 0.15;  // of the distance: how far initialOrbit moves the target left  //
                             // world units per rad/s of the omega and L / I arrows
  int stepsPerFrame_ = 2;    // at h = 0.01 and 60 frames/s: 1.2 s per second
  Eigen::Vector3d dims_{1.0, 2.0, 3.0}, omegaBody0_{0.0, 2.0, 0.0};
  double mass_ = 6.0;
  double E0_ = 0.0;
  Eigen::Vector3d L0_ = Eigen::Vector3d::Zero();
  CrossingTimer flips_;
  int flipAxis_ = 1;  // the intermediate axis of body 0
  bool showAxes_ = true, showOmega_ = true, showL_ = true, showPolhode_ = true;

 private:
  void record(pbm::Host host);
  void drawPolhodeInset(const pbm::Canvas3D& canvas);
  void drawMouseSpring(pbm::Canvas3D& canvas);
  Eigen::Vector3d centre() const;  // the mean of the bodies' centres

  double mouseKs_ = 40.0, mouseKd_ = 4.0;
  pbm::AnchorSpring* mouse_ = nullptr;
  Eigen::Vector3d dragNormal_ = Eigen::Vector3d::UnitZ();
  double dragOffset_ = 0.0;
  pbm::TimePlot energyPlot_, driftPlot_, lPlot_, normPlot_, omegaPlot_;
  double lastPlotT_ = -1.0;
  bool driftSeen_ = false, normSeen_ = false;          // a value > 0 was plotted (log axes)
  Eigen::Vector3d centre0_ = Eigen::Vector3d::Zero();  // centre() after reset
  long drawnFrame_ = -1;                               // see initialOrbit
  std::deque<Eigen::Vector3d> polhode_;
  int polhodePlane_ = 0;  // 0: auto (normal to the axis omega_b circles), 1 yz, 2 zx, 3 xy
};

}  // namespace ch07
