// Two cubes dropped on the floor (RBII §8).
//
// cube_corner: a tilted cube lands on one corner. For a cube I = M s^2/6 in
// every direction, so (8-18)'s denominator is K M = 1 + 6 |r x n|^2 / s^2 =
// 11/2 - 6 (r.n)^2 / s^2 (4 for an axis-aligned corner, 1 for a corner
// straight below the centre). The contact point slides after the impulse:
// figure 25's "the tangential velocity stays" holds only when the impulse
// adds no tangential point velocity (spheres, a rod hit square).
//
// cube_flat: the cube lands flat: four corners collide at once, and the
// notes' loop (find_all_collisions) handles them one at a time, in list
// order; the result depends on the order (RBII §8, the end). A simultaneous
// impulse (chapter 10's LCP on velocities) would give v_y = eps v and no
// spin.
#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

#include "impulse_scene.h"
#include "pbm/app/text.h"
#include "pbm/core/errors.h"
#include "pbm/impulse/impulse.h"
#include "pbm/viewer/canvas3d.h"
#include "scenes.h"

namespace ch09 {

namespace {

using Eigen::AngleAxisd;
using Eigen::Matrix3d;
using Eigen::Vector3d;

// The common part: a cube of side `length` whose lowest point is `height`
// above the floor, falling at v0.
class CubeScene : public ImpulseScene {
 public:
  CubeScene() {
    addCollisionParams(0.5, 1e-3, 9.81, 1e-5);
    params_.add("height", &height_, -1.0, 100.0, "initial gap between cube and floor, m");
    params_.add("v0", &v0_, 0.0, 100.0, "initial downward speed, m/s");
    params_.add("mass", &mass_, 1e-3, 1e4, "cube mass M, kg").logScale = true;
    params_.add("length", &side_, 1e-3, 100.0, "cube side s, m");
    settings_.tEnd = 1.0;
  }

 protected:
  virtual Matrix3d orientation() const { return Matrix3d::Identity(); }
  // The lowest corner, from the centre, at the start.
  Vector3d lowestCorner() const {
    const Matrix3d R = orientation();
    Vector3d best = Vector3d::Zero();
    for (int i = 0; i < 8; ++i) {
      const Vector3d c(i & 1 ? 0.5 : -0.5, i & 2 ? 0.5 : -0.5, i & 4 ? 0.5 : -0.5);
      const Vector3d r = R * (side_ * c);
      if (i == 0 || r.y() < best.y()) best = r;
    }
    return best;
  }
  // The impact speed, exact: v0 and the fall through `height`.
  double impactSpeed() const { return std::sqrt(v0_ * v0_ + 2.0 * g_ * std::max(0.0, height_)); }
  void build() override {
    pbm::RigidBody b = pbm::makeBlock(mass_, Vector3d::Constant(side_));
    b.q = Eigen::Quaterniond(orientation());
    b.x = Vector3d(0.0, height_ - lowestCorner().y(), 0.0);
    b.P = Vector3d(0.0, -mass_ * v0_, 0.0);
    world_.add(b, pbm::Shape::box());
    world_.add(makeFixed(Vector3d::Zero()), pbm::Shape::halfSpace(Vector3d::UnitY(), 0.0));
  }
  void frameView() override {
    orbit_.target = Vector3d(0.0, 0.5 * std::max(1.0, height_ + side_), 0.0);
    orbit_.distance = 4.5 * std::max(1.0, height_ + side_) + 1.0;
    floorExtent_ = std::max(2.0, 1.5 * side_);
  }
  double loopTime() const override { return 3.0; }

  double height_ = 0.3, v0_ = 0.0, mass_ = 3.0, side_ = 1.0;
};

// ------------------------------------------------------------- cube_corner

class CubeCornerScene : public CubeScene {
 public:
  CubeCornerScene() { frameView(); }
  std::string name() const override { return "cube_corner"; }
  std::string title() const override { return "A cube landing on a corner"; }
  std::string lookFor() const override {
    return "One corner, one impulse: j = (1 + eps) M v / (K M) with K M = 11/2 - 6 (r.n)^2/s^2 "
           "for a cube (8-18). The impulse passes beside the centre, so the cube starts to spin "
           "and the corner slides along the floor: the tangential velocity is not kept (figure "
           "25 holds for spheres only).";
  }

