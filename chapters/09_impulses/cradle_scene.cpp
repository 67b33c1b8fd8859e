// Newton's cradle without strings (RBII §8): n equal balls in a row on a
// frictionless floor, the first rolling in at v0. Head-on between equal
// masses, K = 2/M and eps = 1 swaps the two velocities; the loop visits the
// touching pairs down the row, so the velocity passes along it and the last
// ball leaves at v0 while the others stop. Momentum M v0 stays for any eps.
#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

#include "impulse_scene.h"
#include "pbm/app/text.h"
#include "pbm/viewer/canvas3d.h"
#include "scenes.h"

namespace ch09 {

namespace {

using Eigen::Vector3d;

constexpr int kMaxCradleBalls = 100;

class CradleScene : public ImpulseScene {
 public:
  CradleScene() {
    addCollisionParams(1.0, 1e-3, 0.0);
    params_.add("n", &n_, 1.0, kMaxCradleBalls, "balls in the row").integer = true;
    params_.add("height", &gap_, -1.0, 100.0, "initial gap between the first ball and the row, m");
    params_.add("v0", &v0_, 0.0, 100.0, "the first ball's speed, m/s");
    params_.add("radius", &radius_, 1e-3, 10.0, "ball radius, m");
    params_.add("mass", &mass_, 1e-3, 1e4, "ball mass, kg").logScale = true;
    settings_.tEnd = 2.0;
    frameView();
  }
  std::string name() const override { return "cradle"; }
  std::string title() const override { return "Newton's cradle"; }
  std::string lookFor() const override {
    return "The first ball hits a row of touching balls. With eps = 1 each impulse swaps two "
           "velocities and the loop visits the pairs down the row: the last ball leaves at v0 and "
           "the others stop, in one collision time. Lower eps: the row spreads out, momentum "
           "n M v stays M v0 (RBII §8).";
  }

 protected:
  void build() override {
    const int n = static_cast<int>(n_);
    for (int i = 0; i < n; ++i) {
      const double x = i == 0 ? -gap_ - 2.0 * radius_ : 2.0 * radius_ * (i - 1);
      pbm::RigidBody b = makeBall(mass_, radius_, Vector3d(x, radius_, 0.0));
      if (i == 0) b.P = Vector3d(mass_ * v0_, 0.0, 0.0);
      world_.add(b, pbm::Shape::sphere(radius_));
    }
    world_.add(makeFixed(Vector3d::Zero()), pbm::Shape::halfSpace(Vector3d::UnitY(), 0.0));
  }
  void frameView() override {
    const double len = 2.0 * radius_ * n_ + gap_;
    // The row's middle, moved right by a quarter of its length: the last ball
    // leaves to the right and stays in view longer.
    orbit_.target = Vector3d(radius_ * (n_ - 3.0) - 0.5 * gap_ + 0.25 * len, radius_, 0.0);
    orbit_.distance = 2.1 * len + 2.0;
    viewShift_ = 0.0;
    orbit_.pitchDeg = 25.0;
    floorExtent_ = std::max(2.0, 0.8 * len + 1.0);
  }
  double loopTime() const override {
    const double len = 2.0 * radius_ * n_ + gap_;
    return v0_ > 0.0 ? std::min(20.0, (gap_ + len) / v0_ + 1.0) : 20.0;
  }
  void extraHud(std::vector<std::string>& lines) const override {
    std::string vs = "v_x:";
    const int n = static_cast<int>(world_.bodies.size()) - 1;
    double p = 0.0;
    for (int i = 0; i < n; ++i) {
      p += world_.bodies[i].P.x();
      if (i < 10) vs += pbm::format(" %.4f", world_.bodies[i].v.x());
    }
    if (n > 10) vs += " ...";
    lines.push_back(vs);
    lines.push_back(pbm::format("total p_x = %.10g, exact M v0 = %.10g", p, mass_ * v0_));
    if (eps_ == 1.0)
      lines.push_back(pbm::format("eps = 1, exact: the last ball at v0 = %.4g, the others 0", v0_));
  }

 private:
  double n_ = 5, gap_ = 0.5, v0_ = 1.0, radius_ = 0.2, mass_ = 1.0;
};

}  // namespace

std::unique_ptr<pbm::Scene> makeCradleScene() {
  return std::make_unique<CradleScene>();
}

}  // namespace ch09
