// Scene `circle` (DEB §2.1 Fig. 4, §2.2): the rotation field (-y, x), whose
// integral curves are circles, integrated from the same start by Euler,
// midpoint and RK4 with the same h. One step multiplies r by
//   Euler sqrt(1 + h^2),  midpoint sqrt(1 + h^4/4),  RK4 sqrt(1 - h^6/72 + h^8/576)
// (DEB §2.1-2.2): Euler spirals out, midpoint barely, RK4 barely in.
// The panel compares r after each revolution with r0 rho^n, draws the
// stability regions with z = +-ih marked, and plots error against h with the
// measured slopes 1, 2, 4. `--method` picks the run the CSV and HUD follow;
// `adaptive` adds adaptive Euler (step doubling, DEB §3) in amber.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <memory>
#include <numbers>
#include <string>
#include <vector>

#include "pbm/app/text.h"
#include "pbm/core/exercise.h"
#include "pbm/core/stepping.h"
#include "pbm/fields/field_point.h"
#include "pbm/fields/fields.h"
#include "pbm/integrators/adaptive_run.h"
#include "pbm/integrators/methods.h"
#include "pbm/viewer/plot.h"
#include "pbm/viewer/ui.h"
#include "point_legend.h"
#include "scenes.h"
#include "stability_inset.h"

namespace ch02 {

namespace {

using Eigen::Vector2d;
constexpr double kTwoPi = 2 * std::numbers::pi;
constexpr size_t kMaxTrail = 40000;

// r per step on the rotation field (C2.1), the prediction the table shows.
double rhoPerStep(const std::string& method, double h) {
  if (method == "euler") return std::sqrt(1 + h * h);
  if (method == "midpoint") return std::sqrt(1 + std::pow(h, 4) / 4);
  if (method == "rk4") return std::sqrt(1 - std::pow(h, 6) / 72 + std::pow(h, 8) / 576);
  return std::numeric_limits<double>::quiet_NaN();
}

// One point moving in the rotation field (chapter 01's FieldPoint) under one
// method, with its stepper (clock, evaluations, divergence) and the path it left.
struct CircleTrack {
  CircleTrack(const Vector2d& x0, const pbm::MethodInfo& method, double h)
      : point(pbm::rotationField, x0), trail{x0} {
    stepper.reset(method, h);
    stepper.watch(point);
  }
  Vector2d x() const {
    Eigen::VectorXd s;
    double t;
    point.getState(s, t);
    return s.head<2>();
  }
  double t() const {
    Eigen::VectorXd s;
    double t;
    point.getState(s, t);
    return t;
  }
  void record() {
    if (trail.size() >=
        kMaxTrail) {  // keep every other point: the shape stays, memory does not grow
      std::vector<Vector2d> half;
      for (size_t i = 0; i < trail.size(); i += 2) half.push_back(trail[i]);
      trail.swap(half);
    }
    trail.push_back(x());
  }
  pbm::FieldPoint point;
  pbm::Stepper stepper;
  std::vector<Vector2d> trail;
  std::vector<double> revR;  // r at the first step ending at or after each revolution
  std::vector<long> revN;    // and the number of steps taken by then
};

class CircleScene : public pbm::Scene {
 public:
  CircleScene() {
    settings_.method = "euler";
    settings_.h = 0.1;
    settings_.hMin = 1e-3;
    settings_.hMax = 1.0;
    settings_.tEnd = kTwoPi;
    settings_.start = {1.0, 0.0};
    settings_.tol = 1e-4;
    params_
        .add("exaggerate", &exaggerate_, 1.0, 1e4,
             "drawing only: r - r0 is drawn this many times larger, 1")
        .logScale = true;
  }

  std::string name() const override { return "circle"; }
  std::string title() const override { return "Euler vs midpoint vs RK4 on circles"; }
  std::string lookFor() const override {
    return "Same start, same h on the rotation field (-y, x), whose exact paths are circles "
           "(dashed). Euler (red) spirals out by sqrt(1+h^2) per step, midpoint (green) by "
           "sqrt(1+h^4/4), RK4 (blue) creeps inward by sqrt(1-h^6/72+h^8/576): the panel's "
           "table checks r after each revolution against r0 rho^n. The inset shows why: "
           "z = +-ih lies outside Euler's and midpoint's stability regions, inside RK4's up to "
           "h = 2 sqrt 2. Change h and watch the error-vs-h slopes 1, 2, 4.";
  }
  std::vector<std::string> methods() const override {
    std::vector<std::string> names = pbm::methodNames(pbm::integratorMethods());
    names.push_back(pbm::adaptiveEulerMethod().name);
    return names;
  }
  int startSize() const override { return 2; }
  bool usesTol() const override { return true; }
  int stepsPerFrame() const override { return 2; }
  pbm::ViewBox initialView() const override { return {{0.35, 0.0}, 2.3}; }

