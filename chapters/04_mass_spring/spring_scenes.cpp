// Springs without walls: the two-body spring (PSD §4.2, with its closed form)
// and the pendulum chain hanging from a nail or driven by a motor (PSD §5).
#include <cmath>
#include <limits>

#include "particle_scene.h"
#include "pbm/core/errors.h"
#include "pbm/viewer/canvas2d.h"
#include "scenes.h"

namespace ch04 {
namespace {

using Eigen::Vector2d;

// Two bodies on one spring: the relative coordinate oscillates with the
// reduced mass mu = m1 m2 / (m1 + m2), omega = sqrt(ks / mu); the centre of
// mass never moves (spring damping included, PSD §4.2).
class SpringPairScene : public ParticleScene {
 public:
  SpringPairScene() {
    settings_.tEnd = 3.0;
    stepsPerFrame_ = 8;
    g_ = 0.0;
    phaseComponent_ = 0;
    params_.add("m1", &m1_, 1e-3, 1e3, "mass of the left particle, kg").logScale = true;
    params_.add("m2", &m2_, 1e-3, 1e3, "mass of the right particle, kg").logScale = true;
    params_.add("ks", &ks_, 1e-3, 1e6, "spring stiffness, N/m").logScale = true;
    params_.add("kd", &kd_, 0.0, 100.0, "spring damping, N s/m");
    params_.add("rest", &rest_, 0.01, 10.0, "rest length, m");
    params_.add("stretch", &stretch_, -0.9, 5.0, "initial length minus rest length, m")
        .needs("rest + stretch > 0");
    params_.add("spin", &spin_, -20.0, 20.0, "initial angular velocity of the pair, rad/s");
    addCommonParams(false);
  }
  std::string name() const override { return "spring_pair"; }
  std::string title() const override { return "Two bodies on a damped spring (PSD §4.2)"; }
  std::string lookFor() const override {
    return "Equal and opposite forces: the centre of mass (grey x) never moves, even with damping. "
           "Dashed rings: the exact motion, omega = sqrt(ks / mu). Try euler: the energy grows.";
  }
  pbm::ViewBox initialView() const override { return {{0, 0}, 1.2}; }
  void validate() const override {
    if (rest_ + stretch_ <= 0)
      throw pbm::UsageError("rest + stretch must be > 0 (the initial length of the spring)");
  }

 protected:
  void build() override {
    const double M = m1_ + m2_, l0 = rest_ + stretch_;
    pbm::Particle a, b;
    a.m = m1_, b.m = m2_;
    a.x = Vector2d(-l0 * m2_ / M, 0), b.x = Vector2d(l0 * m1_ / M, 0);
    a.v = spin_ * Vector2d(-a.x.y(), a.x.x()), b.v = spin_ * Vector2d(-b.x.y(), b.x.x());
    ps_.add(a), ps_.add(b);
    ps_.addForce<pbm::DampedSpring>(0, 1, ks_, kd_, rest_);
    if (g_ > 0) ps_.addForce<pbm::Gravity>(Vector2d(0, -g_));
    if (drag_ > 0) ps_.addForce<pbm::Drag>(drag_);
    selected_ = 1;
  }
  bool exactApplies() const { return kd_ == 0 && spin_ == 0 && drag_ == 0 && g_ == 0; }
  double exactLength() const {
    const double mu = m1_ * m2_ / (m1_ + m2_);
    return rest_ + stretch_ * std::cos(std::sqrt(ks_ / mu) * ps_.t);
  }
  void drawExtras(pbm::Canvas2D& canvas) override {
    canvas.cross(ps_.centerOfMass(), 8.f, pbm::colors::kDim, 2.f);
    if (!exactApplies()) return;
    const double M = m1_ + m2_, l = exactLength();
    canvas.dashedCircle(Vector2d(-l * m2_ / M, 0), 0.05, pbm::colors::kExact);
    canvas.dashedCircle(Vector2d(l * m1_ / M, 0), 0.05, pbm::colors::kExact);
  }
  void extraColumns(std::vector<std::string>& c) const override {
    c.insert(c.end(), {"length", "length_exact"});
  }
  void extraRow(std::vector<double>& r) const override {
    r.push_back((ps_.particles[0].x - ps_.particles[1].x).norm());
    r.push_back(exactApplies() ? exactLength() : std::numeric_limits<double>::quiet_NaN());
  }

