// Phase planes of a 1D particle (Particle System Dynamics §2): the state is
// (x, v) and the field (v, F/m), so integral curves are whole motions. A spring
// has exact ellipses; a pendulum has no elementary closed form, but its orbits
// are the level sets of the energy, and the separatrix splits swinging from
// going over the top.
#include <cmath>
#include <numbers>

#include "field_scene.h"
#include "pbm/fields/fields.h"
#include "scenes.h"

namespace ch01 {

namespace {

constexpr double kPi = std::numbers::pi;

// PSD §2 with F = -k x: ellipses E = m v^2/2 + k x^2/2; Euler scales E by 1 + h^2 k/m.
class SpringPhaseScene final : public FieldScene {
 public:
  SpringPhaseScene() {
    setDefaults(0.05, 6.28, {1.0, 0.0}, {{0.0, -0.1}, 2.4});
    params_.add("m", &m_, 0.1, 10.0, "mass, kg").logScale = true;
    params_.add("k", &k_, 0.1, 20.0, "spring stiffness, N/m").logScale = true;
  }
  std::string name() const override { return "spring_phase"; }
  std::string title() const override { return "Spring phase plane (x, v), f = (v, -kx/m)"; }
  std::string lookFor() const override {
    return "Horizontal axis: position x; vertical: velocity v. Every motion of the spring is an "
           "ellipse of constant energy (dashed). Euler multiplies the energy by exactly "
           "1 + h^2 k/m per step, so its polygons spiral outward (PSD 2).";
  }
  Vector2d field(const Vector2d& xv, double t) const override {
    const double k = k_;
    return pbm::phasePlaneField(xv, t, m_, [k](double x, double, double) { return -k * x; });
  }
  std::optional<Vector2d> exact(const Vector2d& x0, double t) const override {
    const double w = std::sqrt(k_ / m_), c = std::cos(w * t), s = std::sin(w * t);
    return Vector2d(x0.x() * c + x0.y() / w * s, -x0.x() * w * s + x0.y() * c);
  }
  std::string invariantName() const override { return "E = m v^2/2 + k x^2/2 (J)"; }
  double invariant(const Vector2d& xv, const Vector2d&, double) const override {
    return 0.5 * m_ * xv.y() * xv.y() + 0.5 * k_ * xv.x() * xv.x();
  }
  std::vector<Vector2d> extraSeeds() const override { return {{0.0, 1.5}, {-0.4, 0.0}}; }
  double fieldEnergy(const Vector2d& xv) const override { return invariant(xv, xv, 0.0); }

 private:
  double m_ = 1.0, k_ = 1.0;
};

// Pendulum (theta, omega): f = (omega, -(g/l) sin theta), E = omega^2/2 - (g/l) cos theta.
class PendulumPhaseScene final : public FieldScene {
 public:
  PendulumPhaseScene() {
    setDefaults(0.05, 10.0, {0.5, 0.0}, {{0.0, 0.0}, 3.4});
    params_.add("g_over_l", &gOverL_, 0.1, 20.0, "gravity over pendulum length g/l, 1/s^2")
        .logScale = true;
  }
  std::string name() const override { return "pendulum_phase"; }
  std::string title() const override { return "Pendulum phase plane (theta, omega)"; }
  std::string lookFor() const override {
    return "Horizontal: angle theta (rad); vertical: angular velocity. Inside the amber "
           "separatrix (E = g/l) the pendulum swings, outside it goes over the top. No "
           "elementary closed form: the dashed curves are the exact orbits as energy level "
           "sets; Euler climbs across them.";
  }
  Vector2d field(const Vector2d& xv, double t) const override {
    const double g = gOverL_;
    return pbm::phasePlaneField(xv, t, 1.0,
                                [g](double theta, double, double) { return -g * std::sin(theta); });
  }
  std::optional<Vector2d> exact(const Vector2d&, double) const override { return std::nullopt; }
  std::string exactLabel() const override { return "exact orbit: level set of E through the seed"; }
  std::string invariantName() const override { return "E = omega^2/2 - (g/l) cos theta"; }
  double invariant(const Vector2d& xv, const Vector2d&, double) const override {
    return orbitEnergy(xv);
  }
  // E is kept exactly; its zero is the pivot's height, so it is measured
  // against g/l, the separatrix's energy.
  double fieldEnergy(const Vector2d& xv) const override { return orbitEnergy(xv); }
  double boundedEnergyScale() const override { return gOverL_; }
  std::vector<Vector2d> extraSeeds() const override {
    return {{2.0, 0.0}, {2.9, 0.0}, {-2.0 * kPi + 0.3, 2.3}};
  }
  std::vector<Polyline> exactOrbit(const Vector2d& x0, const Vector2d& lo,
                                   const Vector2d& hi) const override;
  void drawExtras(pbm::Canvas2D& canvas) override;

