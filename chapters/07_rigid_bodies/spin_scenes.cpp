// Torque-free motion (RBI §2.9: with no torque L is constant in the world,
// but omega = I^-1 L is not, because I(t) = R Ibody R^T turns with the body,
// (2-40), (2-42)). The spin scenes put block B1 (1 x 2 x 3 m, M = 6 kg:
// Ibody = diag(6.5, 5, 2.5), RBI §5.1) in a spin about one principal axis and
// compare with the closed forms of pbm/rigid/torque_free.h (beyond the
// notes): the intermediate axis is unstable, the largest and smallest are not.
#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>
#include <numbers>

#include "pbm/app/csv.h"
#include "pbm/app/text.h"
#include "pbm/core/errors.h"
#include "pbm/rigid/rigid.h"
#include "pbm/rigid/torque_free.h"
#include "pbm/viewer/canvas3d.h"
#include "rigid_scene.h"
#include "scenes.h"

namespace ch07 {

namespace {

using Eigen::Matrix3d;
using Eigen::Vector3d;

using pbm::kNaN;  // the CSV's empty cell (app/csv.h)
const char* const kAxisNames[3] = {"x", "y", "z"};

// The measured period of the omega_b component the timer watches.
std::string measuredText(const CrossingTimer& c, const char* component) {
  char buf[160];
  if (c.crossings >= 2)
    std::snprintf(buf, sizeof buf, "measured: %.6f s (%s down-crossings)", c.period, component);
  else
    std::snprintf(buf, sizeof buf, "measured: waiting for 2 down-crossings of %s", component);
  return buf;
}

std::string periodText(const char* what, double T) {
  char buf[160];
  if (std::isfinite(T))
    std::snprintf(buf, sizeof buf, "%s = %.6f s", what, T);
  else
    std::snprintf(buf, sizeof buf, "%s: none (a steady spin)", what);
  return buf;
}

// ------------------------------------------------------------ spin about a principal axis

enum class SpinKind { Intermediate, StableMax, StableMin };

class SpinScene : public RigidScene {
 public:
  explicit SpinScene(SpinKind kind) : kind_(kind) {
    // B1: x the largest moment (6.5), y the intermediate (5), z the smallest (2.5).
    axis_ = kind == SpinKind::Intermediate ? 1 : kind == SpinKind::StableMax ? 0 : 2;
    perturb_ = kind == SpinKind::Intermediate ? 0 : 1;
    eps_ = kind == SpinKind::Intermediate ? 0.1 : 0.2;
    settings_.tEnd = kind == SpinKind::Intermediate ? 40.0 : 20.0;
    params_.add("omega", &omega_, 0.01, 20.0, "spin rate about the principal axis, rad/s");
    params_.add("eps", &eps_, 0.0, 5.0,
                std::string("perturbation: initial omega_b") + kAxisNames[perturb_] + ", rad/s");
    frameView();
  }

  std::string name() const override {
    return kind_ == SpinKind::Intermediate ? "spin_intermediate"
           : kind_ == SpinKind::StableMax  ? "spin_stable_max"
                                           : "spin_stable_min";
  }
  std::string title() const override {
    return kind_ == SpinKind::Intermediate ? "Spin about the intermediate axis: the flip"
           : kind_ == SpinKind::StableMax  ? "Spin about the largest axis: stable"
                                           : "Spin about the smallest axis: stable";
  }
  std::string lookFor() const override {
    if (kind_ == SpinKind::Intermediate)
      return "A 1 x 2 x 3 block spun about its intermediate axis y (green), nudged by eps about "
             "x. L (magenta) stays fixed; omega (yellow) does not (RBI §2.9). Every half period "
             "the block turns end over end and back: the tennis-racket flip. The HUD gives the "
             "growth rate lambda and the period 4K(k)/p beside the measured one. Left-drag the "
             "block to push it.";
    return std::string("The same block spun about its ") +
           (kind_ == SpinKind::StableMax ? "largest" : "smallest") + " axis " + kAxisNames[axis_] +
           ", nudged by eps: omega only wobbles about the axis, the perturbation stays small "
           "(compare spin_intermediate). The HUD gives the wobble's Omega, its period and the "
           "exact period 4K(k)/p beside the measured one. L (magenta) never moves.";
  }

