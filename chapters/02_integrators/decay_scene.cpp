// Scene `decay` (DEB §2.1; IM slide "Euler's method has a speed limit"):
// x' = -k x, whose solution decays as e^{-kt}. Plotted against t, Euler's
// iterates are (1 - hk)^n: monotone for hk < 1, zero after one step at hk = 1,
// a decaying flip-flop up to hk = 2, neutral at 2, exploding beyond. Midpoint
// (1 - z + z^2/2 >= 1/2) and RK4 never flip sign; they lose stability by
// monotone growth, at hk = 2 and hk = 2.785 (IM §2).
#include <cmath>
#include <cstdio>
#include <memory>
#include <vector>

#include "pbm/core/stepping.h"
#include "pbm/integrators/methods.h"
#include "pbm/viewer/ui.h"
#include "scenes.h"

namespace ch02 {

namespace {

using Eigen::Vector2d;
constexpr double kHorizon = 30;      // s, the viewer's time axis
constexpr double kTimeScale = 0.12;  // world x per second: 30 s fit beside the panel
Vector2d plotPoint(double t, double x) {
  return {kTimeScale * t, x};
}

class DecaySystem : public pbm::OdeSystem {
 public:
  explicit DecaySystem(const double& k) : k_(k) {}
  int dim() const override { return 1; }
  void getState(Eigen::VectorXd& x, double& t) const override {
    x.resize(1);
    x[0] = x_, t = t_;
  }
  void setState(const Eigen::VectorXd& x, double t) override { x_ = x[0], t_ = t; }
  void derivEval(Eigen::VectorXd& xdot) override {
    xdot.resize(1);
    xdot[0] = -k_ * x_;
  }
  double x() const { return x_; }

 private:
  const double& k_;
  double x_ = 1, t_ = 0;
};

// x' = -k x under one method, with its stepper and the (t, x) after each step.
struct DecayTrack {
  DecayTrack(const double& k, const pbm::MethodInfo& method, double h) : sys(k) {
    stepper.reset(method, h);
    stepper.watch(sys);
  }
  DecaySystem sys;
  pbm::Stepper stepper;
  std::vector<Vector2d> points{{0.0, 1.0}};
};

class DecayScene : public pbm::Scene {
 public:
  DecayScene() {
    settings_.method = "euler";
    settings_.h = 1.5;
    settings_.hMin = 0.01;
    settings_.hMax = 4.0;
    settings_.tEnd = 15;
    params_.add("k", &k_, 0.1, 10.0, "decay rate k of x' = -k x, 1/s").logScale = true;
  }
  std::string name() const override { return "decay"; }
  std::string title() const override { return "x' = -kx: the stability staircase"; }
  std::string lookFor() const override {
    return "x' = -kx from x = 1, against time (exact e^{-kt} dashed). Try the hk presets: "
           "Euler's factor per step is 1 - hk, so it decays at 0.5, hits 0 at 1, flips sign "
           "but decays at 1.5, oscillates forever at 2 and explodes at 3. Midpoint and RK4 "
           "never flip sign; they blow up by monotone growth past hk = 2 and 2.785.";
  }
  std::vector<std::string> methods() const override {
    return pbm::methodNames(pbm::integratorMethods());
  }
  int stepsPerFrame() const override { return 1; }
  pbm::ViewBox initialView() const override { return {{2.2, 0.6}, 2.2}; }
  bool drawsOwnAxes() const override { return true; }  // x is time, not a length

  void reset() override {
    tracks_.clear();
    primary_ = 0;
    for (const pbm::MethodInfo& m : pbm::integratorMethods()) {
      if (m.name == settings_.method) primary_ = static_cast<int>(tracks_.size());
      tracks_.push_back(std::make_unique<DecayTrack>(k_, m, settings_.h));
    }
  }
  void advance(double tLimit, pbm::Host host) override {
    // The viewer stops once the picture is complete (t > kHorizon).
    if (host == pbm::Host::Viewer && time() > kHorizon) return;
    for (auto& track : tracks_) {  // the same clock; a diverged run stops, the others go on
      DecayTrack& tr = *track;
      const double h = tr.stepper.plan(tLimit);
      if (tr.stepper.diverged()) continue;
      tr.stepper.step(tr.sys, h);
      tr.stepper.check(tr.sys);
      tr.points.emplace_back(tr.stepper.time(), tr.sys.x());
    }
  }
  double time() const override { return primary().stepper.time(); }
  double lastStepSize() const override {
    return primary().stepper.steps() ? primary().stepper.lastStep() : settings_.h;
  }
  long evals() const override { return primary().stepper.evals(); }
  bool stateFinite() const override { return !primary().stepper.diverged(); }
  std::vector<std::string> csvColumns() const override { return {"t", "x", "exact", "h", "evals"}; }
  std::vector<double> csvRow() const override {
    const double t = time();
    return {t, primary().sys.x(), std::exp(-k_ * t), primary().stepper.lastStep(), double(evals())};
  }

