// The spin scene (Baraff & Witkin 1992 §2-§4): a free unit square spun about
// its centre. Nothing but the internal stress supplies the centripetal
// acceleration (q'' M = Q has no velocity terms): with mu = lambda = 0 every
// material point flies off on a straight line and the area grows as
// det A = 1 + omega^2 t^2; with mu + lambda > 0 the body stretches until the
// stress holds it, s^2 = 1 + omega^2 m / (12 V (mu + lambda)) (StVK, our
// energy), and `steady` starts it there.
#include <Eigen/Geometry>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "flex_readout.h"
#include "pbm/app/stepped_scene.h"
#include "pbm/app/text.h"
#include "pbm/flexible/flex_body.h"
#include "pbm/integrators/methods.h"
#include "pbm/viewer/canvas2d.h"
#include "pbm/viewer/colors.h"
#include "scenes.h"

namespace ch11 {
namespace {

using Eigen::Matrix2d;
using Eigen::Matrix2Xd;
using Eigen::Vector2d;

class SpinScene : public pbm::SteppedScene {
 public:
  SpinScene() {
    settings_.method = "rk4";
    settings_.h = 0.002;
    settings_.hMin = 1e-5;
    settings_.hMax = 0.1;
    settings_.tEnd = 2.0;
    params_.add("model", &model_, 1, 2, "1 affine (6 DOF), 2 quadratic (12 DOF)").integer = true;
    params_.add("mu", &mu_, 0.0, 1e4, "StVK shear modulus mu (>= 0)");
    params_.add("lambda", &lambda_, -1e4, 1e4, "StVK Lame lambda (mu + lambda >= 0)");
    params_.add("nu", &nu_, 0.0, 100.0, "damping of the metric's rate (>= 0)");
    params_.add("omega", &omega_, -50.0, 50.0, "initial spin, rad/s (ccw)");
    params_.add("steady", &steady_, 0.0, 1.0, "1: start on the steady stretch s, 0: undeformed");
  }

  std::string name() const override { return "spin"; }
  std::string title() const override { return "A free spinning flexible body"; }
  std::string lookFor() const override {
    return "Only the internal stress turns the material points: with mu = lambda = 0 the square "
           "grows as det A = 1 + omega^2 t^2 (a dust cloud), with stiffness it holds a steady "
           "stretch s (Baraff & Witkin 1992 §2-§4).";
  }
  std::vector<std::string> methods() const override {
    return pbm::methodNames(pbm::integratorMethods());
  }
  void validate() const override {
    if (!(mu_ + lambda_ >= 0)) throw pbm::UsageError("mu + lambda must be >= 0");
  }
  // Centred below the HUD (top left), which covers the upper quarter.
  pbm::ViewBox initialView() const override { return {{0.0, 0.35}, 1.5}; }

  void reset() override {
    const pbm::DeformKind kind =
        model_ < 1.5 ? pbm::DeformKind::Affine : pbm::DeformKind::Quadratic;
    sys_.emplace(pbm::makeFlexRect(kind, 1.0, 1.0, {1.0, mu_, lambda_, nu_}));
    double s = 1.0;
    if (steady_ > 0.5 && mu_ + lambda_ > 0)
      s = std::sqrt(1.0 + omega_ * omega_ / (12.0 * (mu_ + lambda_)));
    s0_ = s;
    sys_->q().col(1) = Vector2d(s, 0.0);
    sys_->q().col(2) = Vector2d(0.0, s);
    const Matrix2d W{{0.0, -omega_}, {omega_, 0.0}};
    sys_->qdot().col(1) = W * sys_->q().col(1);
    sys_->qdot().col(2) = W * sys_->q().col(2);
    stepper_.reset(pbm::findMethod(pbm::integratorMethods(), settings_.method), settings_.h);
    stepper_.watch(*sys_);
  }
  void advance(double tLimit, pbm::Host) override { stepper_.advance(*sys_, tLimit); }
  double time() const override { return stepper_.time(); }

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
    const pbm::FlexBody& b = sys_->body();
    const std::vector<Vector2d> rest = pbm::subdivideBoundary(b.rest, 16);
    std::vector<Vector2d> pts;
    for (const auto& u : rest) pts.push_back(pbm::flexDeform(sys_->q(), b.kind, u));
    c.polygonFilled(pts, IM_COL32(90, 160, 220, 120));
    pts.push_back(pts.front());
    c.polyline(pts, pbm::colors::kText, 2.0f);
    // The closed form, dashed: the dust cloud's x = s0 (I + t W) u, or the
    // steady spin's s R(omega t) u.
    const Matrix2d A = exactA();
    if (!A.allFinite()) return;
    std::vector<Vector2d> ex;
    for (const auto& u : rest) ex.push_back(A * u);
    ex.push_back(ex.front());
    c.dashedPolyline(ex, pbm::colors::kAdaptive, 2.0f);
  }

  void hud(std::vector<std::string>& lines) const override {
    const Matrix2Xd& q = sys_->q();
    const double det = q(0, 1) * q(1, 2) - q(0, 2) * q(1, 1), t = time();
    lines.push_back(
        pbm::format("%s, %d DOF", model_ < 1.5 ? "affine" : "quadratic", 2 * sys_->body().n()));
    if (mu_ == 0 && lambda_ == 0)
      lines.push_back(pbm::format("det A = %.6f; dust cloud 1 + w^2 t^2 = %.6f", det,
                                  1 + omega_ * omega_ * t * t));
    else if (mu_ + lambda_ > 0)
      lines.push_back(pbm::format("stretch sqrt(det A) = %.6f; steady s = %.6f%s",
                                  std::sqrt(std::abs(det)),
                                  std::sqrt(1.0 + omega_ * omega_ / (12.0 * (mu_ + lambda_))),
                                  steady_ > 0.5 ? "" : " (started undeformed)"));
    if (exactA().allFinite()) lines.push_back("amber dashed: the closed form");
  }

 private:
  // The closed-form A(t), or NaN where there is none (undeformed start with
  // stiffness).
  Matrix2d exactA() const {
    const double t = time();
    if (mu_ == 0 && lambda_ == 0)
      return s0_ * (Matrix2d::Identity() + t * Matrix2d{{0.0, -omega_}, {omega_, 0.0}});
    if (steady_ > 0.5 && mu_ + lambda_ > 0)
      return s0_ * Eigen::Rotation2Dd(omega_ * t).toRotationMatrix();
    return Matrix2d::Constant(NAN);
  }

  std::optional<pbm::FlexSystem> sys_;
  double s0_ = 1.0;
  double model_ = 1, mu_ = 50.0, lambda_ = 20.0, nu_ = 0.0, omega_ = 3.0, steady_ = 1.0;
};

}  // namespace

std::unique_ptr<pbm::Scene> makeSpinScene() {
  return std::make_unique<SpinScene>();
}

}  // namespace ch11
