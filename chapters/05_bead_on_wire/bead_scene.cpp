// The bead-on-a-wire scenes (Constrained Dynamics §1-§2, §5).
// One class, four set-ups. The constrained bead is pbm::BeadSystem (bead.h),
// integrated by the chapter-02 methods; beside it the exact pendulum
// (exact_pendulum.h, Jacobi elliptic functions, no integration) as a ghost,
// optionally the parametric bead of §5, and in `penalty` a penalty-spring bead.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <memory>
#include <numbers>
#include <vector>

#include "pbm/app/stepped_scene.h"
#include "pbm/bead/bead.h"
#include "pbm/bead/exact_pendulum.h"
#include "pbm/core/errors.h"
#include "pbm/core/exercise.h"
#include "pbm/core/stepping.h"
#include "pbm/integrators/methods.h"
#include "pbm/viewer/canvas2d.h"
#include "pbm/viewer/plot.h"
#include "scenes.h"

namespace ch05 {

using Eigen::Vector2d;

double feedbackC(double t, double C0, double Cd0, double ks, double kd) {
  const double a = 0.5 * kd;
  const double disc = a * a - ks;
  if (std::abs(disc) <= 1e-12 * std::max(1.0, ks))  // critical (or no feedback at all)
    return (C0 + (Cd0 + a * C0) * t) * std::exp(-a * t);
  if (disc < 0) {
    const double wd = std::sqrt(-disc);
    return std::exp(-a * t) * (C0 * std::cos(wd * t) + (Cd0 + a * C0) / wd * std::sin(wd * t));
  }
  const double s1 = -a + std::sqrt(disc), s2 = -a - std::sqrt(disc);
  const double A = (Cd0 - s2 * C0) / (s1 - s2);
  return A * std::exp(s1 * t) + (C0 - A) * std::exp(s2 * t);
}

namespace {

constexpr double kPi = std::numbers::pi;
constexpr size_t kMaxTrail = 6000;
const pbm::Color kForceColor = pbm::colors::kAdaptive;       // applied force f
const pbm::Color kConstraintColor = pbm::colors::kImplicit;  // constraint force f^
const pbm::Color kVelocityColor = IM_COL32(90, 215, 225, 255);
const pbm::Color kPenaltyColor = IM_COL32(240, 150, 200, 255);

enum class Kind { Pendulum, Spin, OffWire, Penalty };

class BeadScene : public pbm::SteppedScene {
 public:
  explicit BeadScene(Kind kind) : kind_(kind) {
    settings_.method = "rk4";
    settings_.h = 0.01;
    settings_.hMin = 1e-4;
    settings_.hMax = 0.1;
    settings_.tEnd = 10.0;
    switch (kind_) {
      case Kind::Pendulum:
        settings_.method = "euler";
        break;
      case Kind::Spin:
        g_ = 0, angle_ = 0, speed_ = 3, ks_ = 100, kd_ = 20;
        break;
      case Kind::OffWire:
        angle_ = 60, speed_ = 1.5, startR_ = 1.2, ks_ = 25, kd_ = 10;
        break;
      case Kind::Penalty:
        settings_.h = 0.002;
        settings_.hMin = 1e-5;
        break;
    }
    params_.add("radius", &radius_, 0.01, 100.0, "wire radius r, m (> 0)").logScale = true;
    params_.add("mass", &mass_, 0.01, 100.0, "bead mass m, kg").logScale = true;
    params_.add("g", &g_, 0.0, 50.0, "gravity, m/s^2 (downward)");
    params_.add("angle", &angle_, -360.0, 360.0, "start angle from the bottom, degrees (ccw)");
    params_.add("speed", &speed_, -50.0, 50.0, "initial tangential speed, m/s (+ = ccw)");
    params_.add("start_r", &startR_, 0.0, 10.0,
                "initial distance from the centre / radius (1 = on the wire, 0 = centre)");
    if (kind_ == Kind::Penalty) {
      params_.add("k_pen", &kPen_, 1.0, 1e7, "penalty spring stiffness, N/m").logScale = true;
      params_.add("zeta", &zeta_, 0.0, 2.0, "penalty spring damping ratio (1 = critical)");
    } else {
      params_.add("ks", &ks_, 0.0, 1e4, "feedback stiffness of eq (11), 1/s^2 (0 = off)");
      params_.add("kd", &kd_, 0.0, 400.0, "feedback damping of eq (11), 1/s (0 = off)");
      params_.choice("placement", &placement_,
                     {{"in_solve", "in the solve (eq 11)"},
                      {"after", "force after the solve (CD §2.2)"},
                      {"before", "force before the solve: cancelled!"}},
                     "where the feedback term enters (CD §2.2)");
    }
  }

