// A plank (L x H x W, mass M, centre at x = 0) on two fixed knife edges along
// z under x = u1 and x = u2 (RBII §9). Each knife edge is a thin fixed box
// turned 45 degrees about z, so its top edge crosses the plank's bottom
// edges in 2 ee contacts, at z = +W/2 and -W/2. With u1 <= 0 <= u2 the forces
// and torques balance: f1 = M g u2/(u2 - u1), f2 = -M g u1/(u2 - u1). With
// both supports on one side (0 < u1 < u2, an overhang) the plank turns
// about the nearer edge, the far one lifts off: f2 = 0 and
// f1 = M g I_zz/(I_zz + M u1^2), I_zz = M (L^2 + H^2)/12 (the edge point's
// a = 0: f/M + u1^2 f/I_zz = g).
#include <algorithm>
#include <cmath>
#include <memory>
#include <numbers>

#include "pbm/app/text.h"
#include "pbm/core/errors.h"
#include "pbm/viewer/canvas3d.h"
#include "resting_scene.h"
#include "scenes.h"

namespace ch10 {

namespace {

using Eigen::Matrix3d;
using Eigen::Vector3d;

constexpr double kEdgeHalf = 0.1;  // the knife-edge boxes' half side (x, y), m

class PlankScene : public RestingScene {
 public:
  PlankScene() {
    params_.add("mass", &mass_, 1e-3, 1e4, "plank mass M, kg").logScale = true;
    params_.add("length", &length_, 0.1, 10.0, "plank length L (along x), m")
        .needs("at least 2 max(|u1|, |u2|)");
    params_.add("height", &height_, 0.01, 2.0, "plank height H (along y), m");
    params_.add("width", &width_, 0.05, 4.0, "plank width W (along z), m");
    params_.add("u1", &u1_, -5.0, 5.0, "first support's x, m (the plank's centre is at 0)")
        .needs("below u2, within +-length/2");
    params_.add("u2", &u2_, -5.0, 5.0, "second support's x, m (> u1)")
        .needs("above u1, within +-length/2");
    orbit_.target = Vector3d(0.0, -0.1, 0.0);
    orbit_.distance = 7.2;  // the whole plank, labels included, left of the panel
    orbit_.yawDeg = 20.0;
    orbit_.pitchDeg = 22.0;
    stepsPerFrame_ = 2;  // h = 0.01 at 60 frames/s: 1.2 s per second
    newtonsPerMetre_ = 30.0;
    viewShift_ = 0.08;
  }
  std::string name() const override { return "plank"; }
  std::string title() const override { return "A plank on two knife edges"; }
  std::string lookFor() const override {
    return "Each support's two ee contacts (z = +W/2, -W/2) share its load; the HUD puts "
           "each support's total beside f1 = M g u2/(u2 - u1), f2 = -M g u1/(u2 - u1). "
           "Move both supports right of the centre: support 2 lifts off, "
           "f1 = M g I_zz/(I_zz + M u1^2), and the plank tips.";
  }
  void validate() const override {
    if (!(u1_ < u2_))
      throw pbm::UsageError(pbm::format("plank: u1 = %g must be less than u2 = %g", u1_, u2_));
    const double half = 0.5 * length_;
    if (std::max(std::abs(u1_), std::abs(u2_)) > half)
      throw pbm::UsageError(
          pbm::format("plank: the supports u1 = %g, u2 = %g must lie under the plank, "
                      "within +-length/2 = %g",
                      u1_, u2_, half));
  }

