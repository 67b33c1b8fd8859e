// Particles against planes (PSD §7): the bouncing ball (rollback vs displace,
// the Zeno limit), the sliding block (contact force and friction) and a
// jelly block (a lattice with diagonals, PSD §5 "structures").
#include <Eigen/Geometry>
#include <cmath>
#include <cstdio>
#include <deque>
#include <numbers>

#include "particle_scene.h"
#include "pbm/viewer/canvas2d.h"
#include "scenes.h"

namespace ch04 {
namespace {

using Eigen::Vector2d;

// A box: floor, a ramp tilted 30 degrees in the right corner, two walls.
std::vector<Wall> box() {
  const Vector2d rampTop(4.0, 1.5 * std::tan(std::numbers::pi / 6));
  return {wallThrough({-4, 0}, {2.5, 0}), wallThrough({2.5, 0}, rampTop),
          wallThrough(rampTop, {4, 4}), wallThrough({-4, 4}, {-4, 0})};
}

class BouncingBallScene : public ParticleScene {
 public:
  BouncingBallScene() {
    settings_.tEnd = 5.0;
    stepsPerFrame_ = 16;
    kr_ = 0.7;
    params_.add("height", &H_, 0.01, 3.5, "drop height H of the first ball, m");
    params_.add("vx", &vx_, -10.0, 10.0, "initial horizontal velocity, m/s");
    params_.add("balls", &balls_, 1, 20, "number of balls (the first is the measured one)")
        .integer = true;
    addCommonParams(true);
  }
  std::string name() const override { return "bouncing_ball"; }
  std::string title() const override { return "Bouncing ball: collisions and contact (PSD §7)"; }
  std::string lookFor() const override {
    return "Dashed lines: the apex heights kr^(2j) H. Rolled back to each contact instant the ball "
           "meets them and comes to rest at the Zeno time t1 (1 + kr)/(1 - kr); rollback=off "
           "displaces instead (off by O(h)). Then it slides into the ramp.";
  }
  pbm::ViewBox initialView() const override { return {{0.1, 1.75}, 3.7}; }

 protected:
  void build() override {
    walls_ = box();
    for (int i = 0; i < static_cast<int>(balls_); ++i) {
      pbm::Particle p;
      p.m = 1.0;
      p.x = Vector2d(-3.0 + 0.3 * i, H_ * (1.0 - 0.04 * i));
      p.v = Vector2d(vx_ * (1 + 0.5 * i), 0);
      ps_.add(p);
    }
    ps_.addForce<pbm::Gravity>(Vector2d(0, -g_));
    if (drag_ > 0) ps_.addForce<pbm::Drag>(drag_);
    trail_.clear();
  }
  void drawExtras(pbm::Canvas2D& canvas) override {
    double apex = H_, above = INFINITY;
    char buf[48];
    const double lineHeight = 15.0 / canvas.camera().pixelsPerUnit();  // world units
    for (int j = 0; j < 6 && apex > 1e-3; ++j, apex *= kr_ * kr_) {
      canvas.dashedPolyline({{-4, apex}, {2.5, apex}}, pbm::colors::kExact, 1.f);
      // A label goes between its line and the one above; where they crowd
      // towards the floor there is no room, and it is left out.
      if (above - apex >= lineHeight) {
        std::snprintf(buf, sizeof buf, "kr^%d H = %.4g", 2 * j, apex);
        canvas.text({-4, apex}, buf, pbm::colors::kDim, {4.f, -16.f});
      }
      above = apex;
    }
    trail_.push_back(ps_.particles[0].x);
    if (trail_.size() > 4000) trail_.pop_front();
    canvas.polyline({trail_.begin(), trail_.end()}, pbm::colors::kRk4, 1.5f);
  }
  void hud(std::vector<std::string>& lines) const override {
    ParticleScene::hud(lines);
    const double t1 = std::sqrt(2 * H_ / g_), kr = kr_;
    char buf[120];
    std::snprintf(buf, sizeof buf, "first impact t1 = %.5f s, Zeno limit t_inf = %.5f s", t1,
                  kr < 1 ? t1 * (1 + kr) / (1 - kr) : INFINITY);
    lines.push_back(buf);
  }
  void extraColumns(std::vector<std::string>& c) const override { c.insert(c.end(), {"y", "vy"}); }
  void extraRow(std::vector<double>& r) const override {
    r.push_back(ps_.particles[0].x.y());
    r.push_back(ps_.particles[0].v.y());
  }

 private:
  double H_ = 2.0, vx_ = 0.6, balls_ = 1;
  std::deque<Vector2d> trail_;
};

// A block sliding on the floor under gravity and linear friction:
// v(t) = v0 exp(-kf g t), stopping distance v0 / (kf g).
class SlidingBlockScene : public ParticleScene {
 public:
  SlidingBlockScene() {
    settings_.tEnd = 3.0;
    stepsPerFrame_ = 8;
    kf_ = 0.5;
    phaseComponent_ = 0;
    params_.add("v0", &v0_, 0.0, 20.0, "initial speed, m/s");
    params_.add("mass", &mass_, 1e-3, 100.0, "mass, kg").logScale = true;
    addCommonParams(true);
  }
  std::string name() const override { return "sliding_block"; }
  std::string title() const override {
    return "Sliding block: contact force and friction (PSD §7.3)";
  }
  std::string lookFor() const override {
    return "The contact force cancels gravity's push into the floor (F' = F_T); friction "
           "-kf (-F.N) v_T slows the block as v0 exp(-kf g t): it stops at the dashed line, "
           "v0 / (kf g) from the start.";
  }
  pbm::ViewBox initialView() const override { return {{0, 0.5}, 1.5}; }