  void reset() override {
    const Vector2d x0(settings_.start[0], settings_.start[1]);
    x0_ = x0;
    tracks_.clear();
    const pbm::MethodList& fixed = pbm::integratorMethods();
    for (const pbm::MethodInfo& m : fixed)
      tracks_.push_back(std::make_unique<CircleTrack>(x0, m, settings_.h));
    adaptive_ = std::make_unique<CircleTrack>(x0, pbm::adaptiveEulerMethod(), settings_.h);
    adaptiveOn_ = settings_.method == pbm::adaptiveEulerMethod().name;
    primary_ = 0;
    if (!adaptiveOn_)
      primary_ = static_cast<int>(&pbm::findMethod(fixed, settings_.method) - fixed.data());
    adaptiveRun_.reset(settings_.h);
    rejectedAt_.clear();
    time_ = 0;
    lastH_ = 0;
    appliedH_ = settings_.h, appliedTol_ = settings_.tol, appliedMethod_ = settings_.method;
  }

  // The exaggeration only changes the drawing: keep the runs going.
  void settingsChanged() override {
    if (appliedH_ != settings_.h || appliedTol_ != settings_.tol ||
        appliedMethod_ != settings_.method)
      reset();
  }

  void advance(double tLimit, pbm::Host host) override {
    if (!adaptiveOn_) {
      stepFixed(tLimit);
      time_ = primaryTrack().stepper.time();
      lastH_ = primaryTrack().stepper.lastStep();
      return;
    }
    // Adaptive Euler: the proposed step, clipped to land on tLimit; the
    // student's adaptiveStep retries smaller until the error estimate meets tol.
    const Vector2d from = adaptive_->x();
    adaptiveRun_.advance(adaptive_->point, tLimit, settings_.tol);
    adaptive_->stepper.check(adaptive_->point);
    if (adaptiveRun_.lastRejected()) rejectedAt_.push_back(from);
    lastH_ = adaptiveRun_.lastStep();
    time_ = adaptiveRun_.time();
    adaptive_->record();
    // The fixed-step spirals follow in the viewer to compare at equal t.
    if (host == pbm::Host::Viewer)
      while ((tracks_[0]->stepper.steps() + 1) * settings_.h <= time_) stepFixed(tLimit);
  }

  double time() const override { return time_; }
  double lastStepSize() const override { return lastH_ > 0 ? lastH_ : settings_.h; }
  long evals() const override {
    return adaptiveOn_ ? adaptiveRun_.stats().evals : primaryTrack().stepper.evals();
  }
  bool stateFinite() const override { return !primaryTrack().stepper.diverged(); }

  std::vector<std::string> csvColumns() const override {
    return {"t", "x", "y", "r", "h", "evals"};
  }
  // h is the step just taken: 0 in the initial row.
  std::vector<double> csvRow() const override {
    const Vector2d x = primaryTrack().x();
    return {time_, x.x(), x.y(), std::hypot(x.x(), x.y()), lastH_, double(evals())};
  }