  std::string name() const override {
    switch (kind_) {
      case Kind::Pendulum:
        return "pendulum";
      case Kind::Spin:
        return "spin";
      case Kind::OffWire:
        return "off_wire";
      case Kind::Penalty:
        return "penalty";
    }
    return "";
  }
  std::string title() const override {
    switch (kind_) {
      case Kind::Pendulum:
        return "Bead on a wire: the pendulum (CD §2)";
      case Kind::Spin:
        return "Bead on a wire: uniform circular motion (CD §2, eq 7)";
      case Kind::OffWire:
        return "Bead off the wire: feedback pulls it on (CD §2.2, eq 11)";
      case Kind::Penalty:
        return "Penalty spring instead of a constraint (CD §1)";
    }
    return "";
  }
  std::string lookFor() const override {
    switch (kind_) {
      case Kind::Pendulum:
        return "The bead (method colour) is held on the wire by f^ = lambda (x - c), lambda from "
               "eq (7); the white ring is the exact pendulum (Jacobi elliptic functions). With "
               "Euler and no feedback the path spirals outward (C > 0 grows, §2.2). Turn "
               "feedback on: C stays ~0 but Euler's energy gain goes into speed and blows up. "
               "RK4 drifts by ~1e-5. Left-drag pulls the bead with a mouse spring: it never "
               "leaves the wire.";
      case Kind::Spin:
        return "No gravity, tangential speed s: the constraint force alone bends the path, "
               "lambda = -m s^2/r^2, |f^| = m s^2 / r (centripetal), f^ . v = 0 (no work). "
               "Midpoint at h = 0.02: placement=before (feedback force before the solve) is "
               "cancelled, "
               "so C drifts as with no feedback; in_solve or after holds it.";
      case Kind::OffWire:
        return "The bead starts at 1.2 r: eq (11) asks for C'' = -ks C - kd C', so C(t) follows "
               "the damped oscillator (dashed, closed form) whatever the bead does along the "
               "wire. Try kd = 0 (oscillates), the 'critical' button, placement=before (no pull).";
      case Kind::Penalty:
        return "A stiff damped spring from the centre (rest length r) replaces the constraint: "
               "it only pushes back after the bead has moved off the wire, so accuracy needs "
               "stiffness (sag ~ m g / k) and stiffness needs a small h (RK4: h sqrt(k/m) < "
               "2.8). Raise k_pen until it explodes.";
    }
    return "";
  }
  std::vector<std::string> methods() const override {
    return pbm::methodNames(pbm::integratorMethods());
  }
  int stepsPerFrame() const override {
    return std::max(1, static_cast<int>(std::lround(1.0 / (60.0 * settings_.h))));
  }
  pbm::ViewBox initialView() const override {
    // Without gravity (spin) the bead goes round the whole circle: the
    // circle sits lower, its top below the info box. With gravity the lower
    // half is where the bead and its weight's arrow go.
    if (kind_ == Kind::Spin) return {{0.3 * radius_, 0.5 * radius_}, 1.95 * radius_};
    return {{0.3 * radius_, -0.3 * radius_}, 1.8 * radius_};
  }

  // --- simulation