 protected:
  void build() override {
    walls_ = {wallThrough({-4, 0}, {4, 0})};
    pbm::Particle p;
    p.m = mass_;
    p.x = Vector2d(x0_, 0);
    p.v = Vector2d(v0_, 0);
    ps_.add(p);
    ps_.addForce<pbm::Gravity>(Vector2d(0, -g_));
    if (drag_ > 0) ps_.addForce<pbm::Drag>(drag_);
  }
  double stop() const { return kf_ > 0 && g_ > 0 ? x0_ + v0_ / (kf_ * g_) : INFINITY; }
  void drawExtras(pbm::Canvas2D& canvas) override {
    const Vector2d x = ps_.particles[0].x;
    const double s = 0.12;
    canvas.polygonFilled(
        {x + Vector2d(-s, 0), x + Vector2d(s, 0), x + Vector2d(s, 2 * s), x + Vector2d(-s, 2 * s)},
        pbm::withAlpha(pbm::colors::kRk4, 160));
    if (std::isfinite(stop())) {
      canvas.dashedPolyline({{stop(), -0.1}, {stop(), 0.8}}, pbm::colors::kExact, 1.5f);
      canvas.text({stop(), 0.8}, "v0 / (kf g)");
    }
  }
  void extraColumns(std::vector<std::string>& c) const override {
    c.insert(c.end(), {"x", "vx", "vx_exact", "x_stop"});
  }
  void extraRow(std::vector<double>& r) const override {
    r.push_back(ps_.particles[0].x.x());
    r.push_back(ps_.particles[0].v.x());
    r.push_back(drag_ == 0 ? v0_ * std::exp(-kf_ * g_ * ps_.t) : NAN);
    // Empty when the block never stops (kf = 0 or g = 0): a cell is finite or empty.
    r.push_back(drag_ == 0 && std::isfinite(stop()) ? stop() : NAN);
  }

 private:
  double v0_ = 3.0, mass_ = 1.0, x0_ = -1.5;
};

// A lattice block with diagonal springs dropped into the box (PSD §5 structures).
class JellyScene : public ParticleScene {
 public:
  JellyScene() {
    settings_.h = 1e-3;
    settings_.tEnd = 5.0;
    stepsPerFrame_ = 16;
    kr_ = 0.3;
    kf_ = 0.3;
    drag_ = 0.01;
    params_.add("cols", &cols_, 2, 20, "particles across").integer = true;
    params_.add("rows", &rows_, 2, 20, "particles down").integer = true;
    params_.add("ks", &ks_, 1e-3, 1e6, "spring stiffness, N/m").logScale = true;
    params_.add("kd", &kd_, 0.0, 100.0, "spring damping, N s/m");
    params_.add("mass", &mass_, 1e-3, 10.0, "mass of each particle, kg").logScale = true;
    addCommonParams(true);
  }
  std::string name() const override { return "jelly"; }
  std::string title() const override { return "Jelly: a spring lattice with diagonals (PSD §5)"; }
  std::string lookFor() const override {
    return "Without the diagonals a square lattice would shear flat; with them it holds its shape. "
           "Every corner particle collides with the planes on its own; the springs make the block.";
  }
  pbm::ViewBox initialView() const override { return {{0.1, 1.75}, 3.7}; }

 protected:
  void build() override {
    walls_ = box();
    const int nc = static_cast<int>(cols_), nr = static_cast<int>(rows_);
    const double s = 0.2, a = 0.35;
    const Eigen::Matrix2d R = Eigen::Rotation2Dd(a).toRotationMatrix();
    for (int r = 0; r < nr; ++r)
      for (int c = 0; c < nc; ++c) {
        pbm::Particle p;
        p.m = mass_;
        p.x = Vector2d(-2.0, 2.2) + R * Vector2d(c * s, r * s);
        p.v = Vector2d(1.5, 0);
        ps_.add(p);
      }
    auto at = [&](int r, int c) { return r * nc + c; };
    auto spring = [&](int i, int j) {
      ps_.addForce<pbm::DampedSpring>(i, j, ks_, kd_,
                                      (ps_.particles[i].x - ps_.particles[j].x).norm());
    };
    for (int r = 0; r < nr; ++r)
      for (int c = 0; c < nc; ++c) {
        if (c + 1 < nc) spring(at(r, c), at(r, c + 1));
        if (r + 1 < nr) spring(at(r, c), at(r + 1, c));
        if (r + 1 < nr && c + 1 < nc)
          spring(at(r, c), at(r + 1, c + 1)), spring(at(r, c + 1), at(r + 1, c));
      }
    ps_.addForce<pbm::Gravity>(Vector2d(0, -g_));
    if (drag_ > 0) ps_.addForce<pbm::Drag>(drag_);
  }

 private:
  double cols_ = 7, rows_ = 5, ks_ = 800, kd_ = 0.3, mass_ = 0.05;
};

}  // namespace

std::unique_ptr<pbm::Scene> makeBouncingBallScene() {
  return std::make_unique<BouncingBallScene>();
}
std::unique_ptr<pbm::Scene> makeSlidingBlockScene() {
  return std::make_unique<SlidingBlockScene>();
}
std::unique_ptr<pbm::Scene> makeJellyScene() {
  return std::make_unique<JellyScene>();
}

}  // namespace ch04
