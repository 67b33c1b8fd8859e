// Scene particle_on_line: the slides' "Example: particle-on-line" (IM slides,
// after "Stiff Equations"). A drag force [fx, fy] (a mouse spring limited to
// f_max) pulls the particle; a penalty force [0, -k y] holds it on the x-axis.
// Keeping it within epsilon of the line needs k = f_max / epsilon, and then
// an explicit step must stay below ~1/k: "Really big k. Really small h."
// Implicit Euler takes the same k at any h.
#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

#include "method_run.h"
#include "pbm/app/text.h"
#include "pbm/core/exercise.h"
#include "pbm/core/stepping.h"
#include "pbm/integrators/methods.h"
#include "pbm/stiffness/methods.h"
#include "pbm/stiffness/stiff_systems.h"
#include "pbm/viewer/canvas2d.h"
#include "pbm/viewer/plot.h"
#include "pbm/viewer/ui.h"
#include "scenes.h"

namespace ch03 {

namespace {

using Eigen::Vector2d;

using Body = MethodRun<pbm::PenaltySystem>;

class ParticleOnLineScene : public pbm::Scene {
 public:
  ParticleOnLineScene() {
    settings_.method = "euler";
    settings_.h = 0.0018;  // just below 2/(k + k_m) for the defaults: the explicit one rings
    settings_.hMin = 1e-5;
    settings_.hMax = 1.0;
    settings_.tEnd = 5.0;
    settings_.start = {-1.5, 0.5};
    params_.add("epsilon", &epsilon_, 1e-4, 0.5, "allowed distance from the line y = 0, m")
        .logScale = true;
    params_.add("f_max", &fMax_, 0.1, 1e3, "largest drag force, N (velocity = force here)")
        .logScale = true;
    params_.add("k_mouse", &kMouse_, 0.1, 100.0, "stiffness of the drag (mouse) spring, N/m")
        .logScale = true;
  }

  std::string name() const override { return "particle_on_line"; }
  std::string title() const override { return "Particle on a line: a penalty force"; }
  std::string lookFor() const override {
    return "Drag with the left mouse button (else the target moves by itself). The penalty "
           "k = f_max/epsilon holds the particle within epsilon of y = 0; explicit steps (red) "
           "need h below ~1/k or ring and explode; implicit Euler (violet) does not care.";
  }
  std::vector<std::string> methods() const override {
    return pbm::methodNames(pbm::integratorMethods());
  }
  int startSize() const override { return 2; }
  int stepsPerFrame() const override {
    return std::max(1, static_cast<int>(std::lround((1.0 / 60.0) / settings_.h)));
  }

  double k() const { return fMax_ / epsilon_; }

  void reset() override {
    const Vector2d y0(settings_.start[0], settings_.start[1]);
    auto target = [this](double t) { return targetAt(t); };
    explicit_.start(pbm::findMethod(pbm::integratorMethods(), settings_.method), settings_.h, k(),
                    kMouse_, fMax_, target, y0);
    implicit_.start(pbm::implicitEulerMethod(), settings_.h, k(), kMouse_, fMax_, target, y0);
    message_.clear();
    plot_ = pbm::TimePlot("y / epsilon", {explicit_.method().label, implicit_.method().label},
                          {explicit_.method().colour, implicit_.method().colour});
  }

  void advance(double tLimit, pbm::Host host) override {
    const bool viewer = host == pbm::Host::Viewer;
    stepBody(explicit_, tLimit, viewer);
    if (message_.empty()) {
      try {
        stepBody(implicit_, tLimit, viewer);
      } catch (const pbm::ExerciseNotDone& e) {
        if (!viewer) throw;
        message_ = "implicit Euler: exercise " + e.exercise() + " not done yet";
      }
    }
    if (viewer)
      plot_.push(time(), {explicit_.frozen ? NAN : explicit_.sys->position().y() / epsilon_,
                          message_.empty() ? implicit_.sys->position().y() / epsilon_ : NAN});
  }

  double time() const override { return explicit_.stepper.time(); }
  double lastStepSize() const override { return explicit_.stepper.lastStep(); }
  long evals() const override { return explicit_.stepper.evals() + implicit_.stepper.evals(); }
  // In the viewer a diverged explicit particle is frozen and the implicit one goes on.
  bool stateFinite() const override { return explicit_.frozen || !explicit_.stepper.diverged(); }

