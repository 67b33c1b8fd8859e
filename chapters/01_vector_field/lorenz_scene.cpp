// The Lorenz system, chapter 01's 3D scene (DEB §1: a vector field in three
// dimensions). Every seed starts two integral curves: the student's eulerStep
// (DEB §2.1) and RK4 (DEB §2.2). The flow stretches every difference, so the
// two traces agree at first and then part for good; both wind around the
// fixed points C+ and C- without ever closing. Drawn with the orbit camera.
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "pbm/app/csv.h"
#include "pbm/app/text.h"
#include "pbm/core/counting_system.h"
#include "pbm/core/stepping.h"
#include "pbm/fields/euler.h"
#include "pbm/fields/lorenz_system.h"
#include "pbm/viewer/canvas3d.h"
#include "pbm/viewer/plot.h"
#include "pbm/viewer/ui.h"
#include "scenes.h"

namespace ch01 {

namespace {

using Eigen::Vector3d;

using pbm::kNaN;  // the CSV's empty cell (app/csv.h)
constexpr int kMaxLorenzSeeds = 12;
constexpr size_t kMaxPoints = 40000;  // per trace in the viewer: the last 400 s at h = 0.01
constexpr double kBlowUp = 1e8;       // |x| beyond this counts as diverged

// RK4 for this scene only (DEB §2.2): k1..k4 at t, t + h/2, t + h/2, t + h,
// x + k1/6 + k2/3 + k3/3 + k4/6. Students write rk4Step in chapter 02, and
// chapter 01 must build before chapter 02 exists, so the viewer carries this
// copy of the notes' formula to draw the accurate trace; chapter 02's tests
// run the student's rk4Step on the Lorenz system.
void referenceRk4Step(pbm::OdeSystem& sys, double h) {
  Eigen::VectorXd x0, k1, k2, k3, k4;
  double t0 = 0;
  sys.getState(x0, t0);
  sys.derivEval(k1);
  k1 *= h;
  sys.setState(x0 + 0.5 * k1, t0 + 0.5 * h);
  sys.derivEval(k2);
  k2 *= h;
  sys.setState(x0 + 0.5 * k2, t0 + 0.5 * h);
  sys.derivEval(k3);
  k3 *= h;
  sys.setState(x0 + k3, t0 + h);
  sys.derivEval(k4);
  k4 *= h;
  sys.setState(x0 + k1 / 6.0 + k2 / 3.0 + k3 / 3.0 + k4 / 6.0, t0 + h);
}

// One method's integral curve from a seed: the points so far and the head.
struct Trace {
  std::vector<Vector3d> points;
  Vector3d head = Vector3d::Zero();
  void restart(const Vector3d& x0) {
    points.assign(1, x0);
    head = x0;
  }
  void push(const Vector3d& x) {
    head = x;
    // The viewer runs on without end: keep the recent part of the curve.
    if (points.size() >= kMaxPoints) points.erase(points.begin(), points.begin() + kMaxPoints / 4);
    points.push_back(x);
  }
};

struct Seed {
  Vector3d x0 = Vector3d::Zero();
  Trace euler, rk4;
};

class LorenzScene : public pbm::Scene {
 public:
  LorenzScene()
      : counter_(system_),
        plot_("|x_Euler - x_RK4| of the selected seed (log)", {"separation"},
              {pbm::colors::kAdaptive}) {
    settings_.method = "rk4";
    settings_.h = 0.01;
    settings_.hMin = 1e-4;
    settings_.hMax = 0.05;
    settings_.tEnd = 20.0;
    settings_.start = {1.0, 1.0, 1.0};
    params_.add("sigma", &lorenz_.sigma, 0.1, 50.0, "Prandtl number sigma (1)");
    params_.add("rho", &lorenz_.rho, 0.1, 100.0, "Rayleigh number rho (1); C+- exist for rho > 1");
    params_.add("beta", &lorenz_.beta, 0.05, 10.0, "geometric factor beta (1)");
    plot_.logY = true;
  }

  std::string name() const override { return "lorenz"; }
  std::string title() const override { return "Lorenz attractor in 3D: Euler vs RK4"; }
  std::string lookFor() const override {
    return "Both curves leave the same seed: Euler (red, your eulerStep) and RK4 (blue). They "
           "agree at first, then part for good: the flow stretches every small difference, so "
           "Euler's larger error per step sends it round the other wing. Both wind around C+ and "
           "C- and never close. Click the translucent plane z = rho - 1 to drop a seed; "
           "right-drag to orbit.";
  }

  std::vector<std::string> methods() const override { return {"rk4", "euler"}; }
  int startSize() const override { return 3; }

  void reset() override {
    seeds_.clear();
    Seed s;
    s.x0 = Vector3d(settings_.start.at(0), settings_.start.at(1), settings_.start.at(2));
    seeds_.push_back(s);
    selected_ = 0;
    restart();
  }
  void settingsChanged() override { restart(); }  // keep the seeds, start their curves over