  void reset() override {
    wire_ = pbm::CircleWire{Vector2d::Zero(), radius_};
    const double phi0 = angle_ * kPi / 180.0;
    const Vector2d n0(std::sin(phi0), -std::cos(phi0));  // outward normal at phi0
    const Vector2d t0(std::cos(phi0), std::sin(phi0));   // ccw tangent
    const Vector2d x0 = wire_.c + startR_ * radius_ * n0;
    if (pbm::beadAtCentre(x0, wire_)) {
      // CD §2.1: grad C = 0 at the centre; stopped before the first step,
      // named as a failed step is (t and h, core/stepping.h).
      char where[128];
      std::snprintf(where, sizeof where, "%s failed at t = 0 s with h = %.6g s: ",
                    kind_ == Kind::Penalty ? "the penalty step" : "the constraint force",
                    settings_.h);
      throw pbm::SimulationDiverged(
          0.0, settings_.h,
          where + pbm::beadSingularMessage(x0) + " (start_r = 0: start the bead off the centre)");
    }
    forces_.g = Vector2d(0, -g_);
    forces_.mouseOn = false;
    forces_.mouseKs = 40 * mass_;  // omega = 6.3 /s, whatever the mass
    forces_.mouseKd = 2 * std::sqrt(forces_.mouseKs * mass_) * 0.3;

    bead_.bead = pbm::Bead{x0, speed_ * t0, mass_};
    bead_.wire = wire_;
    bead_.t = 0;
    pen_.bead = bead_.bead;
    pen_.wire = wire_;
    pen_.t = 0;
    param_.theta = phi0 - 0.5 * kPi;
    param_.thetaDot = speed_ / radius_;
    param_.m = mass_;
    param_.wire = wire_;
    param_.t = 0;
    applyLive();
    stepper_.reset(pbm::findMethod(pbm::integratorMethods(), settings_.method), settings_.h,
                   kind_ == Kind::Penalty ? "the penalty step" : "the constraint force");
    stepper_.watch(active());

    trail_.assign(1, x0);
    plotC_.clear(), plotCdot_.clear(), plotE_.clear(), plotL_.clear();
    reseedExact();  // before any student function, so the ghost is right even when one throws
    E0_ = energy();
    C0_ = pbm::beadC(x0, wire_);
    Cd0_ = pbm::beadCdot(x0, bead_.bead.v, wire_);
    cT0_ = 0;
    snapshot_ = structural();
    snapshotMethod_ = settings_.method;
    pushPlots();
  }

  void advance(double tLimit, pbm::Host) override {
    const double h = stepper_.plan(tLimit);
    stepper_.step(active(), h);
    // The parametric bead (§5) follows with the same method, not counted.
    if (showParametric_ && kind_ != Kind::Penalty)
      stepper_.run([&] { stepper_.method().step(param_, h); });
    stepper_.check(active());
    if (trail_.size() >= kMaxTrail) trail_.erase(trail_.begin(), trail_.begin() + kMaxTrail / 4);
    trail_.push_back(x());
    if (stateFinite()) pushPlots();
  }

  double time() const override { return stepper_.time(); }

  void settingsChanged() override {
    if (structural() != snapshot_ || settings_.method != snapshotMethod_) {
      reset();
      return;
    }
    applyLive();  // feedback gains, placement, gravity, penalty spring: no restart
    if (kind_ != Kind::OffWire)
      reseedExact();
    else
      C0_ = C(), Cd0_ = Cdot(), cT0_ = time();
  }

  // --- CSV: t, x, y, vx, vy, c, c_dot, lambda, energy

  std::vector<std::string> csvColumns() const override {
    return {"t", "x", "y", "vx", "vy", "c", "c_dot", "lambda", "energy"};
  }
  std::vector<double> csvRow() const override {
    const Vector2d p = x(), u = v();
    return {time(), p.x(), p.y(), u.x(), u.y(), C(), Cdot(), lambda(), energy()};
  }

  // --- viewer

