// A ball dropped on the floor (RBII §6 and §8 together): every bounce keeps
// eps of the impact speed (8-10), so the k-th apex is eps^(2k) h; once the
// impact speed falls below THRESHOLD the contact is resting, not colliding,
// and the ball stays down. Impacts before rest: floor(ln(TH/v0)/ln eps) + 1
// with v0 = sqrt(2 g h); the time until rest is close to the Zeno sum
// sqrt(2h/g)(1 + eps)/(1 - eps): the impacts after the last one would take
// sum_k 2 v_k/g < 2 TH/(g (1 - eps)) more, so the last impact comes at most
// that much before it. Both hold only when the detector is fine enough: an
// impact is found anywhere within |gap| <= dist_tol, and starting a bounce
// dist_tol higher or lower changes the next impact speed v by up to
// g 2 dist_tol / v. Near v = TH that must be small beside TH, so the scene's
// dist_tol is 1e-10 m (2 g dist_tol/TH = 2e-6 m/s beside TH = 1e-3 m/s);
// with the other scenes' 1e-6 m slow bounces gain up to 0.02 m/s and the
// ball bounces on past the count (the HUD says so when dist_tol is coarse).
#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

#include "impulse_scene.h"
#include "pbm/app/text.h"
#include "pbm/viewer/canvas3d.h"
#include "pbm/viewer/ui.h"
#include "scenes.h"

namespace ch09 {

namespace {

using Eigen::Vector3d;

constexpr pbm::Color kGuide = pbm::rgba(240, 240, 240, 170);

class BallScene : public ImpulseScene {
 public:
  BallScene() : heightPlot_("height of the ball's bottom (gap), m", {"gap"}, {pbm::colors::kRk4}) {
    addCollisionParams(0.8, 1e-3, 9.81, 1e-10);
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
    // A bounce shorter than a step (flight 2 v/g < h) shows no apex at a
    // step's end: each apex is stored with the impacts before it, so apex k
    // is compared with eps^(2k) h of its own bounce.
    if (prevVy_ > 0.0 && b.v.y() <= 0.0 && g_ > 0.0)
      apexes_.push_back({impacts_, prevY_ + prevVy_ * prevVy_ / (2.0 * g_) - radius_});
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
    for (int i = std::max(0, n - 3); i < n; ++i) {
      const long k = apexes_[i].impacts;
      const double exact = std::pow(eps_, 2.0 * static_cast<double>(k)) * height_;
      lines.push_back(pbm::format("apex after impact %ld: %.7f m, exact eps^%ld h = %.7f m", k,
                                  apexes_[i].gap, 2 * k, exact));
    }
    if (eps_ > 0.0 && eps_ < 1.0 && v0 > threshold_ && g_ > 0.0) {
      const long expected =
          static_cast<long>(std::floor(std::log(threshold_ / v0) / std::log(eps_))) + 1;
      const double zeno = std::sqrt(2.0 * height_ / g_) * (1.0 + eps_) / (1.0 - eps_);
      // The impacts after the last counted one (K) would last
      // 2 v_{K+1}/(g(1 - eps)) with eps TH < v_{K+1} <= TH: the last impact
      // comes that much before the Zeno sum.
      const double lo = zeno - 2.0 * threshold_ / (g_ * (1.0 - eps_));
      const double hi = zeno - 2.0 * eps_ * threshold_ / (g_ * (1.0 - eps_));
      lines.push_back(pbm::format("impacts %ld of floor(ln(TH/v0)/ln eps) + 1 = %ld before rest",
                                  impacts_, expected));
      // Until the ball rests, the latest impact is not yet the last one.
      const bool resting = impacts_ >= expected;
      lines.push_back(
          impacts_ == 0
              ? pbm::format("no impact yet; the last one expected in [%.5f, %.5f] s", lo, hi)
          : resting ? pbm::format("last impact t = %.5f s, expected in [%.5f, %.5f] s",
                                  lastImpactT_, lo, hi)
                    : pbm::format("latest impact t = %.5f s; the last one expected in "
                                  "[%.5f, %.5f] s",
                                  lastImpactT_, lo, hi));
      lines.push_back(
          pbm::format("  = Zeno sum %.5f s less 2 v/(g(1 - eps)), eps TH < v <= TH", zeno));
      // Each impact is found within |gap| <= dist_tol (RBII §6): the next
      // impact speed near TH moves by up to g 2 dist_tol / TH.
      const double jitter = 2.0 * g_ * distTol_ / threshold_;
      if (jitter > 0.05 * threshold_) {
        lines.push_back("coarse dist_tol: slow impact speeds move by up to");
        lines.push_back(pbm::format("  2 g dist_tol/TH = %.2g m/s: the count can differ", jitter));
      }
    }
  }
  void extraPanel() override { heightPlot_.draw(pbm::Px2(-1.f, 70.f)); }

 private:
  double height_ = 1.0, radius_ = 0.15, mass_ = 1.0;
  struct Apex {
    long impacts;  // impacts before it: the apex of bounce `impacts`
    double gap;    // m
  };
  std::vector<Apex> apexes_;
  double prevVy_ = 0.0, prevY_ = 0.0, firstImpactT_ = -1.0;
  pbm::TimePlot heightPlot_;
  double lastPlotT_ = -1.0;
};

}  // namespace

std::unique_ptr<pbm::Scene> makeBallScene() {
  return std::make_unique<BallScene>();
}

}  // namespace ch09
