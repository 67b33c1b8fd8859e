// Scene spring_chain: a stiff chain of zero-rest-length springs, F = -K x
// (Implicit Methods §4). The chosen method and the implicit second-order step
// (4-5), solved by conjugate gradients, run from the same plucked shape. With
// no drag the exact motion keeps its energy; explicit Euler and midpoint gain
// energy for every h (their regions miss the imaginary axis), RK4 holds until
// h omega_max > 2 sqrt 2, and implicit Euler always loses energy (IM §4):
// E0 - E1 = 1/2 dv^T M dv + 1/2 dx^T K dx + h v1^T D v1.
#include <cmath>
#include <optional>
#include <vector>

#include "pbm/app/text.h"
#include "pbm/core/exercise.h"
#include "pbm/core/stepping.h"
#include "pbm/stiffness/methods.h"
#include "pbm/stiffness/spring_network.h"
#include "pbm/viewer/canvas2d.h"
#include "pbm/viewer/plot.h"
#include "pbm/viewer/ui.h"
#include "scenes.h"

namespace ch03 {

namespace {

using Eigen::Vector2d;
using Eigen::VectorXd;

constexpr double kSpan = 4.0;   // m between the pinned ends
constexpr double kPluck = 0.8;  // m, height of the initial pluck

// One chain under one method. Explicit methods step the first-order
// NetworkSystem (x, v); "implicit" here is the second-order step (4-5) on
// (x, v) directly, which the scene takes itself (Stepper::run).
struct Chain {
  std::optional<pbm::NetworkSystem> sys;
  pbm::Stepper stepper;
  VectorXd x, v;  // the implicit chain's state
  int cgIterations = 0;
  bool frozen = false;  // viewer only: diverged, no longer stepped
  double frozenAt = 0.0;

  const pbm::MethodInfo& method() const { return stepper.method(); }
  bool implicit() const { return pbm::isImplicitEuler(method()); }
  VectorXd positions() const { return implicit() ? x : sys->positions(); }
  VectorXd velocities() const { return implicit() ? v : sys->velocities(); }
};

class SpringChainScene : public pbm::Scene {
 public:
  SpringChainScene() {
    settings_.method = "rk4";
    settings_.h = 0.005;
    settings_.hMin = 1e-5;
    settings_.hMax = 0.5;
    settings_.tEnd = 5.0;
    params_.add("k_s", &ks_, 1.0, 1e6, "spring stiffness, N/m").logScale = true;
    params_.add("mass", &mass_, 1e-3, 10.0, "mass of each particle, kg").logScale = true;
    params_.add("n", &n_, 3, 400, "particles, the two ends pinned").integer = true;
    params_.add("drag", &drag_, 0.0, 10.0, "viscous drag on every particle, N s/m");
    params_.add("gravity", &gravity_, 0.0, 20.0, "gravity, m/s^2");
  }

  std::string name() const override { return "spring_chain"; }
  std::string title() const override { return "A stiff spring chain: implicit step (4-5)"; }
  std::string lookFor() const override {
    return "A plucked chain of stiff springs, F = -K x. The chosen method (colour) and implicit "
           "Euler (violet, CG solve) start together. Raise k_s: RK4 explodes once h omega_max > "
           "2.83, implicit never does, but its energy plot shows the price: numerical damping.";
  }
  std::vector<std::string> methods() const override {
    return pbm::methodNames(pbm::stiffnessMethods());
  }
  int stepsPerFrame() const override {
    return std::max(1, static_cast<int>(std::lround((1.0 / 60.0) / settings_.h)));
  }

  void reset() override {
    const int n = static_cast<int>(n_);
    net_ = pbm::makeChain(n, mass_, ks_);
    net_.drag = drag_;
    net_.gravity = gravity_;
    net_.assemble();
    x0_ = pbm::pluckedChain(n, kSpan, kPluck);
    e0_ = net_.potential(x0_);
    start(main_, pbm::findMethod(pbm::stiffnessMethods(), settings_.method));
    start(partner_, pbm::implicitEulerMethod());
    message_.clear();
    plot_ = pbm::TimePlot("energy E, J", {main_.method().label, partner_.method().label, "E(0)"},
                          {main_.method().colour, partner_.method().colour, pbm::colors::kDim});
  }

  void advance(double tLimit, pbm::Host host) override {
    const bool viewer = host == pbm::Host::Viewer;
    stepChain(main_, tLimit, viewer);
    if (viewer && !main_.implicit() && message_.empty()) {
      try {
        stepChain(partner_, tLimit, viewer);
      } catch (const pbm::ExerciseNotDone& e) {
        message_ = "implicit Euler: exercise " + e.exercise() + " not done yet";
      }
    }
    if (viewer)
      plot_.push(time(), {main_.frozen ? NAN : energy(main_),
                          message_.empty() && !main_.implicit() ? energy(partner_) : NAN, e0_});
  }

  double time() const override { return main_.stepper.time(); }
  double lastStepSize() const override { return main_.stepper.lastStep(); }
  long evals() const override { return main_.stepper.evals(); }
  // In the viewer a diverged chain is frozen and the implicit one goes on.
  bool stateFinite() const override { return main_.frozen || !main_.stepper.diverged(); }
  // Springs, gravity and drag only: the exact motion keeps its energy or loses
  // it to drag, so a chain that gains a hundredfold blew up (headless.h),
  // even while its state has grown only 10^5-fold (midpoint at h omega > 2).
  double boundedEnergy() const override { return energy(main_); }

