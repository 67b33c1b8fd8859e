// The oscillate scene (Baraff & Witkin 1992 §1, §4): a free width x height
// rectangle, no gravity, started in one small-oscillation mode and let go.
// Global DOFs have a handful of whole-body vibrations whose frequencies follow
// from M and the energy's Hessian at rest. With our StVK energy, rho omega^2 =
// w and gx = 12 / width^2, gy = 12 / height^2 (the inverse second moments per
// area; 12 and 12 for the unit square):
//   dilation  A = I + e diag(d11, d22), the in-phase root of the 2 x 2 problem
//             [[gx (2 mu + lambda), gx lambda], [gy lambda, gy (2 mu + lambda)]]:
//             w = (T + sgn(lambda) sqrt(T^2 - 4 D)) / 2, T = (gx + gy)(2 mu +
//             lambda), D = 4 gx gy mu (mu + lambda)      (square: 24 (mu + lambda))
//   shear     A = I + e [[0, gy], [gx, 0]] (no angular momentum):
//             w = mu (gx + gy)                            (square: 24 mu)
//   bend      (quadratic only) x-displacement a + b x^2 + c y^2, y-displacement
//             d xy, a = -(b x^2 + c y^2) averaged: the smallest root of
//             (w - kb)((w - kc)(w - kd) - 5 mu^2 gx gy) - 5 lambda^2 gx gy (w - kc)
//             with kb = (10 mu + 5 lambda) gx, kc = 5 mu gy,
//             kd = (2 mu + lambda) gy + mu gx; for the unit square
//             w^3 - (216 mu + 72 lambda) w^2 + (12960 mu^2 + 7920 lambda mu) w
//             - 172800 mu^2 (mu + lambda) = 0.
// By symmetry each shape is a mode on its own (its parity class under the two
// reflections holds no other elastic mode; the bend's class holds the three
// roots of the cubic and a translation, so its shape is found here as the
// lowest non-zero generalized eigenvector of that 4-DOF class). The scene
// measures the period from the zero crossings of the mode's coordinate (its
// M-weighted projection) and prints it beside 2 pi / omega.
#include <Eigen/Eigenvalues>
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
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

namespace ch11 {
namespace {

using Eigen::Matrix2Xd;
using Eigen::MatrixXd;
using Eigen::Vector2d;

constexpr double kPi = 3.14159265358979323846;

// The bending cubic's smallest root (Newton from 0: the cubic is negative,
// rising and concave there, so the iterates rise monotonically to the root).
// Its coefficients from the header's factored form; integers for integer mu,
// lambda on the unit square, so they are exact there.
double bendingW(double mu, double lambda, double gx, double gy) {
  const double kb = (10.0 * mu + 5.0 * lambda) * gx, kc = 5.0 * mu * gy,
               kd = (2.0 * mu + lambda) * gy + mu * gx;
  const double ecd = 5.0 * mu * mu * gx * gy, ebd = 5.0 * lambda * lambda * gx * gy;
  const double c2 = -(kb + kc + kd);
  const double c1 = kb * kc + kb * kd + kc * kd - ecd - ebd;
  const double c0 = -kb * kc * kd + kb * ecd + ebd * kc;
  double x = 0.0;
  for (int k = 0; k < 200; ++k) {
    const double f = ((x + c2) * x + c1) * x + c0, df = (3.0 * x + 2.0 * c2) * x + c1;
    if (!(df > 0)) break;
    const double step = f / df;
    x -= step;
    if (std::abs(step) <= 1e-15 * x) break;
  }
  return x;
}

class OscillateScene : public FlexScene {
 public:
  OscillateScene() {
    settings_.method = "rk4";
    settings_.h = 0.001;
    settings_.hMin = 1e-5;
    settings_.hMax = 0.05;
    settings_.tEnd = 1.0;
    model_ = kQuadratic;
    mu_ = 50.0;
    lambda_ = 20.0;
    addModelParam().help += " (quadratic for mode 2)";
    params_.add("mode", &mode_, 0.0, 2.0, "0 dilation, 1 shear, 2 bend (quadratic)")
        .needs("1 and 2 need mu > 0; 2 needs model quadratic")
        .integer = true;
    params_
        .add("amplitude", &amplitude_, 1e-6, 0.2,
             "largest corner displacement at the start, m (small: the linear mode)")
        .logScale = true;
    addMaterialParams({.modulus = 1e4, .damping = false, .logDensity = true});
    params_.find("mu")->needs("mu + lambda > 0; above 0 for mode 1 and 2");
    params_.add("width", &width_, 0.05, 10.0, "rest width, m");
    params_.add("height", &height_, 0.05, 10.0, "rest height, m");
  }

