// The plane fields of the catalogue (DEB §1): rotation, spiral
// sink, saddle, stiff bowl and the time-dependent rotating wind, each with its
// exact integral curves and the quantity that stays constant along them.
#include <Eigen/Geometry>
#include <cmath>

#include "field_scene.h"
#include "pbm/fields/fields.h"
#include "scenes.h"

namespace ch01 {

namespace {

Vector2d rotated(const Vector2d& x, double angle) {
  return Eigen::Rotation2Dd(angle) * x;
}

// DEB §2.1, Fig. 4: the exact curves are circles; Euler spirals outward.
class RotationScene final : public FieldScene {
 public:
  RotationScene() { setDefaults(0.05, 6.28, {1.0, 0.0}, {{0.0, -0.1}, 2.4}); }
  std::string name() const override { return "rotation"; }
  std::string title() const override { return "Rotation f = (-y, x): circles"; }
  std::string lookFor() const override {
    return "The exact integral curves are circles (dashed), yet every Euler polygon spirals "
           "outward: each leg runs along the tangent to a bigger circle. Shrink h: the drift "
           "slows but never goes away (DEB 2.1, Fig. 4).";
  }
  Vector2d field(const Vector2d& x, double t) const override { return pbm::rotationField(x, t); }
  std::optional<Vector2d> exact(const Vector2d& x0, double t) const override {
    return rotated(x0, t);
  }
  std::string invariantName() const override { return "r = |x|"; }
  double invariant(const Vector2d& x, const Vector2d&, double) const override { return x.norm(); }
  std::vector<Vector2d> extraSeeds() const override { return {{0.0, 1.5}, {-0.45, 0.0}}; }
  // |x|^2/2: the exact curves keep it (a rotation) or lose it (a sink).
  double fieldEnergy(const Vector2d& x) const override { return 0.5 * x.squaredNorm(); }
};

// DEB §1, §2.1: a logarithmic spiral into the origin; Euler can turn it into a source.
class SpiralSinkScene final : public FieldScene {
 public:
  SpiralSinkScene() {
    setDefaults(0.05, 6.28, {1.8, 0.0}, {{0.0, 0.0}, 2.2});
    params_.add("a", &a_, 0.01, 2.0, "decay rate of the spiral, 1/s").logScale = true;
  }
  std::string name() const override { return "spiral_sink"; }
  std::string title() const override { return "Spiral sink f = (-ax - y, x - ay)"; }
  std::string lookFor() const override {
    return "The exact curves spiral into the origin as e^{-at}. Each Euler step scales |x|^2 "
           "by (1 - ha)^2 + h^2, so for h > 2a/(1 + a^2) Euler spirals OUT of a sink: try "
           "a = 0.25 and h above 0.47.";
  }
  Vector2d field(const Vector2d& x, double t) const override {
    return pbm::spiralSinkField(x, t, a_);
  }
  std::optional<Vector2d> exact(const Vector2d& x0, double t) const override {
    return std::exp(-a_ * t) * rotated(x0, t);
  }
  // r e^{a theta} with theta unwrapped: constant on a logarithmic spiral.
  std::string invariantName() const override { return "|x| e^(a theta)"; }
  double invariant(const Vector2d& x, const Vector2d&, double theta) const override {
    return x.norm() * std::exp(a_ * theta);
  }
  std::vector<Vector2d> extraSeeds() const override {
    return {{-1.2, 1.2}, {0.0, -1.0}, {-1.5, -1.3}};
  }
  // |x|^2/2: the exact curves keep it (a rotation) or lose it (a sink).
  double fieldEnergy(const Vector2d& x) const override { return 0.5 * x.squaredNorm(); }

