// The integral-curve viewer shared by every chapter-01 scene (Differential
// Equation Basics §1, Figs. 1-3): a hedgehog of arrows for f(x, t), seeds the
// student drops with the mouse, each seed's Euler polygon (DEB §2.1, Fig. 3)
// traced with the student's traceIntegralCurve, the exact curve where a closed
// form exists, and a particle per seed moved by the student's eulerStep.
//
// A concrete scene supplies the field, its exact curves and the quantity that
// stays constant along them (the "invariant"); everything else lives here.
#pragma once

#include <Eigen/Core>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "pbm/app/scene.h"
#include "pbm/core/counting_system.h"
#include "pbm/fields/field_point.h"
#include "pbm/viewer/canvas2d.h"
#include "pbm/viewer/plot.h"

namespace ch01 {

using Eigen::Vector2d;
using Polyline = std::vector<Vector2d>;

// One dropped point: its Euler polygons and the particle that runs along them.
struct Seed {
  Vector2d x0 = Vector2d::Zero();
  int colorIndex = 0;
  Polyline forward;                      // traceIntegralCurve with +h from (x0, t = 0)
  Polyline backward;                     // the same with -h (optional)
  Vector2d particle = Vector2d::Zero();  // Euler particle at the scene clock
  double theta = 0;  // its polar angle, unwrapped step by step (for spiral invariants)
};

class FieldScene : public pbm::Scene {
 public:
  FieldScene();

  // --- what a concrete scene provides
  // f(x, t), through the student's field functions.
  virtual Vector2d field(const Vector2d& x, double t) const = 0;
  // The exact curve through x0 at t = 0, at time t; nullopt when there is no closed form.
  virtual std::optional<Vector2d> exact(const Vector2d& x0, double t) const = 0;
  // What stays constant along an exact curve, e.g. "r = |x|", and its value at x
  // on the curve that started at x0 (theta: x's unwrapped polar angle).
  virtual std::string invariantName() const = 0;
  virtual double invariant(const Vector2d& x, const Vector2d& x0, double theta) const = 0;
  // Seeds dropped in the viewer besides --start, so the first frame shows several curves.
  virtual std::vector<Vector2d> extraSeeds() const = 0;
  virtual bool timeDependent() const { return false; }
  // The exact orbit drawn dashed through a seed; by default exact() sampled on [0, T].
  virtual std::vector<Polyline> exactOrbit(const Vector2d& x0, const Vector2d& viewMin,
                                           const Vector2d& viewMax) const;
  // The legend's words for the dashed overlay.
  virtual std::string exactLabel() const { return "exact integral curve (closed form)"; }
  // Scene-specific drawing under the curves (a separatrix, a label).
  virtual void drawExtras(pbm::Canvas2D&) {}
  // A measure the exact curves keep or lose (an energy, or |x|^2/2 for a
  // field that turns or sinks): DEB §1's curves never climb it, so an Euler
  // particle that climbs it a hundredfold has blown up (the headless energy
  // rule, pbm/app/headless.h). NaN for a field with none (a saddle, Lorenz).
  virtual double fieldEnergy(const Vector2d&) const {
    return std::numeric_limits<double>::quiet_NaN();
  }

  // --- pbm::Scene
  int startSize() const override { return 2; }
  std::vector<std::string> methods() const override { return {}; }  // Euler only
  void reset() override;
  void advance(double tLimit, pbm::Host host) override;
  double time() const override { return time_; }
  long evals() const override { return counter_.evals(); }
  bool stateFinite() const override;
  double boundedEnergy() const override;  // fieldEnergy at the first seed's particle
  void settingsChanged() override;
  std::vector<std::string> csvColumns() const override;
  std::vector<double> csvRow() const override;

  pbm::ViewBox initialView() const override { return view_; }
  void draw(pbm::Canvas2D& canvas) override;
  void panel() override;
  void hud(std::vector<std::string>& lines) const override;
  bool onMouseDown(const Eigen::Vector2d& world, int button) override;
  void onMouseDrag(const Eigen::Vector2d& world) override;
  void onMouseUp(const Eigen::Vector2d& world) override;
  void onHover(const Eigen::Vector2d& world) override;

  const std::vector<Seed>& seeds() const { return seeds_; }

 protected:
  // Shared defaults for the constructors of concrete scenes.
  void setDefaults(double h, double tEnd, const Vector2d& start, const pbm::ViewBox& view);

 private:
  int traceSteps() const;
  void restartClock();
  void addSeed(const Vector2d& x0);
  void traceSeed(Seed& s);
  void traceAll();
  void placeParticle(Seed& s) const;
  void pushPlot();
  int nearestSeed(const Vector2d& world) const;
  void drawHedgehog(pbm::Canvas2D& canvas);
  void drawSeed(pbm::Canvas2D& canvas, const Seed& s, bool selected);
  void drawFrozenStreamline(pbm::Canvas2D& canvas, const Seed& s);
  void drawLegend(pbm::Canvas2D& canvas);

  pbm::ViewBox view_;
  pbm::FieldPoint point_;
  pbm::CountingSystem counter_;

  std::vector<Seed> seeds_;
  int nextColor_ = 0;
  int selected_ = 0;
  int dragging_ = -1;
  bool needExtraSeeds_ = false;  // the viewer pre-seeds on its first draw; headless never does
  bool traced_ = false;
  std::string traceError_;  // an exercise not done, shown on the canvas

  double time_ = 0;
  long step_ = 0;
  double pixelsPerUnit_ = 100;
  Vector2d cursor_{0, 0};
  bool cursorKnown_ = false;

  // panel options
  bool showExact_ = true;
  bool showBackward_ = false;
  bool showVertices_ = true;
  bool loop_ = true;
  bool showFrozen_ = true;
  float arrowSpacingPx_ = 38.f;

  pbm::TimePlot plot_;
};

}  // namespace ch01