  void draw(pbm::Canvas2D& c) override {
    const double r = wire_.r;
    c.circle(wire_.c, r, pbm::colors::kAxis, 4.f);
    c.cross(wire_.c, 5.f, pbm::colors::kDim);
    c.text(wire_.c, "c", pbm::colors::kDim);
    const pbm::Color mc = kind_ == Kind::Penalty ? kPenaltyColor : stepper_.method().colour;
    c.polyline(trail_, pbm::withAlpha(mc, 150), 1.5f);

    if (kind_ == Kind::OffWire)
      c.dashedCircle(wire_.c, std::sqrt(std::max(0.0, r * r + 2 * exactC(time()))),
                     pbm::colors::kExact, 1.f);
    if (showExact_ && kind_ != Kind::OffWire) {
      const Vector2d xe = exact_.position(time(), wire_.c);
      c.circle(xe, 0.07 * r, pbm::colors::kExact, 2.f);
      c.text(xe, "exact", pbm::colors::kExact, {10.f, 4.f});
    }
    if (showParametric_ && kind_ != Kind::Penalty && param_.x().allFinite()) {
      c.dot(param_.x(), 5.f, pbm::colors::kImplicit);
      c.text(param_.x(), "parametric (§5)", pbm::colors::kImplicit, {10.f, 18.f});
    }

    const Vector2d p = x(), u = v();
    if (!p.allFinite() || p.norm() > 1e6 * r) return;
    if (forces_.mouseOn) {
      c.line(p, forces_.cursor, pbm::colors::kDim, 1.f);
      c.cross(forces_.cursor, 5.f, pbm::colors::kText);
    }
    if (showArrows_) drawArrows(c, p, u);
    c.disc(p, 0.045 * r, mc);
    char buf[96];
    std::snprintf(buf, sizeof buf, "%s  C = %.2e", runLabel(), C());
    // Above the bead on the side the constraint force f^ = lambda (x - c)
    // does not point to (its arrow's label sits at the tip), on a dark
    // backdrop that the other arrows pass under.
    const double px = 1.0 / c.camera().pixelsPerUnit();
    const ImVec2 size = ImGui::CalcTextSize(buf);
    const bool left = lambda() * (p - wire_.c).x() > 0.0;
    const float dx = left ? -(size.x + 12.f) : 12.f;
    const Vector2d lo = p + Vector2d((dx - 2) * px, 8 * px),
                   hi = p + Vector2d((dx + size.x + 2) * px, 24 * px);
    c.polygonFilled({lo, Vector2d(hi.x(), lo.y()), hi, Vector2d(lo.x(), hi.y())},
                    pbm::withAlpha(pbm::colors::kBackground, 200));
    c.text(p, buf, mc, {dx, -22.f});
  }

  void hud(std::vector<std::string>& lines) const override {
    char buf[200];
    std::snprintf(buf, sizeof buf, "C = %.3e  C' = %.3e  E - E0 = %.3e J", C(), Cdot(),
                  energy() - E0_);
    lines.push_back(buf);
    if (kind_ == Kind::Penalty) {
      std::snprintf(buf, sizeof buf, "penalty: h sqrt(k/m) = %.3g (RK4 stable below ~2.8)",
                    settings_.h * std::sqrt(kPen_ / mass_));
      lines.push_back(buf);
    }
    double phi, phidot;
    polar(phi, phidot);
    const double lamExact = exactLambda(phi, phidot, mass_, g_, radius_);
    std::snprintf(buf, sizeof buf, "lambda: simulated %.6g, closed form at the bead %.6g N/m",
                  lambda(), lamExact);
    lines.push_back(buf);
    std::snprintf(buf, sizeof buf, "|f^|: simulated %.6g, m(v^2/r + g cos phi) = %.6g N",
                  std::abs(lambda()) * (x() - wire_.c).norm(), std::abs(lamExact) * radius_);
    lines.push_back(buf);
    if (kind_ != Kind::OffWire) {
      double pe, pde;
      exact_.at(time(), pe, pde);
      std::snprintf(buf, sizeof buf, "exact pendulum: lambda %.6g, period %.6g s, k = %.4f%s",
                    exactLambda(pe, pde, mass_, g_, radius_), exact_.period(), exact_.k(),
                    forces_.mouseOn ? " (re-seeded on release)" : "");
      lines.push_back(buf);
    }
  }

