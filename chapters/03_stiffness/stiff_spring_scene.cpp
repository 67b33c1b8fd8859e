// Scene stiff_spring: the notes' stiff example, eq. (2-1), Y' = (-x, -k y)
// (Implicit Methods §2-3; slides "Euler's method has a speed limit", "A stiff
// energy landscape"). The chosen method and implicit Euler start from the same
// point; the contours are E = (x^2 + k y^2)/2, the dashed curve the exact
// solution (x0 e^-t, y0 e^-kt).
#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

#include "method_run.h"
#include "pbm/app/text.h"
#include "pbm/core/exercise.h"
#include "pbm/core/stepping.h"
#include "pbm/stiffness/methods.h"
#include "pbm/stiffness/stiff_systems.h"
#include "pbm/viewer/canvas2d.h"
#include "pbm/viewer/plot.h"
#include "pbm/viewer/ui.h"
#include "scenes.h"

namespace ch03 {

namespace {

using Eigen::Vector2d;

// One particle under one method: the model, its stepper, its trail.
using Particle = MethodRun<pbm::StiffBowlSystem>;

class StiffSpringScene : public pbm::Scene {
 public:
  StiffSpringScene() {
    settings_.method = "euler";
    settings_.h = 0.038;  // hk = 1.9: the explicit step overshoots, just stable
    settings_.hMin = 1e-5;
    settings_.hMax = 10.0;
    settings_.tEnd = 5.0;
    settings_.start = {1.5, 1.0};
    params_.add("k", &k_, 1e-6, 1e5, "stiffness of the pull towards y = 0, 1/s (k > 0)").logScale =
        true;
  }

  std::string name() const override { return "stiff_spring"; }
  std::string title() const override { return "Stiff spring: explicit vs implicit Euler"; }
  std::string lookFor() const override {
    return "Y' = (-x, -k y), eq. (2-1). The explicit step multiplies y by 1 - hk: it overshoots "
           "the valley for hk > 1 (zig-zag) and explodes for hk > 2. Implicit Euler (violet) "
           "multiplies y by 1/(1 + hk) and slides down for any h. Click to restart from a point.";
  }
  std::vector<std::string> methods() const override {
    return pbm::methodNames(pbm::stiffnessMethods());
  }
  int startSize() const override { return 2; }

  void reset() override {
    const Vector2d y0(settings_.start[0], settings_.start[1]);
    main_.start(pbm::findMethod(pbm::stiffnessMethods(), settings_.method), settings_.h, k_, y0);
    partner_.start(pbm::implicitEulerMethod(), settings_.h, k_, y0);
    partnerMessage_.clear();
    energy_ =
        pbm::TimePlot("E = (x^2 + k y^2)/2 (log)", {main_.method().label, partner_.method().label},
                      {main_.method().colour, partner_.method().colour});
    energy_.logY = true;
  }

  void advance(double tLimit, pbm::Host host) override {
    const bool viewer = host == pbm::Host::Viewer;
    stepParticle(main_, tLimit, viewer);
    // The implicit partner only runs in the viewer: headless writes the
    // chosen method alone (and explicit runs work before chapter 03 is done).
    if (viewer && !pbm::isImplicitEuler(main_.method()) && partnerMessage_.empty()) {
      try {
        stepParticle(partner_, tLimit, viewer);
      } catch (const pbm::ExerciseNotDone& e) {
        partnerMessage_ = "implicit Euler: exercise " + e.exercise() + " not done yet";
      }
    }
    if (viewer) {
      const double e1 = pbm::StiffBowlSystem::energy(main_.position(), k_);
      const double e2 = pbm::StiffBowlSystem::energy(partner_.position(), k_);
      energy_.push(time(), {main_.frozen ? NAN : e1, partnerMessage_.empty() ? e2 : NAN});
    }
  }

  double time() const override { return main_.stepper.time(); }
  double lastStepSize() const override { return main_.stepper.lastStep(); }
  long evals() const override { return main_.stepper.evals(); }
  // In the viewer a diverged particle is frozen and the implicit one goes on.
  bool stateFinite() const override { return main_.frozen || !main_.stepper.diverged(); }

