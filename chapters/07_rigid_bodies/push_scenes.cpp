// The notes' worked examples of forces at points (RBI §5.3-5.5), in the
// notes' coordinates (the pushes run along z; no gravity):
// rotation_free   two equal pushes at (-3, 0, -2) and (3, 0, -2) on the 6 x 2 x 4
//                 block: the torques cancel, the block only translates (§5.3).
// translation_free  opposite pushes at (-3, 0, -2) and (3, 0, 2): a couple, no net
//                 force; the block only turns (§5.4).
// force_vs_torque the same push at the centre of one plank and at the end of
//                 another: the same velocity, more kinetic energy (§5.5).
// A push acts for whole steps while t < push_time (a force that stops inside
// a step would cost Runge-Kutta its order, DEB §2.2).
#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>
#include <memory>
#include <numbers>
#include <vector>

#include "pbm/app/csv.h"
#include "pbm/app/text.h"
#include "pbm/rigid/rigid.h"
#include "pbm/rigid/torque_free.h"
#include "pbm/viewer/canvas3d.h"
#include "pbm/viewer/ui.h"
#include "rigid_scene.h"
#include "scenes.h"

namespace ch07 {

namespace {

using Eigen::Matrix3d;
using Eigen::Vector3d;

constexpr double kInf = std::numeric_limits<double>::infinity();
using pbm::kNaN;  // the CSV's empty cell (app/csv.h)
constexpr pbm::Color kPushColour = pbm::rgba(255, 140, 70, 255);

// A point's path, for drawing.
struct Trail {
  std::deque<Vector3d> points;
  void clear() { points.clear(); }
  void push(const Vector3d& p) {
    if (!points.empty() && (points.back() - p).norm() < 0.01) return;
    points.push_back(p);
    if (points.size() > 4000) points.pop_front();
  }
  void draw(pbm::Canvas3D& canvas, pbm::Color c) const {
    canvas.polyline(std::vector<Vector3d>(points.begin(), points.end()), c, 1.5f);
  }
};

// The common part: pushes (PointForce) switched on while t < push_time.
class PushScene : public RigidScene {
 public:
  PushScene() {
    settings_.tEnd = 4.0;
    showPolhode_ = false;  // no spin to speak of (translation_free: about y only)
  }

 protected:
  void addPushParams(double f, double pushTime) {
    f_ = f, pushTime_ = pushTime;
    params_.add("f", &f_, 0.0, 100.0, "push magnitude f, N");
    params_.add("push_time", &pushTime_, 0.0, 1000.0, "the pushes act while t < push_time, s");
  }
  pbm::PointForce* push(int body, const Vector3d& pointBody, const Vector3d& F,
                        pbm::ForceFrame frame) {
    auto* p = world_.addForce(std::make_unique<pbm::PointForce>(body, pointBody, F, frame));
    pushes_.push_back(p);
    return p;
  }
  void beforeStep() override {
    on_ = time() < pushTime_ - 1e-9 * std::max(1.0, pushTime_);
    if (!on_ && pushEnd_ == kInf) pushEnd_ = time();
    for (auto* p : pushes_) p->tStart = -kInf, p->tEnd = on_ ? kInf : -kInf;
  }
  // Called by build() of the scenes, first.
  void clearPushes() {
    pushes_.clear();
    on_ = pushTime_ > 0.0;
    pushEnd_ = pushTime_ > 0.0 ? kInf : 0.0;
    for (auto& t : trails_) t.clear();
  }
  // The time the pushes stopped, or t while they act.
  double pushedFor() const { return std::min(time(), pushEnd_); }
  bool energyConserved() const override { return false; }
  void drawPushes(pbm::Canvas3D& canvas) {
    for (auto* p : pushes_) {
      const auto& b = world_.bodies.at(p->body);
      const Vector3d at = b.R * p->pointBody + b.x;
      const Vector3d F = p->worldForce(b, time());
      canvas.point(at, kPushColour, 7.f);
      if (F.norm() > 0.0)
        canvas.arrow(at - std::min(3.0, 0.25 * F.norm()) * F.normalized(), at, kPushColour, 3.f,
                     14.f);
    }
  }
  std::string pushText() const {
    return on_ ? pbm::format("pushing (until t = %.4g s)", pushTime_)
               : pbm::format("pushed for %.4g s, now coasting", pushEnd_);
  }

