// The notes' "Basic 2-D Interaction" slide (PSD §5): create, attach, drag,
// nail. Click empty space for a particle; drag from particle to particle for
// a spring whose rest length is the current distance; switch the left drag to
// the mouse spring to pull things about; right click nails and unnails.
#include "particle_scene.h"
#include "scenes.h"

namespace ch04 {
namespace {

using Eigen::Vector2d;

class SandboxScene : public ParticleScene {
 public:
  SandboxScene() {
    settings_.h = 1e-3;
    settings_.tEnd = 5.0;
    stepsPerFrame_ = 16;
    sandbox_ = true;
    attachTool_ = true;
    drag_ = 0.02;
    params_.add("new_mass", &newMass_, 1e-3, 10.0, "mass of new particles, kg").logScale = true;
    params_.add("new_ks", &newKs_, 1e-3, 1e5, "stiffness of new springs, N/m").logScale = true;
    params_.add("new_kd", &newKd_, 0.0, 100.0, "damping of new springs, N s/m");
    addCommonParams(true);
  }
  std::string name() const override { return "sandbox"; }
  std::string title() const override { return "Sandbox: create, attach, drag, nail (PSD §5)"; }
  std::string lookFor() const override {
    return "Click empty space: a particle. Drag particle to particle: a spring at its current "
           "length. Right click: nail. Switch the left drag to the mouse spring and shake; then "
           "tick 'direct drag' and shake again.";
  }
  pbm::ViewBox initialView() const override { return {{-0.4, 0.1}, 2.0}; }

 protected:
  void build() override {
    walls_ = {wallThrough({-3, -1.6}, {3, -1.6})};
    // A seed: a triangle hanging from a nail, so there is something to poke.
    const Vector2d pts[] = {{0, 1.2}, {-0.5, 0.5}, {0.5, 0.5}, {0, -0.2}};
    for (const auto& x : pts) {
      pbm::Particle p;
      p.m = newMass_;
      p.x = x;
      ps_.add(p);
    }
    ps_.particles[0].control = pbm::nailAt(pts[0]);
    const int springs[][2] = {{0, 1}, {0, 2}, {1, 2}, {1, 3}, {2, 3}};
    for (const auto& s : springs)
      ps_.addForce<pbm::DampedSpring>(s[0], s[1], newKs_, newKd_, (pts[s[0]] - pts[s[1]]).norm());
    ps_.addForce<pbm::Gravity>(Vector2d(0, -g_));
    if (drag_ > 0) ps_.addForce<pbm::Drag>(drag_);
    selected_ = 3;
  }
};

}  // namespace

std::unique_ptr<pbm::Scene> makeSandboxScene() {
  return std::make_unique<SandboxScene>();
}

}  // namespace ch04