  std::vector<std::string> csvColumns() const override { return {"t", "x", "y", "evals"}; }
  std::vector<double> csvRow() const override {
    const Vector2d p = main_.position();
    return {time(), p.x(), p.y(), static_cast<double>(evals())};
  }

  pbm::ViewBox initialView() const override { return {{0.75, 0.1}, 1.2}; }

  void draw(pbm::Canvas2D& c) override {
    drawLandscape(c);
    drawExact(c);
    if (!pbm::isImplicitEuler(main_.method())) drawParticle(c, partner_, partnerMessage_.empty());
    drawParticle(c, main_, true);
    if (!partnerMessage_.empty())
      c.text(partner_.position(), partnerMessage_, pbm::colors::kWarning, {10.f, 8.f});
  }

  void hud(std::vector<std::string>& lines) const override {
    const double hk = settings_.h * k_;
    lines.push_back(
        pbm::format("h k = %.3g   (1/k = %.3g s, 2/k = %.3g s)", hk, 1.0 / k_, 2.0 / k_));
    lines.push_back(
        pbm::format("y per step: 1 - hk = %.3g, 1/(1 + hk) = %.3g", 1.0 - hk, 1.0 / (1.0 + hk)));
  }

  void panel() override {
    // The message drawn beside the body may sit under the lesson box: here too.
    if (!partnerMessage_.empty())
      pbm::ui::textColored(pbm::colors::kWarning, "%s", partnerMessage_.c_str());
    const double h = settings_.h, hk = h * k_;
    pbm::ui::text("h k = %.4g", hk);
    pbm::ui::text("explicit Euler limit: h < 2/k = %.4g s", 2.0 / k_);
    pbm::ui::text("no overshoot:         h < 1/k = %.4g s", 1.0 / k_);
    const char* verdict = hk > 2.0   ? "explodes (|1 - hk| > 1)"
                          : hk > 1.0 ? "overshoots, zig-zags (1 - hk < 0)"
                                     : "creeps down monotonically";
    pbm::ui::textColored(hk > 2.0 ? pbm::colors::kWarning : pbm::colors::kText,
                         "explicit Euler: %s", verdict);
    pbm::ui::textWrapped("implicit Euler: y shrinks by 1/(1 + hk) = %.3g per step, for every h",
                         1.0 / (1.0 + hk));
    pbm::ui::separator();
    pbm::ui::textUnformatted("set h to a multiple of 1/k:");
    for (double m : {0.5, 1.5, 1.9, 2.1, 3.0}) {
      if (m != 0.5) pbm::ui::sameLine();
      if (pbm::ui::button(pbm::format("%.1f/k", m).c_str())) {
        settings_.h = std::clamp(m / k_, settings_.hMin, settings_.hMax);
        reset();
      }
    }
    if (pbm::ui::button("h = 10 s (one implicit step)")) {
      settings_.h = 10.0;
      reset();
    }
    pbm::ui::separator();
    energy_.draw({-1.f, 140.f});
  }

  bool onMouseDown(const Vector2d& world, int button) override {
    if (button != 0) return false;
    settings_.start = {world.x(), world.y()};
    reset();
    return true;
  }

 private:
  void stepParticle(Particle& p, double tLimit, bool viewer) {
    if (!p.advance(tLimit) || !viewer) return;
    if (p.trail.size() < 20000) p.trail.push_back(p.position());
    if (p.stepper.diverged()) p.freeze();  // off to Neptune: stop it, keep the rest running
  }

