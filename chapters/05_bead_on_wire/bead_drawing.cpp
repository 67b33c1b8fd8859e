// The bead scene as the viewer shows it (bead_scene.h): the wire, the trail,
// the exact and parametric ghosts, the force construction of CD §2.3, the
// HUD with the closed-form lambda, the panel and the mouse spring.
#include <cstdio>
#include <string>

#include "bead_scene.h"
#include "pbm/core/exercise.h"
#include "pbm/viewer/canvas2d.h"
#include "pbm/viewer/ui.h"

namespace ch05 {

namespace {
const pbm::Color kForceColor = pbm::colors::kAdaptive;       // applied force f
const pbm::Color kConstraintColor = pbm::colors::kImplicit;  // constraint force f^
const pbm::Color kVelocityColor = pbm::rgba(90, 215, 225, 255);
const pbm::Color kPenaltyColor = pbm::rgba(240, 150, 200, 255);
}  // namespace

void BeadScene::draw(pbm::Canvas2D& c) {
  const double r = wire_.r;
  c.circle(wire_.c, r, pbm::colors::kAxis, 4.f);
  c.cross(wire_.c, 5.f, pbm::colors::kDim);
  c.text(wire_.c, "c", pbm::colors::kDim);
  const pbm::Color mc = kind_ == Kind::Penalty ? kPenaltyColor : stepper_.method().colour;
  c.polyline(trail_, pbm::withAlpha(mc, 150), 1.5f);

  if (kind_ == Kind::OffWire)
    c.dashedCircle(wire_.c, std::sqrt(std::max(0.0, r * r + 2 * exactC(time()))),
                   pbm::colors::kExact, 1.f);
  if (showExact_ && kind_ != Kind::OffWire) {
    const Vector2d xe = exact_.position(time(), wire_.c);
    c.circle(xe, 0.07 * r, pbm::colors::kExact, 2.f);
    c.text(xe, "exact", pbm::colors::kExact, {10.f, 4.f});
  }
  if (showParametric_ && kind_ != Kind::Penalty && param_.x().allFinite()) {
    c.dot(param_.x(), 5.f, pbm::colors::kImplicit);
    c.text(param_.x(), "parametric (§5)", pbm::colors::kImplicit, {10.f, 18.f});
  }

  const Vector2d p = x(), u = v();
  if (!p.allFinite() || p.norm() > 1e6 * r) return;
  if (forces_.mouseOn) {
    c.line(p, forces_.cursor, pbm::colors::kDim, 1.f);
    c.cross(forces_.cursor, 5.f, pbm::colors::kText);
  }
  if (showArrows_) drawArrows(c, p, u);
  c.disc(p, 0.045 * r, mc);
  char buf[96];
  std::snprintf(buf, sizeof buf, "%s  C = %.2e", runLabel(), C());
  // Above the bead on the side the constraint force f^ = lambda (x - c)
  // does not point to (its arrow's label sits at the tip), on a dark
  // backdrop that the other arrows pass under.
  const double px = 1.0 / c.camera().pixelsPerUnit();
  const pbm::Px2 size = pbm::ui::textSize(buf);
  const bool left = lambda() * (p - wire_.c).x() > 0.0;
  const float dx = left ? -(size.x + 12.f) : 12.f;
  const Vector2d lo = p + Vector2d((dx - 2) * px, 8 * px),
                 hi = p + Vector2d((dx + size.x + 2) * px, 24 * px);
  c.polygonFilled({lo, Vector2d(hi.x(), lo.y()), hi, Vector2d(lo.x(), hi.y())},
                  pbm::withAlpha(pbm::colors::kBackground, 200));
  c.text(p, buf, mc, {dx, -22.f});
}

void BeadScene::hud(std::vector<std::string>& lines) const {
  char buf[200];
  std::snprintf(buf, sizeof buf, "C = %.3e  C' = %.3e  E - E0 = %.3e J", C(), Cdot(),
                energy() - E0_);
  lines.push_back(buf);
  if (kind_ == Kind::Penalty) {
    std::snprintf(buf, sizeof buf, "penalty: h sqrt(k/m) = %.3g (RK4 stable below ~2.8)",
                  settings_.h * std::sqrt(kPen_ / mass_));
    lines.push_back(buf);
  }
  double phi, phidot;
  polar(phi, phidot);
  const double lamExact = pbm::exactLambda(phi, phidot, mass_, g_, radius_);
  std::snprintf(buf, sizeof buf, "lambda: simulated %.6g, closed form at the bead %.6g N/m",
                lambda(), lamExact);
  lines.push_back(buf);
  std::snprintf(buf, sizeof buf, "|f^|: simulated %.6g, m(v^2/r + g cos phi) = %.6g N",
                std::abs(lambda()) * (x() - wire_.c).norm(), std::abs(lamExact) * radius_);
  lines.push_back(buf);
  if (kind_ != Kind::OffWire) {
    double pe, pde;
    exact_.at(time(), pe, pde);
    std::snprintf(buf, sizeof buf, "exact pendulum: lambda %.6g, period %.6g s, k = %.4f%s",
                  pbm::exactLambda(pe, pde, mass_, g_, radius_), exact_.period(), exact_.k(),
                  forces_.mouseOn ? " (re-seeded on release)" : "");
    lines.push_back(buf);
  }
}

void BeadScene::panel() {
  // Folding sections, open at start where they fit: the panel fits 1280x800.
  if (kind_ != Kind::Penalty && pbm::panelSection("Feedback (CD §2.2, eq 11)", 110.f, true, 3)) {
    pbm::ui::textUnformatted("C'' = -ks C - kd C'");
    bool on = ks_ > 0 || kd_ > 0;
    if (pbm::ui::checkbox("feedback on", &on)) {
      if (on)
        ks_ = savedKs_ > 0 ? savedKs_ : 100, kd_ = savedKd_ > 0 ? savedKd_ : 20;
      else
        savedKs_ = ks_, savedKd_ = kd_, ks_ = kd_ = 0;
      settingsChanged();
    }
    pbm::ui::sameLine();
    if (pbm::ui::button("critical: kd = 2 sqrt(ks)")) {
      kd_ = 2 * std::sqrt(ks_);
      settingsChanged();
    }
    bool moved = pbm::ui::radioButton("in the solve (eq 11)", &placement_, 0);
    moved |= pbm::ui::radioButton("force after the solve (CD §2.2)", &placement_, 1);
    moved |= pbm::ui::radioButton("force before the solve: cancelled!", &placement_, 2);
    if (moved) settingsChanged();
  }
  if (pbm::panelSection("Show", 130.f, false, 2)) {
    pbm::ui::checkbox("force arrows + construction", &showArrows_);
    if (kind_ != Kind::OffWire) pbm::ui::checkbox("exact pendulum", &showExact_);
    if (kind_ != Kind::Penalty) {
      if (pbm::ui::checkbox("parametric bead (§5, same method)", &showParametric_) &&
          showParametric_)
        syncParametric();
    }
    if (pbm::ui::button("re-seed exact/parametric from the bead")) reseedExact(), syncParametric();
    pbm::ui::textDisabled(
        "amber f (applied), violet f^ (constraint), cyan v; dashed: f's tangent part (eq 8) "
        "and normal part. Left-drag: mouse spring.");
  }
  if (pbm::panelSection("Live plots: C and C'", plotC_.height(80.f) + plotCdot_.height(80.f), true,
                        1)) {
    plotC_.draw({-1.f, 80.f});
    plotCdot_.draw({-1.f, 80.f});
  }
  if (pbm::panelSection("Live plots: energy and lambda",
                        plotE_.height(80.f) + plotL_.height(80.f))) {
    plotE_.draw({-1.f, 80.f});
    plotL_.draw({-1.f, 80.f});
  }
}

bool BeadScene::onMouseDown(const Vector2d& w, int button) {
  if (button != 0) return false;
  forces_.mouseOn = true;
  forces_.cursor = w;
  applyLive();
  return true;
}

void BeadScene::onMouseUp(const Vector2d&) {
  forces_.mouseOn = false;
  applyLive();
  reseedExact();
  syncParametric();
}

void BeadScene::drawArrows(pbm::Canvas2D& c, const Vector2d& p, const Vector2d& u) {
  const double r = wire_.r;
  const double fRef = std::max({mass_ * g_, mass_ * speed_ * speed_ / r, 1e-9});
  const double fs = 0.4 * r / fRef;  // metres of arrow per newton
  const double vs = 0.15;            // metres of arrow per m/s
  try {
    Vector2d f, fHat;
    if (kind_ == Kind::Penalty) {
      f = forces_.total(p, u, mass_);
      fHat = pen_.springForce(p, u);
    } else {
      const auto e = bead_.evaluate(p, u);
      f = e.f;
      fHat = e.fHat;
    }
    const Vector2d n = p - wire_.c;
    const Vector2d ft = pbm::projectOntoTangent(f, n);  // eq (8)
    if (f.norm() > 1e-9 * fRef) {
      // The construction of §2.3: f = tangent part + normal part.
      c.dashedPolyline({p, p + fs * ft, p + fs * f}, pbm::withAlpha(kForceColor, 160), 1.2f);
      if ((f - ft).norm() > 0.15 * f.norm() && ft.norm() > 0.15 * f.norm())
        c.text(p + fs * ft, "tangent part", pbm::withAlpha(kForceColor, 200), {4.f, 2.f});
      c.arrow(p, p + fs * f, kForceColor, 2.f);
      c.text(p + fs * f, "f", kForceColor, {4.f, -4.f});
    }
    c.arrow(p, p + fs * fHat, kConstraintColor, 2.5f);
    c.text(p + fs * fHat, kind_ == Kind::Penalty ? "spring" : "f^", kConstraintColor, {4.f, -4.f});
    c.arrow(p, p + vs * u, kVelocityColor, 2.f);
    c.text(p + vs * u, "v", kVelocityColor, {4.f, -4.f});
  } catch (const pbm::ExerciseNotDone& e) {
    c.text(p, std::string("arrows: ") + e.exercise() + " not done", pbm::colors::kWarning,
           {12.f, 8.f});
  }
}

}  // namespace ch05