  std::string name() const override { return "oscillate"; }
  std::string title() const override { return "One vibration mode of a free body"; }
  std::string lookFor() const override {
    return "A global body has a few whole-body vibrations, each with a period from M and the "
           "energy's stiffness: the measured period (zero crossings of the mode's coordinate) "
           "sits beside the exact 2 pi / omega (Baraff & Witkin 1992 §4).";
  }
  void validate() const override {
    const int mode = static_cast<int>(mode_);
    if (mode == 2 && model_ == kAffine)
      throw pbm::UsageError("mode 2 (bend) needs model=quadratic: an affine map cannot bend");
    validateMaterial();
    if (mode != 0 && !(mu_ > 0)) throw pbm::UsageError("shear and bend need mu > 0");
  }
  pbm::ViewBox initialView() const override {
    return {{0.0, 0.0}, 1.4 * std::max({width_, height_, 1.0})};
  }

  void reset() override {
    sys_.emplace(pbm::makeFlexRect(kind(), width_, height_, material()));
    rest_ = pbm::flexRestState(kind());
    shape_ = modeShape();
    sys_->q() = rest_ + amplitude_ * shape_;
    sys_->qdot().setZero();
    shapeNorm_ = (shape_ * sys_->body().M * shape_.transpose()).trace();
    crossings_.clear();
    prevCoord_ = coordinate();
    stepper_.reset(pbm::findMethod(pbm::integratorMethods(), settings_.method), settings_.h);
    stepper_.watch(*sys_);
  }
  void advance(double tLimit, pbm::Host) override {
    const double t0 = stepper_.time();
    stepper_.advance(*sys_, tLimit);
    const double t1 = stepper_.time(), c = coordinate();
    if (prevCoord_ != 0 && (c == 0 || (c > 0) != (prevCoord_ > 0)))
      crossings_.push_back(t0 + (t1 - t0) * prevCoord_ / (prevCoord_ - c));
    prevCoord_ = c;
  }
  std::vector<std::string> csvColumns() const override {
    return {"t",  "com_x",    "com_y",   "a_xx",  "a_xy",       "a_yx",   "a_yy",         "stretch",
            "ke", "e_strain", "e_total", "l_ang", "mode_coord", "period", "period_exact", "evals"};
  }
  std::vector<double> csvRow() const override {
    const FlexReadout r = readFlexBody(sys_->body(), sys_->q(), sys_->qdot());
    return {time(),
            r.com.x(),
            r.com.y(),
            r.axx,
            r.axy,
            r.ayx,
            r.ayy,
            r.stretch,
            r.ke,
            r.eStrain,
            r.ke + r.eStrain,
            r.lAng,
            coordinate(),
            measuredPeriod(),
            exactPeriod(),
            double(evals())};
  }

  void hud(std::vector<std::string>& lines) const override {
    static const char* names[] = {"dilation", "shear", "bend"};
    lines.push_back(pbm::format("mode %s (%s, %.4g x %.4g m): exact period 2 pi / omega = %.6f s",
                                names[static_cast<int>(mode_)],
                                model_ == kAffine ? "affine" : "quadratic", width_, height_,
                                exactPeriod()));
    const double T = measuredPeriod();
    if (std::isfinite(T))
      lines.push_back(pbm::format("measured %.6f s from %d zero crossings (%+.1e relative)", T,
                                  static_cast<int>(crossings_.size()), T / exactPeriod() - 1.0));
    else
      lines.push_back("measured: waiting for two zero crossings");
  }

  void draw(pbm::Canvas2D& c) override {
    drawGridLines(c);
    drawBody(c);
    drawGridLabels(c);
  }

 private:
  void drawBody(pbm::Canvas2D& c) {
    const pbm::FlexBody& b = sys_->body();
    const std::vector<Vector2d> rest = pbm::subdivideBoundary(b.rest, 16);
    std::vector<Vector2d> ring = rest;
    ring.push_back(ring.front());
    c.polyline(ring, pbm::colors::kDim, 1.0f);  // the rest shape, for reference
    std::vector<Vector2d> pts;
    for (const auto& u : rest) pts.push_back(pbm::flexDeform(sys_->q(), b.kind, u));
    c.polygonFilled(pts, pbm::rgba(90, 160, 220, 120));
    // The material grid mapped through D: straight for affine, curved when it bends.
    for (int k = 1; k < 4; ++k)
      for (int axis = 0; axis < 2; ++axis) {
        std::vector<Vector2d> line;
        for (int s = 0; s <= 16; ++s) {
          const double a = -0.5 + 0.25 * k, r = -0.5 + s / 16.0;
          const Vector2d u =
              axis == 0 ? Vector2d(a * width_, r * height_) : Vector2d(r * width_, a * height_);
          line.push_back(pbm::flexDeform(sys_->q(), b.kind, u));
        }
        c.polyline(line, pbm::rgba(200, 220, 240, 110), 1.0f);
      }
    pts.push_back(pts.front());
    c.polyline(pts, pbm::colors::kText, 2.0f);
  }

