// Unit cubes of 1 kg in a pyramid on the ground y = 0 (RBII §9): row
// r = 0 ... b - 1 holds b - r cubes, cube j of row r at
// x = (j - (b - r - 1)/2) 1.1, y = 0.5 + (1 + gap) r, z = 0. With gap = 0 the
// rows touch exactly and every contact lies on a face's boundary: a
// degenerate LCP (A singular, the forces not unique) that Dantzig's method
// still solves, and the pyramid holds still. The HUD checks each cube's
// balance: the contact forces on it sum to M g up.
#include <algorithm>
#include <memory>

#include "pbm/app/text.h"
#include "resting_scene.h"
#include "scenes.h"

namespace ch10 {

namespace {

using Eigen::Vector3d;

class PyramidScene : public RestingScene {
 public:
  PyramidScene() {
    params_.add("base", &base_, 1.0, 20.0, "cubes in the bottom row b").integer = true;
    params_.add("gap", &gap_, 0.0, 1.0, "vertical gap between rows at t = 0, m");
    seeThrough_ = true;
    maxLabels_ = 0;
    newtonsPerMetre_ = 60.0;
  }
  std::string name() const override { return "pyramid"; }
  std::string title() const override { return "A pyramid of cubes"; }
  std::string lookFor() const override {
    return "The rows touch exactly (gap 0): a degenerate LCP, solved, and nothing moves. "
           "The HUD prints each cube's balance, max |sum f n - M g|, and the penetration. "
           "With gap > 0 the rows fall onto each other first.";
  }

 protected:
  void build() override {
    world_.add(makeFixedBox(Vector3d::Constant(0.1), Vector3d::Zero()),
               pbm::Shape::halfSpace(Vector3d::UnitY(), 0.0));
    const int b = static_cast<int>(base_);
    for (int r = 0; r < b; ++r)
      for (int j = 0; j < b - r; ++j) {
        pbm::RigidBody c = pbm::makeBlock(1.0, Vector3d::Ones());
        c.x = Vector3d((j - (b - r - 1) / 2.0) * 1.1, 0.5 + (1.0 + gap_) * r, 0.0);
        world_.add(c, pbm::Shape::box());
      }
    floorExtent_ = std::max(3.0, 0.6 * b + 1.0);
  }
  void frameView() override {
    const double b = base_;
    orbit_.distance = 2.4 * b + 4.0;
    orbit_.target = Vector3d(0.0, 0.4 * b, 0.0);
    orbit_.yawDeg = 18.0;
    orbit_.pitchDeg = 15.0;
  }

  void extraHud(std::vector<std::string>& lines) const override {
    double worst = 0.0;
    for (size_t k = 0; k < world_.bodies.size(); ++k) {
      const auto& b = world_.bodies[k];
      if (b.invMass == 0.0) continue;
      const Vector3d r = contactForceOn(static_cast<int>(k)) - Vector3d(0, b.mass * g_, 0);
      worst = std::max(worst, r.norm());
    }
    lines.push_back(pbm::format("%zu cubes: max over cubes |sum f n - M g| = %.2e N (0 at rest)",
                                world_.bodies.size() - 1, worst));
  }

 private:
  double base_ = 4.0, gap_ = 0.0;
};

}  // namespace

std::unique_ptr<pbm::Scene> makePyramidScene() {
  return std::make_unique<PyramidScene>();
}

}  // namespace ch10