  void draw(pbm::Canvas2D& c) override {
    // Only fixed points carry labels here; the moving points are named in
    // the legend (drawLegend), not beside them: midpoint and RK4 stay within
    // pixels of each other and Euler's passes them on its first turn.
    c.dot(x0_, 4.f, pbm::colors::kExact);
    c.text(x0_, "start", pbm::colors::kDim, {8.f, 2.f});
    // Midpoint and RK4 stay so close to the circle that they would hide each
    // other: midpoint is drawn wide underneath, RK4 thin on top, the exact
    // circle dashed over both.
    const float width[] = {2.2f, 5.f, 1.6f};
    for (int i : {0, 1, 2})
      c.polyline(shown(tracks_[i]->trail), tracks_[i]->stepper.method().colour, width[i]);
    c.dashedCircle({0, 0}, x0_.norm(), pbm::colors::kExact, 1.2f);
    c.text({0, 0}, "f(x) = (-y, x)", pbm::colors::kDim, {6.f, 4.f});
    if (exaggerate_ > 1) {
      char buf[96];
      std::snprintf(buf, sizeof buf, "r - r0 drawn x%.0f", exaggerate_);
      c.text({0, -x0_.norm()}, buf, pbm::colors::kWarning, {6.f, 4.f});
    }
    for (int i = 0; i < 3; ++i) {
      const auto at = shown({tracks_[i]->x()});
      if (!at.empty()) c.dot(at[0], 4.5f, tracks_[i]->stepper.method().colour);
    }
    if (adaptiveOn_) {
      const auto pts = shown(adaptive_->trail);
      c.polyline(pts, pbm::colors::kAdaptive, 2.f);
      for (const auto& p : pts) c.dot(p, 2.f, pbm::colors::kAdaptive);
      for (const auto& p : shown(rejectedAt_))
        c.cross(p, 4.f, pbm::withAlpha(pbm::colors::kAdaptive, 110));
    }
    drawLegend(c);
  }

  // The radii, outermost track first (Euler spirals out).
  void drawLegend(pbm::Canvas2D& c) const {
    std::vector<LegendEntry> rows;
    for (int i = 0; i < 3; ++i)
      rows.push_back({tracks_[i]->stepper.method().colour,
                      pbm::format("%-14s  r = %.7f", tracks_[i]->stepper.method().label.c_str(),
                                  tracks_[i]->x().norm())});
    if (adaptiveOn_)
      rows.push_back({pbm::colors::kAdaptive,
                      pbm::format("%-14s  r = %.7f", "adaptive Euler", adaptive_->x().norm())});
    drawPointLegend(c, rows);
  }

  void hud(std::vector<std::string>& lines) const override {
    char buf[160];
    const double h = settings_.h;
    std::snprintf(buf, sizeof buf, "rho/step  Euler %.6f  mid %.8f  RK4 %.10f",
                  rhoPerStep("euler", h), rhoPerStep("midpoint", h), rhoPerStep("rk4", h));
    lines.push_back(buf);
    if (adaptiveOn_) {
      const pbm::AdaptiveStats& st = adaptiveRun_.stats();
      std::snprintf(buf, sizeof buf, "adaptive: %ld accepted, %ld rejected, h in [%.3g, %.3g]",
                    st.accepted, st.rejected, st.accepted ? st.hMin : 0.0, st.hMax);
      lines.push_back(buf);
    }
  }

  void panel() override {
    revolutionTable();
    sectionTitle("Stability regions (z = h lambda plane)");
    drawStabilityInset(settings_.h, 200.f);
    sectionTitle("Error after one revolution vs h");
    errorVsH();
  }

 private:
  const CircleTrack& primaryTrack() const { return adaptiveOn_ ? *adaptive_ : *tracks_[primary_]; }

  // One step of every fixed-step track on the same clock; a diverged run
  // stops, the others go on.
  void stepFixed(double tLimit) {
    for (auto& track : tracks_) {
      CircleTrack& tr = *track;
      const double h = tr.stepper.plan(tLimit);
      if (tr.stepper.diverged()) continue;
      tr.stepper.step(tr.point, h);
      tr.stepper.check(tr.point);
      tr.record();
      if (tr.stepper.time() >= kTwoPi * (tr.revR.size() + 1) - 1e-9) {
        tr.revR.push_back(tr.x().norm());
        tr.revN.push_back(tr.stepper.steps());
      }
    }
  }

  // The points as drawn: r - r0 scaled by the exaggeration, stopping where a
  // diverging run leaves any sensible region.
  std::vector<Vector2d> shown(const std::vector<Vector2d>& p) const {
    const double r0 = x0_.norm();
    std::vector<Vector2d> out;
    out.reserve(p.size());
    for (const auto& v : p) {
      const double r = v.norm();
      if (!v.allFinite() || r > 1e5) break;
      out.push_back(r > 0 ? v * std::max(0.0, r0 + exaggerate_ * (r - r0)) / r : v);
    }
    return out;
  }

