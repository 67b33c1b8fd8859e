// A ball dropped on the floor (RBII §6 and §8 together): every bounce keeps
// eps of the impact speed (8-10), so the k-th apex is eps^(2k) h; once the
// impact speed falls below THRESHOLD the contact is resting, not colliding,
// and the ball stays down. Impacts before rest: floor(ln(TH/v0)/ln eps) + 1
// with v0 = sqrt(2 g h); the time until rest is close to the Zeno sum
// sqrt(2h/g)(1 + eps)/(1 - eps).
#include <imgui.h>

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

constexpr pbm::Color kGuide = IM_COL32(240, 240, 240, 170);

class BallScene : public ImpulseScene {
 public:
  BallScene() : heightPlot_("height of the ball's bottom (gap), m", {"gap"}, {pbm::colors::kRk4}) {
    addCollisionParams(0.8, 1e-3, 9.81);
    params_.add("height", &height_, -1.0, 100.0, "initial gap between ball and floor, m");
    params_.add("radius", &radius_, 1e-3, 10.0, "ball radius, m");
    params_.add("mass", &mass_, 1e-3, 1e4, "ball mass, kg").logScale = true;
    settings_.tEnd = 5.0;
    frameView();
  }
  std::string name() const override { return "ball"; }
  std::string title() const override { return "A ball bouncing to rest"; }
  std::string lookFor() const override {
    return "Each bounce keeps eps of the speed (8-10): the apexes fall on the dashed lines "
           "eps^(2k) h. Red: the impulse J = j n. Below THRESHOLD the contact rests instead of "
           "colliding: raise it and the ball stops sooner. The panel's strip shows the "
           "bisection's trials for t_c (RBII §6).";
  }

 protected:
  void build() override {
    world_.add(makeBall(mass_, radius_, Vector3d(0.0, radius_ + height_, 0.0)),
               pbm::Shape::sphere(radius_));
    world_.add(makeFixed(Vector3d::Zero()), pbm::Shape::halfSpace(Vector3d::UnitY(), 0.0));
    apexes_.clear();
    prevVy_ = 0.0;
    prevY_ = radius_ + height_;
    firstImpactT_ = -1.0;
    heightPlot_.clear();
    lastPlotT_ = -1.0;
  }
  void frameView() override {
    const double top = std::max(1.0, height_ + 2.0 * radius_);
    // The target high, so the floor sits low in the window, below the HUD.
    orbit_.target = Vector3d(0.0, 0.75 * top, 0.0);
    orbit_.distance = 3.2 * top + 1.5;
    orbit_.pitchDeg = 8.0;
    arrowLength_ = 0.45 * top;
    floorExtent_ = std::max(2.0, 0.8 * top);
  }
  void afterStep(pbm::Host host) override {
    const auto& b = world_.bodies.at(0);
    if (firstImpactT_ < 0.0 && impacts_ > 0) firstImpactT_ = lastImpactT_;
    // An apex between the last step and this one: free flight conserves
    // E = g y + v^2/2, so the apex is y + vy^2 / (2g) of the step before.
    if (prevVy_ > 0.0 && b.v.y() <= 0.0 && g_ > 0.0)
      apexes_.push_back(prevY_ + prevVy_ * prevVy_ / (2.0 * g_) - radius_);
    prevVy_ = b.v.y();
    prevY_ = b.x.y();
    if (host == pbm::Host::Headless || time() - lastPlotT_ < 0.01) return;
    lastPlotT_ = time();
    heightPlot_.push(time(), {b.x.y() - radius_});
  }
  void drawExtras(pbm::Canvas3D& canvas) override {
    if (height_ <= 0.0) return;
    const double z = -1.2 * radius_, x0 = -0.8, x1 = 0.8;
    for (int k = 0; k <= 8; ++k) {
      const double y = std::pow(eps_, 2 * k) * height_;
      if (y < 0.004 * height_ || (k > 0 && eps_ >= 1.0)) break;
      // Dashed: 0.06 m on, 0.04 m off.
      for (double x = x0; x < x1; x += 0.1)
        canvas.line(Vector3d(x, y, z), Vector3d(std::min(x + 0.06, x1), y, z), kGuide, 1.5f);
      if (k <= 4)
        canvas.text(Vector3d(x0, y, z),
                    k == 0 ? pbm::format("h = %.3g m", height_)
                           : pbm::format("eps^%d h = %.3g m", 2 * k, y),
                    kGuide, {-150.f, -9.f});
    }
  }
  void extraHud(std::vector<std::string>& lines) const override {
    const double v0 = std::sqrt(2.0 * g_ * std::max(0.0, height_));
    if (g_ > 0.0 && height_ > 0.0) {
      const double tFirst = std::sqrt(2.0 * height_ / g_);
      lines.push_back(firstImpactT_ >= 0.0
                          ? pbm::format("first impact t = %.10f s, exact sqrt(2h/g) = %.10f s",
                                        firstImpactT_, tFirst)
                          : pbm::format("first impact expected at sqrt(2h/g) = %.6f s", tFirst));
    }
    const int n = static_cast<int>(apexes_.size());
    for (int k = std::max(0, n - 3); k < n; ++k) {
      const double exact = std::pow(eps_, 2 * (k + 1)) * height_;
      lines.push_back(pbm::format("apex %d: %.7f m, exact eps^%d h = %.7f m", k + 1, apexes_[k],
                                  2 * (k + 1), exact));
    }
    if (eps_ > 0.0 && eps_ < 1.0 && v0 > threshold_ && g_ > 0.0) {
      const long expected =
          static_cast<long>(std::floor(std::log(threshold_ / v0) / std::log(eps_))) + 1;
      const double zeno = std::sqrt(2.0 * height_ / g_) * (1.0 + eps_) / (1.0 - eps_);
      lines.push_back(pbm::format("impacts %ld of floor(ln(TH/v0)/ln eps) + 1 = %ld before rest",
                                  impacts_, expected));
      lines.push_back(pbm::format("last impact t = %.5f s; rest at the Zeno sum %.5f s (+- %.2g)",
                                  lastImpactT_, zeno, 2.0 * threshold_ / (g_ * (1.0 - eps_))));
    }
  }
  void extraPanel() override { heightPlot_.draw(ImVec2(-1.f, 70.f)); }

 private:
  double height_ = 1.0, radius_ = 0.15, mass_ = 1.0;
  std::vector<double> apexes_;
  double prevVy_ = 0.0, prevY_ = 0.0, firstImpactT_ = -1.0;
  pbm::TimePlot heightPlot_;
  double lastPlotT_ = -1.0;
};

}  // namespace

std::unique_ptr<pbm::Scene> makeBallScene() {
  return std::make_unique<BallScene>();
}

}  // namespace ch09
