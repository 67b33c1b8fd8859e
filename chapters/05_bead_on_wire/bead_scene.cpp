// The bead scene's set-up and stepping (bead_scene.h): the four set-ups, the
// reset, one step of the active bead (and the parametric one beside it), the
// live settings, the CSV row, and the closed form of C(t) under feedback.
#include "bead_scene.h"

#include <cstdio>
#include <limits>
#include <memory>
#include <numbers>

#include "pbm/core/errors.h"
#include "pbm/core/stepping.h"

namespace ch05 {

namespace {
constexpr double kPi = std::numbers::pi;
constexpr size_t kMaxTrail = 6000;
}  // namespace

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

BeadScene::BeadScene(Kind kind) : kind_(kind) {
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

std::string BeadScene::name() const {
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

std::string BeadScene::title() const {
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

std::string BeadScene::lookFor() const {
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

pbm::ViewBox BeadScene::initialView() const {
  // Without gravity (spin) the bead goes round the whole circle: the
  // circle sits lower, its top below the info box. With gravity the lower
  // half is where the bead and its weight's arrow go.
  if (kind_ == Kind::Spin) return {{0.3 * radius_, 0.5 * radius_}, 1.95 * radius_};
  return {{0.3 * radius_, -0.3 * radius_}, 1.8 * radius_};
}

void BeadScene::reset() {
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

void BeadScene::advance(double tLimit, pbm::Host) {
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

void BeadScene::settingsChanged() {
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

double BeadScene::lambda() const {
  if (pbm::beadAtCentre(x(), wire_)) return std::numeric_limits<double>::quiet_NaN();
  if (kind_ == Kind::Penalty) {
    const Vector2d n = x() - wire_.c;
    return pen_.springForce(x(), v()).dot(n) / n.squaredNorm();
  }
  return bead_.evaluate(x(), v()).lambda;
}

void BeadScene::polar(double& phi, double& phidot) const {
  const Vector2d d = x() - wire_.c, u = v();
  phi = std::atan2(d.x(), -d.y());
  phidot = (d.x() * u.y() - d.y() * u.x()) / d.squaredNorm();
}

void BeadScene::applyLive() {
  forces_.g = Vector2d(0, -g_);
  bead_.forces = forces_;
  bead_.feedback = pbm::BeadFeedback{ks_, kd_};
  bead_.placement = static_cast<pbm::FeedbackPlacement>(placement_);
  pen_.forces = forces_;
  pen_.k = kPen_;
  pen_.d = 2 * zeta_ * std::sqrt(kPen_ * mass_);
  param_.forces = forces_;
}

void BeadScene::reseedExact() {
  double phi, phidot;
  polar(phi, phidot);
  exact_.start(phi, phidot, time(), g_, radius_);
}

void BeadScene::syncParametric() {
  double phi, phidot;
  polar(phi, phidot);
  param_.theta = phi - 0.5 * kPi;
  param_.thetaDot = phidot;
  param_.t = time();
}

void BeadScene::pushPlots() {
  const double lam = lambda();
  plotC_.push(time(), kind_ == Kind::OffWire ? std::vector<double>{C(), exactC(time())}
                                             : std::vector<double>{C()});
  plotCdot_.push(time(), {Cdot()});
  plotE_.push(time(), {energy() - E0_});
  double phi, phidot;
  polar(phi, phidot);
  plotL_.push(time(), {lam, pbm::exactLambda(phi, phidot, mass_, g_, radius_)});
}

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