 protected:
  Matrix3d orientation() const override {
    return (AngleAxisd(0.35, Vector3d::UnitX()) * AngleAxisd(0.5, Vector3d::UnitZ()))
        .toRotationMatrix();
  }
  void build() override {
    CubeScene::build();
    measured_ = false;
  }
  void afterStep(pbm::Host) override {
    if (measured_ || lastStats_.log.empty()) return;
    const auto& b = world_.bodies.at(0);
    measured_ = true;
    j_ = lastStats_.log.front().j;
    // Back to t_c: gravity changed v_y by -g (t - t_c) since; omega is
    // torque-free in flight.
    v_ = b.v + Vector3d(0.0, g_ * (time() - lastImpactT_), 0.0);
    omega_ = b.omega;
  }
  void extraHud(std::vector<std::string>& lines) const override {
    const Vector3d r = lowestCorner(), n = Vector3d::UnitY();
    const double v = impactSpeed();
    const double KM = 5.5 - 6.0 * r.y() * r.y() / (side_ * side_);
    const double j = (1.0 + eps_) * mass_ * v / KM;
    const Vector3d omega = 6.0 / (mass_ * side_ * side_) * r.cross(j * n);
    const Vector3d vcm = Vector3d(0.0, -v + j / mass_, 0.0);
    auto tangential = [&](const Vector3d& vc, const Vector3d& w) {
      const Vector3d u = vc + w.cross(r);
      return Vector3d(u - u.dot(n) * n).norm();
    };
    lines.push_back(pbm::format("corner r = (%.3f, %.3f, %.3f)   K M = 11/2 - 6 (r.n)^2/s^2 = %.6f",
                                r.x(), r.y(), r.z(), KM));
    if (!measured_) {
      lines.push_back(pbm::format("exact: j = %.6f N s at v- = %.6f m/s", j, v));
      return;
    }
    lines.push_back(pbm::format("j = %.6f N s, exact (1+eps) M v/(K M) = %.6f", j_, j));
    lines.push_back(pbm::format("v+ = (%.5f, %.5f, %.5f), exact (0, %.5f, 0)", v_.x(), v_.y(),
                                v_.z(), vcm.y()));
    lines.push_back(pbm::format("omega+ = (%.5f, %.5f, %.5f), exact (%.5f, %.5f, %.5f)", omega_.x(),
                                omega_.y(), omega_.z(), omega.x(), omega.y(), omega.z()));
    lines.push_back(pbm::format("corner's tangential speed after: %.5f m/s (exact %.5f; 0 before)",
                                tangential(v_, omega_), tangential(vcm, omega)));
  }

 private:
  bool measured_ = false;
  double j_ = 0.0;
  Vector3d v_ = Vector3d::Zero(), omega_ = Vector3d::Zero();
};

// --------------------------------------------------------------- cube_flat

// The four corner contacts named by where they sit: 0 (+x,+z), 1 (+x,-z),
// 2 (-x,+z), 3 (-x,-z); an order lists them as the loop should visit them.
const char* const kOrders[] = {"0123", "0312", "3210", "2031"};

class CubeFlatScene : public CubeScene {
 public:
  CubeFlatScene() {
    params_.choice("order", &order_,
                   {{kOrders[0], "0 1 2 3"},
                    {kOrders[1], "0 3 1 2"},
                    {kOrders[2], "3 2 1 0"},
                    {kOrders[3], "2 0 3 1"}},
                   "the first impact's contact order: corners 0 (+x,+z), 1 (+x,-z), 2 (-x,+z), "
                   "3 (-x,-z)");
    frameView();
  }
  std::string name() const override { return "cube_flat"; }
  std::string title() const override { return "A cube landing flat: the order matters"; }
  std::string lookFor() const override {
    return "Four corners collide at once. The notes' loop applies one impulse at a time, in list "
           "order, until none collides (RBII §8): each impulse changes the others' v_rel, so the "
           "cube leaves spinning, and `order` changes how. A simultaneous impulse would give "
           "v_y = eps v and no spin (chapter 10).";
  }

