// The bead-on-a-wire scene (Constrained Dynamics §1-§2, §5): one class, four
// set-ups (scenes.h). The constrained bead is pbm::BeadSystem (bead.h),
// integrated by the chapter-02 methods; beside it the exact pendulum
// (exact_pendulum.h, Jacobi elliptic functions, no integration) as a ghost,
// optionally the parametric bead of §5, and in `penalty` a penalty-spring bead.
// bead_scene.cpp sets it up and steps it; bead_drawing.cpp draws it, its HUD,
// its panel and the mouse spring.
#pragma once

#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "pbm/app/stepped_scene.h"
#include "pbm/bead/bead.h"
#include "pbm/bead/exact_pendulum.h"
#include "pbm/integrators/methods.h"
#include "pbm/viewer/colors.h"
#include "pbm/viewer/plot.h"
#include "scenes.h"

namespace ch05 {

using Eigen::Vector2d;

enum class Kind { Pendulum, Spin, OffWire, Penalty };

class BeadScene : public pbm::SteppedScene {
 public:
  explicit BeadScene(Kind kind);
  std::string name() const override;
  std::string title() const override;
  std::string lookFor() const override;
  std::vector<std::string> methods() const override {
    return pbm::methodNames(pbm::integratorMethods());
  }
  int stepsPerFrame() const override {
    return std::max(1, static_cast<int>(std::lround(1.0 / (60.0 * settings_.h))));
  }
  pbm::ViewBox initialView() const override;

  // --- simulation

  void reset() override;
  void advance(double tLimit, pbm::Host) override;

  double time() const override { return stepper_.time(); }

  void settingsChanged() override;

  // --- CSV: t, x, y, vx, vy, c, c_dot, lambda, energy

  std::vector<std::string> csvColumns() const override {
    return {"t", "x", "y", "vx", "vy", "c", "c_dot", "lambda", "energy"};
  }
  std::vector<double> csvRow() const override {
    const Vector2d p = x(), u = v();
    return {time(), p.x(), p.y(), u.x(), u.y(), C(), Cdot(), lambda(), energy()};
  }

  // --- viewer

  void draw(pbm::Canvas2D& c) override;
  void hud(std::vector<std::string>& lines) const override;
  void panel() override;
  bool onMouseDown(const Vector2d& w, int button) override;
  void onMouseDrag(const Vector2d& w) override {
    forces_.cursor = w;
    applyLive();
  }
  void onMouseUp(const Vector2d&) override;

 private:
  // --- state access (constrained or penalty bead)
  pbm::OdeSystem& active() {
    return kind_ == Kind::Penalty ? static_cast<pbm::OdeSystem&>(pen_) : bead_;
  }
  Vector2d x() const { return kind_ == Kind::Penalty ? pen_.bead.x : bead_.bead.x; }
  Vector2d v() const { return kind_ == Kind::Penalty ? pen_.bead.v : bead_.bead.v; }
  double C() const { return pbm::beadC(x(), wire_); }
  double Cdot() const { return pbm::beadCdot(x(), v(), wire_); }
  double energy() const { return kind_ == Kind::Penalty ? pen_.energy() : bead_.energy(); }
  // The multiplier at the installed state; for the penalty bead the one that
  // gives its spring force, f_spring = lambda (x - c).
  double lambda() const;
  // Angle from the bottom and its rate, of the bead's own state.
  void polar(double& phi, double& phidot) const;
  const char* runLabel() const {
    return kind_ == Kind::Penalty ? "penalty" : stepper_.method().label.c_str();
  }

  std::vector<double> structural() const {
    return {settings_.h, radius_, mass_, angle_, speed_, startR_};
  }
  void applyLive();
  void reseedExact();
  void syncParametric();
  double exactC(double t) const { return feedbackC(t - cT0_, C0_, Cd0_, ks_, kd_); }

  void pushPlots();
  void drawArrows(pbm::Canvas2D& c, const Vector2d& p, const Vector2d& u);

  Kind kind_;
  double radius_ = 1.0, mass_ = 1.0, g_ = 9.81, angle_ = 90.0, speed_ = 0.0, startR_ = 1.0;
  double ks_ = 0.0, kd_ = 0.0, kPen_ = 1e4, zeta_ = 0.5;
  int placement_ = 0;  // FeedbackPlacement
  double savedKs_ = 100, savedKd_ = 20;
  pbm::CircleWire wire_;
  pbm::BeadForces forces_;
  pbm::BeadSystem bead_;
  pbm::PenaltyBead pen_;
  pbm::ParametricBead param_;
  // stepper_ (SteppedScene): the clock, evaluations and divergence of the active bead.
  pbm::ExactPendulum exact_;
  bool showExact_ = true, showParametric_ = false, showArrows_ = true;
  double E0_ = 0, C0_ = 0, Cd0_ = 0, cT0_ = 0;
  std::vector<double> snapshot_;
  std::string snapshotMethod_;
  std::vector<Vector2d> trail_;
  pbm::TimePlot plotC_ =
      kind_ == Kind::OffWire
          ? pbm::TimePlot("C = (|x-c|^2 - r^2)/2, m^2", {"C", "closed form"},
                          {pbm::colors::kText, pbm::colors::kAdaptive})
          : pbm::TimePlot("C = (|x-c|^2 - r^2)/2, m^2", {"C"}, {pbm::colors::kText});
  pbm::TimePlot plotCdot_{"C' = (x-c).v, m^2/s", {"C'"}, {pbm::colors::kText}};
  pbm::TimePlot plotE_{"energy E - E0, J", {"E - E0"}, {pbm::colors::kAdaptive}};
  pbm::TimePlot plotL_{"lambda, N/m",
                       {"simulated", "closed form at the bead"},
                       {pbm::colors::kImplicit, pbm::colors::kExact}};
};

}  // namespace ch05
