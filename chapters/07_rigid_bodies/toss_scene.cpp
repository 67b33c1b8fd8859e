// A spinning block thrown in a uniform field (RBI §5.2): gravity is M g at
// the centre of mass and no torque, so the centre of mass follows the
// parabola x0 + v0 t + g t^2 / 2 and the spin is the spin of the same block
// without gravity, exactly (P and L never meet in ddt_State_to_Array).
#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <vector>

#include "pbm/app/text.h"
#include "pbm/rigid/rigid.h"
#include "pbm/viewer/canvas3d.h"
#include "pbm/viewer/ui.h"
#include "rigid_scene.h"
#include "scenes.h"

namespace ch07 {

namespace {

using Eigen::Vector3d;

class GravityTossScene : public RigidScene {
 public:
  GravityTossScene() {
    addBlockParams(Vector3d(0.6, 1.0, 1.6), 2.0, Vector3d(1.0, 0.5, 4.0));
    params_.add("vx", &v0_.x(), -50.0, 50.0, "initial velocity x, m/s");
    params_.add("vy", &v0_.y(), -50.0, 50.0, "initial velocity y (up), m/s");
    params_.add("vz", &v0_.z(), -50.0, 50.0, "initial velocity z, m/s");
    params_.add("g", &g_, 0.0, 50.0, "gravity along -y, m/s^2");
    settings_.tEnd = 2.0;
    frameView();
  }
  std::string name() const override { return "gravity_toss"; }
  std::string title() const override { return "A spinning block thrown under gravity"; }
  std::string lookFor() const override {
    return "Gravity acts as one force M g at the centre of mass and gives no torque (RBI "
           "§5.2). So the centre of mass follows the exact parabola (white) and the spin is "
           "exactly that of the same block without gravity: the wire box is that zero-g twin, "
           "moved along the parabola, and the HUD shows |q - q_twin| = 0. L (magenta) never "
           "moves.";
  }

 protected:
  void build() override {
    pbm::RigidBody b = blockFromParams(x0());
    b.P = b.mass * v0_;
    pbm::computeAuxiliary(b);
    world_.add(b);
    world_.addForce(std::make_unique<pbm::RigidGravity>(gravity()));
    // The zero-g twin: the same block, no forces, stepped alongside.
    twin_.bodies.clear();
    twin_.forces.clear();
    twin_.add(b);
    Eigen::VectorXd y;
    double t = 0.0;
    twin_.getState(y, t);
    twin_.setState(y, 0.0);
    twinStepper_.reset(pbm::findMethod(methods_, settings_.method), settings_.h);
    twinStepper_.watch(twin_);
    maxDq_ = 0.0;
  }
  void frameView() override {
    const double size = dims_.maxCoeff();
    const double top = 0.5 * v0_.y() * v0_.y() / std::max(g_, 1e-9);
    ground_ = -0.5 * dims_.norm() - 1.0;  // 1 m under the start, whichever way the block is turned
    arrowScale_ = 0.3;
    orbit_.target = Vector3d(0.0, 0.5 * std::min(top, 6.0), 0.0);
    orbit_.distance = 2.2 * std::max({4.0, std::abs(2.0 * x0().x()), std::abs(2.0 * x0().z()),
                                      std::min(top, 8.0)}) +
                      2.0 * size;
    orbit_.yawDeg = 10.0;
    orbit_.pitchDeg = 12.0;
  }
  void afterStep(pbm::Host) override {
    // The same steps as the thrown block: h itself (not time() - t, which
    // may differ from h in the last bit), or the clipped last step.
    if (time() > twinStepper_.time())
      twinStepper_.advance(twin_, stepper_.lastStep() == stepper_.h()
                                      ? std::numeric_limits<double>::infinity()
                                      : time());
    const auto& b = world_.bodies.at(0);
    const auto& tb = twin_.bodies.at(0);
    maxDq_ = std::max(maxDq_, (b.q.coeffs() - tb.q.coeffs()).norm());
  }
  double potentialEnergy() const override {
    double e = 0.0;
    for (const auto& b : world_.bodies) e -= b.mass * gravity().dot(b.x);
    return e;
  }
  // The viewer starts over once the block's centre has fallen to its
  // half-diagonal above the grid, so no corner ever sinks through the floor
  // (the grid is only a reference: nothing here collides). With g = 0 there
  // is no fall: after the straight flight of arcTime().
  double loopTime() const override {
    const double yEnd = ground_ + 0.5 * dims_.norm();  // -1 m (frameView)
    if (!(g_ > 0.0)) return arcTime();
    return (v0_.y() + std::sqrt(v0_.y() * v0_.y() - 2.0 * g_ * yEnd)) / g_;
  }
  void drawExtras(pbm::Canvas3D& canvas) override {
    std::vector<Vector3d> arc;
    const double T = loopTime();
    for (int k = 0; k <= 120; ++k) arc.push_back(exact(T * k / 120.0));
    canvas.polyline(arc, pbm::colors::kExact, 1.5f);
    const auto& tb = twin_.bodies.at(0);
    canvas.wireBox(exact(time()), tb.R, tb.halfExtents, pbm::colors::kExact, 1.f);
    canvas.text(exact(0.5 * T), "exact parabola", pbm::colors::kExact, {8.f, -22.f});
  }
  void extraHud(std::vector<std::string>& lines) const override {
    lines.push_back(pbm::format("centre of mass from the parabola: %.2e m",
                                (world_.bodies.at(0).x - exact(time())).norm()));
    lines.push_back(pbm::format("max |q - q_twin| (zero-g twin): %.3g", maxDq_));
  }
  void extraPanel() override { pbm::ui::textWrapped("The scene starts over after each throw."); }

 private:
  Vector3d gravity() const { return Vector3d(0.0, -g_, 0.0); }
  double arcTime() const { return g_ > 0.0 && v0_.y() > 0.0 ? 2.0 * v0_.y() / g_ + 0.4 : 3.0; }
  // Centred on the origin: half the flight before, half after.
  Vector3d x0() const {
    const double tArc = arcTime();
    return Vector3d(-0.5 * v0_.x() * tArc, 0.0, -0.5 * v0_.z() * tArc);
  }
  Vector3d exact(double t) const { return x0() + v0_ * t + 0.5 * gravity() * t * t; }

  Vector3d v0_{1.5, 6.0, 0.0};
  double g_ = 9.81;
  pbm::RigidWorld twin_;
  pbm::Stepper twinStepper_;
  double maxDq_ = 0.0;
};

}  // namespace

std::unique_ptr<pbm::Scene> makeGravityTossScene() {
  return std::make_unique<GravityTossScene>();
}

}  // namespace ch07