  double f_ = 6.0, pushTime_ = 2.0;
  bool bodyFixed_ = false;
  bool on_ = true;
  double pushEnd_ = kInf;
  std::vector<pbm::PointForce*> pushes_;
  Trail trails_[3];
};

// ------------------------------------------------------------ RBI §5.3 and §5.4

class BlockPushScene : public PushScene {
 public:
  explicit BlockPushScene(bool couple) : couple_(couple) {
    addPushParams(couple ? 13.0 : 6.0, 2.0);
    bodyFixed_ = couple;
    params_.toggle("body_fixed", &bodyFixed_,
                   "on: the push directions turn with the body (R F); off: fixed in the world");
    frameView();
  }
  std::string name() const override { return couple_ ? "translation_free" : "rotation_free"; }
  std::string title() const override {
    return couple_ ? "Translation-free movement: a couple (§5.4)"
                   : "Rotation-free movement: equal pushes (§5.3)";
  }
  std::string lookFor() const override {
    if (couple_)
      return "Two opposite pushes f at (-3, 0, -2) and (3, 0, 2) on the 6 x 2 x 4 block: no net "
             "force, a torque (0, 6f, 0) (RBI §5.4). The centre stays put; the block turns about "
             "y. With body_fixed the pushes turn with it and the angle is tau t^2 / (2 I_yy) "
             "(wire box); fixed in the world they make a pendulum instead.";
    return "Two equal pushes f along z at (-3, 0, -2) and (3, 0, -2) on the 6 x 2 x 4 block, "
           "placed at (5, -2, 1): the torques (0, +-3f, 0) about the centre cancel, so the block "
           "moves without turning (RBI §5.3), with the wire box of x0 + f t^2 / M. Torques "
           "taken about the origin instead would turn it. Toggle body_fixed: nothing changes.";
  }