  void advance(double tLimit, pbm::Host) override {
    const double h = settings_.h;
    const double hStep = pbm::clipStep(time_, h, tLimit);
    system_.params = lorenz_;
    Eigen::VectorXd x(3);
    double t = 0;
    for (auto& s : seeds_) {
      x = s.euler.head;
      counter_.setState(x, time_);
      pbm::eulerStep(counter_, hStep);
      counter_.getState(x, t);
      s.euler.push(x.head<3>());
      x = s.rk4.head;
      counter_.setState(x, time_);
      referenceRk4Step(counter_, hStep);
      counter_.getState(x, t);
      s.rk4.push(x.head<3>());
    }
    // The clock after k fixed steps is k h, computed, not summed.
    time_ = hStep == h ? static_cast<double>(step_ + 1) * h : tLimit;
    ++step_;
    if (selected_ < static_cast<int>(seeds_.size())) {
      const Seed& s = seeds_[selected_];
      plot_.push(time_, {(s.euler.head - s.rk4.head).norm()});
    }
  }
  double time() const override { return time_; }
  long evals() const override { return counter_.evals(); }
  bool stateFinite() const override {
    return std::all_of(seeds_.begin(), seeds_.end(), [](const Seed& s) {
      return s.euler.head.allFinite() && s.rk4.head.allFinite() && s.euler.head.norm() < kBlowUp &&
             s.rk4.head.norm() < kBlowUp;
    });
  }

  // Headless: the --start seed's curve by --method.
  std::vector<std::string> csvColumns() const override { return {"t", "x", "y", "z"}; }
  std::vector<double> csvRow() const override {
    if (seeds_.empty()) return {time_, kNaN, kNaN, kNaN};
    const Vector3d& p =
        settings_.method == "euler" ? seeds_.front().euler.head : seeds_.front().rk4.head;
    return {time_, p.x(), p.y(), p.z()};
  }

  // --- viewer
  pbm::ViewKind view() const override { return pbm::ViewKind::Orbit3D; }
  int stepsPerFrame() const override { return 4; }
  pbm::OrbitView initialOrbit() const override {
    pbm::OrbitView v;
    v.up = Vector3d::UnitZ();  // the classic picture: z up, the two wings side by side
    // The attractor spans about 50 units; aim a little left of its centre so it
    // sits right of the lesson text.
    v.target = Vector3d(-7.0, -3.0, std::max(1.0, lorenz_.rho - 6.0));
    v.distance = 118.0;
    v.yawDeg = 25.0;
    v.pitchDeg = 14.0;
    return v;
  }

  void draw3D(pbm::Canvas3D& canvas) override {
    canvas.groundGrid(30.0, 5.0);
    canvas.axes(12.0);
    drawSeedPlane(canvas);
    drawFixedPoints(canvas);
    for (int i = 0; i < static_cast<int>(seeds_.size()); ++i)
      if (i != selected_) drawSeed(canvas, seeds_[i], false);
    if (selected_ < static_cast<int>(seeds_.size())) drawSeed(canvas, seeds_[selected_], true);
    if (hover_) canvas.point(*hover_, pbm::colors::kText, 7.f);
  }

  bool onPointerDown(const pbm::Pointer& p, int button) override {
    if (button == 1) {  // right click: remove the newest seed
      if (seeds_.empty()) return false;
      seeds_.pop_back();
      selected_ = std::max(0, static_cast<int>(seeds_.size()) - 1);
      plot_.clear();
      return true;
    }
    const auto x0 = p.onPlane(Vector3d::UnitZ(), lorenz_.rho - 1.0);
    if (!x0) return false;
    if (static_cast<int>(seeds_.size()) >= kMaxLorenzSeeds) seeds_.erase(seeds_.begin());
    Seed s;
    s.x0 = *x0;
    s.euler.restart(s.x0);
    s.rk4.restart(s.x0);
    seeds_.push_back(s);
    selected_ = static_cast<int>(seeds_.size()) - 1;
    plot_.clear();
    return false;  // a click, nothing to drag
  }
  void onPointerHover(const pbm::Pointer& p) override {
    hover_ = p.onPlane(Vector3d::UnitZ(), lorenz_.rho - 1.0);
  }

  void hud(std::vector<std::string>& lines) const override {
    lines.push_back(pbm::format("sigma = %.4g, rho = %.4g, beta = %.4g", lorenz_.sigma, lorenz_.rho,
                                lorenz_.beta));
    lines.push_back(
        pbm::format("div f = -(sigma + 1 + beta) = %.4g: volumes shrink", system_.divergence()));
    if (selected_ < static_cast<int>(seeds_.size())) {
      const Seed& s = seeds_[selected_];
      lines.push_back(
          pbm::format("selected seed (%.2f, %.2f, %.2f)", s.x0.x(), s.x0.y(), s.x0.z()));
      lines.push_back(
          pbm::format("  |x_Euler - x_RK4| = %.3g", (s.euler.head - s.rk4.head).norm()));
    }
    lines.push_back(
        pbm::format("%zu seeds x (1 Euler + 4 RK4 evaluations) per step", seeds_.size()));
    if (hover_)
      lines.push_back(pbm::format("cursor on the seed plane: (%.2f, %.2f, %.2f)", hover_->x(),
                                  hover_->y(), hover_->z()));
  }

