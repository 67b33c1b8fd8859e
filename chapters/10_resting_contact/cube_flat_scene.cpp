// Chapter 09's flat cube again (RBII §8, the end): a cube (side s, mass M)
// falls flat onto the ground from `gap` at v0 and its four bottom corners
// collide at once. `impulses` picks how they are resolved:
//   sequential    chapter 09's loop (resolveCollisions in the detector's
//                 order): one impulse at a time, each changing the others'
//                 v_rel, so the cube leaves spinning;
//   simultaneous  all four at once from the LCP on velocities
//                 (simultaneousImpulses): w = A j + (1 + eps) v^- >= 0,
//                 j >= 0, j^T w = 0, which by symmetry gives v^+ = eps v^-
//                 straight up and no spin.
// At the first impact the scene also resolves a copy of the state the other
// way, so the HUD shows both results beside the closed form.
#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <memory>

#include "pbm/app/text.h"
#include "pbm/core/errors.h"
#include "pbm/impulse/impulse.h"
#include "pbm/resting/contact_forces.h"
#include "resting_scene.h"
#include "scenes.h"

namespace ch10 {

namespace {

using Eigen::Vector3d;

// Chapter 09 holds a contact that leaves slower than this fraction of the
// threshold (RBII §8: resting).
constexpr double kHoldFraction = 1e-3;

struct Outcome {
  bool done = false;
  Vector3d v = Vector3d::Zero(), omega = Vector3d::Zero();
};

class CubeFlatScene : public RestingScene {
 public:
  CubeFlatScene() {
    params_.add("mass", &mass_, 1e-3, 1e4, "cube mass M, kg").logScale = true;
    params_.add("size", &size_, 0.05, 2.0, "cube side s, m");
    params_.add("gap", &gap_, 0.0, 10.0, "height of the cube's bottom face at t = 0, m");
    params_.add("v0", &v0_, 0.0, 20.0, "initial downward speed, m/s");
    params_.add("eps", &eps_, 0.0, 1.0, "coefficient of restitution (8-10)");
    params_.choice("impulses", &mode_,
                   {{"sequential", "sequential (ch. 09)"}, {"simultaneous", "simultaneous (LCP)"}},
                   "how the four corners' impulses are found");
    settings_.tEnd = 1.0;
    maxLabels_ = 4;
    // Less than the base's shift: the labels of the far right corner (f = ...
    // N, a = ...) run right of it and must end left of the panel.
    viewShift_ = 0.07;
  }
  std::string name() const override { return "cube_flat"; }
  std::string title() const override { return "A cube landing flat: one at a time or all at once"; }
  std::string lookFor() const override {
    return "Four corners hit at once. Chapter 09's loop (`impulses` sequential) applies one "
           "impulse at a time and the cube leaves spinning; the LCP on velocities (simultaneous) "
           "gives v+ = eps v straight up and no spin. The HUD shows both, from the same impact, "
           "beside the closed form.";
  }

 protected:
  void build() override {
    world_.settings.eps = eps_;
    world_.add(makeFixedBox(Vector3d::Constant(0.1), Vector3d::Zero()),
               pbm::Shape::halfSpace(Vector3d::UnitY(), 0.0));
    pbm::RigidBody c = pbm::makeBlock(mass_, Vector3d::Constant(size_));
    c.x = Vector3d(0.0, gap_ + 0.5 * size_, 0.0);
    c.P = Vector3d(0.0, -mass_ * v0_, 0.0);
    cube_ = world_.add(c, pbm::Shape::box());
    sequential_ = simultaneous_ = {};
    vMinus_ = 0.0;
    floorExtent_ = std::max(2.0, 1.5 * size_);
  }
  void frameView() override {
    const double top = std::max(1.0, gap_ + size_);
    orbit_.distance = 3.5 * top + 1.5;
    orbit_.target = Vector3d(0.0, 0.45 * top, 0.0);
    orbit_.yawDeg = 25.0;
    orbit_.pitchDeg = 15.0;
  }
  double loopTime() const override { return 3.0; }

  void settle() override { impact(); }