 protected:
  void build() override {
    clearPushes();
    const Vector3d x0 = couple_ ? Vector3d::Zero() : Vector3d(5.0, -2.0, 1.0);
    pbm::RigidBody b = pbm::makeBlock(12.0, Vector3d(6.0, 2.0, 4.0));  // §5.1's block
    b.x = x0;
    pbm::computeAuxiliary(b);
    world_.add(b);
    const auto frame = bodyFixed_ ? pbm::ForceFrame::Body : pbm::ForceFrame::World;
    if (couple_) {
      push(0, Vector3d(-3, 0, -2), Vector3d(0, 0, f_), frame);
      push(0, Vector3d(3, 0, 2), Vector3d(0, 0, -f_), frame);
    } else {
      push(0, Vector3d(-3, 0, -2), Vector3d(0, 0, f_), frame);
      push(0, Vector3d(3, 0, -2), Vector3d(0, 0, f_), frame);
    }
    theta_ = 0.0;
  }
  void frameView() override {
    const Vector3d x0 = couple_ ? Vector3d::Zero() : Vector3d(5.0, -2.0, 1.0);
    ground_ = x0.y() - 2.0;
    arrowScale_ = 1.0;
    orbit_.target = x0 + Vector3d(0.0, 0.0, couple_ ? 0.0 : 3.0);
    orbit_.distance = couple_ ? 20.0 : 24.0;
    orbit_.yawDeg = 55.0;
    orbit_.pitchDeg = 30.0;
  }
  void afterStep(pbm::Host host) override {
    // theta about y from q = [cos theta/2, sin theta/2 (0, 1, 0)], unwrapped.
    const auto& b = world_.bodies.at(0);
    const double raw = 2.0 * std::atan2(b.q.y(), b.q.w());
    const double prev = std::remainder(theta_, 4.0 * std::numbers::pi);
    theta_ += std::remainder(raw - prev, 4.0 * std::numbers::pi);
    if (host == pbm::Host::Headless) return;
    for (size_t k = 0; k < pushes_.size() && k < 2; ++k)
      trails_[k].push(b.R * pushes_[k]->pointBody + b.x);
  }
  double loopTime() const override { return std::max(10.0, pushTime_ + 6.0); }
  // The couple with body-fixed pushes: torque 6f about y, so
  // theta = 6f t^2 / (2 I_yy) while it acts, then a steady spin (§5.4).
  double thetaExact() const {
    if (!couple_ || !bodyFixed_) return couple_ ? kNaN : 0.0;
    const double alpha = 6.0 * f_ / world_.bodies.at(0).Ibody(1, 1);
    const double tp = pushedFor();
    return 0.5 * alpha * tp * tp + alpha * tp * (time() - tp);
  }
  Vector3d xExact() const {
    // Rotation free: acceleration 2f / M along z while pushed (§5.3).
    const auto& b = world_.bodies.at(0);
    const Vector3d x0 = couple_ ? Vector3d::Zero() : Vector3d(5.0, -2.0, 1.0);
    if (couple_) return x0;
    const double a = 2.0 * f_ / b.mass, tp = pushedFor();
    return x0 + Vector3d(0, 0, 0.5 * a * tp * tp + a * tp * (time() - tp));
  }
  void drawExtras(pbm::Canvas3D& canvas) override {
    const auto& b = world_.bodies.at(0);
    const double th = thetaExact();
    if (std::isfinite(th))
      canvas.wireBox(xExact(), pbm::rotationAbout(Vector3d::UnitY(), th), b.halfExtents,
                     pbm::colors::kExact, 1.5f);
    for (int k = 0; k < 2; ++k) trails_[k].draw(canvas, pbm::withAlpha(kPushColour, 150));
    drawPushes(canvas);
  }
  void extraColumns(std::vector<std::string>& c) const override {
    if (couple_) c.insert(c.end(), {"theta", "theta_exact"});
  }
  void extraRow(std::vector<double>& r) const override {
    if (couple_) r.insert(r.end(), {theta_, thetaExact()});
  }
  void extraHud(std::vector<std::string>& lines) const override {
    const auto& b = world_.bodies.at(0);
    lines.push_back(pushText() + (bodyFixed_ ? ", body-fixed" : ", world-fixed"));
    lines.push_back(
        pbm::format("net force (%.4g, %.4g, %.4g) N", b.force.x(), b.force.y(), b.force.z()));
    lines.push_back(
        pbm::format("torque (%.4g, %.4g, %.4g) N m", b.torque.x(), b.torque.y(), b.torque.z()));
    if (couple_) {
      const double th = thetaExact();
      if (std::isfinite(th))
        lines.push_back(pbm::format("theta = %.6f rad, exact 6f t^2/(2 I_yy) = %.6f", theta_, th));
      else
        lines.push_back(pbm::format("theta = %.6f rad (a pendulum: no ghost)", theta_));
    } else {
      lines.push_back(pbm::format("centre from x0 + f t^2 / M: %.2e m", (b.x - xExact()).norm()));
    }
  }

 private:
  bool couple_;
  double theta_ = 0.0;
};

// ------------------------------------------------------------ RBI §5.5

class ForceVsTorqueScene : public PushScene {
 public:
  ForceVsTorqueScene() {
    addPushParams(1.0, 1.0);
    settings_.tEnd = 1.0;
    frameView();
  }
  std::string name() const override { return "force_vs_torque"; }
  std::string title() const override { return "Force vs torque puzzle (§5.5)"; }
  std::string lookFor() const override {
    return "Two 2 m planks, pushed up by the same f for the same time: A at its centre, B at "
           "its end. Both centres move at the same speed (RBI §5.5); B also spins, so it has more "
           "kinetic energy. The extra is work: the pushed end of B travels farther (orange "
           "path) than A's centre, and KE_B = F . (p(T) - p(0)) exactly (HUD).";
  }