 protected:
  void build() override {
    dims_ = Vector3d(1.0, 2.0, 3.0);
    mass_ = 6.0;
    omegaBody0_.setZero();
    omegaBody0_[axis_] = omega_;
    omegaBody0_[perturb_] += eps_;
    world_.add(blockFromParams());
  }
  void frameView() override {
    ground_ = -2.5;
    // Both arrows reach 1 m beyond the block's face: omega is about
    // omega_b along the axis, L / I is I_axis omega / I_mean (drawn
    // omega and L / I, rigid_scene.h). About the smallest axis L / I is
    // half of omega, and at 0.9 both stayed inside the 3 m block.
    // The moments of B1 by (5-3) up to M/12, written out here: the
    // constructor may not call the student's blockInertia (an exercise).
    const Vector3d d2 = Vector3d(1.0, 2.0, 3.0).cwiseAbs2();
    const Vector3d I(d2.y() + d2.z(), d2.x() + d2.z(), d2.x() + d2.y());
    const double shortest = std::abs(omega_) * std::min(1.0, I[axis_] / (I.sum() / 3.0));
    const double reach = 0.5 * std::sqrt(d2[axis_]) + 1.0;
    arrowScale_ = std::clamp(reach / std::max(shortest, 1e-9), 0.9, 5.0);
    orbit_.target = Vector3d::Zero();
    orbit_.distance = 11.0;
    // About x the arrows point right, and "L / I" ran under the panel:
    // turn x more towards the camera.
    orbit_.yawDeg = kind_ == SpinKind::StableMax ? 62.0 : 35.0;
  }
  bool timesFlips() const override { return true; }
  void extraHud(std::vector<std::string>& lines) const override {
    const Vector3d I = world_.bodies.at(0).Ibody.diagonal();
    const double T = pbm::flipPeriod(I, omegaBody0_);
    const std::string watched = std::string("omega_b") + kAxisNames[flipAxis_];
    if (kind_ == SpinKind::Intermediate) {
      lines.push_back(
          pbm::format("growth rate lambda = %.7f 1/s", pbm::intermediateAxisRate(I, omega_)));
      lines.push_back(periodText("flip period 4K(k)/p", T));
    } else {
      const double Omega = pbm::principalSpin(I, axis_, omega_).rate;
      lines.push_back(pbm::format("wobble Omega = %.7f 1/s, 2 pi/Omega = %.5f s", Omega,
                                  2.0 * std::numbers::pi / Omega));
      lines.push_back(periodText("exact period 4K(k)/p", T));
    }
    lines.push_back(measuredText(flips_, watched.c_str()));
  }

 private:
  SpinKind kind_;
  int axis_ = 1, perturb_ = 0;
  double omega_ = 2.0, eps_ = 0.1;
};

// ------------------------------------------------------------ any block, any spin

class TorqueFreeScene : public RigidScene {
 public:
  TorqueFreeScene() {
    addBlockParams(Vector3d(2.0, 0.6, 1.2), 3.0, Vector3d(0.8, 0.6, 2.5));
    settings_.tEnd = 20.0;
    frameView();
  }
  std::string name() const override { return "torque_free"; }
  std::string title() const override { return "Any block, any spin, no torque"; }
  std::string lookFor() const override {
    return "Choose the block (dim_x, dim_y, dim_z, mass) and its body-frame omega. With no "
           "torque L (magenta) is fixed and the energy 1/2 omega . L is constant (RBI §2.9); "
           "omega (yellow) wanders, and in the body frame it runs around a closed curve, the "
           "polhode (inset). Its period is 4K(k)/p (HUD).";
  }

 protected:
  void build() override { world_.add(blockFromParams()); }
  void frameView() override {
    const double size = dims_.maxCoeff();
    ground_ = -0.5 * size - 1.0;
    arrowScale_ = 0.8 * size / std::max(1.0, omegaBody0_.norm()) + 0.2;
    orbit_.target = Vector3d::Zero();
    orbit_.distance = 3.5 * size + 4.0;
  }
  bool timesFlips() const override { return true; }
  void extraHud(std::vector<std::string>& lines) const override {
    const Vector3d I = world_.bodies.at(0).Ibody.diagonal();
    lines.push_back(pbm::format("Ibody = diag(%.4g, %.4g, %.4g)", I.x(), I.y(), I.z()));
    const int c = pbm::polhodeAxis(I, omegaBody0_);
    lines.push_back(std::string("omega_b circles the ") +
                    (I[c] >= I.maxCoeff() ? "largest" : "smallest") + " axis, " + kAxisNames[c]);
    lines.push_back(periodText("period 4K(k)/p", pbm::flipPeriod(I, omegaBody0_)));
    lines.push_back(measuredText(flips_, (std::string("omega_b") + kAxisNames[flipAxis_]).c_str()));
  }
};

// ------------------------------------------------------------ the symmetric top

class SymmetricTopScene : public RigidScene {
 public:
  SymmetricTopScene() {
    addBlockParams(Vector3d(1.0, 1.0, 3.0), 3.0, Vector3d(1.0, 0.0, 3.0));
    params_.find("dim_x")->needs("equal to dim_y (I1 = I2)");
    params_.find("dim_y")->needs("equal to dim_x (I1 = I2)");
    settings_.tEnd = 10.0;
    frameView();
  }
  std::string name() const override { return "symmetric_top"; }
  std::string title() const override { return "Symmetric top: exact R(t) as a ghost"; }
  std::string lookFor() const override {
    return "A block with dim_x = dim_y (I1 = I2), spun about its long axis n (omega_z) and "
           "tipped by omega_x, turned so that L (magenta) points up. With no torque n precesses "
           "about the fixed L at |L|/I1 and keeps its angle to L (orange: the path of n's tip). "
           "The wire box is the exact R(t) = exp(t (L/I1)*) R0 "
           "exp(t c e3*): the shaded box stays inside it (RK4); try euler.";
  }
  void validate() const override {
    if (std::abs(dims_.x() - dims_.y()) > 1e-12 * dims_.maxCoeff())
      throw pbm::UsageError(
          "symmetric_top: dim_x and dim_y must be equal (I1 = I2, the symmetric top)");
  }

