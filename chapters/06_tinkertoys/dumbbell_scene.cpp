// Scene dumbbell: Lagrangian dynamics (Constrained Dynamics §5) inside a
// hybrid model (§5.1). A dumbbell described by generalised coordinates
// u = (cx, cy, theta) (its rod is built into the parametrisation, no
// constraint force needed) is hung from a nail at one end, and a free third
// particle hangs from its other end by a rod: two IMPLICIT constraints on an
// object with generalised coordinates (hybridAcceleration). Beside it the same
// mechanism built from three particles, a nail and two rods (the §4 way).
// The two agree until chaos amplifies round-off.
#include <cmath>
#include <cstdio>

#include "pbm/app/stepped_scene.h"
#include "pbm/constraints/constrained_system.h"
#include "pbm/constraints/lagrangian.h"
#include "pbm/core/errors.h"
#include "pbm/core/stepping.h"
#include "pbm/integrators/methods.h"
#include "pbm/particles/forces.h"
#include "pbm/viewer/canvas2d.h"
#include "pbm/viewer/plot.h"
#include "pbm/viewer/ui.h"
#include "scenes.h"

namespace ch06 {

namespace {

using Eigen::MatrixXd;
using Eigen::Vector2d;
using Eigen::VectorXd;

constexpr double kRod = 0.8;           // free particle's rod, m
const Vector2d kTwinOffset(2.8, 0.0);  // where the particle model is drawn

// State [U, Udot], U = (cx, cy, theta, x3, y3); q(U) = (x1, x2, x3).
class HybridDumbbell : public pbm::OdeSystem {
 public:
  pbm::Dumbbell db{1.0, 2.0, 1.0};
  double m3 = 0.5, g = 9.81, ks = 100, kd = 20;
  Vector2d pivot{0.0, 0.0};
  VectorXd U = VectorXd::Zero(5), Ud = VectorXd::Zero(5);
  double t = 0;
  VectorXd lambda;

  int dim() const override { return 10; }
  void getState(VectorXd& x, double& time) const override {
    x.resize(10);
    x << U, Ud;
    time = t;
  }
  void setState(const VectorXd& x, double time) override {
    U = x.head(5);
    Ud = x.tail(5);
    t = time;
  }
  MatrixXd Jq() const {
    MatrixXd J = MatrixXd::Zero(6, 5);
    J.topLeftCorner(4, 3) = db.jacobian(U.head<3>());
    J.bottomRightCorner(2, 2).setIdentity();
    return J;
  }
  VectorXd q() const {
    VectorXd out(6);
    out << db.positions(U.head<3>()), U.tail<2>();
    return out;
  }
  VectorXd qdot() const { return Jq() * Ud; }
  // The implicit constraints on q: nail on x1 (2 rows), rod x2-x3 (1 row).
  void constraints(VectorXd& C, VectorXd& Cd, MatrixXd& Jc, MatrixXd& Jcd) const {
    const VectorXd x = q(), v = qdot();
    const Vector2d d = x.segment<2>(2) - x.segment<2>(4), w = v.segment<2>(2) - v.segment<2>(4);
    C.resize(3);
    Cd.resize(3);
    C << x.head<2>() - pivot, 0.5 * (d.squaredNorm() - kRod * kRod);
    Cd << v.head<2>(), d.dot(w);
    Jc = MatrixXd::Zero(3, 6);
    Jcd = MatrixXd::Zero(3, 6);
    Jc.block<2, 2>(0, 0).setIdentity();
    Jc.block<1, 2>(2, 2) = d.transpose();
    Jc.block<1, 2>(2, 4) = -d.transpose();
    Jcd.block<1, 2>(2, 2) = w.transpose();
    Jcd.block<1, 2>(2, 4) = -w.transpose();
  }
  VectorXd massDiag() const {
    VectorXd m(6);
    m << db.massDiag(), m3, m3;
    return m;
  }
  void derivEval(VectorXd& xdot) override {
    MatrixXd Jqd = MatrixXd::Zero(6, 5);
    Jqd.topLeftCorner(4, 3) = db.jacobianDot(U.head<3>(), Ud.head<3>());
    const VectorXd M = massDiag();
    VectorXd Q(6);
    for (int i = 0; i < 3; ++i) Q.segment<2>(2 * i) = Vector2d(0, -g * M[2 * i]);
    VectorXd C, Cd;
    MatrixXd Jc, Jcd;
    constraints(C, Cd, Jc, Jcd);
    const pbm::HybridAcceleration a =
        pbm::hybridAcceleration(Jq(), Jqd, M, Q, Ud, Jc, Jcd, C, Cd, ks, kd);
    lambda = a.lambda;
    xdot.resize(10);
    xdot << Ud, a.uddot;
  }
  double energy() const {
    const VectorXd x = q(), v = qdot(), M = massDiag();
    double e = 0;
    for (int i = 0; i < 3; ++i)
      e += 0.5 * M[2 * i] * v.segment<2>(2 * i).squaredNorm() + M[2 * i] * g * x[2 * i + 1];
    return e;
  }
};

class DumbbellScene : public pbm::SteppedScene {
 public:
  DumbbellScene() {
    settings_.method = "rk4";
    settings_.h = 0.005;
    settings_.hMin = 1e-4;
    settings_.hMax = 0.05;
    settings_.tEnd = 10.0;
    params_.add("theta", &theta_, -3.14, 3.14, "initial dumbbell angle from +x, rad");
    params_.add("ks", &ks_, 0.0, 10000.0, "feedback on C, 1/s^2");
    params_.add("kd", &kd_, 0.0, 200.0, "feedback on Cdot, 1/s");
  }
  std::string name() const override { return "dumbbell"; }
  std::string title() const override { return "Lagrangian dumbbell in a hybrid model (§5)"; }
  std::string lookFor() const override {
    return "Left (violet): a dumbbell with generalised coordinates u = (c, theta), eq (13) - its "
           "rod is not a constraint - nailed at one end, with a particle on a rod at the other "
           "(hybrid, §5.1). Right: the same from 3 particles, a nail and 2 rods. They agree until "
           "chaos amplifies round-off (difference in the panel).";
  }
  std::vector<std::string> methods() const override {
    return pbm::methodNames(pbm::integratorMethods());
  }
  // Both pendulums' full reach, the hybrid's nail below the info box.
  pbm::ViewBox initialView() const override { return {{1.375, -0.3}, 2.35}; }
  int stepsPerFrame() const override { return 3; }