  std::vector<std::string> csvColumns() const override {
    return {"t", "energy", "kinetic", "potential", "mid_x", "mid_y", "evals", "cg_iterations"};
  }
  std::vector<double> csvRow() const override {
    const VectorXd x = main_.positions(), v = main_.velocities();
    const int mid = net_.particles / 2;
    const double ke = net_.kinetic(v), pe = net_.potential(x);
    return {time(),
            ke + pe,
            ke,
            pe,
            x[2 * mid],
            x[2 * mid + 1],
            static_cast<double>(main_.stepper.evals()),
            main_.implicit() ? static_cast<double>(main_.cgIterations) : NAN};
  }

  pbm::ViewBox initialView() const override { return {{0.0, 0.45}, 2.0}; }

  void draw(pbm::Canvas2D& c) override {
    if (!main_.implicit() && message_.empty()) drawChain(c, partner_);
    drawChain(c, main_);
    for (int p : {0, net_.particles - 1}) {
      const Vector2d q(x0_[2 * p], x0_[2 * p + 1]);
      c.cross(q, 8.f, pbm::colors::kText, 2.f);
    }
    if (!message_.empty()) c.text({-kSpan / 2, -1.0}, message_, pbm::colors::kWarning);
    if (main_.frozen)
      c.text(
          {-kSpan / 2, 1.1},
          pbm::format("%s diverged at t = %.3g s (h omega_max = %.3g); implicit Euler carries on",
                      main_.method().label.c_str(), main_.frozenAt, settings_.h * omegaMax()),
          pbm::colors::kWarning);
  }

  void hud(std::vector<std::string>& lines) const override {
    const double w = omegaMax();
    lines.push_back(pbm::format("omega_max = %.4g rad/s   h omega_max = %.3g", w, settings_.h * w));
    lines.push_back(pbm::format("RK4 needs h < 2.83/omega_max = %.3g s", 2.0 * std::sqrt(2.0) / w));
    const Chain& imp = main_.implicit() ? main_ : partner_;
    lines.push_back(pbm::format("CG iterations last step: %d", imp.cgIterations));
  }

  void panel() override {
    // The message drawn beside the body may sit under the lesson box: here too.
    if (!message_.empty()) pbm::ui::textColored(pbm::colors::kWarning, "%s", message_.c_str());
    const double w = omegaMax();
    pbm::ui::textWrapped("omega_max = 2 sqrt(k_s/m) sin(N pi/(2(N+1))) = %.4g rad/s", w);
    pbm::ui::text("h omega_max = %.3g", settings_.h * w);
    pbm::ui::textWrapped(
        "undamped, explicit Euler and midpoint gain energy for every h; RK4 is "
        "stable for h < %.3g s; implicit Euler for every h.",
        2.0 * std::sqrt(2.0) / w);
    pbm::ui::text("E(0) = %.4g J", e0_);
    if (!main_.frozen)
      pbm::ui::textColored(main_.method().colour, "%s: E = %.4g J", main_.method().label.c_str(),
                           energy(main_));
    if (!main_.implicit() && message_.empty())
      pbm::ui::textColored(partner_.method().colour, "%s: E = %.4g J",
                           partner_.method().label.c_str(), energy(partner_));
    plot_.draw({-1.f, 160.f});
  }

 private:
  double omegaMax() const { return pbm::chainOmegaMax(net_.particles, mass_, ks_); }

  void start(Chain& ch, const pbm::MethodInfo& m) {
    const VectorXd v0 = VectorXd::Zero(net_.coords());
    ch.sys.emplace(net_, x0_, v0);
    ch.stepper.reset(m, settings_.h, "implicit step (4-5)");
    ch.stepper.watch(x0_);  // the divergence rule on the positions
    ch.x = x0_;
    ch.v = v0;
    ch.cgIterations = 0;
    ch.frozen = false;
  }

  void stepChain(Chain& ch, double tLimit, bool viewer) {
    const double h = ch.stepper.plan(tLimit);  // the clock runs on for a frozen chain
    if (ch.frozen) return;
    if (ch.implicit()) {
      ch.stepper.run([&] {
        ch.cgIterations = pbm::implicitNetworkStep(net_, ch.x, ch.v, h).iterations;
        ch.stepper.countEvals(1);  // F0 once per step (the Jacobians are constant)
      });
    } else {
      ch.stepper.step(*ch.sys, h);
      ch.stepper.installClock(*ch.sys);
    }
    if (ch.stepper.check(ch.positions()) && viewer) {
      ch.frozen = true;
      ch.frozenAt = ch.stepper.time();
    }
  }

  double energy(const Chain& ch) const {
    return net_.kinetic(ch.velocities()) + net_.potential(ch.positions());
  }

  void drawChain(pbm::Canvas2D& c, const Chain& ch) const {
    if (ch.frozen) return;
    const VectorXd x = ch.positions();
    std::vector<Vector2d> pts;
    for (int p = 0; p < net_.particles; ++p)
      pts.push_back(Vector2d(x[2 * p], x[2 * p + 1]).cwiseMax(-1e4).cwiseMin(1e4));
    const pbm::Color col = ch.method().colour;
    c.polyline(pts, col, 2.f);
    if (net_.particles <= 60)
      for (const auto& q : pts) c.dot(q, 3.5f, col);
    const Vector2d label = pts[pts.size() / 2];
    c.text(label, ch.method().label, col, {8.f, ch.implicit() ? 6.f : -22.f});
  }

  double ks_ = 200.0, mass_ = 0.05, n_ = 16, drag_ = 0.0, gravity_ = 9.81;
  pbm::SpringNetwork net_;
  VectorXd x0_;
  double e0_ = 0.0;
  Chain main_, partner_;
  std::string message_;
  pbm::TimePlot plot_{"E", {}, {}};
};

}  // namespace

std::unique_ptr<pbm::Scene> makeSpringChainScene() {
  return std::make_unique<SpringChainScene>();
}

}  // namespace ch03
