// The poke scene (Baraff & Witkin 1992 §5): a free body (g = 0) hit by an
// impulse j at a material point u. The whole body answers at once: a point v
// changes velocity by K(v, u) j with K(v, u) = b(v)^T M^-1 b(u)
// (flexResponse), drawn as arrows over the body before the impulse goes in;
// the poked point itself by K(u, u) j (K m = 7 at an affine corner of the
// unit square, 26 quadratic). A click pokes where it lands; headless,
// `poke_x, poke_y` (the body starts undeformed at the origin, so the world
// point is the material point) poke once at t = 0.
#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "flex_readout.h"
#include "flex_scene.h"
#include "pbm/app/text.h"
#include "pbm/flexible/flex_body.h"
#include "pbm/integrators/methods.h"
#include "pbm/viewer/canvas2d.h"
#include "pbm/viewer/colors.h"
#include "pbm/viewer/ui.h"
#include "plane_axes.h"
#include "scenes.h"

namespace ch11 {
namespace {

using Eigen::Matrix2Xd;
using Eigen::Vector2d;

class PokeScene : public FlexScene {
 public:
  PokeScene() {
    settings_.method = "rk4";
    settings_.h = 0.002;
    settings_.hMin = 1e-5;
    settings_.hMax = 0.05;
    settings_.tEnd = 1.0;
    addModelParam();
    params_.add("width", &width_, 0.0, 10.0, "rest width, m (> 0)").above(0);
    params_.add("height", &height_, 0.0, 10.0, "rest height, m (> 0)").above(0);
    addMaterialParams();
    params_.add("poke_x", &pokeX_, -10.0, 10.0, "x of the poke at t = 0, m (outside: no poke)");
    params_.add("poke_y", &pokeY_, -10.0, 10.0, "y of the poke at t = 0, m (outside: no poke)");
    params_.add("jx", &jx_, -10.0, 10.0, "impulse j, x, N s");
    params_.add("jy", &jy_, -10.0, 10.0, "impulse j, y, N s");
  }

  std::string name() const override { return "poke"; }
  std::string title() const override { return "Poke a free body: the response field"; }
  std::string lookFor() const override {
    return "An impulse j at one point moves the whole body at once: the arrows are each point's "
           "velocity change K(v, u) j, and the poked point's own change is K(u, u) j (Baraff & "
           "Witkin 1992 §5). Click the body to poke it there.";
  }
  void validate() const override {
    validateMaterial();
    if (!(width_ > 0) || !(height_ > 0)) throw pbm::UsageError("width and height must be > 0");
  }
  pbm::ViewBox initialView() const override {
    return {{0.0, 0.0}, 0.9 * std::max(width_, height_) + 0.4};
  }

  void reset() override {
    validate();
    kind_ = kind();
    sys_.emplace(pbm::makeFlexRect(kind_, width_, height_, material()));
    field_.clear();
    poked_ = false;
    stepper_.reset(pbm::findMethod(pbm::integratorMethods(), settings_.method), settings_.h);
    poke(Vector2d(pokeX_, pokeY_));
    stepper_.watch(*sys_);
  }
  void advance(double tLimit, pbm::Host) override { stepper_.advance(*sys_, tLimit); }

  bool onMouseDown(const Vector2d& x, int button) override {
    if (button != 0) return false;
    return poke(x);
  }

  std::vector<std::string> csvColumns() const override {
    return {"t",     "com_x",     "com_y",     "vcom_x", "vcom_y", "ke",   "e_strain",
            "l_ang", "poke_dv_x", "poke_dv_y", "kj_x",   "kj_y",   "evals"};
  }
  std::vector<double> csvRow() const override {
    const FlexReadout r = readFlexBody(sys_->body(), sys_->q(), sys_->qdot());
    return {time(),
            r.com.x(),
            r.com.y(),
            r.vcom.x(),
            r.vcom.y(),
            r.ke,
            r.eStrain,
            r.lAng,
            poked_ ? dv_.x() : NAN,
            poked_ ? dv_.y() : NAN,
            poked_ ? kj_.x() : NAN,
            poked_ ? kj_.y() : NAN,
            double(evals())};
  }

