// Billiards: n balls on a frictionless table inside four walls (RBII §7.2,
// §8). Chapter 08's coherent sweep-and-sort (CoherentSweep3D) runs on the
// balls' AABBs every step and counts the candidate pairs beside brute
// force's n(n-1)/2; the impulses of each step are counted too. With eps = 1
// no energy is lost (claim: Delta T = -(1 - eps^2) v_rel-^2 / (2K)).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <vector>

#include "impulse_scene.h"
#include "pbm/app/text.h"
#include "pbm/collision/broadphase.h"
#include "pbm/core/split_mix64.h"
#include "pbm/viewer/canvas3d.h"
#include "pbm/viewer/ui.h"
#include "scenes.h"

namespace ch09 {

namespace {

using Eigen::Matrix3d;
using Eigen::Vector3d;

constexpr int kMaxBilliardBalls = 300;
constexpr pbm::Color kRail = pbm::rgba(70, 120, 90, 255);

class BilliardsScene : public ImpulseScene {
 public:
  BilliardsScene()
      : workPlot_("per step", {"impulses", "AABB pairs"},
                  {pbm::rgba(255, 120, 90, 255), pbm::colors::kAdaptive}) {
    addCollisionParams(1.0, 1e-3, 9.81);
    params_.add("n", &n_, 1.0, kMaxBilliardBalls, "balls").integer = true;
    params_.add("v0", &v0_, 0.0, 100.0, "largest initial speed, m/s");
    params_.add("radius", &radius_, 1e-3, 10.0, "ball radius, m");
    params_.add("mass", &mass_, 1e-3, 1e4, "ball mass, kg").logScale = true;
    settings_.tEnd = 2.0;
    frameView();
  }
  std::string name() const override { return "billiards"; }
  std::string title() const override { return "Billiards: many balls, a sweep for the pairs"; }
  std::string lookFor() const override {
    return "Balls bounce off each other and the rails. Chapter 08's coherent sweep finds the "
           "candidate pairs from the AABBs (RBII §7.2.2): a handful against n(n-1)/2 for brute "
           "force. With eps = 1 the kinetic energy stays; lower eps and it drains at every "
           "impulse. P changes only at the rails; L about the origin too.";
  }

