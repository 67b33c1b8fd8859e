// Why RBI §4 replaces the rotation matrix by a quaternion: the same spinning
// cube, stepped as the 18-number matrix state of §2.11 (R-dot = omega* R) and
// as the 13-number quaternion state (q-dot = 1/2 [0, omega] q), side by side.
// An explicit method multiplies the parts of R's columns normal to omega by
// |P(i theta)| per step and |q| by |P(i theta / 2)|, theta = |omega| h
// (pbm/rigid/torque_free.h): under Euler the matrix box balloons while the
// quaternion box, drawn from q / |q|, stays a cube. The closed forms are
// drawn dashed while nothing renormalises (RBI §4, footnote 3).
#include <cmath>
#include <limits>
#include <memory>
#include <numbers>
#include <vector>

#include "pbm/app/csv.h"
#include "pbm/app/text.h"
#include "pbm/rigid/rigid.h"
#include "pbm/rigid/rigid_world_matrix.h"
#include "pbm/rigid/torque_free.h"
#include "pbm/viewer/canvas3d.h"
#include "pbm/viewer/ui.h"
#include "rigid_scene.h"
#include "scenes.h"

namespace ch07 {

namespace {

using Eigen::Matrix3d;
using Eigen::Vector3d;

using pbm::kNaN;  // the CSV's empty cell (app/csv.h)
const Vector3d kQuatAt(-1.3, 0.0, 0.0), kMatrixAt(1.3, 0.0, 0.0);

class DriftScene : public RigidScene {
 public:
  DriftScene() {
    settings_.method = "euler";
    settings_.tEnd = 10.0;
    params_.add("omega", &omega_, 0.1, 50.0, "spin rate about body y, rad/s");
    params_.choice(
        "state", &state_,
        {{"quaternion", "quaternion (13 numbers)"}, {"matrix", "rotation matrix (18 numbers)"}},
        "the body the CSV describes");
    params_.toggle("renormalize", &renormalize_,
                   "on: |q| = 1 and Gram-Schmidt on R after every step (RBI §4)");
    showPolhode_ = false;  // omega_b is constant: a single point
    frameView();
  }
  std::string name() const override { return "drift"; }
  std::string title() const override { return "Drift: quaternion vs rotation matrix (§4)"; }
  std::string lookFor() const override {
    return "The same cube spinning about y, stepped as a rotation matrix (right, R-dot = "
           "omega* R) and as a quaternion (left). Each step scales the matrix's columns by "
           "|P(i theta)| and |q| by |P(i theta/2)|, theta = |omega| h: under euler the matrix "
           "box balloons, while the quaternion box, drawn from q/|q|, stays a cube (RBI §4). "
           "Try rk4 and the renormalize toggle; dashed: the closed forms.";
  }

  void advance(double tLimit, pbm::Host host) override {
    if (host == pbm::Host::Viewer && time() >= loopTime()) {
      reset();
      return;
    }
    // The same steps for both states: h, or the clipped last one.
    matrixStepper_.advance(matrix_, tLimit);
    RigidScene::advance(tLimit, host);
  }
  bool stateFinite() const override {
    return RigidScene::stateFinite() && !matrixStepper_.diverged();
  }