 protected:
  void build() override {
    // Turned so that L = R0 Ibody omega_b points up (world y): the figure
    // axis then precesses about the vertical, the classic picture of a top.
    pbm::RigidBody b = pbm::makeBlock(mass_, dims_);
    const Vector3d Lb = b.Ibody * omegaBody0_;
    R0_ = Lb.norm() > 0.0
              ? Eigen::Quaterniond::FromTwoVectors(Lb, Vector3d::UnitY()).toRotationMatrix()
              : Matrix3d::Identity();
    b.q = Eigen::Quaterniond(R0_);
    pbm::computeAuxiliary(b);
    pbm::setBodyOmega(b, omegaBody0_);
    world_.add(b);
    tip_.clear();
  }
  void frameView() override {
    const double size = dims_.maxCoeff();
    ground_ = -0.5 * size - 1.0;
    arrowScale_ = 0.6 * size / std::max(1.0, omegaBody0_.norm()) + 0.3;
    orbit_.target = Vector3d::Zero();
    orbit_.distance = 3.0 * size + 4.0;
  }
  void afterStep(pbm::Host host) override {
    const auto& b = world_.bodies.at(0);
    exactR_ = pbm::symmetricTopRotation(b.Ibody(0, 0), b.Ibody(2, 2), L0(), R0_, time());
    // The rotation angle between R and the exact R: |R - Re|_F = 2 sqrt 2 sin(angle / 2).
    angleErr_ = 2.0 * std::asin(std::min(1.0, (b.R - exactR_).norm() / (2.0 * std::sqrt(2.0))));
    if (host == pbm::Host::Headless) return;
    tip_.push_back(b.x + (b.halfExtents.z() + 0.4) * b.R.col(2));
    if (tip_.size() > 3000) tip_.pop_front();
  }
  void drawExtras(pbm::Canvas3D& canvas) override {
    const auto& b = world_.bodies.at(0);
    canvas.wireBox(b.x, exactR_, b.halfExtents, pbm::colors::kExact, 1.5f);
    canvas.polyline(std::vector<Vector3d>(tip_.begin(), tip_.end()),
                    pbm::withAlpha(pbm::colors::kAdaptive, 200), 1.5f);
    const Vector3d Lhat = L0().normalized();
    canvas.line(b.x - 2.5 * Lhat, b.x + 2.5 * Lhat,
                pbm::withAlpha(pbm::rgba(225, 85, 225, 255), 110), 1.f);
    canvas.text(b.x + (b.halfExtents.z() + 0.4) * exactR_.col(2), "exact R(t)", pbm::colors::kExact,
                {8.f, 4.f});
  }
  void extraColumns(std::vector<std::string>& c) const override { c.push_back("angle_err"); }
  void extraRow(std::vector<double>& r) const override { r.push_back(angleErr_); }
  void extraHud(std::vector<std::string>& lines) const override {
    const auto& b = world_.bodies.at(0);
    const double I1 = b.Ibody(0, 0), I3 = b.Ibody(2, 2);
    const Vector3d L = L0();
    const double c = L.dot(R0_.col(2)) * (1.0 / I3 - 1.0 / I1);
    lines.push_back(
        pbm::format("precession |L|/I1 = %.6f rad/s, c = %.6f rad/s", L.norm() / I1, c));
    lines.push_back(pbm::format("cos(n, L): exact %.6f, now %.6f", L.dot(R0_.col(2)) / L.norm(),
                                L.normalized().dot(b.R.col(2))));
    lines.push_back(pbm::format("angle from the exact R(t): %.2e rad", angleErr_));
  }

 private:
  Vector3d L0() const { return L0_; }
  Matrix3d R0_ = Matrix3d::Identity(), exactR_ = Matrix3d::Identity();
  double angleErr_ = kNaN;
  std::deque<Vector3d> tip_;
};

}  // namespace

std::unique_ptr<pbm::Scene> makeSpinIntermediateScene() {
  return std::make_unique<SpinScene>(SpinKind::Intermediate);
}
std::unique_ptr<pbm::Scene> makeSpinStableMaxScene() {
  return std::make_unique<SpinScene>(SpinKind::StableMax);
}
std::unique_ptr<pbm::Scene> makeSpinStableMinScene() {
  return std::make_unique<SpinScene>(SpinKind::StableMin);
}
std::unique_ptr<pbm::Scene> makeTorqueFreeScene() {
  return std::make_unique<TorqueFreeScene>();
}
std::unique_ptr<pbm::Scene> makeSymmetricTopScene() {
  return std::make_unique<SymmetricTopScene>();
}

}  // namespace ch07
