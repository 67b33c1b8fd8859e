// Scene `kepler` (DEB §3, adaptive step sizes): an eccentric orbit (mu = 1,
// a = 1, period 2 pi) integrated by adaptive Euler with step doubling. The
// accepted step points are drawn, so their density shows h: crowded near the
// sun where the path bends fast, sparse at aphelion. Probes of rejected
// attempts are faint crosses. Beside it, fixed-h Euler with the same number
// of derivative evaluations per orbit: "if we choose a fixed stepsize, we can
// only proceed as fast as the worst sections of x(t) will allow".
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <memory>
#include <numbers>
#include <vector>

#include "pbm/app/csv.h"
#include "pbm/app/text.h"
#include "pbm/core/exercise.h"
#include "pbm/core/stepping.h"
#include "pbm/fields/euler.h"
#include "pbm/integrators/adaptive_run.h"
#include "pbm/integrators/methods.h"
#include "pbm/viewer/plot.h"
#include "pbm/viewer/ui.h"
#include "point_legend.h"
#include "scenes.h"

namespace ch02 {

namespace {

using Eigen::Vector2d;
using Eigen::VectorXd;
// One period of the orbit (a = 1, GM = 1: 2 pi), also a full turn of the anomaly.
constexpr double kOnePeriod = 2 * std::numbers::pi;
using pbm::kNaN;  // the CSV's empty cell (app/csv.h)

// A planet around a sun of mu = 1 at the origin: state (x, y, vx, vy),
// acceleration -r / |r|^3. Records every state the solver installs, so the
// scene can show where rejected attempts probed.
class KeplerSystem : public pbm::OdeSystem {
 public:
  explicit KeplerSystem(const VectorXd& s0) : s_(s0) {}
  int dim() const override { return 4; }
  void getState(VectorXd& x, double& t) const override { x = s_, t = t_; }
  void setState(const VectorXd& x, double t) override {
    s_ = x, t_ = t;
    if (recording) probes.push_back({x.head<2>(), t});
  }
  void derivEval(VectorXd& xdot) override {
    xdot.resize(4);
    const double r = std::hypot(s_[0], s_[1]), r3 = r * r * r;
    xdot << s_[2], s_[3], -s_[0] / r3, -s_[1] / r3;
  }
  Vector2d pos() const { return s_.head<2>(); }
  const VectorXd& state() const { return s_; }
  double t() const { return t_; }

  struct Probe {
    Vector2d x;
    double t;
  };
  bool recording = false;
  std::vector<Probe> probes;

 private:
  VectorXd s_;
  double t_ = 0;
};

class KeplerScene : public pbm::Scene {
 public:
  KeplerScene()
      : hPlot_("accepted h (log)", {"h"}, {pbm::colors::kAdaptive}),
        ePlot_("error estimate e / tol", {"e / tol", "1"},
               {pbm::colors::kAdaptive, pbm::colors::kExact}) {
    settings_.method = "adaptive";
    settings_.h = 1e-2;
    settings_.hMin = 1e-5;
    settings_.hMax = 0.5;
    settings_.tEnd = kOnePeriod;
    settings_.tol = 1e-4;
    params_.add("eccentricity", &ecc_, 0.0, 0.9, "orbit eccentricity e (a = 1, mu = 1), 1");
    hPlot_.logY = true;
  }

  std::string name() const override { return "kepler"; }
  std::string title() const override { return "Adaptive step sizes on a Kepler orbit"; }
  std::string lookFor() const override {
    return "Adaptive Euler (amber) takes small steps near the sun and long ones at aphelion: "
           "the dots are accepted steps, faint crosses the probes of rejected attempts. Fixed-h "
           "Euler (red) gets the same number of derivative evaluations per orbit and wanders off "
           "the exact ellipse (dashed). Move tol and the eccentricity; the plots show h(t) and the "
           "error estimate e against tol.";
  }
  std::vector<std::string> methods() const override {
    std::vector<std::string> names{pbm::adaptiveEulerMethod().name};
    for (const std::string& n : pbm::methodNames(pbm::integratorMethods())) names.push_back(n);
    return names;
  }
  bool usesTol() const override { return true; }
  int stepsPerFrame() const override { return 3; }
  pbm::ViewBox initialView() const override { return {{-0.65, 0.3}, 1.1}; }