 protected:
  void build() override {
    // A cube: Ibody = (M/6) 1 (RBI §5.1), 0.4 1 for M = 2.4, so omega = Iinv L
    // stays constant even while R drifts (R R^T keeps L's direction).
    pbm::RigidBody b = pbm::makeBlock(2.4, Vector3d(1.0, 1.0, 1.0));
    pbm::setBodyOmega(b, Vector3d(0.0, omega_, 0.0));
    world_.renormalizeAfterStep = renormalize_;
    b.x = kQuatAt;
    pbm::computeAuxiliary(b);
    world_.add(b);
    matrix_.bodies.clear();
    matrix_.forces.clear();
    b.x = kMatrixAt;
    matrix_.add(b);
    matrix_.orthonormalizeAfterStep = renormalize_;
    Eigen::VectorXd y;
    double t = 0.0;
    matrix_.getState(y, t);
    matrix_.setState(y, 0.0);
    matrixStepper_.reset(pbm::findMethod(methods_, settings_.method), settings_.h);
    matrixStepper_.watch(matrix_);
    history_.clear();
  }
  void frameView() override {
    ground_ = -1.5;
    arrowScale_ = 0.12;
    // The cubes low and a little right: the quaternion cube's L arrow
    // points up, and stood under the lesson box.
    orbit_.target = Vector3d(0.0, 0.9, 0.0);
    orbit_.distance = 9.0;
    orbit_.yawDeg = 0.0;
    viewShift_ = 0.07;
    orbit_.pitchDeg = 25.0;
  }
  BodyReadout focus() const override {
    if (state_ == 0) return readBody(world_.bodies.at(0));
    // The matrix state has no q, and a drifted R is no rotation: omega_b
    // needs R's inverse, not its transpose.
    const auto& b = matrix_.bodies.at(0);
    BodyReadout r = readBody(b);
    r.q = Eigen::Quaterniond(kNaN, kNaN, kNaN, kNaN);
    r.omegaBody = b.R.inverse() * b.omega;
    r.qNormErr = kNaN;
    return r;
  }
  double totalEnergy() const override {
    const BodyReadout b = focus();
    return b.eLin + b.eRot;
  }
  double loopTime() const override { return 10.0; }
  void afterStep(pbm::Host host) override {
    if (host == pbm::Host::Headless) return;
    const double t = time();
    if (!history_.empty() && t - history_.back().t < 0.02) return;
    const auto& qb = world_.bodies.at(0);
    const auto& mb = matrix_.bodies.at(0);
    const auto n = static_cast<double>(matrixStepper_.steps());
    history_.push_back({t, std::abs(qb.q.norm() - 1.0), pbm::orthonormalityError(mb.R),
                        std::abs(std::pow(qFactor(), n) - 1.0), closedOrth(n)});
  }
  void drawExtras(pbm::Canvas3D& canvas) override {
    const auto& mb = matrix_.bodies.at(0);
    // Once R's columns have grown threefold the shaded box would fill the
    // view and hide the quaternion box: draw its edges only, and say so.
    const double grown = mb.R.colwise().norm().maxCoeff();
    if (grown < 3.0) {
      canvas.box(mb.x, mb.R, mb.halfExtents, pbm::rgba(190, 150, 120, 255));
    } else {
      canvas.wireBox(mb.x, mb.R, mb.halfExtents, pbm::rgba(190, 150, 120, 255), 1.5f);
      canvas.text(mb.x + Vector3d(0.0, 0.8, 0.0),
                  pbm::format("columns of R grown x%.3g: edges only", grown), pbm::colors::kText,
                  {-90.f, -10.f});
    }
    static const pbm::Color axis[3] = {pbm::rgba(235, 87, 87, 255), pbm::rgba(111, 207, 120, 255),
                                       pbm::rgba(86, 156, 245, 255)};
    for (int k = 0; k < 3; ++k)
      canvas.arrow(mb.x, mb.x + (mb.halfExtents[k] + 0.35) * mb.R.col(k), axis[k], 2.f, 9.f);
    const auto& qb = world_.bodies.at(0);
    canvas.text(qb.x - Vector3d(0.0, 1.0, 0.0), "quaternion state", pbm::colors::kText,
                {-50.f, 10.f});
    canvas.text(mb.x - Vector3d(0.0, 1.0, 0.0), "matrix state", pbm::colors::kText, {-40.f, 10.f});
  }
  void extraHud(std::vector<std::string>& lines) const override {
    const auto& qb = world_.bodies.at(0);
    const auto& mb = matrix_.bodies.at(0);
    const double n = static_cast<double>(matrixStepper_.steps());
    const int p = stepper_.method().order;
    const double theta = omega_ * settings_.h;
    lines.push_back(pbm::format("per step: R x %.9f, |q| x %.9f",
                                pbm::amplificationModulus(p, theta),
                                pbm::amplificationModulus(p, 0.5 * theta)));
    if (renormalize_) {
      lines.push_back(pbm::format("|q| - 1 = %.2e, ||R^T R - 1|| = %.2e (renormalized)",
                                  qb.q.norm() - 1.0, pbm::orthonormalityError(mb.R)));
      return;
    }
    lines.push_back(pbm::format("|q| - 1 = %.4e (closed form %.4e)", qb.q.norm() - 1.0,
                                std::pow(qFactor(), n) - 1.0));
    lines.push_back(pbm::format("||R^T R - 1|| = %.4e (closed form %.4e)",
                                pbm::orthonormalityError(mb.R), closedOrth(n)));
    lines.push_back(pbm::format("matrix column x length %.6f (closed form %.6f)",
                                mb.R.col(0).norm(),
                                std::pow(pbm::amplificationModulus(p, theta), n)));
  }
  void extraPanel() override {
    std::vector<pbm::XYSeries> s(4);
    s[0] = {"| |q|-1 |", {}, {}, pbm::colors::kMidpoint, false, false};
    s[1] = {"||R^T R-1||", {}, {}, pbm::colors::kEuler, false, false};
    s[2] = {"exact |q|", {}, {}, pbm::withAlpha(pbm::colors::kMidpoint, 200), false, true};
    s[3] = {"exact R", {}, {}, pbm::withAlpha(pbm::colors::kEuler, 200), false, true};
    for (const auto& h : history_) {
      for (int k = 0; k < 4; ++k) s[k].x.push_back(h.t);
      s[0].y.push_back(h.q), s[1].y.push_back(h.orth);
      s[2].y.push_back(renormalize_ ? kNaN : h.qClosed);
      s[3].y.push_back(renormalize_ ? kNaN : h.orthClosed);
    }
    pbm::ui::textUnformatted("drift of both states (log), closed forms dashed:");
    pbm::plotXY("drift", s, pbm::Px2(-1.f, 150.f), false, true, "t, s", "error");
  }

 private:
  // The per-step factors of the chosen method at theta = |omega| h.
  double qFactor() const {
    return pbm::amplificationModulus(stepper_.method().order, 0.5 * omega_ * settings_.h);
  }
  // R = rotation diag(a, 1, a), a = |P(i theta)|^n: R^T R - 1 = diag(a^2 - 1, 0, a^2 - 1).
  double closedOrth(double n) const {
    const double a =
        std::pow(pbm::amplificationModulus(stepper_.method().order, omega_ * settings_.h), n);
    return std::sqrt(2.0) * std::abs(a * a - 1.0);
  }

  struct Sample {
    double t, q, orth, qClosed, orthClosed;
  };
  double omega_ = 2.0 * std::numbers::pi;
  int state_ = 0;
  bool renormalize_ = false;
  pbm::RigidWorldMatrix matrix_;
  pbm::Stepper matrixStepper_;
  std::vector<Sample> history_;
};

}  // namespace

std::unique_ptr<pbm::Scene> makeDriftScene() {
  return std::make_unique<DriftScene>();
}

}  // namespace ch07
