// The contact scenes (Baraff & Witkin 1992 §5): one class, four set-ups
// (scenes.h). A flexible rectangle against the floor y = 0 (or the stairs)
// with the two-phase contact of pbm::FlexWorld. `drop`: a jelly square falls
// under gravity, the impulse stops only the touching vertices, the body
// squashes against them, rebounds from its strain energy and, damped, settles.
// `flat_landing`: g = 0, the bottom edge meets the floor at v; the affine body
// (lambda = 0) rebounds at exactly 3/4 v for any mu and v, the quadratic one
// near 0.834 v at small amplitude. `column` rests on its own weight, `stairs`
// tumbles down. contact_scene.cpp sets it up, steps it and writes its CSV;
// contact_drawing.cpp draws it, its HUD and its panel.
#pragma once

#include <Eigen/Core>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "flex_scene.h"
#include "pbm/flexible/flex_world.h"
#include "pbm/viewer/plot.h"

namespace ch11 {

using Eigen::Matrix2Xd;
using Eigen::Vector2d;

struct ContactSceneSetup {
  std::string name, title, lookFor;
  double g, v0, dropHeight, nu, omega, tEnd, h, vx;
  pbm::DeformKind model;
  bool flat;  // flat_landing's readouts
  int steps;  // stairs: the number of steps (0: the floor y = 0)
  double mu = 100.0;
  bool column = false;  // column's displacement profile
};

class ContactScene : public FlexScene {
 public:
  explicit ContactScene(ContactSceneSetup s);

  std::string name() const override { return s_.name; }
  std::string title() const override { return s_.title; }
  std::string lookFor() const override { return s_.lookFor; }
  void validate() const override;
  // The energy rule (pbm/app/headless.h): gravity, StVK strain, damping and
  // contacts keep or lose KE + strain + gravity, so a run that gains a
  // hundredfold blew up.
  double boundedEnergy() const override;
  pbm::ViewBox initialView() const override;
  void reset() override;
  void advance(double tLimit, pbm::Host host) override;
  std::vector<std::string> csvColumns() const override;
  std::vector<double> csvRow() const override;

  // contact_drawing.cpp: the panel, the drawing and the HUD.
  void panel() override;
  void draw(pbm::Canvas2D& c) override;
  void drawWorld(pbm::Canvas2D& c);
  // The centre line's sink below its rest height, relative to the bottom,
  // at the rest height Y (0 at the bottom).
  double sink(double Y) const;
  // Left of the body: the model's sink profile and the exact self-weighted
  // column's, 2Y/H - (Y/H)^2 (linear elasticity, uniform load), both
  // divided by the top's sink.
  void drawProfile(pbm::Canvas2D& c) const;
  void hud(std::vector<std::string>& lines) const override;

 private:
  // The stability margin h omega_max / (2 sqrt 2): RK4's stability interval on
  // the imaginary axis is 2 sqrt 2 (chapter 03), omega_max^2 the largest of
  // flexModes's spectrum (Baraff & Witkin 1992 §4). Computed once per reset,
  // in the viewer only; NaN while flexModes is an unfinished exercise.
  double margin() const;
  Vector2d com() const { return pbm::flexCenterOfMass(world_->sys.body(), world_->sys.q()); }
  Vector2d vcom() const { return pbm::flexCenterOfMass(world_->sys.body(), world_->sys.qdot()); }
  double sumForces() const { return world_->resting.empty() ? 0.0 : world_->forces.sum(); }

  static constexpr double kRun = 1.2, kRise = 0.5;  // stairs
  ContactSceneSetup s_;
  std::optional<pbm::FlexWorld> world_;
  pbm::DeformKind kind_ = pbm::DeformKind::Affine;
  double width_ = 1, height_ = 1, g_ = 0, v0_ = 0, vx_ = 0, dropHeight_ = 0, omega_ = 0,
         perEdge_ = 2, quadPoints_ = 9, massSamples_ = 0;
  double ke0_ = 0, vBefore_ = 0, rebound_ = NAN, firstLoss_ = NAN, firstPredicted_ = NAN;
  bool hadContact_ = false;
  std::vector<Vector2d> trail_;
  // Viewer: plots and toggles.
  pbm::TimePlot energyPlot_, forcePlot_, comPlot_;
  double firstTouch_ = 0.25;
  mutable std::optional<double> omegaMax_;
  bool showGrid_ = true, showPolygon_ = true, showStrain_ = false, showForces_ = true,
       showTrail_ = true;
  float strainScale_ = 0.1f;
};

}  // namespace ch11