  void reset() override {
    const double rp = 1 - ecc_;  // perihelion distance, speed from the vis-viva equation
    s0_.resize(4);
    s0_ << rp, 0, 0, std::sqrt((1 + ecc_) / (1 - ecc_));
    sys_ = std::make_unique<KeplerSystem>(s0_);
    adaptive_ = settings_.method == pbm::adaptiveEulerMethod().name;
    stepper_.reset(adaptive_ ? pbm::adaptiveEulerMethod()
                             : pbm::findMethod(pbm::integratorMethods(), settings_.method),
                   settings_.h);
    stepper_.watch(*sys_);
    adaptiveRun_.reset(settings_.h);
    lastH_ = 0;
    lastE_ = kNaN;
    time_ = 0;
    accepted_ = {sys_->pos()};
    rejected_.clear();
    hPlot_.clear();
    ePlot_.clear();
    comparison_.reset();
    comparisonEvals_ = 0;
    comparisonNote_.clear();
  }

  void advance(double tLimit, pbm::Host host) override {
    if (!comparison_ && host == pbm::Host::Viewer && comparisonNote_.empty()) startComparison();
    if (adaptive_) {
      sys_->recording = true;
      sys_->probes.clear();
      try {
        adaptiveRun_.advance(*sys_, tLimit, settings_.tol);
      } catch (...) {
        sys_->recording = false;
        throw;
      }
      sys_->recording = false;
      stepper_.check(*sys_);
      lastH_ = adaptiveRun_.lastStep();
      lastE_ = adaptiveRun_.stats().lastError;
      time_ = adaptiveRun_.time();
      // Probes beyond the accepted end belong to rejected attempts.
      for (const auto& p : sys_->probes)
        if (p.t > time_ + 1e-15 && rejected_.size() < 20000) rejected_.push_back(p.x);
    } else {
      stepper_.advance(*sys_, tLimit);
      lastH_ = stepper_.lastStep();
      time_ = stepper_.time();
    }
    if (accepted_.size() < 200000) accepted_.push_back(sys_->pos());
    hPlot_.push(time_, {lastH_});
    if (adaptive_) ePlot_.push(time_, {lastE_ / settings_.tol, 1.0});
    if (comparison_) {  // fixed-h Euler follows at equal time
      while (comparison_->t() + comparisonH_ <= time_ + 1e-12) {
        pbm::eulerStep(*comparison_, comparisonH_);
        if (comparisonTrail_.size() < 200000) comparisonTrail_.push_back(comparison_->pos());
      }
    }
  }

  double time() const override { return time_; }
  double lastStepSize() const override { return lastH_ > 0 ? lastH_ : settings_.h; }
  long evals() const override { return adaptive_ ? adaptiveRun_.stats().evals : stepper_.evals(); }
  bool stateFinite() const override { return !stepper_.diverged(); }

  std::vector<std::string> csvColumns() const override {
    return {"t", "x", "y", "vx", "vy", "r", "h", "evals", "err_est"};
  }
  // h: the step just taken (0 in the first row); err_est: the accepted step's
  // step-doubling estimate (empty for the fixed-step methods).
  std::vector<double> csvRow() const override {
    const VectorXd& s = sys_->state();
    return {time_,
            s[0],
            s[1],
            s[2],
            s[3],
            std::hypot(s[0], s[1]),
            lastH_,
            double(evals()),
            adaptive_ ? lastE_ : kNaN};
  }

  void draw(pbm::Canvas2D& c) override {
    // The exact ellipse: focus at the sun, perihelion on +x.
    const double b = std::sqrt(1 - ecc_ * ecc_);
    std::vector<Vector2d> ellipse;
    for (int i = 0; i <= 360; ++i) {
      const double E = kOnePeriod * i / 360;
      ellipse.emplace_back(std::cos(E) - ecc_, b * std::sin(E));
    }
    c.dashedPolyline(ellipse, pbm::colors::kExact, 1.2f);
    c.dot({0, 0}, 7.f, pbm::rgba(255, 214, 90, 255));
    c.text({0, 0}, "sun", pbm::colors::kDim, {9.f, -6.f});

    std::vector<LegendEntry> legend;
    if (comparison_) {
      c.polyline(bounded(comparisonTrail_), pbm::colors::kEuler, 1.6f);
      const Vector2d p = comparison_->pos();
      if (p.allFinite() && p.norm() < 10) c.dot(p, 4.5f, pbm::colors::kEuler);
      legend.push_back({pbm::colors::kEuler,
                        pbm::format("fixed-h Euler, h = %.3g (same evaluations)", comparisonH_)});
    }
    const pbm::Color mine = stepper_.method().colour;
    const pbm::Color faint = pbm::withAlpha(pbm::colors::kAdaptive, 90);
    for (const auto& p : rejected_) c.cross(p, 3.f, faint, 1.f);
    const auto path = bounded(accepted_);
    c.polyline(path, pbm::withAlpha(mine, 150), 1.2f);
    for (const auto& p : path) c.dot(p, 1.8f, mine);
    const Vector2d p = sys_->pos();
    if (p.allFinite()) c.dot(p, 5.f, mine);
    legend.insert(legend.begin(), {mine, stepper_.method().label});
    drawPointLegend(c, legend);
  }

