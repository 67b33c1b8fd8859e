// The hanging net (beyond the notes: Baraff & Witkin 1998): a pinned N x N
// sheet of structural, shear and bend springs. With the implicit (4-5) step
// of chapter 03 it takes h = 1/60 in stride; explicit methods need h below
// about 2.8 / omega_max (RK4) and blow up above it.
#include <cstdio>

#include "particle_scene.h"
#include "pbm/particles/cloth.h"
#include "scenes.h"

namespace ch04 {
namespace {

class ClothScene : public ParticleScene {
 public:
  ClothScene() {
    settings_.method = "implicit";
    settings_.h = 1.0 / 60;
    settings_.tEnd = 3.0;
    stepsPerFrame_ = 1;
    strainScale_ = 0.05f;
    drag_ = spec_.drag;
    params_.add("n", &n_, 2, 80, "particles per side").integer = true;
    params_.add("ks", &spec_.ks, 1e-3, 1e7, "structural stiffness, N/m").logScale = true;
    params_.add("kd", &spec_.kd, 0.0, 100.0, "spring damping, N s/m");
    params_.add("mass", &spec_.mass, 1e-4, 10.0, "mass of each particle, kg").logScale = true;
    params_
        .add("clamp", &clamp_, 0, 1,
             "1: Baraff-Witkin filter (symmetric, compressed springs clamped); 0: full Jacobian")
        .integer = true;
    params_.add("start_scale", &spec_.startScale, 0.3, 1.5,
                "initial spacing / rest spacing (< 1 starts compressed: try with clamp=0)");
    params_.add("cg_tol", &cgTol_, 1e-14, 1e-2, "CG relative residual tolerance").logScale = true;
    addCommonParams(false);
  }
  std::string name() const override { return "cloth"; }
  std::string title() const override {
    return "Implicit cloth: a hanging net (Baraff & Witkin 1998, IM §4)";
  }
  std::string lookFor() const override {
    return "A net pinned at two corners falls and swings, one implicit step (4-5) per frame at "
           "h = 1/60 s, solved by CG. Red springs are stretched most. Switch to rk4 at this h: it "
           "blows up (h omega_max >> 2.8).";
  }
  pbm::ViewBox initialView() const override { return {{0.3, -0.66}, 1.6}; }

 protected:
  void build() override {
    spec_.n = static_cast<int>(n_);
    spec_.spacing = 1.9 / (spec_.n - 1);
    spec_.topLeft = Eigen::Vector2d(-0.95, 0.0);
    spec_.g = g_;
    spec_.drag = drag_;
    counts_ = pbm::buildCloth(ps_, spec_);
    ps_.filter = clamp_ > 0.5 ? pbm::JacobianFilter::BaraffWitkin : pbm::JacobianFilter::Full;
    selected_ = ps_.n() - 1;
  }
  void hud(std::vector<std::string>& lines) const override {
    ParticleScene::hud(lines);
    char buf[120];
    std::snprintf(buf, sizeof buf, "springs: %d structural, %d shear, %d bend", counts_.structural,
                  counts_.shear, counts_.bend);
    lines.push_back(buf);
  }

 private:
  pbm::ClothSpec spec_;
  pbm::ClothCounts counts_;
  double n_ = 20, clamp_ = 1;
};

}  // namespace

std::unique_ptr<pbm::Scene> makeClothScene() {
  return std::make_unique<ClothScene>();
}

}  // namespace ch04