 private:
  double m1_ = 1, m2_ = 3, ks_ = 12, kd_ = 0, rest_ = 1, stretch_ = 0.2, spin_ = 0;
};

// A chain of particles and springs hanging from a nail (or a motor on a
// circle, PSD §5: "entire mechanisms, complete with motors").
class ChainScene : public ParticleScene {
 public:
  ChainScene() {
    settings_.tEnd = 5.0;
    stepsPerFrame_ = 16;
    drag_ = 0.01;
    params_.add("links", &links_, 1, 40, "number of free particles").integer = true;
    params_.add("mass", &mass_, 1e-3, 10.0, "mass of each particle, kg").logScale = true;
    params_.add("ks", &ks_, 1e-3, 1e6, "spring stiffness, N/m").logScale = true;
    params_.add("kd", &kd_, 0.0, 100.0, "spring damping, N s/m");
    params_.add("link", &link_, 0.01, 2.0, "rest length of each link, m");
    params_.toggle("motor", &motor_, "on: the top particle runs on a circle (a motor)");
    params_.add("motor_omega", &omega_, -30.0, 30.0, "motor angular velocity, rad/s");
    addCommonParams(false);
  }
  std::string name() const override { return "chain"; }
  std::string title() const override { return "Pendulum chain (PSD §4-5)"; }
  std::string lookFor() const override {
    return "A chain released horizontally from a nail (x). Springs are coloured by strain: the top "
           "link carries the most weight. Set motor=on: the nail runs on a circle and its velocity "
           "feeds the springs' damping.";
  }
  pbm::ViewBox initialView() const override { return {{0.0, -0.77}, 1.8}; }
  // The motor feeds energy in: no energy rule then.
  double boundedEnergy() const override {
    return motor_ ? std::numeric_limits<double>::quiet_NaN() : ParticleScene::boundedEnergy();
  }

 protected:
  void build() override {
    pbm::Particle top;
    top.m = mass_;
    if (motor_) {
      top.control = pbm::motorOnCircle({0, 0}, 0.25, omega_);
      top.x = top.control.xc(0), top.v = top.control.vc(0);
    } else {
      top.control = pbm::nailAt({0, 0});
    }
    ps_.add(top);
    for (int i = 1; i <= static_cast<int>(links_); ++i) {
      pbm::Particle p;
      p.m = mass_;
      p.x = ps_.particles[0].x + Vector2d(i * link_, 0);
      ps_.add(p);
      ps_.addForce<pbm::DampedSpring>(i - 1, i, ks_, kd_, link_);
    }
    ps_.addForce<pbm::Gravity>(Vector2d(0, -g_));
    if (drag_ > 0) ps_.addForce<pbm::Drag>(drag_);
    selected_ = ps_.n() - 1;
  }
  void drawExtras(pbm::Canvas2D& canvas) override {
    if (motor_) canvas.dashedCircle({0, 0}, 0.25, pbm::colors::kDim);
  }

 private:
  double links_ = 8, mass_ = 0.1, ks_ = 500, kd_ = 0.5, link_ = 0.2, omega_ = 4;
  bool motor_ = false;
};

}  // namespace

std::unique_ptr<pbm::Scene> makeSpringPairScene() {
  return std::make_unique<SpringPairScene>();
}
std::unique_ptr<pbm::Scene> makeChainScene() {
  return std::make_unique<ChainScene>();
}

}  // namespace ch04