  void hud(std::vector<std::string>& lines) const override {
    char buf[200];
    if (adaptive_) {
      const pbm::AdaptiveStats& st = adaptiveRun_.stats();
      std::snprintf(buf, sizeof buf,
                    "adaptive Euler: %ld accepted, %ld rejected; h in [%.3g, %.3g] (%.0fx)",
                    st.accepted, st.rejected, st.accepted ? st.hMin : 0.0, st.hMax,
                    st.accepted ? st.hMax / st.hMin : 0.0);
      lines.push_back(buf);
    }
    if (comparison_) {
      std::snprintf(buf, sizeof buf, "fixed-h Euler: h = %.4g, %ld evals per orbit like adaptive",
                    comparisonH_, comparisonEvals_);
      lines.push_back(buf);
    } else if (!comparisonNote_.empty()) {
      lines.push_back(comparisonNote_);
    }
  }

  void panel() override {
    sectionTitle("Step size and error estimate");
    hPlot_.draw(pbm::Px2(-1.f, 140.f));
    if (adaptive_) ePlot_.draw(pbm::Px2(-1.f, 140.f));
    pbm::ui::textWrapped(
        "Step doubling (DEB §3): x_a = one Euler step of h, x_b = two of h/2, e = |x_a - x_b|. "
        "Accept x_b if e <= tol, else retry with h (tol/e)^(1/2). Safety 0.9, growth <= 5x.");
  }

 private:
  // The fixed-h Euler comparison: h = period / (evaluations adaptive Euler
  // spends on one orbit at this tol), measured by a quick run at reset.
  void startComparison() {
    try {
      KeplerSystem probe(s0_);
      pbm::AdaptiveRun run;
      run.reset(settings_.h);
      while (run.time() < kOnePeriod && run.stats().evals < 4000000)
        run.advance(probe, kOnePeriod, settings_.tol);
      const pbm::AdaptiveStats& st = run.stats();
      if (run.time() < kOnePeriod) {
        comparisonNote_ = "(tol too small for a fixed-h comparison)";
        return;
      }
      comparisonEvals_ = st.evals;
      comparisonH_ = kOnePeriod / double(st.evals);
      comparison_ = std::make_unique<KeplerSystem>(s0_);
      comparisonTrail_ = {comparison_->pos()};
    } catch (const pbm::ExerciseNotDone&) {
      comparisonNote_ = "(fixed-h comparison needs adaptiveStep)";
    }
  }

  static std::vector<Vector2d> bounded(const std::vector<Vector2d>& p) {
    std::vector<Vector2d> out;
    for (const auto& v : p) {
      if (!v.allFinite() || v.norm() > 10) break;
      out.push_back(v);
    }
    return out;
  }

  double ecc_ = 0.7;
  VectorXd s0_;
  std::unique_ptr<KeplerSystem> sys_;
  bool adaptive_ = true;
  pbm::Stepper stepper_;  // the chosen method; the divergence rule in both modes
  pbm::AdaptiveRun adaptiveRun_;
  double lastH_ = 0, lastE_ = kNaN, time_ = 0;
  std::vector<Vector2d> accepted_, rejected_;
  pbm::TimePlot hPlot_, ePlot_;

  std::unique_ptr<KeplerSystem> comparison_;
  std::vector<Vector2d> comparisonTrail_;
  double comparisonH_ = 0;
  long comparisonEvals_ = 0;
  std::string comparisonNote_;
};

}  // namespace

std::unique_ptr<pbm::Scene> makeKeplerScene() {
  return std::make_unique<KeplerScene>();
}

}  // namespace ch02