 protected:
  void build() override {
    const int n = static_cast<int>(n_);
    const int cols = static_cast<int>(std::ceil(std::sqrt(2.0 * n)));
    const int rows = (n + cols - 1) / cols;
    const double s = 3.0 * radius_;
    halfW_ = 0.5 * (cols + 1) * s * 1.5;
    halfD_ = 0.5 * (rows + 1) * s * 1.5;
    pbm::SplitMix64 rng{42};  // the same numbers on every platform: a reproducible CSV
    for (int i = 0; i < n; ++i) {
      const double x = -halfW_ + 1.5 * s * (1 + i % cols);
      const double z = -halfD_ + 1.5 * s * (1 + i / cols);
      pbm::RigidBody b = makeBall(mass_, radius_, Vector3d(x, radius_, z));
      const double a = 2.0 * 3.141592653589793 * rng.uniform();
      const double speed = v0_ * (0.3 + 0.7 * rng.uniform());
      b.P = mass_ * speed * Vector3d(std::cos(a), 0.0, std::sin(a));
      world_.add(b, pbm::Shape::sphere(radius_));
    }
    world_.add(makeFixed(Vector3d::Zero()), pbm::Shape::halfSpace(Vector3d::UnitY(), 0.0));
    world_.add(makeFixed(Vector3d(-halfW_, 0, 0)),
               pbm::Shape::halfSpace(Vector3d::UnitX(), -halfW_));
    world_.add(makeFixed(Vector3d(halfW_, 0, 0)),
               pbm::Shape::halfSpace(-Vector3d::UnitX(), -halfW_));
    world_.add(makeFixed(Vector3d(0, 0, -halfD_)),
               pbm::Shape::halfSpace(Vector3d::UnitZ(), -halfD_));
    world_.add(makeFixed(Vector3d(0, 0, halfD_)),
               pbm::Shape::halfSpace(-Vector3d::UnitZ(), -halfD_));
    ballCount_ = n;
    computeAabbs();
    sweep_.init(aabb_);
    pairs_ = sweep_.overlaps().size();
    stats_ = {};
    workPlot_.clear();
  }
  void frameView() override {
    const int n = static_cast<int>(n_);
    const int cols = static_cast<int>(std::ceil(std::sqrt(2.0 * n)));
    const double w = (cols + 1) * 4.5 * radius_;
    orbit_.target = Vector3d(0.0, 0.0, 0.0);
    orbit_.distance = 2.6 * w + 1.0;
    viewShift_ = 0.2;  // the table right of the HUD box
    orbit_.pitchDeg = 50.0;
    floorExtent_ = std::max(1.0, 0.6 * w + 0.5);
  }
  void afterStep(pbm::Host host) override {
    if (ballCount_ == 0) return;
    computeAabbs();
    sweep_.update(aabb_);
    stats_ = sweep_.stats();
    pairs_ = sweep_.overlaps().size();
    if (host == pbm::Host::Viewer)
      workPlot_.push(time(),
                     {static_cast<double>(lastStats_.impacts), static_cast<double>(pairs_)});
  }
  void drawExtras(pbm::Canvas3D& canvas) override {
    // The rails, just outside the walls.
    const double t = 0.05, hgt = 1.2 * radius_;
    canvas.box(Vector3d(-halfW_ - t, 0.5 * hgt, 0), Matrix3d::Identity(),
               Vector3d(t, 0.5 * hgt, halfD_ + 2 * t), kRail);
    canvas.box(Vector3d(halfW_ + t, 0.5 * hgt, 0), Matrix3d::Identity(),
               Vector3d(t, 0.5 * hgt, halfD_ + 2 * t), kRail);
    canvas.box(Vector3d(0, 0.5 * hgt, -halfD_ - t), Matrix3d::Identity(),
               Vector3d(halfW_, 0.5 * hgt, t), kRail);
    canvas.box(Vector3d(0, 0.5 * hgt, halfD_ + t), Matrix3d::Identity(),
               Vector3d(halfW_, 0.5 * hgt, t), kRail);
  }
  void extraHud(std::vector<std::string>& lines) const override {
    const double n = ballCount_;
    const long swaps = stats_.swaps[0] + stats_.swaps[1] + stats_.swaps[2];
    lines.push_back(
        pbm::format("sweep: %zu AABB pairs, %ld exchanges, %ld box tests (brute force %.0f tests)",
                    pairs_, swaps, stats_.boxTests, 0.5 * n * (n - 1.0)));
    lines.push_back(
        pbm::format("impulses this step %d, events %d", lastStats_.impacts, lastStats_.events));
  }
  void extraPanel() override { workPlot_.draw(pbm::Px2(-1.f, 60.f)); }

 private:
  void computeAabbs() {
    aabb_.resize(ballCount_);
    for (int i = 0; i < ballCount_; ++i) {
      const Vector3d& x = world_.bodies[i].x;
      aabb_[i].lo = x - Vector3d::Constant(radius_);
      aabb_[i].hi = x + Vector3d::Constant(radius_);
    }
  }

  double n_ = 16, v0_ = 1.5, radius_ = 0.1, mass_ = 0.17;
  double halfW_ = 1.0, halfD_ = 0.5;
  int ballCount_ = 0;
  std::vector<pbm::AABB> aabb_;
  pbm::CoherentSweep3D sweep_;
  pbm::CoherentSweep3D::Stats stats_;
  size_t pairs_ = 0;
  pbm::TimePlot workPlot_;
};

}  // namespace

std::unique_ptr<pbm::Scene> makeBilliardsScene() {
  return std::make_unique<BilliardsScene>();
}

}  // namespace ch09