  void revolutionTable() {
    sectionTitle("r after each revolution (grey: r0 rho^n, n steps)");
    const size_t revs = tracks_[0]->revR.size();
    if (revs == 0) {
      pbm::ui::textDisabled("(one revolution takes t = 2 pi; n = steps taken)");
      return;
    }
    if (pbm::ui::beginTable("revs", 4)) {
      pbm::ui::tableSetupColumn("rev (n)");
      for (const auto& tr : tracks_) pbm::ui::tableSetupColumn(tr->stepper.method().label.c_str());
      pbm::ui::tableHeadersRow();
      const size_t first = revs > 5 ? revs - 5 : 0;
      for (size_t k = first; k < revs; ++k) {
        pbm::ui::tableNextRow();
        pbm::ui::tableNextColumn();
        pbm::ui::text("%zu (%ld)", k + 1, tracks_[0]->revN[k]);
        for (int i = 0; i < 3; ++i) {
          pbm::ui::tableNextColumn();
          const CircleTrack& tr = *tracks_[i];
          if (k >= tr.revR.size()) continue;
          const pbm::MethodInfo& m = tr.stepper.method();
          const double pred = x0_.norm() * std::pow(rhoPerStep(m.name, settings_.h), tr.revN[k]);
          pbm::ui::textColored(m.colour, "%.7g", tr.revR[k]);
          pbm::ui::textDisabled("%.7g", pred);
        }
      }
      pbm::ui::endTable();
    }
  }

  // One revolution with each method for h over two decades; the
  // least-squares slope of log error against log h is the method's order.
  void errorVsH() {
    if (sweepFor_ != settings_.h) {
      sweepFor_ = settings_.h;
      sweep_.clear();
      sweepError_.clear();
      try {
        for (const pbm::MethodInfo& m : pbm::integratorMethods()) {
          pbm::XYSeries s;
          s.color = m.colour;
          for (int i = 0; i <= 8; ++i) {
            const double h = 0.002 * std::pow(100.0, i / 8.0);  // 0.002 .. 0.2
            pbm::FieldPoint p(pbm::rotationField, x0_);
            pbm::Stepper run;
            run.reset(m, h);
            while (run.time() < kTwoPi) run.advance(p, kTwoPi);
            Eigen::VectorXd x;
            double t;
            p.getState(x, t);
            const double err = (x.head<2>() - x0_).norm() / x0_.norm();
            if (err > 1e-11 && std::isfinite(err)) {  // above round-off
              s.x.push_back(h);
              s.y.push_back(err);
            }
          }
          char buf[64];
          std::snprintf(buf, sizeof buf, "%s slope %.2f", m.label.c_str(), slope(s.x, s.y));
          s.name = buf;
          sweep_.push_back(s);
        }
      } catch (const pbm::ExerciseNotDone& e) {
        sweepError_ = e.what();
      }
    }
    if (!sweepError_.empty()) {
      pbm::ui::textWrapped("%s", sweepError_.c_str());
      return;
    }
    auto series = sweep_;
    double lo = 1e300, hi = 0;
    for (const auto& sr : sweep_)
      for (double e : sr.y) lo = std::min(lo, e), hi = std::max(hi, e);
    if (hi > 0)
      series.push_back(
          {"current h", {settings_.h, settings_.h}, {lo, hi}, pbm::colors::kAdaptive, false, true});
    pbm::plotXY("errh", series, pbm::Px2(-1.f, 200.f), true, true, "h (s)", "|x(2 pi) - x0| / r0");
  }

  static double slope(const std::vector<double>& x, const std::vector<double>& y) {
    const double n = double(x.size());
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (size_t i = 0; i < x.size(); ++i) {
      const double a = std::log(x[i]), b = std::log(y[i]);
      sx += a, sy += b, sxx += a * a, sxy += a * b;
    }
    return (n * sxy - sx * sy) / (n * sxx - sx * sx);
  }

  Vector2d x0_{1, 0};
  std::vector<std::unique_ptr<CircleTrack>> tracks_;  // integratorMethods(): Euler, midpoint, RK4
  std::unique_ptr<CircleTrack> adaptive_;
  bool adaptiveOn_ = false;
  int primary_ = 0;
  pbm::AdaptiveRun adaptiveRun_;
  std::vector<Vector2d> rejectedAt_;  // where an adaptive step had to retry
  double time_ = 0;
  double lastH_ = 0;
  double exaggerate_ = 1;
  double appliedH_ = 0, appliedTol_ = 0;
  std::string appliedMethod_;

  double sweepFor_ = -1;
  std::vector<pbm::XYSeries> sweep_;
  std::string sweepError_;
};

}  // namespace

std::unique_ptr<pbm::Scene> makeCircleScene() {
  return std::make_unique<CircleScene>();
}

}  // namespace ch02
