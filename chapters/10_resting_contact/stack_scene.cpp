// A stack of n cubes on the ground (RBII §9): each of mass M, the bottom one
// of side s, each one `shrink` times the one below, centred, exactly touching
// at t = 0. Every cube's 4 bottom corners rest on the face below (vf
// contacts; with shrink = 1 the faces coincide and the contacts lie on the
// face's boundary: degenerate). At rest the contacts under cube k carry the
// cubes above and itself, (n - k) M g, and the contact forces on each cube
// sum to its weight M g, however a level's contacts share their load.
#include <algorithm>
#include <cmath>
#include <memory>

#include "pbm/app/text.h"
#include "pbm/core/errors.h"
#include "pbm/viewer/ui.h"
#include "resting_scene.h"
#include "scenes.h"

namespace ch10 {

namespace {

using Eigen::Vector3d;

class StackScene : public RestingScene {
 public:
  StackScene() {
    params_.add("n", &n_, 1.0, 20.0, "cubes in the stack")
        .needs("the top cube's side size * shrink^(n - 1) >= 0.01 m")
        .integer = true;
    params_.add("mass", &mass_, 1e-3, 1e4, "mass of each cube M, kg").logScale = true;
    params_.add("size", &size_, 0.05, 2.0, "side of the bottom cube s, m")
        .needs("size * shrink^(n - 1) >= 0.01 m");
    params_.add("shrink", &shrink_, 0.2, 1.0, "each cube's side over the one's below")
        .needs("size * shrink^(n - 1) >= 0.01 m");
    params_
        .add("offset", &offset_, -0.5, 0.5,
             "each cube's centre beyond the one's below along x, m (0: centred)")
        .needs("n = 1, or |offset| below half the top two cubes' sides' sum");
    seeThrough_ = true;
    maxLabels_ = 4;
    newtonsPerMetre_ = 40.0;
    viewShift_ = 0.3;  // a tall stack: right of the HUD box
  }
  std::string name() const override { return "stack"; }
  std::string title() const override { return "A stack of cubes"; }
  std::string lookFor() const override {
    return "The contacts under cube k carry the cubes above it and itself, (n - k) M g: the HUD "
           "puts each level's sum f beside it, and each cube's balance |sum f n - M g| (0 at "
           "rest). Only the level's total is unique; how its 4 contacts share it is not. Try the "
           "notes' compute_aij verbatim in the panel: the cubes above the bottom one are each a "
           "contact's b, and the sign slip gives them the wrong forces.";
  }
  void validate() const override {
    const double top = size_ * std::pow(shrink_, n_ - 1.0);
    if (std::abs(offset_) >= 0.5 * top * (1.0 + 1.0 / shrink_) && n_ > 1)
      throw pbm::UsageError(
          pbm::format("stack: offset = %g m leaves the top cube (side %g m) beside the one "
                      "below; |offset| must stay below half their sides' sum",
                      offset_, top));
    if (top < 0.01)
      throw pbm::UsageError(
          pbm::format("stack: the top cube's side size * shrink^(n - 1) = %g m is below 0.01 m; "
                      "use fewer cubes or a larger shrink",
                      top));
  }

 protected:
  void build() override {
    world_.add(makeFixedBox(Vector3d::Constant(0.1), Vector3d::Zero()),
               pbm::Shape::halfSpace(Vector3d::UnitY(), 0.0));
    double y = 0.0, s = size_;
    first_ = -1;
    for (int k = 0; k < count(); ++k) {
      pbm::RigidBody c = pbm::makeBlock(mass_, Vector3d::Constant(s));
      c.x = Vector3d(k * offset_, y + 0.5 * s, 0.0);
      const int i = world_.add(c, pbm::Shape::box());
      if (k == 0) first_ = i;
      y += s;
      s *= shrink_;
    }
    floorExtent_ = std::max(2.0, 1.5 * size_);
  }
  void frameView() override {
    // The stack's height, a geometric series (the constructor's view too).
    const double height =
        shrink_ < 1.0 ? size_ * (1.0 - std::pow(shrink_, n_)) / (1.0 - shrink_) : size_ * n_;
    orbit_.distance = 2.9 * std::max(height, 1.5 * size_) + 1.0;
    orbit_.target = Vector3d(0.0, 0.45 * height, 0.0);
    orbit_.yawDeg = 25.0;
    orbit_.pitchDeg = 18.0;
  }

  // Level k: the contacts under cube k (between it and the cube or ground below).
  double levelTotal(int k) const {
    const pbm::RigidBody* body = &world_.bodies[first_ + k];
    const pbm::RigidBody* below = k == 0 ? nullptr : &world_.bodies[first_ + k - 1];
    double f = 0.0;
    for (size_t i = 0; i < forces_.contacts.size(); ++i) {
      const pbm::Contact& c = forces_.contacts[i];
      const bool touches = c.a == body || c.b == body;
      const bool other = k == 0 ? (pbm::isFixedBody(*c.a) || pbm::isFixedBody(*c.b))
                                : (c.a == below || c.b == below);
      if (touches && other) f += forces_.f(i);
    }
    return f;
  }
  double balance(int k) const {
    return (contactForceOn(first_ + k) - Vector3d(0, mass_ * g_, 0)).norm();
  }

  void extraHud(std::vector<std::string>& lines) const override {
    double worstLevel = 0.0, worstBody = 0.0;
    const int n = count();
    for (int k = 0; k < n; ++k) {
      worstLevel = std::max(worstLevel, std::abs(levelTotal(k) - (n - k) * mass_ * g_));
      worstBody = std::max(worstBody, balance(k));
    }
    lines.push_back(
        pbm::format("%d cubes: max |level sum f - (n - k) M g| = %.2e N,  "
                    "max |sum f n - M g| = %.2e N",
                    n, worstLevel, worstBody));
    for (int k = 0; k < n && k < 4; ++k)
      lines.push_back(pbm::format("under cube %d: sum f = %.6g N, closed form (n - k) M g = %.6g N",
                                  k, levelTotal(k), (n - k) * mass_ * g_));
    if (n > 4) lines.push_back("(every level in the panel)");
  }

  void extraPanel() override {
    if (!pbm::ui::collapsingHeader("stack: each level and each cube")) return;
    if (pbm::ui::beginTable("levels", 4)) {
      for (const char* h : {"cube k", "sum f under, N", "(n-k) M g, N", "|sum f n - M g|"})
        pbm::ui::tableSetupColumn(h);
      pbm::ui::tableHeadersRow();
      const int n = count();
      for (int k = 0; k < n; ++k) {
        pbm::ui::tableNextRow();
        pbm::ui::tableNextColumn();
        pbm::ui::text("%d", k);
        pbm::ui::tableNextColumn();
        pbm::ui::text("%.6g", levelTotal(k));
        pbm::ui::tableNextColumn();
        pbm::ui::text("%.6g", (n - k) * mass_ * g_);
        pbm::ui::tableNextColumn();
        pbm::ui::text("%.1e", balance(k));
      }
      pbm::ui::endTable();
    }
  }

 private:
  int count() const { return static_cast<int>(n_); }
  double n_ = 3.0, mass_ = 1.0, size_ = 1.0, shrink_ = 0.7, offset_ = 0.0;
  int first_ = -1;
};

}  // namespace

std::unique_ptr<pbm::Scene> makeStackScene() {
  return std::make_unique<StackScene>();
}

}  // namespace ch10