  // Chapter 09's stepWithCollisions with the impacts resolved by impact():
  // step; if the cube went through the ground, bisect to t_c (RBII §6),
  // resolve there, and go on with the rest of the step.
  void takeStep(const pbm::MethodInfo& m, double h, pbm::CollisionStats& st) override {
    const pbm::CollisionSettings& s = world_.settings;
    if (const pbm::Separation s0 = world_.closest(); s0.gap < -s.distTol)
      throw pbm::SimulationDiverged(
          time(), h, pbm::format("cube_flat: the cube is %g m in the ground", -s0.gap));
    double remaining = h;
    Eigen::VectorXd y0;
    for (int event = 0; event < s.maxEventsPerStep; ++event) {
      double t0 = 0.0;
      world_.getState(y0, t0);
      const std::vector<pbm::Contact> resting0 = world_.resting;
      pbm::stepWorld(world_, m, remaining);
      st.evals += m.evalsPerStep;
      if (world_.closest().gap >= -s.distTol) break;
      double lastTau = -1.0;
      auto gapAfter = [&](double tau) {
        world_.setState(y0, t0);
        world_.resting = resting0;
        pbm::stepWorld(world_, m, tau);
        st.evals += m.evalsPerStep;
        lastTau = tau;
        return world_.closest().gap;
      };
      double tc = 0.0;
      try {
        tc = pbm::findCollisionTime(gapAfter, remaining, s.distTol, &st.bisections);
      } catch (const pbm::SolverFailure& e) {
        throw pbm::SimulationDiverged(t0, h, std::string("cube_flat: ") + e.what());
      }
      if (lastTau != tc) gapAfter(tc);  // install Y(t_c)
      ++st.events;
      impact();
      remaining -= tc;
      if (!(remaining > 0.0)) break;
    }
    impact();  // the step's end: arrivals bounce, separations drop
  }

  void extraHud(std::vector<std::string>& lines) const override {
    const double v = std::sqrt(v0_ * v0_ + 2.0 * g_ * gap_);
    lines.push_back(
        pbm::format("impulses: %s   impact speed v- = %.6f m/s (closed form "
                    "sqrt(v0^2 + 2 g gap) = %.6f)",
                    mode_ == 0 ? "sequential" : "simultaneous", vMinus_, v));
    auto row = [&](const char* what, const Outcome& o) {
      if (!o.done) return pbm::format("%s: after the first impact", what);
      return pbm::format("%s: v+ = (%.2g, %.6f, %.2g) m/s, omega+ = (%.4f, %.4f, %.4f) rad/s", what,
                         o.v.x(), o.v.y(), o.v.z(), o.omega.x(), o.omega.y(), o.omega.z());
    };
    lines.push_back(row("sequential   (chapter 09's loop)", sequential_));
    lines.push_back(row("simultaneous (LCP on velocities)", simultaneous_));
    lines.push_back(
        pbm::format("closed form, simultaneous: v+ = (0, eps v-, 0) = (0, %.6f, 0), "
                    "omega+ = 0",
                    eps_ * (vMinus_ > 0.0 ? vMinus_ : v)));
  }

 private:
  // The contacts within distTol at the installed state: the colliding ones
  // bounce (the chosen way), the approach of the others is cancelled, and
  // those that stay become the resting list. At the first collision the
  // other way is tried on a copy of the state too.
  void impact() {
    const bool colliding = anyColliding();
    if (colliding && !sequential_.done) {
      vMinus_ = -world_.bodies[cube_].v.y();
      Eigen::VectorXd y;
      double t = 0.0;
      world_.getState(y, t);
      const std::vector<pbm::Contact> resting0 = world_.resting;
      resolve(1 - mode_);
      (mode_ == 0 ? simultaneous_ : sequential_) = outcome();
      world_.setState(y, t);
      world_.resting = resting0;
      resolve(mode_);
      (mode_ == 0 ? sequential_ : simultaneous_) = outcome();
      return;
    }
    resolve(mode_);
  }
  bool anyColliding() {
    for (const auto& c : world_.contacts(world_.settings.distTol))
      if (pbm::classify(c, world_.settings.threshold) == pbm::ContactKind::Colliding) return true;
    return false;
  }
  Outcome outcome() const { return {true, world_.bodies[cube_].v, world_.bodies[cube_].omega}; }
  void resolve(int mode) {
    if (mode == 0) {
      pbm::settleContacts(world_);  // chapter 09's loop, exactly
      return;
    }
    const pbm::CollisionSettings& s = world_.settings;
    std::vector<pbm::Contact> cs;
    for (const auto& c : world_.contacts(s.distTol))
      if (!pbm::isFixedBody(*c.a) || !pbm::isFixedBody(*c.b)) cs.push_back(c);
    auto approaching = [&](double below) {
      for (const auto& c : cs)
        if (pbm::relativeNormalVelocity(c) < below) return true;
      return false;
    };
    if (approaching(-s.threshold)) pbm::simultaneousImpulses(cs, s.eps);
    // The resting ones' approach, cancelled all at once too (eps = 0).
    if (approaching(0.0)) pbm::simultaneousImpulses(cs, 0.0);
    world_.resting.clear();
    for (const auto& c : cs)
      if (pbm::relativeNormalVelocity(c) <= kHoldFraction * s.threshold)
        world_.resting.push_back(c);
  }

  double mass_ = 1.0, size_ = 1.0, gap_ = 0.3, v0_ = 0.0, eps_ = 0.5;
  int mode_ = 0, cube_ = -1;
  double vMinus_ = 0.0;
  Outcome sequential_, simultaneous_;
};

}  // namespace

std::unique_ptr<pbm::Scene> makeCubeFlatScene() {
  return std::make_unique<CubeFlatScene>();
}

}  // namespace ch10