 protected:
  void build() override {
    CubeScene::build();
    firstDone_ = false;
    vAfter_ = omegaAfter_ = Vector3d::Zero();
    firstImpulses_ = firstPasses_ = 0;
  }
  // The first impact by hand, so that its contacts are visited in `order`
  // (stepWithCollisions visits them in the detector's order): step, and if
  // the cube went through the floor bisect to t_c as stepWithCollisions does
  // (RBII §6), run the loop on the ordered list, and go on from Y(t_c)+.
  void takeStep(double t0, double h) override {
    if (firstDone_) {
      ImpulseScene::takeStep(t0, h);
      return;
    }
    const pbm::MethodInfo& m = method();
    pbm::CollisionStats s;
    Eigen::VectorXd y0;
    double tw = 0.0;
    world_.getState(y0, tw);
    const std::vector<pbm::Contact> resting0 = world_.resting;
    if (const pbm::Separation s0 = world_.closest(); s0.gap < -distTol_)
      throw pbm::SimulationDiverged(
          t0, h,
          pbm::format("cube_flat: bodies %d and %d interpenetrate by %g m at t = %g s", s0.a, s0.b,
                      -s0.gap, t0));
    auto simulate = [&](double tau) {
      world_.setState(y0, tw);
      world_.resting = resting0;
      pbm::stepWorld(world_, m, tau);
      s.evals += m.evalsPerStep;
      return world_.closest().gap;
    };
    double tau = h;
    double gap = simulate(h);
    if (gap < -distTol_) {
      int evals = 0;
      tau = pbm::findCollisionTime(
          [&](double t) {
            s.trialTimes.push_back(t0 + t);
            return simulate(t);
          },
          h, distTol_, &evals);
      s.bisections = evals;
      s.events = 1;
      gap = simulate(tau);  // Y(t_c), whatever the bisection evaluated last
    }
    if (std::abs(gap) <= distTol_ && world_.bodies[0].v.y() < 0.0) {
      std::vector<pbm::Contact> cs = world_.contacts(distTol_);
      ordered(cs);
      s.passes = pbm::resolveCollisions(cs, eps_, threshold_, world_.settings.maxPasses, &s.log);
      s.logTimes.resize(s.log.size(), t0 + tau);
      s.impacts = static_cast<int>(s.log.size());
      if (s.events == 0) s.events = 1;
      // The resting list as stepWithCollisions leaves it after an event: the
      // contacts that neither separate nor collide (RBII §8).
      world_.resting.clear();
      for (const auto& c : cs)
        if (pbm::classify(c, threshold_) != pbm::ContactKind::Separating)
          world_.resting.push_back(c);
      firstDone_ = true;
      vAfter_ = world_.bodies[0].v;
      omegaAfter_ = world_.bodies[0].omega;
      firstImpulses_ = s.impacts;
      firstPasses_ = s.passes;
      for (const auto& r : s.log) {
        ImpulseEvent e;
        e.t = t0 + tau;
        e.rec = r;
        e.located = r.contact >= 0 && r.contact < static_cast<int>(cs.size());
        if (e.located) e.p = cs[r.contact].p, e.dir = Vector3d::UnitY();
        locatedByScene_.push_back(e);
      }
    }
    if (h - tau > 0.0) {
      pbm::CollisionStats rest;
      pbm::stepWithCollisions(world_, m, h - tau, &rest);
      s.evals += rest.evals;
      s.impacts += rest.impacts;
      s.events += rest.events;
      if (rest.events > 0) {
        s.passes = rest.passes;
        s.bisections = rest.bisections;
      }
      s.log.insert(s.log.end(), rest.log.begin(), rest.log.end());
      s.logTimes.insert(s.logTimes.end(), rest.logTimes.begin(), rest.logTimes.end());
      s.trialTimes.insert(s.trialTimes.end(), rest.trialTimes.begin(), rest.trialTimes.end());
    }
    account(s, t0, h);
  }
  void extraHud(std::vector<std::string>& lines) const override {
    const double v = impactSpeed();
    lines.push_back(
        pbm::format("order %s (corners 0 +x+z, 1 +x-z, 2 -x+z, 3 -x-z)", kOrders[order_]));
    if (!firstDone_) {
      lines.push_back(
          pbm::format("impact at v- = %.6f m/s; simultaneous: v_y+ = eps v = %.6f", v, eps_ * v));
      return;
    }
    lines.push_back(pbm::format("after the first impact: %d impulses in %d passes", firstImpulses_,
                                firstPasses_));
    lines.push_back(pbm::format("v+ = (%.6f, %.6f, %.6f) m/s   (simultaneous: (0, %.6f, 0))",
                                vAfter_.x(), vAfter_.y(), vAfter_.z(), eps_ * v));
    lines.push_back(pbm::format("omega+ = (%.6f, %.6f, %.6f) rad/s   (simultaneous: 0)",
                                omegaAfter_.x(), omegaAfter_.y(), omegaAfter_.z()));
  }

 private:
  // The contacts put in `order` (corners named by their offset from the
  // centre); a list that is not the four corners stays as it is.
  void ordered(std::vector<pbm::Contact>& cs) const {
    if (cs.size() != 4) return;
    const Vector3d x = world_.bodies[0].x;
    std::vector<pbm::Contact> byCorner(4);
    std::vector<int> seen(4, 0);
    for (const auto& c : cs) {
      const Vector3d d = c.p - x;
      const int k = (d.x() > 0.0 ? 0 : 2) + (d.z() > 0.0 ? 0 : 1);
      if (seen[k]++) return;  // two on one corner: leave the list alone
      byCorner[k] = c;
    }
    for (int i = 0; i < 4; ++i) cs[i] = byCorner[kOrders[order_][i] - '0'];
  }

  int order_ = 0;
  bool firstDone_ = false;
  Vector3d vAfter_ = Vector3d::Zero(), omegaAfter_ = Vector3d::Zero();
  int firstImpulses_ = 0, firstPasses_ = 0;
};

}  // namespace

std::unique_ptr<pbm::Scene> makeCubeCornerScene() {
  return std::make_unique<CubeCornerScene>();
}
std::unique_ptr<pbm::Scene> makeCubeFlatScene() {
  return std::make_unique<CubeFlatScene>();
}

}  // namespace ch09