 protected:
  void build() override {
    clearPushes();
    const Vector3d dims(2.0, 0.2, 0.2);
    pbm::RigidBody a = pbm::makeBlock(1.0, dims), b = pbm::makeBlock(1.0, dims);
    // Body 0 is B, so the CSV's body columns describe the plank that spins.
    b.x = Vector3d(1.6, 0.0, 0.0);
    a.x = Vector3d(-1.6, 0.0, 0.0);
    pbm::computeAuxiliary(a);
    pbm::computeAuxiliary(b);
    world_.add(b);
    world_.add(a);
    F_ = Vector3d(0.0, f_, 0.0);
    push(kB, rB_, F_, pbm::ForceFrame::World);
    push(kA, Vector3d::Zero(), F_, pbm::ForceFrame::World);
    pB0_ = pointB();
    workB_ = 0.0;
    extraB_ = 0.0;
  }
  void frameView() override {
    ground_ = -1.0;
    arrowScale_ = 0.4;
    orbit_.target = Vector3d(0.0, 1.5, 0.0);
    orbit_.distance = 10.0;
    orbit_.yawDeg = 8.0;
    orbit_.pitchDeg = 12.0;
    viewShift_ = 0.06;
  }
  void afterStep(pbm::Host host) override {
    // The work of the constant F on B: F . (p(t) - p(0)) while it acts (§5.5).
    if (on_) {
      workB_ = F_.dot(pointB() - pB0_);
      // The part of it beyond A's: F . (R r0 - r0), the longer path of the
      // pushed point relative to the centre (RBI §5.5, Fig. 12).
      const auto& b = world_.bodies.at(kB);
      extraB_ = F_.dot(b.R * rB_ - rB_);
    }
    if (host == pbm::Host::Headless) return;
    trails_[0].push(world_.bodies.at(kA).x);
    trails_[1].push(pointB());
    trails_[2].push(world_.bodies.at(kB).x);
  }
  double loopTime() const override { return std::max(6.0, pushTime_ + 4.0); }
  void drawExtras(pbm::Canvas3D& canvas) override {
    trails_[0].draw(canvas, pbm::withAlpha(pbm::colors::kText, 160));
    trails_[1].draw(canvas, kPushColour);
    trails_[2].draw(canvas, pbm::withAlpha(pbm::colors::kText, 160));
    drawPushes(canvas);
    canvas.text(world_.bodies.at(kA).x, "A (pushed at the centre)", pbm::colors::kText,
                {-60.f, 14.f});
    canvas.text(world_.bodies.at(kB).x, "B (pushed at the end)", pbm::colors::kText, {-60.f, 14.f});
  }
  void extraColumns(std::vector<std::string>& c) const override {
    c.insert(c.end(), {"ke_a", "ke_b", "work_b"});
  }
  void extraRow(std::vector<double>& r) const override {
    r.insert(r.end(), {ke(kA), ke(kB), workB_});
  }
  void extraHud(std::vector<std::string>& lines) const override {
    const double T = pushedFor(), M = world_.bodies.at(kA).mass;
    lines.push_back(pushText());
    lines.push_back(pbm::format("v_A = %.6f, v_B = %.6f m/s (F T/M = %.6f)",
                                world_.bodies.at(kA).v.y(), world_.bodies.at(kB).v.y(),
                                f_ * T / M));
    lines.push_back(
        pbm::format("KE_A = %.6f J (|F|^2 T^2/2M = %.6f)", ke(kA), f_ * f_ * T * T / (2 * M)));
    lines.push_back(pbm::format("KE_B = %.6f J, F.(p(T) - p(0)) = %.6f", ke(kB), workB_));
    lines.push_back(
        pbm::format("KE_B - KE_A = %.6f J, F.(R r0 - r0) = %.6f", ke(kB) - ke(kA), extraB_));
  }

 private:
  static constexpr int kB = 0, kA = 1;
  Vector3d pointB() const {
    const auto& b = world_.bodies.at(kB);
    return b.R * rB_ + b.x;
  }
  double ke(int i) const {
    const auto& b = world_.bodies.at(i);
    return 0.5 * b.P.dot(b.v) + 0.5 * b.omega.dot(b.L);
  }
  Vector3d rB_{1.0, 0.0, 0.0}, F_ = Vector3d::Zero(), pB0_ = Vector3d::Zero();
  double workB_ = 0.0, extraB_ = 0.0;
};

}  // namespace

std::unique_ptr<pbm::Scene> makeRotationFreeScene() {
  return std::make_unique<BlockPushScene>(false);
}
std::unique_ptr<pbm::Scene> makeTranslationFreeScene() {
  return std::make_unique<BlockPushScene>(true);
}
std::unique_ptr<pbm::Scene> makeForceVsTorqueScene() {
  return std::make_unique<ForceVsTorqueScene>();
}

}  // namespace ch07
