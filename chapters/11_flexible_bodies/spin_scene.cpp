// The spin scene (Baraff & Witkin 1992 §2-§4): a free width x height
// rectangle of density rho spun about its centre. Nothing but the internal
// stress supplies the centripetal acceleration (q'' M = Q has no velocity
// terms): with mu = lambda = 0 every material point flies off on a straight
// line and the area grows as det A = 1 + omega^2 t^2 whatever the shape; with
// stiffness the body stretches until the stress holds it, and `steady` starts
// it there: A = R(omega t) diag(a, b), with (StVK, our energy; spin_steady.h)
//   mu (a^2 - 1) + lambda (a^2 + b^2 - 2) / 2 = rho omega^2 width^2 / 12,
//   mu (b^2 - 1) + lambda (a^2 + b^2 - 2) / 2 = rho omega^2 height^2 / 12,
// for the unit square a = b = s, s^2 = 1 + omega^2 / (12 (mu + lambda)).
#include <Eigen/Geometry>
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
#include "plane_axes.h"
#include "scenes.h"
#include "spin_steady.h"

namespace ch11 {
namespace {

using Eigen::Matrix2d;
using Eigen::Matrix2Xd;
using Eigen::Vector2d;

class SpinScene : public FlexScene {
 public:
  SpinScene() {
    settings_.method = "rk4";
    settings_.h = 0.002;
    settings_.hMin = 1e-5;
    settings_.hMax = 0.1;
    settings_.tEnd = 2.0;
    mu_ = 50.0;
    lambda_ = 20.0;
    addModelParam();
    // mu = lambda = 0 is the dust cloud: no stress at all.
    addMaterialParams({.modulus = 1e4, .dustCloud = true, .logDensity = true});
    params_.add("omega", &omega_, -50.0, 50.0, "initial spin, rad/s (ccw)");
    params_.toggle("steady", &steady_, "start on the steady stretch s (off: undeformed)");
    params_.add("width", &width_, 0.05, 10.0, "rest width, m");
    params_.add("height", &height_, 0.05, 10.0, "rest height, m");
  }

  std::string name() const override { return "spin"; }
  std::string title() const override { return "A free spinning flexible body"; }
  std::string lookFor() const override {
    return "Only the internal stress turns the material points: with mu = lambda = 0 the square "
           "grows as det A = 1 + omega^2 t^2 (a dust cloud), with stiffness it holds a steady "
           "stretch s (Baraff & Witkin 1992 §2-§4).";
  }
  void validate() const override {
    validateMaterial();
    if (steady_ && mu_ + lambda_ > 0 && !steady().exists)
      throw pbm::UsageError(
          "steady=on: no steady stretch for these values (a rectangle needs mu > 0, and the "
          "stretch along its short side must stay real); set steady=off");
  }
  // Centred below the HUD (top left), which covers the upper quarter.
  pbm::ViewBox initialView() const override {
    const double size = std::max({width_, height_, 1.0});
    return {{0.0, 0.35 * size}, 1.5 * size};
  }

  void reset() override {
    validate();
    sys_.emplace(pbm::makeFlexRect(kind(), width_, height_, material()));
    a0_ = b0_ = 1.0;
    if (steady_ && mu_ + lambda_ > 0) {
      const SteadyStretch st = steady();
      a0_ = st.a, b0_ = st.b;
    }
    sys_->q().col(1) = Vector2d(a0_, 0.0);
    sys_->q().col(2) = Vector2d(0.0, b0_);
    const Matrix2d W{{0.0, -omega_}, {omega_, 0.0}};
    sys_->qdot().col(1) = W * sys_->q().col(1);
    sys_->qdot().col(2) = W * sys_->q().col(2);
    stepper_.reset(pbm::findMethod(pbm::integratorMethods(), settings_.method), settings_.h);
    stepper_.watch(*sys_);
  }
  void advance(double tLimit, pbm::Host) override { stepper_.advance(*sys_, tLimit); }

  std::vector<std::string> csvColumns() const override {
    return {"t",       "com_x", "com_y",    "a_xx",    "a_xy",  "a_yx", "a_yy",
            "stretch", "ke",    "e_strain", "e_total", "l_ang", "evals"};
  }
  std::vector<double> csvRow() const override {
    const FlexReadout r = readFlexBody(sys_->body(), sys_->q(), sys_->qdot());
    return {time(), r.com.x(), r.com.y(),        r.axx,  r.axy,          r.ayx, r.ayy, r.stretch,
            r.ke,   r.eStrain, r.ke + r.eStrain, r.lAng, double(evals())};
  }