  void panel() override {
    // Folding sections, open at start where they fit: the panel fits 1280x800.
    if (kind_ != Kind::Penalty && pbm::panelSection("Feedback (CD §2.2, eq 11)", 110.f, true, 3)) {
      ImGui::TextUnformatted("C'' = -ks C - kd C'");
      bool on = ks_ > 0 || kd_ > 0;
      if (ImGui::Checkbox("feedback on", &on)) {
        if (on)
          ks_ = savedKs_ > 0 ? savedKs_ : 100, kd_ = savedKd_ > 0 ? savedKd_ : 20;
        else
          savedKs_ = ks_, savedKd_ = kd_, ks_ = kd_ = 0;
        settingsChanged();
      }
      ImGui::SameLine();
      if (ImGui::Button("critical: kd = 2 sqrt(ks)")) {
        kd_ = 2 * std::sqrt(ks_);
        settingsChanged();
      }
      bool moved = ImGui::RadioButton("in the solve (eq 11)", &placement_, 0);
      moved |= ImGui::RadioButton("force after the solve (CD §2.2)", &placement_, 1);
      moved |= ImGui::RadioButton("force before the solve: cancelled!", &placement_, 2);
      if (moved) settingsChanged();
    }
    if (pbm::panelSection("Show", 130.f, false, 2)) {
      ImGui::Checkbox("force arrows + construction", &showArrows_);
      if (kind_ != Kind::OffWire) ImGui::Checkbox("exact pendulum", &showExact_);
      if (kind_ != Kind::Penalty) {
        if (ImGui::Checkbox("parametric bead (§5, same method)", &showParametric_) &&
            showParametric_)
          syncParametric();
      }
      if (ImGui::Button("re-seed exact/parametric from the bead")) reseedExact(), syncParametric();
      ImGui::TextDisabled(
          "amber f (applied), violet f^ (constraint), cyan v; dashed: f's tangent part (eq 8) "
          "and normal part. Left-drag: mouse spring.");
    }
    if (pbm::panelSection("Live plots: C and C'", plotC_.height(80.f) + plotCdot_.height(80.f),
                          true, 1)) {
      plotC_.draw({-1.f, 80.f});
      plotCdot_.draw({-1.f, 80.f});
    }
    if (pbm::panelSection("Live plots: energy and lambda",
                          plotE_.height(80.f) + plotL_.height(80.f))) {
      plotE_.draw({-1.f, 80.f});
      plotL_.draw({-1.f, 80.f});
    }
  }

  bool onMouseDown(const Vector2d& w, int button) override {
    if (button != 0) return false;
    forces_.mouseOn = true;
    forces_.cursor = w;
    applyLive();
    return true;
  }
  void onMouseDrag(const Vector2d& w) override {
    forces_.cursor = w;
    applyLive();
  }
  void onMouseUp(const Vector2d&) override {
    forces_.mouseOn = false;
    applyLive();
    reseedExact();
    syncParametric();
  }

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
  double lambda() const {
    if (pbm::beadAtCentre(x(), wire_)) return std::numeric_limits<double>::quiet_NaN();
    if (kind_ == Kind::Penalty) {
      const Vector2d n = x() - wire_.c;
      return pen_.springForce(x(), v()).dot(n) / n.squaredNorm();
    }
    return bead_.evaluate(x(), v()).lambda;
  }
  // Angle from the bottom and its rate, of the bead's own state.
  void polar(double& phi, double& phidot) const {
    const Vector2d d = x() - wire_.c, u = v();
    phi = std::atan2(d.x(), -d.y());
    phidot = (d.x() * u.y() - d.y() * u.x()) / d.squaredNorm();
  }
  const char* runLabel() const {
    return kind_ == Kind::Penalty ? "penalty" : stepper_.method().label.c_str();
  }

