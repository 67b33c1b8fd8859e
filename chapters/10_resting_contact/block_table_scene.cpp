// A block (a cube of side s, mass M) on a fixed table whose edge is at x = 0,
// its centre `offset` beyond the edge (RBII §9). Wholly on the table
// (offset <= -s/2) the four vf contacts carry M g between them, and how is
// not unique: only the total is. Overhanging with the centre still over the
// table (-s/2 < offset = e <= 0, the default e = -0.3, s = 1) two vf
// contacts at x = e - s/2 and two ee contacts on the edge line x = 0 hold
// it; statics then fixes each line's total (force and torque about the edge
// line: vf = M g (-e)/(s/2 - e), ee = M g (s/2)/(s/2 - e), 7.3575 N and
// 12.2625 N by default) and leaves only the split between z = +-s/2 open.
// Beyond the edge (0 < e < s/2) the cube turns about the edge: the two ee
// contacts where the table's edge crosses the cube's bottom carry
// M g / (1 + 6 e^2 / s^2) (I = M s^2 / 6 about the centre: the edge point's
// a = 0 gives F/M + e^2 F / I = g) and the vf contacts lift off. An upward
// `wind` of w M g takes w of the weight; w >= 1 lifts the cube: f = 0,
// a = (w - 1) g.
#include <cmath>
#include <memory>

#include "pbm/app/text.h"
#include "pbm/core/errors.h"
#include "pbm/rigid/rigid_forces.h"
#include "resting_scene.h"
#include "scenes.h"

namespace ch10 {

namespace {

using Eigen::Vector3d;

// The table: 4 m long (x in [-4, 0]), 3 m deep, its top at y = 0, on the
// ground at y = -1.
const Vector3d kTableHalf(2.0, 0.5, 1.5);

class BlockTableScene : public RestingScene {
 public:
  BlockTableScene() {
    params_.add("mass", &mass_, 1e-3, 1e4, "block mass M, kg").logScale = true;
    params_.add("size", &size_, 0.05, 2.0, "block side s, m");
    params_
        .add("offset", &offset_, -3.0, 1.0,
             "block centre beyond the table edge, m (negative: over the table)")
        .needs("offset - size/2 >= -4 (on the table)");
    params_.add("wind", &wind_, 0.0, 3.0, "upward force on the block, in units of M g");
    orbit_.target = Vector3d(-0.2, 0.2, 0.0);
    orbit_.distance = 6.0;
    orbit_.yawDeg = 25.0;
    orbit_.pitchDeg = 24.0;
    stepsPerFrame_ = 2;  // h = 0.01 at 60 frames/s: 1.2 s per second
    newtonsPerMetre_ = 25.0;
  }
  std::string name() const override { return "block_table"; }
  std::string title() const override { return "A block on a table, over its edge"; }
  std::string lookFor() const override {
    return "Overhanging, centre over the table: the vf contacts carry M g (-e)/(s/2 - e) and the "
           "ee contacts on the edge M g (s/2)/(s/2 - e) (torque balance; default 7.36 N and "
           "12.26 N). Slide `offset` past 0: the ee contacts carry M g/(1 + 6 e^2/s^2) as the "
           "HUD prints, and the block tips. `wind` >= 1 lifts it: f = 0, a = (wind - 1) g.";
  }
  void validate() const override {
    if (offset_ - 0.5 * size_ < -2.0 * kTableHalf.x())
      throw pbm::UsageError(
          pbm::format("block_table: offset = %g puts the block off the far end "
                      "of the table (offset - size/2 must be >= %g)",
                      offset_, -2.0 * kTableHalf.x()));
  }

 protected:
  void build() override {
    world_.add(makeFixedBox(Vector3d::Constant(0.1), Vector3d(0, -1, 0)),
               pbm::Shape::halfSpace(Vector3d::UnitY(), -2.0 * kTableHalf.y()));
    world_.add(makeFixedBox(kTableHalf, Vector3d(-kTableHalf.x(), -kTableHalf.y(), 0)),
               pbm::Shape::box());
    pbm::RigidBody b = pbm::makeBlock(mass_, Vector3d::Constant(size_));
    b.x = Vector3d(offset_, 0.5 * size_, 0.0);
    block_ = world_.add(b, pbm::Shape::box());
    if (wind_ > 0.0)
      world_.addForce(std::make_unique<pbm::PointForce>(block_, Vector3d::Zero(),
                                                        Vector3d(0, wind_ * mass_ * g_, 0)));
    floorExtent_ = 3.0;
  }
  double loopTime() const override { return 3.0; }

  void extraHud(std::vector<std::string>& lines) const override {
    double vf = 0.0, ee = 0.0;
    for (size_t i = 0; i < forces_.contacts.size(); ++i)
      (forces_.contacts[i].vf ? vf : ee) += forces_.f(i);
    const double Mg = mass_ * g_, load = (1.0 - wind_) * Mg;
    lines.push_back(pbm::format("solver: vf total %.6g N, ee total %.6g N", vf, ee));
    if (wind_ >= 1.0) {
      const double aMax = forces_.a.size() ? forces_.a.maxCoeff() : kNaN;
      lines.push_back(
          pbm::format("closed form (wind >= 1): f = 0, a = (wind - 1) g = %.6g m/s^2 "
                      "(solver: sum f %.3g N, max a %.6g)",
                      (wind_ - 1.0) * g_, sumF(), aMax));
    } else if (offset_ > 0.0) {
      const double e = offset_ / size_;
      lines.push_back(pbm::format(
          "closed form at t = 0: ee total (1 - wind) M g/(1 + 6 e^2/s^2) = %.6g N, vf 0",
          load / (1.0 + 6.0 * e * e)));
    } else if (offset_ > -0.5 * size_) {
      // Both lines hold it: force and torque balance about the edge line x = 0.
      const double e = offset_, h = 0.5 * size_;
      lines.push_back(pbm::format(
          "closed form at t = 0 (statics): vf total (1 - wind) M g (-e)/(s/2 - e) = %.6g N, "
          "ee total (1 - wind) M g (s/2)/(s/2 - e) = %.6g N",
          load * (-e) / (h - e), load * h / (h - e)));
    } else {
      lines.push_back(pbm::format(
          "closed form: vf total (1 - wind) M g = %.6g N (how the 4 share it is not unique)",
          load));
    }
  }

 private:
  double mass_ = 2.0, size_ = 1.0, offset_ = -0.3, wind_ = 0.0;
  int block_ = -1;
};

}  // namespace

std::unique_ptr<pbm::Scene> makeBlockTableScene() {
  return std::make_unique<BlockTableScene>();
}

}  // namespace ch10