  void draw(pbm::Canvas2D& c) override {
    drawGridLines(c);
    drawBody(c);
    drawGridLabels(c);
  }
  void drawBody(pbm::Canvas2D& c) {
    const pbm::FlexBody& b = sys_->body();
    const Matrix2Xd& q = sys_->q();
    std::vector<Vector2d> pts;
    for (const auto& u : pbm::subdivideBoundary(b.rest, 16))
      pts.push_back(pbm::flexDeform(q, kind_, u));
    c.polygonFilled(pts, pbm::rgba(62, 104, 145, 200));
    for (int k = 1; k < 4; ++k)
      for (int axis = 0; axis < 2; ++axis) {
        std::vector<Vector2d> line;
        for (int s = 0; s <= 16; ++s) {
          const double a = -0.5 + 0.25 * k, r = -0.5 + s / 16.0;
          const Vector2d u =
              axis == 0 ? Vector2d(a * width_, r * height_) : Vector2d(r * width_, a * height_);
          line.push_back(pbm::flexDeform(q, kind_, u));
        }
        c.polyline(line, pbm::colors::kDim, 1.0f);
      }
    pts.push_back(pts.front());
    c.polyline(pts, pbm::colors::kText, 2.0f);
    if (!poked_) return;
    // The response field of the last poke at the material points where it
    // was taken (they move with the body), scaled so the longest arrow is a
    // quarter of the body's size.
    double big = 0;
    for (const auto& f : field_) big = std::max(big, f.second.norm());
    const double s = big > 0 ? 0.25 * std::max(width_, height_) / big : 0.0;
    for (const auto& f : field_) {
      const Vector2d x = pbm::flexDeform(q, kind_, f.first);
      c.arrow(x, x + s * f.second, pbm::colors::kAdaptive, 1.5f);
    }
    // The poked point, and the impulse coming in: its head stops short of
    // the dot (the same colour hid a head that ended on it).
    const Vector2d xp = pbm::flexDeform(q, kind_, uPoke_);
    c.dot(xp, 6.0f, pbm::colors::kWarning);
    const Vector2d j(jx_, jy_);
    if (j.norm() > 0) {
      const Vector2d dir = j.normalized();
      const double gap = 9.0 / c.camera().pixelsPerUnit();
      c.arrow(xp - 0.3 * std::max(width_, height_) * dir, xp - gap * dir, pbm::colors::kWarning,
              2.5f, 13.f);
      c.text(xp - 0.3 * std::max(width_, height_) * dir, "impulse j", pbm::colors::kWarning,
             {6.f, -16.f});
    }
  }

  void hud(std::vector<std::string>& lines) const override {
    lines.push_back(pbm::format("%s, %d DOF, m = %.4g kg, j = (%.3g, %.3g) N s",
                                kind_ == pbm::DeformKind::Affine ? "affine" : "quadratic",
                                2 * sys_->body().n(), sys_->body().mass, jx_, jy_));
    if (!poked_) {
      lines.push_back("click the body to poke it");
      return;
    }
    lines.push_back(pbm::format("poked at u = (%.3f, %.3f): K(u,u) m = %.4g", uPoke_.x(),
                                uPoke_.y(), kuu_ * sys_->body().mass));
    lines.push_back(pbm::format("velocity change (%.5g, %.5g) m/s;  K(u,u) j = (%.5g, %.5g)",
                                dv_.x(), dv_.y(), kj_.x(), kj_.y()));
  }

 private:
  // Pokes the body at the world point x if it is on the body: the material
  // point by Newton (flexInverseDeform), the field K(v, u) j on a grid, then
  // the impulse q' += j b(u)^T M^-1 (flexPointForce through
  // flexAcceleration: an impulse is a force's time integral).
  bool poke(const Vector2d& x) {
    const pbm::FlexBody& b = sys_->body();
    const Vector2d c = pbm::flexCenterOfMass(b, sys_->q());
    Vector2d u;
    try {
      u = pbm::flexInverseDeform(kind_, sys_->q(), x, x - c, 50, 1e-12);
    } catch (const pbm::SolverFailure&) {
      return false;
    }
    const double tol = 1e-9;
    if (std::abs(u.x()) > 0.5 * width_ + tol || std::abs(u.y()) > 0.5 * height_ + tol) return false;
    const Vector2d j(jx_, jy_);
    field_.clear();
    const int n = 8;
    for (int a = 0; a <= n; ++a)
      for (int k = 0; k <= n; ++k) {
        const Vector2d v((-0.5 + double(a) / n) * width_, (-0.5 + double(k) / n) * height_);
        field_.push_back({v, pbm::flexResponse(b, v, u) * j});
      }
    uPoke_ = u;
    kuu_ = pbm::flexResponse(b, u, u);
    kj_ = kuu_ * j;
    const Vector2d before = pbm::flexDeform(sys_->qdot(), kind_, u);
    sys_->qdot() += pbm::flexAcceleration(b, pbm::flexPointForce(kind_, u, j));
    dv_ = pbm::flexDeform(sys_->qdot(), kind_, u) - before;
    poked_ = true;
    return true;
  }

  std::optional<pbm::FlexSystem> sys_;
  pbm::DeformKind kind_ = pbm::DeformKind::Affine;
  double width_ = 1, height_ = 1, pokeX_ = 0.5, pokeY_ = 0.5, jx_ = 0.0, jy_ = -0.1;
  std::vector<std::pair<Vector2d, Vector2d>> field_;  // material point, K(v, u) j
  Vector2d uPoke_{0.0, 0.0}, dv_{0.0, 0.0}, kj_{0.0, 0.0};
  double kuu_ = 0.0;
  bool poked_ = false;
};

}  // namespace

std::unique_ptr<pbm::Scene> makePokeScene() {
  return std::make_unique<PokeScene>();
}

}  // namespace ch11