 private:
  double a_ = 0.25;
};

// DEB §1: hyperbolas x y = const; Euler multiplies x y by 1 - h^2 per step.
class SaddleScene final : public FieldScene {
 public:
  SaddleScene() { setDefaults(0.05, 3.0, {0.1, 1.8}, {{0.0, 0.0}, 2.2}); }
  std::string name() const override { return "saddle"; }
  std::string title() const override { return "Saddle f = (x, -y): hyperbolas"; }
  std::string lookFor() const override {
    return "Curves come in along y and leave along x; x y stays constant on each exact "
           "hyperbola. Euler shrinks x y by exactly 1 - h^2 per step, so its polygons fall "
           "inside the dashed curves. Where a seed starts decides everything after.";
  }
  Vector2d field(const Vector2d& x, double t) const override { return pbm::saddleField(x, t); }
  std::optional<Vector2d> exact(const Vector2d& x0, double t) const override {
    return Vector2d(x0.x() * std::exp(t), x0.y() * std::exp(-t));
  }
  std::string invariantName() const override { return "x y"; }
  double invariant(const Vector2d& x, const Vector2d&, double) const override {
    return x.x() * x.y();
  }
  std::vector<Vector2d> extraSeeds() const override {
    return {{-0.35, 0.9}, {0.2, -1.8}, {-0.05, -1.8}};
  }
};

// Implicit Methods eq. (2-1): y decays k times faster than x; h > 2/k blows up.
class StiffBowlScene final : public FieldScene {
 public:
  StiffBowlScene() {
    setDefaults(0.05, 4.0, {1.8, 1.5}, {{0.0, 0.0}, 2.2});
    params_.add("k", &k_, 0.1, 100.0, "stiffness: decay rate of y, 1/s").logScale = true;
  }
  std::string name() const override { return "stiff_bowl"; }
  std::string title() const override { return "Stiff bowl f = (-x, -ky)"; }
  std::string lookFor() const override {
    return "The exact curves drop almost straight onto the x axis, then crawl in along it "
           "(y = y0 (x/x0)^k). Euler's y is multiplied by 1 - hk per step: raise h past 1/k "
           "and the polygon zig-zags across the axis, past 2/k it blows up (DEB 2.1).";
  }
  Vector2d field(const Vector2d& x, double t) const override {
    return pbm::stiffBowlField(x, t, k_);
  }
  std::optional<Vector2d> exact(const Vector2d& x0, double t) const override {
    return Vector2d(x0.x() * std::exp(-t), x0.y() * std::exp(-k_ * t));
  }
  std::string invariantName() const override { return "y / |x|^k"; }
  double invariant(const Vector2d& x, const Vector2d&, double) const override {
    return x.y() / std::pow(std::abs(x.x()), k_);
  }
  std::vector<Vector2d> extraSeeds() const override {
    return {{-1.6, 0.85}, {1.2, -1.7}, {-1.9, -0.6}};
  }
  // |x|^2/2: the exact curves keep it (a rotation) or lose it (a sink).
  double fieldEnergy(const Vector2d& x) const override { return 0.5 * x.squaredNorm(); }

 private:
  double k_ = 10.0;
};

// DEB §1, "dual time dependence": a uniform field that turns with time.
class RotatingWindScene final : public FieldScene {
 public:
  RotatingWindScene() {
    setDefaults(0.05, 4.19, {0.6, -0.8}, {{0.0, 0.2}, 2.0});
    params_.add("omega", &omega_, 0.2, 6.0, "turning rate of the wind, rad/s");
  }
  std::string name() const override { return "rotating_wind"; }
  std::string title() const override { return "Rotating wind f = (cos wt, sin wt)"; }
  std::string lookFor() const override {
    return "At any frozen instant every arrow is the same, so the frozen streamline (amber) is "
           "straight; yet each particle, meeting the arrows as they turn, moves on a circle of "
           "radius 1/omega. f depends on time in two ways (DEB 1).";
  }
  bool timeDependent() const override { return true; }
  Vector2d field(const Vector2d& x, double t) const override {
    return pbm::rotatingWindField(x, t, omega_);
  }
  std::optional<Vector2d> exact(const Vector2d& x0, double t) const override {
    return x0 + Vector2d(std::sin(omega_ * t), 1.0 - std::cos(omega_ * t)) / omega_;
  }
  // Distance from the exact circle's centre x0 + (0, 1/omega): stays 1/omega.
  std::string invariantName() const override { return "|x - c| (c: circle centre)"; }
  double invariant(const Vector2d& x, const Vector2d& x0, double) const override {
    return (x - x0 - Vector2d(0.0, 1.0 / omega_)).norm();
  }
  std::vector<Vector2d> extraSeeds() const override { return {{-1.6, -1.0}, {-0.5, 0.1}}; }

 private:
  double omega_ = 1.5;
};

}  // namespace

std::unique_ptr<pbm::Scene> makeRotationScene() {
  return std::make_unique<RotationScene>();
}
std::unique_ptr<pbm::Scene> makeSpiralSinkScene() {
  return std::make_unique<SpiralSinkScene>();
}
std::unique_ptr<pbm::Scene> makeSaddleScene() {
  return std::make_unique<SaddleScene>();
}
std::unique_ptr<pbm::Scene> makeStiffBowlScene() {
  return std::make_unique<StiffBowlScene>();
}
std::unique_ptr<pbm::Scene> makeRotatingWindScene() {
  return std::make_unique<RotatingWindScene>();
}

}  // namespace ch01