  void draw(pbm::Canvas2D& c) override {
    drawGridLines(c);
    drawAll(c);
    drawGridLabels(c);
  }

  void hud(std::vector<std::string>& lines) const override {
    const Matrix2Xd& q = sys_->q();
    const double det = q(0, 1) * q(1, 2) - q(0, 2) * q(1, 1), t = time();
    lines.push_back(pbm::format("%s, %d DOF, %.4g x %.4g m, m = %.4g kg",
                                model_ == kAffine ? "affine" : "quadratic", 2 * sys_->body().n(),
                                width_, height_, sys_->body().mass));
    if (mu_ == 0 && lambda_ == 0) {
      lines.push_back(pbm::format("det A = %.6f; dust cloud 1 + w^2 t^2 = %.6f", det,
                                  1 + omega_ * omega_ * t * t));
    } else if (mu_ + lambda_ > 0) {
      const SteadyStretch st = steady();
      const std::string started = steady_ ? "" : " (started undeformed)";
      if (!st.exists)
        lines.push_back(pbm::format("stretch sqrt(det A) = %.6f; no steady stretch here%s",
                                    std::sqrt(std::abs(det)), started.c_str()));
      else if (st.a == st.b)
        lines.push_back(pbm::format("stretch sqrt(det A) = %.6f; steady s = %.6f%s",
                                    std::sqrt(std::abs(det)), st.a, started.c_str()));
      else
        lines.push_back(pbm::format("stretch sqrt(det A) = %.6f; steady sqrt(a b) = %.6f%s",
                                    std::sqrt(std::abs(det)), std::sqrt(st.a * st.b),
                                    started.c_str()));
      if (st.exists && st.a != st.b)
        lines.push_back(
            pbm::format("steady A = R(w t) diag(a, b): a = %.6f, b = %.6f", st.a, st.b));
    }
    if (exactA().allFinite()) lines.push_back("amber dashed: the closed form");
  }

 private:
  SteadyStretch steady() const {
    return steadyStretch(omega_, width_, height_, rho_, mu_, lambda_);
  }
  void drawAll(pbm::Canvas2D& c) {
    const pbm::FlexBody& b = sys_->body();
    const std::vector<Vector2d> rest = pbm::subdivideBoundary(b.rest, 16);
    std::vector<Vector2d> pts;
    for (const auto& u : rest) pts.push_back(pbm::flexDeform(sys_->q(), b.kind, u));
    c.polygonFilled(pts, pbm::rgba(90, 160, 220, 120));
    pts.push_back(pts.front());
    c.polyline(pts, pbm::colors::kText, 2.0f);
    // The closed form, dashed: the dust cloud's x = (I + t W) u, or the
    // steady spin's R(omega t) diag(a, b) u.
    const Matrix2d A = exactA();
    if (!A.allFinite()) return;
    std::vector<Vector2d> ex;
    for (const auto& u : rest) ex.push_back(A * u);
    ex.push_back(ex.front());
    c.dashedPolyline(ex, pbm::colors::kAdaptive, 2.0f);
  }

  // The closed-form A(t), or NaN where there is none (undeformed start with
  // stiffness).
  Matrix2d exactA() const {
    const double t = time();
    if (mu_ == 0 && lambda_ == 0)
      return Matrix2d::Identity() + t * Matrix2d{{0.0, -omega_}, {omega_, 0.0}};
    if (steady_ && mu_ + lambda_ > 0)
      return Eigen::Rotation2Dd(omega_ * t).toRotationMatrix() *
             Eigen::Vector2d(a0_, b0_).asDiagonal();
    return Matrix2d::Constant(NAN);
  }

  std::optional<pbm::FlexSystem> sys_;
  double a0_ = 1.0, b0_ = 1.0;  // the start's stretch along x and y
  double omega_ = 3.0;
  bool steady_ = true;
  double width_ = 1.0, height_ = 1.0;
};

}  // namespace

std::unique_ptr<pbm::Scene> makeSpinScene() {
  return std::make_unique<SpinScene>();
}

}  // namespace ch11