  std::vector<std::string> csvColumns() const override {
    return {"t",        "x_explicit", "y_explicit",     "x_implicit",    "y_implicit",
            "target_x", "target_y",   "evals_explicit", "evals_implicit"};
  }
  std::vector<double> csvRow() const override {
    const Vector2d e = explicit_.sys->position(), i = implicit_.sys->position();
    const Vector2d g = targetAt(time());
    return {time(),
            e.x(),
            e.y(),
            i.x(),
            i.y(),
            g.x(),
            g.y(),
            static_cast<double>(explicit_.stepper.evals()),
            static_cast<double>(implicit_.stepper.evals())};
  }

  pbm::ViewBox initialView() const override { return {{0.0, -0.25}, 1.55}; }

  void draw(pbm::Canvas2D& c) override {
    const Vector2d lo = c.camera().worldMin(), hi = c.camera().worldMax();
    c.line({lo.x(), 0.0}, {hi.x(), 0.0}, pbm::colors::kExact, 2.5f);
    c.dashedPolyline({{lo.x(), epsilon_}, {hi.x(), epsilon_}},
                     pbm::withAlpha(pbm::colors::kWarning, 160), 1.f);
    c.dashedPolyline({{lo.x(), -epsilon_}, {hi.x(), -epsilon_}},
                     pbm::withAlpha(pbm::colors::kWarning, 160), 1.f);
    c.text({hi.x(), epsilon_}, pbm::format("|y| = epsilon = %.3g", epsilon_), pbm::colors::kWarning,
           {-170.f, -18.f});
    drawMagnifier(c, lo, hi);
    const Vector2d g = targetAt(time());
    c.cross(g, 7.f, pbm::colors::kAdaptive, 2.f);
    c.text(g, dragging_ ? "mouse" : "target", pbm::colors::kAdaptive);
    drawBody(c, implicit_, message_.empty());
    drawBody(c, explicit_, true);
    if (!message_.empty())
      c.text(implicit_.sys->position(), message_, pbm::colors::kWarning, {10.f, 8.f});
  }

  void hud(std::vector<std::string>& lines) const override {
    lines.push_back(pbm::format("k = f_max/epsilon = %.4g   h k = %.3g", k(), settings_.h * k()));
    lines.push_back(pbm::format("slide: h < epsilon/f_max = 1/k = %.3g s", 1.0 / k()));
    lines.push_back(
        pbm::format("explicit Euler stable: h < 2/(k + k_mouse) = %.3g s", 2.0 / (k() + kMouse_)));
  }

  void panel() override {
    // The message drawn beside the body may sit under the lesson box: here too.
    if (!message_.empty()) pbm::ui::textColored(pbm::colors::kWarning, "%s", message_.c_str());
    pbm::ui::text("penalty k = f_max / epsilon = %.4g", k());
    pbm::ui::text("slide's bound h < epsilon/f_max = %.3g s", 1.0 / k());
    pbm::ui::text("explicit Euler stable: h < %.3g s", 2.0 / (k() + kMouse_));
    pbm::ui::text("steps per second of motion at that h: %.0f", (k() + kMouse_) / 2.0);
    const double ye = std::abs(explicit_.sys->position().y()),
                 yi = std::abs(implicit_.sys->position().y());
    pbm::ui::textColored(explicit_.method().colour, "%s: |y| = %.3g = %.2f epsilon",
                         explicit_.method().label.c_str(), ye, ye / epsilon_);
    pbm::ui::textColored(implicit_.method().colour, "%s: |y| = %.3g = %.2f epsilon",
                         implicit_.method().label.c_str(), yi, yi / epsilon_);
    if (pbm::ui::button("h = 0.5/k")) setH(0.5 / k());
    pbm::ui::sameLine();
    if (pbm::ui::button("h = 1.9/k")) setH(1.9 / k());
    pbm::ui::sameLine();
    if (pbm::ui::button("h = 2.5/k")) setH(2.5 / k());
    pbm::ui::sameLine();
    if (pbm::ui::button("h = 0.05")) setH(0.05);
    plot_.draw({-1.f, 140.f});
  }

  bool onMouseDown(const Vector2d& world, int button) override {
    if (button != 0) return false;
    dragging_ = true;
    mouse_ = world;
    return true;
  }
  void onMouseDrag(const Vector2d& world) override { mouse_ = world; }
  void onMouseUp(const Vector2d&) override { dragging_ = false; }