  void drawLandscape(pbm::Canvas2D& c) const {
    // Level sets of E = (x^2 + k y^2)/2: ellipses with semi-axes a and a/sqrt(k).
    const double s = 1.0 / std::sqrt(k_);
    for (int i = 1; i <= 16; ++i) {
      const double a = 0.25 * i;
      std::vector<Vector2d> pts;
      for (int j = 0; j <= 128; ++j) {
        const double th = 2.0 * std::numbers::pi * j / 128;
        pts.emplace_back(a * std::cos(th), a * s * std::sin(th));
      }
      c.polyline(pts, pbm::withAlpha(pbm::colors::kAxis, 170), 1.0f);
    }
    // The field's direction on a coarse grid (arrows of fixed pixel length).
    const Vector2d lo = c.camera().worldMin(), hi = c.camera().worldMax();
    const double px = c.camera().pixelsPerUnit();
    for (int i = 0; i <= 18; ++i)
      for (int j = 0; j <= 12; ++j) {
        const Vector2d p(lo.x() + (hi.x() - lo.x()) * (i + 0.5) / 19,
                         lo.y() + (hi.y() - lo.y()) * (j + 0.5) / 13);
        const Vector2d f(-p.x(), -k_ * p.y());
        if (f.norm() == 0) continue;
        c.arrow(p, p + f.normalized() * (18.0 / px), pbm::withAlpha(pbm::colors::kDim, 90), 1.0f,
                5.f);
      }
  }

  void drawExact(pbm::Canvas2D& c) const {
    // x0 e^-t, y0 e^-kt; samples crowd near t = 0, where y changes fastest.
    const Vector2d y0(settings_.start[0], settings_.start[1]);
    std::vector<Vector2d> pts;
    const double tMax = 8.0;
    for (int i = 0; i <= 600; ++i) {
      const double u = static_cast<double>(i) / 600, t = tMax * u * u * u;
      pts.emplace_back(y0.x() * std::exp(-t), y0.y() * std::exp(-k_ * t));
    }
    c.dashedPolyline(pts, pbm::colors::kExact, 1.5f);
    c.text(y0, "start", pbm::colors::kExact, {8.f, -18.f});
  }

  void drawParticle(pbm::Canvas2D& c, const Particle& p, bool alive) const {
    const pbm::Color col = p.method().colour;
    const char* label = p.method().label.c_str();
    // Clamp far points so a blown-up trail still draws as a line off screen.
    std::vector<Vector2d> pts;
    pts.reserve(p.trail.size());
    for (const auto& q : p.trail) pts.push_back(q.cwiseMax(-1e4).cwiseMin(1e4));
    c.polyline(pts, pbm::withAlpha(col, 200), 1.6f);
    if (pts.size() < 400)
      for (const auto& q : pts) c.dot(q, 2.5f, col);
    if (!alive) return;
    const Vector2d at = pts.empty() ? p.position() : pts.back();
    c.dot(at, 6.f, col);
    if (p.frozen) {
      const double hk = settings_.h * k_;
      c.text(at,
             pbm::format("%s diverged at t = %.3g s: |1 - hk| = %.3g > 1", label, p.frozenAt,
                         std::abs(1.0 - hk)),
             pbm::colors::kWarning, {10.f, 4.f});
      const Vector2d home =
          c.camera().worldMin() + 0.04 * (c.camera().worldMax() - c.camera().worldMin());
      c.text(home, pbm::format("%s has left for Neptune; implicit Euler carries on", label),
             pbm::colors::kWarning, {0.f, -20.f});
    } else {
      c.text(at, label, col, labelOffset(pts, label, pbm::isImplicitEuler(p.method())));
    }
  }

  // Where a particle's name goes, in pixels from it: ahead of it, on the side
  // it is moving towards (implicit Euler below, the chosen method above).
  // Both particles come in from the start on the right, trailing their paths
  // and the explicit zig-zag behind them: a label on their right sat on those
  // trails and on the other particle's dots.
  static pbm::Px2 labelOffset(const std::vector<Vector2d>& trail, const char* label, bool below) {
    const size_t n = trail.size();
    const bool left = n >= 2 && trail[n - 1].x() < trail[n - 1 - std::min<size_t>(n - 1, 10)].x();
    const float x = left ? -10.f - pbm::ui::textSize(label).x : 10.f;
    return {x, below ? 6.f : -20.f};
  }

  double k_ = 50.0;
  Particle main_, partner_;
  std::string partnerMessage_;
  pbm::TimePlot energy_{"E", {}, {}};
};

}  // namespace

std::unique_ptr<pbm::Scene> makeStiffSpringScene() {
  return std::make_unique<StiffSpringScene>();
}

}  // namespace ch03
