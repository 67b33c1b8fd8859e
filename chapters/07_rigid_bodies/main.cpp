// Chapter 07: rigid bodies in 3D (RBI). A placeholder program with one scene,
// a block spinning free of torque (RBI §2.9: L constant, omega not), stepped
// by the quaternion RigidWorld; the chapter's scenes replace it.
#include <cmath>
#include <memory>

#include "pbm/app/chapter.h"
#include "pbm/core/stepping.h"
#include "pbm/rigid/methods.h"
#include "pbm/rigid/rigid.h"
#include "pbm/rigid/rigid_world.h"
#include "pbm/viewer/canvas3d.h"
#include "pbm/viewer/colors.h"

namespace {

class SpinScene : public pbm::Scene {
 public:
  SpinScene() {
    settings_.method = "rk4";
    settings_.h = 0.01;
    settings_.hMin = 1e-4;
    settings_.hMax = 0.1;
    settings_.tEnd = 10.0;
  }
  std::string name() const override { return "spin"; }
  std::string title() const override { return "A block spinning free of torque"; }
  std::string lookFor() const override {
    return "A 1 x 2 x 3 block spun about its intermediate axis: L stays fixed, omega wanders "
           "(RBI §2.9).";
  }
  std::vector<std::string> methods() const override {
    return pbm::methodNames(pbm::rigidMethods());
  }

  void reset() override {
    world_ = pbm::RigidWorld{};
    pbm::RigidBody b = pbm::makeBlock(6.0, Eigen::Vector3d(1.0, 2.0, 3.0));
    pbm::setBodyOmega(b, Eigen::Vector3d(0.01, 2.0, 0.01));
    world_.add(b);
    stepper_.reset(pbm::findMethod(pbm::rigidMethods(), settings_.method), settings_.h);
    stepper_.watch(world_);
  }
  void advance(double tLimit, pbm::Host) override { stepper_.advance(world_, tLimit); }
  double time() const override { return stepper_.time(); }
  long evals() const override { return stepper_.evals(); }
  bool stateFinite() const override { return !stepper_.diverged(); }

  std::vector<std::string> csvColumns() const override {
    return {"t", "qw", "qx", "qy", "qz", "e_rot"};
  }
  std::vector<double> csvRow() const override {
    const pbm::RigidBody& b = world_.bodies.front();
    return {time(), b.q.w(), b.q.x(), b.q.y(), b.q.z(), pbm::kineticEnergy(b)};
  }

  pbm::ViewKind view() const override { return pbm::ViewKind::Orbit3D; }
  pbm::OrbitView initialOrbit() const override {
    pbm::OrbitView v;
    v.distance = 9.0;
    return v;
  }
  void draw3D(pbm::Canvas3D& canvas) override {
    canvas.groundGrid(4.0, 1.0, -2.0);
    const pbm::RigidBody& b = world_.bodies.front();
    canvas.box(b.x, b.R, b.halfExtents, pbm::colors::kRk4);
    canvas.arrow(b.x, b.x + b.L.normalized() * 2.5, pbm::colors::kAdaptive);
  }

 private:
  pbm::RigidWorld world_;
  pbm::Stepper stepper_;
};

}  // namespace

int main(int argc, char** argv) {
  const pbm::Chapter chapter{
      "ch07_rigid_bodies",
      "Rigid bodies",
      {[] { return std::make_unique<SpinScene>(); }},
  };
  return pbm::runChapter(argc, argv, chapter);
}
