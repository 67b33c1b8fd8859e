// The common part of chapter 10's scenes: a RestingWorld (boxes on fixed boxes
// and the ground) stepped by chapter 09's stepWithCollisions with a method of
// rigidMethods() (euler | midpoint | rk4), the contact forces of RBII §9 solved
// in every derivative evaluation. After each step (and at t = 0, after
// settleContacts) the LCP is solved once more at the state shown, so the arrows
// (length proportional to f_i), the a_i labels, the HUD and the CSV row all
// describe that state. A scene builds its world in build() and may print closed
// forms.
#pragma once

#include <Eigen/Core>
#include <limits>
#include <string>
#include <vector>

#include "lcp_panels.h"
#include "pbm/app/csv.h"
#include "pbm/app/stepped_scene.h"
#include "pbm/resting/resting_world.h"

namespace ch10 {

using pbm::kNaN;                        // the CSV's empty cell (app/csv.h)
inline constexpr int kCsvContacts = 8;  // f0..f7, a0..a7

// A fixed box (a table, a support): invMass = 0, IbodyInv = 0, the given
// half extents, centre and rotation (RBII §8, end: fixed bodies).
pbm::RigidBody makeFixedBox(const Eigen::Vector3d& halfExtents, const Eigen::Vector3d& x,
                            const Eigen::Matrix3d& R = Eigen::Matrix3d::Identity());

// The solve at the state shown: the resting list, its forces f, its normal
// accelerations a = A f + b and b = a - A f (RBII (9-8)).
struct ForceReadout {
  std::vector<pbm::Contact> contacts;
  Eigen::VectorXd f, a, b;
  int pivots = 0;
};

class RestingScene : public pbm::SteppedScene {
 public:
  RestingScene();

  // The chapter's methods: chapter 07's registry (rigidMethods(): each step
  // renormalises), so a new entry there is offered here and stepped by takeStep.
  std::vector<std::string> methods() const override;
  void reset() override;
  void advance(double tLimit, pbm::Host host) override;
  double time() const override { return stepper_.time(); }
  int stepsPerFrame() const override { return stepsPerFrame_; }

  std::vector<std::string> csvColumns() const override;
  std::vector<double> csvRow() const override;

  pbm::ViewKind view() const override { return pbm::ViewKind::Orbit3D; }
  pbm::OrbitView initialOrbit() const override;
  void draw3D(pbm::Canvas3D& canvas) override;
  void panel() override;
  void hud(std::vector<std::string>& lines) const override;

 protected:
  // Fills world_ (bodies with shapes, extra forces); gravity is added after.
  virtual void build() = 0;
  // The CSV's and the panel's order of the contacts (default: the solver's).
  virtual std::vector<int> contactOrder() const;
  // Sets orbit_, the camera before the shift that puts the bodies right of
  // the text, from the parameters (as in chapters 07 and 09): reset calls it
  // after build, and the viewer frames the camera after the first reset.
  virtual void frameView() {}
  virtual void extraHud(std::vector<std::string>&) const {}
  virtual void drawExtras(pbm::Canvas3D&) {}
  // Columns after the base's (and their values, in the same order).
  virtual void extraColumns(std::vector<std::string>&) const {}
  virtual void extraRow(std::vector<double>&) const {}
  // The scene's own panel widgets, above the shared sections.
  virtual void extraPanel() {}
  // The viewer starts over at this time (a body fell off the view).
  virtual double loopTime() const { return std::numeric_limits<double>::infinity(); }
  // One step of h through collisions with `method` (the chosen entry of
  // rigidMethods()): chapter 09's stepWithCollisions by default (cube_flat
  // resolves its impacts its own way).
  virtual void takeStep(const pbm::MethodInfo& method, double h, pbm::CollisionStats& stats);
  // The contact refresh at t = 0: chapter 09's settleContacts by default.
  virtual void settle();
  // Called on the resting list before each shown solve (cube_on_cube_45
  // shuffles it: the order changes the individual f_i, not a).
  virtual void arrangeResting(std::vector<pbm::Contact>&) {}
  // The chosen entry of rigidMethods(), as the stepping layer holds it.
  const pbm::MethodInfo& method() const { return stepper_.method(); }

  // The sums the HUD and the scenes use.
  double sumF() const { return forces_.f.size() ? forces_.f.sum() : 0.0; }
  // max |f_i a_i| / (||f||_inf max(1, ||b||_inf)): 0 when every f_i = 0.
  double complementarity() const;
  // The net contact force on body k: sum of f_i n_i where it is a, minus where it is b.
  Eigen::Vector3d contactForceOn(int k) const;
  double maxPenetration() const;
  double maxSpeed() const;
  // Solves the LCP at the installed state (a derivative evaluation) and reads it.
  void readForces();

  pbm::RestingWorld world_;
  ForceReadout forces_;
  pbm::OrbitView orbit_;
  double viewShift_ = 0.15;  // of the distance: the target moves left, the bodies right of the text
  double g_ = 9.81;
  double newtonsPerMetre_ = 20.0;  // arrow length = f / this
  double floorExtent_ = 3.0;
  bool seeThrough_ = false;  // dynamic boxes as wire frames (contacts between them show)
  int maxLabels_ = 8;
  bool indexLabels_ = false;  // label each arrow with its row in the panel's table only
  int stepsPerFrame_ = 1;     // a_i labels only when there are at most this many contacts

 private:
  void drawBodies(pbm::Canvas3D& canvas);
  void drawForces(pbm::Canvas3D& canvas);
  void contactTable() const;
  // The notes' compute_aij verbatim (aij_verbatim.h): its A, the forces it
  // gives for this state's b, and what they would do with the true A.
  void verbatimPanel();
  bool verbatim_ = false;
  Eigen::VectorXd verbatimF_;  // drawn beside the true forces when ok
  DantzigStepThrough dantzig_;
  bool showArrows_ = true;
  // The initial solve's SolverFailure, raised by the first advance so that a
  // headless run keeps its t = 0 row (exit 3 with the CSV kept).
  std::string initialFailure_;
};

}  // namespace ch10