  void reset() override {
    hyb_ = HybridDumbbell();
    hyb_.ks = ks_;
    hyb_.kd = kd_;
    const pbm::Dumbbell& db = hyb_.db;
    const Vector2d e(std::cos(theta_), std::sin(theta_));
    const Vector2d c = hyb_.pivot + (db.m2 / db.total()) * db.L * e;  // x1 on the pivot
    hyb_.U << c, theta_, c + (db.m1 / db.total()) * db.L * e + Vector2d(0.0, -kRod);
    hyb_.Ud.setZero();
    // The particle twin.
    ps_.particles.clear();
    ps_.forces.clear();
    ps_.t = 0;
    cs_.constraints.clear();
    const VectorXd q = hyb_.q(), M = hyb_.massDiag();
    for (int i = 0; i < 3; ++i) {
      pbm::Particle p;
      p.m = M[2 * i];
      p.x = q.segment<2>(2 * i) + kTwinOffset;
      ps_.add(p);
    }
    cs_.add<pbm::NailConstraint>(ps_, 0, hyb_.pivot + kTwinOffset);
    cs_.add<pbm::RodConstraint>(ps_, 0, 1, db.L);
    cs_.add<pbm::RodConstraint>(ps_, 1, 2, kRod);
    ps_.addForce<pbm::Gravity>(Vector2d(0, -9.81));
    pbm::ConstraintSolverSettings s;
    s.ks = ks_;
    s.kd = kd_;
    cf_ = &ps_.addForce<pbm::ConstraintForce>(cs_, s);
    const pbm::MethodInfo& method = pbm::findMethod(pbm::integratorMethods(), settings_.method);
    stepper_.reset(method, settings_.h, "the hybrid solve (eq 13)");
    stepper_.watch(hyb_);
    twin_.reset(method, settings_.h, "the constraint solve");
    twin_.watch(ps_);
    plot_.clear();
    VectorXd xd;
    hyb_.derivEval(xd);
  }
  void advance(double tLimit, pbm::Host host) override {
    // Both models on the hybrid's clock, with the same method and h.
    const double t0 = hyb_.t, h = stepper_.plan(t0, tLimit);
    twin_.plan(t0, tLimit);
    stepper_.step(hyb_, h);
    twin_.step(ps_, h);
    hyb_.t = ps_.t = t0 + h;
    stepper_.check(hyb_);
    twin_.check(ps_);
    if (host == pbm::Host::Viewer) plot_.push(hyb_.t, {std::max(difference(), 1e-16)});
  }
  double time() const override { return hyb_.t; }
  // lastStepSize(), evals(): the hybrid's (SteppedScene).
  bool stateFinite() const override { return !stepper_.diverged() && !twin_.diverged(); }
  double difference() const {
    const VectorXd q = hyb_.q();
    double d = 0;
    for (int i = 0; i < 3; ++i)
      d = std::max(d, (q.segment<2>(2 * i) + kTwinOffset - ps_.particles[i].x).norm());
    return d;
  }
  double hybridMaxC() const {
    VectorXd C, Cd;
    MatrixXd Jc, Jcd;
    hyb_.constraints(C, Cd, Jc, Jcd);
    return C.cwiseAbs().maxCoeff();
  }
  double particleEnergy() const {
    return ps_.kineticEnergy() + ps_.potentialEnergy(pbm::EnergyKind::Gravity) -
           9.81 * 0.0;  // same reference height: the twin is shifted in x only
  }
  std::vector<std::string> csvColumns() const override {
    return {"t", "energy", "energy_particles", "max_abs_c", "position_difference"};
  }
  std::vector<double> csvRow() const override {
    return {hyb_.t, hyb_.energy(), particleEnergy(), hybridMaxC(), difference()};
  }
  void draw(pbm::Canvas2D& c) override {
    const VectorXd q = hyb_.q();
    const Vector2d x1 = q.segment<2>(0), x2 = q.segment<2>(2), x3 = q.segment<2>(4);
    const Vector2d cm = hyb_.U.head<2>();
    c.line(x1, x2, pbm::colors::kImplicit, 9.f);
    c.cross(cm, 6.f, pbm::colors::kText, 1.5f);
    c.line(x2, x3, pbm::rgba(86, 156, 245, 255), 4.f);
    for (const auto& x : {x1, x2, x3}) c.dot(x, 7.f, pbm::rgba(230, 232, 238, 255));
    c.text(cm, "u = (c, theta)", pbm::colors::kImplicit, {10.f, 6.f});
    c.text(hyb_.pivot, "hybrid (§5.1)", pbm::colors::kText, {-40.f, -40.f});
    for (int k = 0; k < 2; ++k) {
      const auto& ids = cs_.constraints[k + 1]->particles();
      c.line(ps_.particles[ids[0]].x, ps_.particles[ids[1]].x, pbm::rgba(86, 156, 245, 255), 4.f);
    }
    for (const auto& p : ps_.particles) c.dot(p.x, 7.f, pbm::rgba(230, 232, 238, 255));
    c.text(hyb_.pivot + kTwinOffset, "particles: nail + 2 rods (§4)", pbm::colors::kText,
           {-70.f, -40.f});
    for (const Vector2d& p : {hyb_.pivot, Vector2d(hyb_.pivot + kTwinOffset)}) {
      const double s = 12.0 / c.camera().pixelsPerUnit();
      c.polygonFilled({p, p + Vector2d(-s, 1.6 * s), p + Vector2d(s, 1.6 * s)},
                      pbm::rgba(170, 175, 185, 200));
    }
  }
  void panel() override {
    pbm::ui::textWrapped(
        "eq (13): J^T M J uddot = J^T Q - J^T M Jdot udot. Generalised mass "
        "J^T M J = diag(M, M, I) with I = m1 m2 L^2 / M = %.4g kg m^2.",
        hyb_.db.m1 * hyb_.db.m2 * hyb_.db.L * hyb_.db.L / hyb_.db.total());
    pbm::ui::text("hybrid: max |C| = %.2e   E = %.8g J", hybridMaxC(), hyb_.energy());
    pbm::ui::text("particles: max |C| = %.2e   E = %.8g J", cs_.maxAbsC(), particleEnergy());
    pbm::ui::text("nail multiplier: hybrid (%.4g, %.4g)", hyb_.lambda.size() ? hyb_.lambda[0] : 0.0,
                  hyb_.lambda.size() ? hyb_.lambda[1] : 0.0);
    pbm::ui::text("max position difference = %.2e m", difference());
    plot_.draw({-1.f, 120.f});
  }

 private:
  HybridDumbbell hyb_;
  pbm::ParticleSystem ps_;
  pbm::ConstraintSet cs_;
  pbm::ConstraintForce* cf_ = nullptr;
  double theta_ = 0.3, ks_ = 100.0, kd_ = 20.0;
  pbm::Stepper twin_;  // the particles' (stepper_: the hybrid's)

  pbm::TimePlot plot_{"hybrid vs particles: max position difference, m (log)",
                      {"difference"},
                      {pbm::colors::kAdaptive}};
  struct LogInit {
    explicit LogInit(pbm::TimePlot& p) { p.logY = true; }
  } logInit_{plot_};
};

}  // namespace

std::unique_ptr<pbm::Scene> makeDumbbellScene() {
  return std::make_unique<DumbbellScene>();
}

}  // namespace ch06