 private:
  double orbitEnergy(const Vector2d& xv) const {
    return 0.5 * xv.y() * xv.y() - gOverL_ * std::cos(xv.x());
  }
  double gOverL_ = 1.0;
};

std::vector<Polyline> PendulumPhaseScene::exactOrbit(const Vector2d& x0, const Vector2d& lo,
                                                     const Vector2d& hi) const {
  // omega = +-sqrt(2 (E + g cos theta)) on the level set E = E(x0).
  const double g = gOverL_, e = orbitEnergy(x0);
  const auto speed = [&](double theta) {
    return std::sqrt(std::max(0.0, 2.0 * (e + g * std::cos(theta))));
  };
  Polyline p;
  const int n = 400;
  if (e >= g) {
    // Over the top: omega keeps its sign; the orbit runs across the whole view.
    if (x0.y() == 0.0) return {};
    const double sign = x0.y() > 0 ? 1.0 : -1.0;
    for (int i = 0; i <= n; ++i) {
      const double theta = lo.x() + (hi.x() - lo.x()) * i / n;
      p.emplace_back(theta, sign * speed(theta));
    }
    return {p};
  }
  // Swinging: a closed oval about the nearest stable equilibrium, turning
  // where E = -g cos theta. theta = c + A sin u puts more samples near the turns.
  const double amp = std::acos(std::clamp(-e / g, -1.0, 1.0));
  const double c = 2.0 * kPi * std::round(x0.x() / (2.0 * kPi));
  for (int i = 0; i <= n; ++i) {
    const double u = -0.5 * kPi + 2.0 * kPi * i / n;
    const double theta = c + amp * std::sin(u);
    p.emplace_back(theta, (std::cos(u) >= 0 ? 1.0 : -1.0) * speed(theta));
  }
  return {p};
}

void PendulumPhaseScene::drawExtras(pbm::Canvas2D& canvas) {
  // The separatrix E = g/l: omega = +-2 sqrt(g/l) |cos(theta/2)|, through the
  // unstable equilibria (odd multiples of pi, 0).
  const Vector2d lo = canvas.camera().worldMin(), hi = canvas.camera().worldMax();
  const double a = 2.0 * std::sqrt(gOverL_);
  for (double sign : {1.0, -1.0}) {
    Polyline p;
    for (int i = 0; i <= 600; ++i) {
      const double theta = lo.x() + (hi.x() - lo.x()) * i / 600;
      p.emplace_back(theta, sign * a * std::abs(std::cos(0.5 * theta)));
    }
    canvas.dashedPolyline(p, pbm::withAlpha(pbm::colors::kAdaptive, 200), 1.5f, 10.f);
  }
  // Label it at the rightmost unstable equilibrium in view.
  const double top = kPi + 2.0 * kPi * std::floor((hi.x() - 0.5 - kPi) / (2.0 * kPi));
  if (top > lo.x())
    canvas.text(Vector2d(top, 0.0), "separatrix E = g/l", pbm::colors::kAdaptive, {-60.f, 6.f});
}

}  // namespace

std::unique_ptr<pbm::Scene> makeSpringPhaseScene() {
  return std::make_unique<SpringPhaseScene>();
}
std::unique_ptr<pbm::Scene> makePendulumPhaseScene() {
  return std::make_unique<PendulumPhaseScene>();
}

}  // namespace ch01