  // The mode's shape V (2 x n): q = rest + amplitude V at the start, scaled so
  // the largest corner displacement is 1.
  Matrix2Xd modeShape() const {
    const pbm::FlexBody& b = sys_->body();
    Matrix2Xd V = Matrix2Xd::Zero(2, b.n());
    const int mode = static_cast<int>(mode_);
    if (mode == 0) {
      const Eigen::Vector2d d = dilationShape();
      V(0, 1) = d.x(), V(1, 2) = d.y();
    } else if (mode == 1) {
      // d21 : d12 = gx : gy, so that S_x d21 = S_y d12: no angular momentum.
      const double big = std::max(gx(), gy());
      V(1, 1) = gx() / big, V(0, 2) = gy() / big;
    } else {
      // The bend's class: x-parts of 1, x^2, y^2 (columns 0, 3, 5) and the
      // y-part of xy (column 4). Its stiffness by central differences of the
      // elastic force at rest (linear there), its mass from M.
      const std::array<std::pair<int, int>, 4> dof = {{{0, 0}, {0, 3}, {0, 5}, {1, 4}}};
      MatrixXd K(4, 4), Mr = MatrixXd::Zero(4, 4);
      const double e = 1e-6;
      for (int j = 0; j < 4; ++j) {
        Matrix2Xd qp = rest_, qm = rest_;
        qp(dof[j].first, dof[j].second) += e;
        qm(dof[j].first, dof[j].second) -= e;
        const Matrix2Xd dQ =
            (pbm::flexElasticForce(b, qp) - pbm::flexElasticForce(b, qm)) / (2 * e);
        for (int i = 0; i < 4; ++i) {
          K(i, j) = -dQ(dof[i].first, dof[i].second);
          if (dof[i].first == dof[j].first) Mr(i, j) = b.M(dof[i].second, dof[j].second);
        }
      }
      K = 0.5 * (K + K.transpose()).eval();
      Eigen::GeneralizedSelfAdjointEigenSolver<MatrixXd> eig(K, Mr);
      // Ascending: the translation (0) first, then the bend.
      const Eigen::VectorXd v = eig.eigenvectors().col(1);
      for (int i = 0; i < 4; ++i) V(dof[i].first, dof[i].second) = v(i);
      // No translation: subtract the mean x-displacement (column 0 of M's row).
      V(0, 0) -= (V.row(0) * b.M.col(0))(0) / b.M(0, 0);
    }
    double big = 0;
    for (const auto& u : b.rest) big = std::max(big, (V * pbm::flexBasis(b.kind, u)).norm());
    return V / big;
  }

  // The M-weighted projection of q - rest on the shape: amplitude at t = 0.
  double coordinate() const {
    return ((sys_->q() - rest_) * sys_->body().M * shape_.transpose()).trace() / shapeNorm_;
  }

  double exactPeriod() const {
    const int mode = static_cast<int>(mode_);
    const double w = mode == 0   ? dilationW()
                     : mode == 1 ? mu_ * (gx() + gy())
                                 : bendingW(mu_, lambda_, gx(), gy());
    return 2.0 * kPi / std::sqrt(w / rho_);
  }
  // The inverse second moments per area, 12 / width^2 and 12 / height^2.
  double gx() const { return 12.0 / (width_ * width_); }
  double gy() const { return 12.0 / (height_ * height_); }
  // The dilation's root (header): in phase, so the larger root for lambda >
  // 0 and the smaller for lambda < 0 (that one without cancellation, D / w+).
  double dilationW() const {
    const double T = (gx() + gy()) * (2.0 * mu_ + lambda_),
                 D = 4.0 * gx() * gy() * mu_ * (mu_ + lambda_);
    const double r = std::sqrt(std::max(0.0, T * T - 4.0 * D));
    return lambda_ >= 0 ? 0.5 * (T + r) : 2.0 * D / (T + r);
  }
  // Its eigenvector (d11, d22), the larger component 1: from whichever row
  // of (K - w) d = 0 is not zero; the square at lambda = 0 (a double root)
  // takes the dilation (1, 1).
  Eigen::Vector2d dilationShape() const {
    const double w = dilationW(), k = 2.0 * mu_ + lambda_;
    Eigen::Vector2d d1(gx() * lambda_, w - gx() * k), d2(w - gy() * k, gy() * lambda_);
    Eigen::Vector2d d = d1.norm() >= d2.norm() ? d1 : d2;
    if (!(d.norm() > 1e-9 * (gx() + gy()) * (std::abs(k) + std::abs(lambda_))))
      d = Eigen::Vector2d(1.0, 1.0);
    if (d.sum() < 0) d = -d;
    return d / d.cwiseAbs().maxCoeff();
  }
  // Two crossings per period: 2 (last - first) / (count - 1).
  double measuredPeriod() const {
    if (crossings_.size() < 2) return std::numeric_limits<double>::quiet_NaN();
    return 2.0 * (crossings_.back() - crossings_.front()) /
           static_cast<double>(crossings_.size() - 1);
  }

  std::optional<pbm::FlexSystem> sys_;
  Matrix2Xd rest_, shape_;
  double shapeNorm_ = 1.0, prevCoord_ = 0.0;
  std::vector<double> crossings_;
  double mode_ = 2, amplitude_ = 0.02;
  double width_ = 1.0, height_ = 1.0;
};

}  // namespace

std::unique_ptr<pbm::Scene> makeOscillateScene() {
  return std::make_unique<OscillateScene>();
}

}  // namespace ch11