 protected:
  void build() override {
    // The knife edges' top edges at y = 0; the ground under their bottoms.
    const double drop = kEdgeHalf * std::numbers::sqrt2;
    world_.add(makeFixedBox(Vector3d::Constant(0.1), Vector3d(0, -2 * drop, 0)),
               pbm::Shape::halfSpace(Vector3d::UnitY(), -2.0 * drop));
    const Matrix3d R =
        Eigen::AngleAxisd(std::numbers::pi / 4, Vector3d::UnitZ()).toRotationMatrix();
    const Vector3d half(kEdgeHalf, kEdgeHalf, 0.5 * width_ + 0.25);
    support_[0] = world_.add(makeFixedBox(half, Vector3d(u1_, -drop, 0), R), pbm::Shape::box());
    support_[1] = world_.add(makeFixedBox(half, Vector3d(u2_, -drop, 0), R), pbm::Shape::box());
    pbm::RigidBody p = pbm::makeBlock(mass_, Vector3d(length_, height_, width_));
    p.x = Vector3d(0.0, 0.5 * height_, 0.0);
    world_.add(p, pbm::Shape::box());
    floorExtent_ = std::max(3.0, 0.6 * length_ + 0.5);
  }
  double loopTime() const override { return 3.0; }

  // Support u1 first, then u2; +z before -z (the CSV's order).
  std::vector<int> contactOrder() const override {
    std::vector<int> order = RestingScene::contactOrder();
    std::stable_sort(order.begin(), order.end(), [&](int i, int j) {
      const auto& ci = forces_.contacts[i];
      const auto& cj = forces_.contacts[j];
      if (std::abs(ci.p.x() - cj.p.x()) > 1e-9) return ci.p.x() < cj.p.x();
      return ci.p.z() > cj.p.z();
    });
    return order;
  }

  // The total of the contacts that touch support s.
  double supportTotal(int s) const {
    const pbm::RigidBody* body = &world_.bodies[support_[s]];
    double f = 0.0;
    for (size_t i = 0; i < forces_.contacts.size(); ++i)
      if (forces_.contacts[i].a == body || forces_.contacts[i].b == body) f += forces_.f(i);
    return f;
  }

  void closedForm(double& f1, double& f2) const {
    const double Mg = mass_ * g_;
    const double Izz = mass_ * (length_ * length_ + height_ * height_) / 12.0;
    f1 = f2 = 0.0;
    if (u1_ <= 0.0 && u2_ >= 0.0) {
      f1 = Mg * u2_ / (u2_ - u1_);
      f2 = -Mg * u1_ / (u2_ - u1_);
    } else if (u1_ > 0.0) {
      f1 = Mg * Izz / (Izz + mass_ * u1_ * u1_);
    } else {
      f2 = Mg * Izz / (Izz + mass_ * u2_ * u2_);
    }
  }

  void extraHud(std::vector<std::string>& lines) const override {
    double f1 = 0, f2 = 0;
    closedForm(f1, f2);
    lines.push_back(pbm::format("support u1 = %.3g: solver %.6g N, closed form %.6g N", u1_,
                                supportTotal(0), f1));
    lines.push_back(pbm::format("support u2 = %.3g: solver %.6g N, closed form %.6g N", u2_,
                                supportTotal(1), f2));
  }

  void drawExtras(pbm::Canvas3D& canvas) override {
    // The closed-form totals as white arrows beside the supports, in front of the plank.
    double f[2];
    closedForm(f[0], f[1]);
    const double z = 0.5 * width_ + 0.35;
    for (int s = 0; s < 2; ++s) {
      const Vector3d top(world_.bodies[support_[s]].x.x(), 0.0, z);
      const double len = f[s] / newtonsPerMetre_;
      if (len > 1e-6) canvas.arrow(top - Vector3d(0, len, 0), top, pbm::colors::kExact, 2.f, 10.f);
      // "support u1/u2", not "f1": the contacts' own labels are f0, f1, ... by index.
      canvas.text(top - Vector3d(0, len, 0),
                  pbm::format("support u%d total, closed form %.4g N", s + 1, f[s]),
                  pbm::colors::kExact);
    }
  }

 private:
  double mass_ = 2.0, length_ = 3.0, height_ = 0.1, width_ = 0.5, u1_ = -1.0, u2_ = 0.5;
  int support_[2] = {-1, -1};
};

}  // namespace

std::unique_ptr<pbm::Scene> makePlankScene() {
  return std::make_unique<PlankScene>();
}

}  // namespace ch10
