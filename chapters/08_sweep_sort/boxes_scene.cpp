// boxes_3d, the chapter's default scene: n boxes tumble through a container
// (constant velocity and spin, bouncing off the walls). Their AABBs (the
// box x +- |R| h, RBII §7.2) go through the coherent sweep every frame.
#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <memory>

#include "anchor_boxes.h"
#include "broadphase_scene.h"
#include "pbm/viewer/canvas3d.h"
#include "scenes.h"

namespace ch08 {

namespace {

using Eigen::Matrix3d;
using Eigen::Vector3d;

constexpr pbm::Color kBoxColour = pbm::rgba(150, 162, 185, 255);
constexpr pbm::Color kBoxHit = pbm::rgba(215, 140, 120, 255);

class Boxes3DScene : public BroadphaseScene {
 public:
  Boxes3DScene() {
    n_ = 200;
    params_.add("n", &n_, 1.0, 5000.0, "number of boxes").integer = true;
    params_.add("speed", &speed_, 0.0, 100.0, "largest speed per axis, m/s (the coherence)");
    params_.add("size", &size_, 0.05, 5.0, "mean box edge, m (the density)");
    params_.add("seed", &seed_, 0.0, 1e9, "random seed").integer = true;
    params_.toggle("brute", &brute_, "check every frame against all n(n-1)/2 pairs");
  }
  std::string name() const override { return "boxes_3d"; }
  std::string title() const override { return "Tumbling boxes: coherent sweep-and-sort"; }
  std::string lookFor() const override {
    return "Each box's AABB (wire) is sorted on x, y and z; the pair table changes only where "
           "two endpoints exchange places (RBII §7.2.2). Red AABBs overlap another. The plot "
           "puts the exchanges and box tests of each frame beside brute force's n(n-1)/2: at "
           "low speed a few per box, O(n). Press shuffle: one frame with no coherence, and "
           "insertion sort pays O(n^2). Raise speed or size and watch the work grow.";
  }

 protected:
  double side() const override { return 3.0 * std::cbrt(n_); }  // 1/27 box per m^3

  void build() override {
    const int n = static_cast<int>(n_);
    SplitMix64 rng(static_cast<std::uint64_t>(seed_));
    const double L = side();
    x_.resize(n), half_.resize(n), v_.resize(n), w_.resize(n), R_.resize(n);
    for (int i = 0; i < n; ++i) {
      for (int a = 0; a < 3; ++a) x_[i][a] = L * rng.uniform();
      for (int a = 0; a < 3; ++a) half_[i][a] = 0.5 * size_ * (0.5 + rng.uniform());
      for (int a = 0; a < 3; ++a) v_[i][a] = speed_ * (2.0 * rng.uniform() - 1.0);
      // Spin so a box edge moves about as fast as its centre.
      for (int a = 0; a < 3; ++a) w_[i][a] = speed_ / size_ * (2.0 * rng.uniform() - 1.0);
      const Vector3d axis = rng.uniform3<Vector3d>(-0.5, 0.5);
      const double angle = 6.283185307179586 * rng.uniform();
      R_[i] = Eigen::AngleAxisd(angle, axis.norm() > 1e-9 ? axis.normalized() : Vector3d::UnitX())
                  .toRotationMatrix();
    }
    shuffleRng_ = SplitMix64(static_cast<std::uint64_t>(seed_) + 1);
  }

  void move(double dt) override {
    const double L = side();
    for (size_t i = 0; i < x_.size(); ++i) {
      for (int a = 0; a < 3; ++a) {
        double& x = x_[i][a];
        x += v_[i][a] * dt;
        if (x < 0.0) x = -x, v_[i][a] = -v_[i][a];
        if (x > L) x = 2.0 * L - x, v_[i][a] = -v_[i][a];
      }
      const double angle = w_[i].norm() * dt;
      if (angle > 0.0) {
        R_[i] = Eigen::AngleAxisd(angle, w_[i].normalized()).toRotationMatrix() * R_[i];
        // Keep R a rotation over long runs (RBI §4).
        R_[i] = Eigen::Quaterniond(R_[i]).normalized().toRotationMatrix();
      }
    }
  }

  void teleport() override {
    const double L = side();
    for (auto& x : x_)
      for (int a = 0; a < 3; ++a) x[a] = L * shuffleRng_.uniform();
  }

  void computeAabbs(std::vector<pbm::AABB>& out) const override {
    out.resize(x_.size());
    for (size_t i = 0; i < x_.size(); ++i) out[i] = pbm::boxAabb(x_[i], R_[i], half_[i]);
  }

  void drawBodies(pbm::Canvas3D& canvas, const std::vector<char>& inPair) override {
    const size_t n = std::min<size_t>(x_.size(), 5000);
    for (size_t i = 0; i < n; ++i)
      canvas.box(x_[i], R_[i], half_[i], i < inPair.size() && inPair[i] ? kBoxHit : kBoxColour);
  }

 private:
  double speed_ = 1.0, size_ = 1.0, seed_ = 1;
  std::vector<Vector3d> x_, half_, v_, w_;
  std::vector<Matrix3d> R_;
  SplitMix64 shuffleRng_{2};
};

}  // namespace

std::unique_ptr<pbm::Scene> makeBoxes3DScene() {
  return std::make_unique<Boxes3DScene>();
}

}  // namespace ch08