  void draw(pbm::Canvas2D& c) override {
    // The axes: time along x at kTimeScale world units per second (a line
    // every 5 s), x up (a line every 0.5).
    for (int t = 0; t <= kHorizon; t += 5) {
      c.line(plotPoint(t, -1.5), plotPoint(t, 2.0), pbm::colors::kGrid, 1.f);
      c.text(plotPoint(t, 0), std::to_string(t) + " s", pbm::colors::kDim, {-8.f, 6.f});
    }
    for (int i = -3; i <= 4; ++i) {
      const double x = 0.5 * i;
      c.line(plotPoint(0, x), plotPoint(kHorizon, x), i ? pbm::colors::kGrid : pbm::colors::kAxis,
             1.f);
      char tick[32];
      std::snprintf(tick, sizeof tick, "x = %g", x);
      if (i) c.text(plotPoint(0, x), tick, pbm::colors::kDim, {-58.f, -8.f});
    }
    std::vector<Vector2d> exact;
    for (int i = 0; i <= 600; ++i) exact.push_back(plotPoint(0.05 * i, std::exp(-k_ * 0.05 * i)));
    c.dashedPolyline(exact, pbm::colors::kExact, 1.5f);
    c.text(plotPoint(0, 1), "x(0) = 1", pbm::colors::kDim, {6.f, -18.f});
    for (int i = 0; i < static_cast<int>(tracks_.size()); ++i) {
      const pbm::MethodInfo& m = tracks_[i]->stepper.method();
      std::vector<Vector2d> pts;
      for (const auto& p : tracks_[i]->points) {
        if (!p.allFinite() || std::abs(p.y()) > 1e4) break;
        pts.push_back(plotPoint(p.x(), p.y()));
      }
      c.polyline(pts, pbm::withAlpha(m.colour, 170), i == primary_ ? 2.5f : 1.5f);
      for (const auto& p : pts) c.dot(p, 3.5f, m.colour);
    }
    // The legend, below the axis late in the run, where only an unstable
    // curve goes: each method's colour and its latest x (a curve may leave
    // the view).
    const Vector2d at = plotPoint(16, -0.7);
    c.text(at, "exact e^{-kt} (dashed)", pbm::colors::kExact, {0.f, 0.f});
    for (int i = 0; i < static_cast<int>(tracks_.size()); ++i) {
      const DecayTrack& tr = *tracks_[i];
      char buf[64];
      std::snprintf(buf, sizeof buf, "%s%s x = %.4g", tr.stepper.method().label.c_str(),
                    i == primary_ ? " (--method)" : "", tr.points.back().y());
      c.text(at, buf, tr.stepper.method().colour, {0.f, 16.f * static_cast<float>(i + 1)});
    }
  }
  void hud(std::vector<std::string>& lines) const override {
    char buf[160];
    const double z = settings_.h * k_;
    std::snprintf(buf, sizeof buf, "hk = %.3g: factor per step Euler %.4g, midpoint %.4g, RK4 %.4g",
                  z, 1 - z, 1 - z + z * z / 2,
                  1 - z + z * z / 2 - z * z * z / 6 + z * z * z * z / 24);
    lines.push_back(buf);
  }
  void panel() override {
    sectionTitle("hk presets (the slides' staircase)");
    for (double hk : {0.5, 1.0, 1.5, 2.0, 2.5, 3.0}) {
      char label[16];
      std::snprintf(label, sizeof label, "%.1f", hk);
      if (pbm::ui::button(label)) {
        settings_.h = hk / k_;
        settingsChanged();
      }
      pbm::ui::sameLine();
    }
    pbm::ui::newLine();
  }

 private:
  const DecayTrack& primary() const { return *tracks_[primary_]; }

  double k_ = 1.0;
  std::vector<std::unique_ptr<DecayTrack>> tracks_;  // integratorMethods(): Euler, midpoint, RK4
  int primary_ = 0;
};

}  // namespace

std::unique_ptr<pbm::Scene> makeDecayScene() {
  return std::make_unique<DecayScene>();
}

}  // namespace ch02