  std::vector<double> structural() const {
    return {settings_.h, radius_, mass_, angle_, speed_, startR_};
  }
  void applyLive() {
    forces_.g = Vector2d(0, -g_);
    bead_.forces = forces_;
    bead_.feedback = pbm::BeadFeedback{ks_, kd_};
    bead_.placement = static_cast<pbm::FeedbackPlacement>(placement_);
    pen_.forces = forces_;
    pen_.k = kPen_;
    pen_.d = 2 * zeta_ * std::sqrt(kPen_ * mass_);
    param_.forces = forces_;
  }
  void reseedExact() {
    double phi, phidot;
    polar(phi, phidot);
    exact_.start(phi, phidot, time(), g_, radius_);
  }
  void syncParametric() {
    double phi, phidot;
    polar(phi, phidot);
    param_.theta = phi - 0.5 * kPi;
    param_.thetaDot = phidot;
    param_.t = time();
  }
  double exactC(double t) const { return feedbackC(t - cT0_, C0_, Cd0_, ks_, kd_); }

  void pushPlots() {
    const double lam = lambda();
    plotC_.push(time(), kind_ == Kind::OffWire ? std::vector<double>{C(), exactC(time())}
                                               : std::vector<double>{C()});
    plotCdot_.push(time(), {Cdot()});
    plotE_.push(time(), {energy() - E0_});
    double phi, phidot;
    polar(phi, phidot);
    plotL_.push(time(), {lam, exactLambda(phi, phidot, mass_, g_, radius_)});
  }

  void drawArrows(pbm::Canvas2D& c, const Vector2d& p, const Vector2d& u) {
    const double r = wire_.r;
    const double fRef = std::max({mass_ * g_, mass_ * speed_ * speed_ / r, 1e-9});
    const double fs = 0.4 * r / fRef;  // metres of arrow per newton
    const double vs = 0.15;            // metres of arrow per m/s
    try {
      Vector2d f, fHat;
      if (kind_ == Kind::Penalty) {
        f = forces_.total(p, u, mass_);
        fHat = pen_.springForce(p, u);
      } else {
        const auto e = bead_.evaluate(p, u);
        f = e.f;
        fHat = e.fHat;
      }
      const Vector2d n = p - wire_.c;
      const Vector2d ft = pbm::projectOntoTangent(f, n);  // eq (8)
      if (f.norm() > 1e-9 * fRef) {
        // The construction of §2.3: f = tangent part + normal part.
        c.dashedPolyline({p, p + fs * ft, p + fs * f}, pbm::withAlpha(kForceColor, 160), 1.2f);
        if ((f - ft).norm() > 0.15 * f.norm() && ft.norm() > 0.15 * f.norm())
          c.text(p + fs * ft, "tangent part", pbm::withAlpha(kForceColor, 200), {4.f, 2.f});
        c.arrow(p, p + fs * f, kForceColor, 2.f);
        c.text(p + fs * f, "f", kForceColor, {4.f, -4.f});
      }
      c.arrow(p, p + fs * fHat, kConstraintColor, 2.5f);
      c.text(p + fs * fHat, kind_ == Kind::Penalty ? "spring" : "f^", kConstraintColor,
             {4.f, -4.f});
      c.arrow(p, p + vs * u, kVelocityColor, 2.f);
      c.text(p + vs * u, "v", kVelocityColor, {4.f, -4.f});
    } catch (const pbm::ExerciseNotDone& e) {
      c.text(p, std::string("arrows: ") + e.exercise() + " not done", pbm::colors::kWarning,
             {12.f, 8.f});
    }
  }

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
  ExactPendulum exact_;
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

}  // namespace

std::unique_ptr<pbm::Scene> makePendulumScene() {
  return std::make_unique<BeadScene>(Kind::Pendulum);
}
std::unique_ptr<pbm::Scene> makeSpinScene() {
  return std::make_unique<BeadScene>(Kind::Spin);
}
std::unique_ptr<pbm::Scene> makeOffWireScene() {
  return std::make_unique<BeadScene>(Kind::OffWire);
}
std::unique_ptr<pbm::Scene> makePenaltyScene() {
  return std::make_unique<BeadScene>(Kind::Penalty);
}

}  // namespace ch05
