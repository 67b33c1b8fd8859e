// coherent_boxes: the fully specified workload of anchor_boxes.h (the one
// Bullet's broadphases are benchmarked on): axis-aligned boxes drifting at up
// to vmax per frame in a cube of side 2 cbrt(n), through the coherent sweep
// (RBII §7.2.2).
#include <memory>
#include <optional>

#include "anchor_boxes.h"
#include "broadphase_scene.h"
#include "scenes.h"

namespace ch08 {

namespace {

class CoherentBoxesScene : public BroadphaseScene {
 public:
  CoherentBoxesScene() {
    n_ = 1000;
    brute_ = false;
    params_.add("n", &n_, 1.0, 50000.0, "number of boxes").integer = true;
    params_.add("vmax", &vmax_, 0.0, 10.0, "largest speed per axis, m per frame");
    params_.add("seed", &seed_, 0.0, 1e9, "SplitMix64 seed (42: the benchmark's scene)").integer =
        true;
    params_.toggle("brute", &brute_, "check every frame against all n(n-1)/2 pairs");
  }
  std::string name() const override { return "coherent_boxes"; }
  std::string title() const override { return "The benchmark scene: boxes drifting in a cube"; }
  std::string lookFor() const override {
    return "The scene the benchmark times against Bullet: n boxes (edges 0.5-1.5 m) in a cube "
           "of side 2 cbrt(n), each moving at most vmax per frame and bouncing off the walls. "
           "At vmax 0.01 the three endpoint lists stay nearly sorted, so a frame costs a few "
           "exchanges per box (RBII §7.2.2). Turn brute on to check the table against all "
           "pairs; n = 1000, seed 42 has 496 overlapping pairs after frame 100.";
  }

 protected:
  double side() const override { return 2.0 * std::cbrt(n_); }
  void build() override {
    boxes_.emplace(static_cast<int>(n_), vmax_, static_cast<std::uint64_t>(seed_));
    shuffleRng_ = SplitMix64(static_cast<std::uint64_t>(seed_) + 1);
  }
  void move(double) override { boxes_->step(); }  // one frame, whatever h
  void teleport() override { boxes_->shuffle(shuffleRng_); }
  void computeAabbs(std::vector<pbm::AABB>& out) const override { boxes_->aabbs(out); }

 private:
  double vmax_ = 0.01, seed_ = 42;
  std::optional<AnchorBoxes> boxes_;
  SplitMix64 shuffleRng_{43};
};

}  // namespace

std::unique_ptr<pbm::Scene> makeCoherentBoxesScene() {
  return std::make_unique<CoherentBoxesScene>();
}

}  // namespace ch08