  void panel() override {
    pbm::ui::textWrapped(
        "Left-click the translucent plane z = rho - 1: a seed there starts an Euler and an RK4 "
        "curve. Right-click: remove the newest seed. Right-drag orbits, shift+right-drag pans, "
        "the wheel dollies.");
    if (pbm::ui::button("Clear seeds")) {
      seeds_.clear();
      selected_ = 0;
      plot_.clear();
    }
    pbm::ui::sameLine();
    if (pbm::ui::button("Default seed")) reset();
    pbm::ui::checkbox("Euler (red)", &showEuler_);
    pbm::ui::sameLine();
    pbm::ui::checkbox("RK4 (blue)", &showRk4_);
    pbm::ui::sameLine();
    pbm::ui::checkbox("seed plane", &showPlane_);
    pbm::ui::separator();
    plot_.draw(pbm::Px2(-1.f, 130.f));
  }

 private:
  void restart() {
    time_ = 0;
    step_ = 0;
    counter_.resetCounts();
    system_.params = lorenz_;
    for (auto& s : seeds_) {
      s.euler.restart(s.x0);
      s.rk4.restart(s.x0);
    }
    plot_.clear();
  }

  void drawSeedPlane(pbm::Canvas3D& canvas) {
    if (!showPlane_) return;
    const double z = lorenz_.rho - 1.0, e = 30.0;
    const Vector3d a(-e, -e, z), b(e, -e, z), c(e, e, z), d(-e, e, z);
    canvas.quad(a, b, c, d, pbm::rgba(130, 150, 190, 34));
    canvas.polyline({a, b, c, d, a}, pbm::withAlpha(pbm::colors::kDim, 120), 1.f);
    canvas.text(Vector3d(0.0, -e, z), "seed plane z = rho - 1 (click to seed)", pbm::colors::kDim,
                {-100.f, 4.f});
  }

  void drawFixedPoints(pbm::Canvas3D& canvas) {
    // DEB §1's fixed points: f = 0 there, so a curve started on one stays.
    const auto fixed = system_.fixedPoints();
    static const std::string names[3] = {"origin", "C+", "C-"};
    for (size_t i = 0; i < fixed.size(); ++i) {
      const Vector3d& p = fixed[i];
      canvas.sphere(p, 1.1, i == 0 ? pbm::colors::kDim : pbm::colors::kAdaptive);
      canvas.text(p, names[i] + pbm::format(" (%.2f, %.2f, %.2f)", p.x(), p.y(), p.z()),
                  i == 0 ? pbm::colors::kText : pbm::colors::kAdaptive, {10.f, -22.f});
    }
  }

  void drawSeed(pbm::Canvas3D& canvas, const Seed& s, bool selected) {
    const int alpha = selected ? 255 : 110;
    const float px = selected ? 2.f : 1.5f;
    canvas.sphere(s.x0, 0.45, pbm::colors::kText);
    if (showEuler_) drawTrace(canvas, s.euler, pbm::withAlpha(pbm::colors::kEuler, alpha), px);
    if (showRk4_) drawTrace(canvas, s.rk4, pbm::withAlpha(pbm::colors::kRk4, alpha), px);
    if (selected) {
      // Below the heads, so they do not cover the fixed points' labels above.
      if (showEuler_) canvas.text(s.euler.head, "Euler", pbm::colors::kEuler, {8.f, 4.f});
      if (showRk4_) canvas.text(s.rk4.head, "RK4", pbm::colors::kRk4, {8.f, 4.f});
    }
  }

  void drawTrace(pbm::Canvas3D& canvas, const Trace& t, pbm::Color c, float px) {
    if (!t.head.allFinite() || t.head.norm() > 1e4) return;
    canvas.polyline(t.points, c, px);
    canvas.sphere(t.head, 0.7, pbm::opaque(c));
  }

  pbm::LorenzParams lorenz_;  // sigma, rho, beta: the --set keys point here
  pbm::LorenzSystem system_;
  pbm::CountingSystem counter_;
  std::vector<Seed> seeds_;
  int selected_ = 0;
  double time_ = 0;
  long step_ = 0;
  std::optional<Vector3d> hover_;
  bool showEuler_ = true, showRk4_ = true, showPlane_ = true;
  pbm::TimePlot plot_;
};

}  // namespace

std::unique_ptr<pbm::Scene> makeLorenzScene() {
  return std::make_unique<LorenzScene>();
}

}  // namespace ch01
