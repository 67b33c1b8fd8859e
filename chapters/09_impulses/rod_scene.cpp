// A rod (a box L x h x w) falling flat onto a fixed peg at distance `hit`
// from its centre (RBII §8): one impulse J = j n at r = (hit, -h/2, 0), with
// K M = 1 + 12 hit^2 / (L^2 + h^2) from (8-18)'s denominator
// (I_z = M (L^2 + h^2) / 12), so j = (1 + eps) M v / (K M),
// v_cm+ = -v + j / M and omega_z+ = 12 hit j / (M (L^2 + h^2)).
#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

#include "impulse_scene.h"
#include "pbm/app/text.h"
#include "pbm/core/errors.h"
#include "pbm/viewer/canvas3d.h"
#include "scenes.h"

namespace ch09 {

namespace {

using Eigen::Vector3d;

// The peg's edge, m above the floor. The peg is drawn alone (no stand): the
// rod may slide under where a stand would be, and nothing there collides.
constexpr double kPegTop = 1.0;

class RodScene : public ImpulseScene {
 public:
  RodScene() {
    addCollisionParams(0.5, 1e-3, 9.81, 1e-5);
    params_.add("height", &height_, -1.0, 100.0, "initial gap between rod and peg, m");
    params_.add("v0", &v0_, 0.0, 100.0, "initial downward speed, m/s");
    params_.add("mass", &mass_, 1e-3, 1e4, "rod mass M, kg").logScale = true;
    params_.add("length", &length_, 1e-3, 100.0, "rod length L (along x), m")
        .needs("at least 2 hit");
    params_.add("thickness", &thickness_, 1e-3, 100.0, "rod thickness h (along y), m");
    params_.add("width", &width_, 1e-3, 100.0, "rod width w (along z), m");
    params_.add("hit", &hit_, 0.0, 50.0, "peg's distance from the rod's centre, m (<= L/2)")
        .needs("at most length/2");
    settings_.tEnd = 1.0;
    frameView();
  }
  std::string name() const override { return "rod"; }
  std::string title() const override { return "A rod falling flat onto a peg"; }
  std::string lookFor() const override {
    return "One impulse at `hit` from the centre stops part of the fall and starts the spin. "
           "The HUD puts the measured j, v_cm+ and omega+ beside the closed forms from "
           "K M = 1 + 12 hit^2/(L^2 + h^2) (8-18); hit = 0 is a ball's bounce.";
  }
  void validate() const override {
    if (hit_ > 0.5 * length_)
      throw pbm::UsageError(
          pbm::format("rod: hit = %g must be at most length/2 = %g", hit_, 0.5 * length_));
  }

 protected:
  void build() override {
    pbm::RigidBody rod = pbm::makeBlock(mass_, Vector3d(length_, thickness_, width_));
    rod.x = Vector3d(0.0, kPegTop + height_ + 0.5 * thickness_, 0.0);
    rod.P = Vector3d(0.0, -mass_ * v0_, 0.0);
    world_.add(rod, pbm::Shape::box());
    world_.add(makeFixed(Vector3d(hit_, kPegTop, 0.0)), pbm::Shape::peg());
    world_.add(makeFixed(Vector3d::Zero()), pbm::Shape::halfSpace(Vector3d::UnitY(), 0.0));
    measured_ = false;
  }
  void frameView() override {
    orbit_.target = Vector3d(0.0, kPegTop, 0.0);
    orbit_.distance = 2.5 * std::max(1.5, length_) + 1.0;
    orbit_.pitchDeg = 12.0;
    floorExtent_ = std::max(2.0, length_);
  }
  double loopTime() const override { return 3.0; }
  void afterStep(pbm::Host) override {
    if (measured_ || lastStats_.log.empty()) return;
    // The first impulse: j from the loop's record; the velocities after it,
    // free flight back to t_c (gravity changed v_y by -g (t - t_c) since).
    const auto& b = world_.bodies.at(0);
    measured_ = true;
    j_ = lastStats_.log.front().j;
    vcm_ = b.v.y() + g_ * (time() - lastImpactT_);
    omega_ = b.omega.z();
  }
  void extraHud(std::vector<std::string>& lines) const override {
    const double v = std::sqrt(v0_ * v0_ + 2.0 * g_ * std::max(0.0, height_));
    const double L2h2 = length_ * length_ + thickness_ * thickness_;
    const double KM = 1.0 + 12.0 * hit_ * hit_ / L2h2;
    const double j = (1.0 + eps_) * mass_ * v / KM;
    lines.push_back(pbm::format("K M = 1 + 12 hit^2/(L^2 + h^2) = %.6f   v- = %.6f m/s", KM, v));
    if (measured_) {
      lines.push_back(pbm::format("j       %.6f N s   exact (1+eps) M v/(K M) = %.6f", j_, j));
      lines.push_back(
          pbm::format("v_cm+   %.6f m/s   exact -v + j/M = %.6f", vcm_, -v + j / mass_));
      lines.push_back(pbm::format("omega+  %.6f rad/s   exact 12 hit j/(M (L^2+h^2)) = %.6f",
                                  omega_, 12.0 * hit_ * j / (mass_ * L2h2)));
    } else {
      lines.push_back(pbm::format("exact: j = %.6f N s, v_cm+ = %.6f m/s, omega+ = %.6f rad/s", j,
                                  -v + j / mass_, 12.0 * hit_ * j / (mass_ * L2h2)));
    }
  }

 private:
  double height_ = 0.4, v0_ = 0.0, mass_ = 2.0, length_ = 2.0, thickness_ = 0.1, width_ = 0.3;
  double hit_ = 0.8;
  bool measured_ = false;
  double j_ = 0.0, vcm_ = 0.0, omega_ = 0.0;
};

}  // namespace

std::unique_ptr<pbm::Scene> makeRodScene() {
  return std::make_unique<RodScene>();
}

}  // namespace ch09