 private:
  // The mouse while dragging, else a slow Lissajous path that pulls the
  // particle along the line and tugs it off it.
  Vector2d targetAt(double t) const {
    if (dragging_) return mouse_;
    return {1.6 * std::cos(0.9 * t + std::numbers::pi), 0.3 + 0.9 * std::sin(2.1 * t)};
  }

  void setH(double h) {
    settings_.h = std::clamp(h, settings_.hMin, settings_.hMax);
    reset();
  }

  void stepBody(Body& b, double tLimit, bool viewer) {
    if (!b.advance(tLimit) || !viewer) return;  // the target is a function of t
    b.trail.push_back(b.position());
    if (b.trail.size() > 600) b.trail.erase(b.trail.begin(), b.trail.begin() + 100);
    if (b.stepper.diverged()) b.freeze();
  }

  void drawBody(pbm::Canvas2D& c, const Body& b, bool alive) const {
    const pbm::Color col = b.method().colour;
    std::vector<Vector2d> pts;
    for (const auto& q : b.trail) pts.push_back(q.cwiseMax(-1e4).cwiseMin(1e4));
    c.polyline(pts, pbm::withAlpha(col, 170), 1.5f);
    if (!alive) return;
    const Vector2d p = pts.empty() ? b.sys->position() : pts.back();
    if (b.frozen) {
      c.text(c.camera().worldMin() + 0.04 * (c.camera().worldMax() - c.camera().worldMin()),
             pbm::format("%s diverged at t = %.3g s (h k = %.3g): lower h",
                         b.method().label.c_str(), b.frozenAt, settings_.h * k()),
             pbm::colors::kWarning, {0.f, -20.f});
      return;
    }
    // Forces drawn at 0.02 m per N: the drag and the penalty that answers it.
    const double s = 0.02;
    const Vector2d drag = b.sys->dragForce(), penalty(0.0, -k() * p.y());
    c.arrow(p, p + s * drag, pbm::colors::kAdaptive, 1.5f);
    c.arrow(p, p + s * penalty, pbm::colors::kDim, 1.5f);
    c.dot(p, 6.f, col);
    c.text(p,
           pbm::format("%s  |y| = %.2f eps", b.method().label.c_str(), std::abs(p.y()) / epsilon_),
           col, {10.f, pbm::isImplicitEuler(b.method()) ? 4.f : -20.f});
  }

  // A strip below the line with y magnified so that epsilon is 0.25 m: the
  // ringing of the explicit particle, invisible at true scale, shows here.
  void drawMagnifier(pbm::Canvas2D& c, const Vector2d& lo, const Vector2d& hi) const {
    const double yc = -1.05, band = 0.25, mag = band / epsilon_;
    c.line({lo.x(), yc}, {hi.x(), yc}, pbm::withAlpha(pbm::colors::kExact, 120), 1.f);
    for (double s : {-1.0, 1.0})
      c.dashedPolyline({{lo.x(), yc + s * band}, {hi.x(), yc + s * band}},
                       pbm::withAlpha(pbm::colors::kWarning, 140), 1.f);
    c.text({lo.x(), yc + 2.2 * band}, "magnified: y x 0.25/epsilon (dashed: |y| = epsilon)",
           pbm::colors::kDim, {8.f, 0.f});
    for (const Body* b : {&implicit_, &explicit_}) {
      if (b == &implicit_ && !message_.empty()) continue;
      std::vector<Vector2d> pts;
      for (const auto& q : b->trail)
        pts.emplace_back(q.x(), yc + std::clamp(q.y() * mag, -2.2 * band, 2.2 * band));
      c.polyline(pts, b->method().colour, 1.5f);
      if (!pts.empty()) c.dot(pts.back(), 4.f, b->method().colour);
    }
  }

  double epsilon_ = 0.02, fMax_ = 20.0, kMouse_ = 10.0;
  Body explicit_, implicit_;
  std::string message_;
  bool dragging_ = false;
  Vector2d mouse_{0.0, 0.0};
  pbm::TimePlot plot_{"y / epsilon", {}, {}};
};

}  // namespace

std::unique_ptr<pbm::Scene> makeParticleOnLineScene() {
  return std::make_unique<ParticleOnLineScene>();
}

}  // namespace ch03
