// ContactScene (contact_scene.h): its set-ups, reset and step on pbm::FlexWorld
// (Baraff & Witkin 1992 §5), the stability margin, the CSV and the four
// scenes' factories. Drawing, HUD and panel: contact_drawing.cpp.
#include "contact_scene.h"

#include <Eigen/Cholesky>
#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "flex_readout.h"
#include "pbm/core/exercise.h"
#include "pbm/integrators/methods.h"
#include "pbm/viewer/colors.h"
#include "scenes.h"

namespace ch11 {
namespace {

// Stairs going down to the left (the viewer's panels sit top left and
// right): tread k at y = -k rise for x >= -(k+1) run (the last without end),
// riser k at x = -(k+1) run below it. Both reach without end into the solid
// (right and down), so a vertex can meet a plane only through its surface; a
// riser stops just under its tread, so a vertex resting on the tread is not
// counted against the riser. A wall at the foot keeps the frictionless block
// in view.
std::vector<pbm::FlexPlane> stairPlanes(int steps, double run, double rise) {
  std::vector<pbm::FlexPlane> p;
  const double big = 1e6;
  for (int k = 0; k <= steps; ++k) {
    // tread: n = (0, 1), tangent (-1, 0): the range is in -x
    p.push_back({{0.0, 1.0}, -k * rise, -big, k == steps ? big : (k + 1) * run});
    // riser: n = (-1, 0), tangent (0, -1): the range is in -y
    if (k < steps) p.push_back({{-1.0, 0.0}, (k + 1) * run, k * rise + 1e-3, big});
  }
  p.push_back({{1.0, 0.0}, -(steps + 2) * run});
  return p;
}

}  // namespace

ContactScene::ContactScene(ContactSceneSetup s)
    : s_(std::move(s)),
      energyPlot_("energy, J", {"KE translation", "KE rest", "strain", "gravity", "total"},
                  {pbm::colors::kRk4, pbm::colors::kImplicit, pbm::colors::kMidpoint,
                   pbm::colors::kAdaptive, pbm::colors::kExact}),
      forcePlot_("", {}, {}),
      comPlot_("centre of mass height, m", {"com y"}, {pbm::colors::kAdaptive}) {
  showTrail_ = !s_.column;
  settings_.method = "rk4";
  settings_.h = s_.h;
  settings_.hMin = 1e-5;
  settings_.hMax = 0.05;
  settings_.tEnd = s_.tEnd;
  g_ = s_.g;
  v0_ = s_.v0;
  dropHeight_ = s_.dropHeight;
  nu_ = s_.nu;
  omega_ = s_.omega;
  vx_ = s_.vx;
  model_ = s_.model == pbm::DeformKind::Affine ? kAffine : kQuadratic;
  mu_ = s_.mu;
  addModelParam();
  params_.add("width", &width_, 0.0, 10.0, "rest width, m (> 0)").above(0);
  params_.add("height", &height_, 0.0, 10.0, "rest height, m (> 0)").above(0);
  addMaterialParams();
  params_.add("g", &g_, 0.0, 100.0, "gravity, m/s^2 (down)");
  params_.add("v0", &v0_, -50.0, 50.0, "initial downward speed, m/s");
  params_.add("vx", &vx_, -50.0, 50.0, "initial horizontal speed, m/s (+ right)");
  params_.add("drop_height", &dropHeight_, 0.0, 10.0, "start gap under the body, m");
  params_.add("omega", &omega_, -50.0, 50.0, "initial spin, rad/s (ccw)");
  params_.add("per_edge", &perEdge_, 1, 16, "collision vertices per edge (polyhedral boundary)")
      .integer = true;
  params_.add("quad_points", &quadPoints_, 1, 9, "strain quadrature points: 1, 4 or 9")
      .needs("1, 4 or 9")
      .integer = true;
  params_.add("mass_samples", &massSamples_, 0, 1e7, "0: exact M; N: Monte Carlo with N points")
      .needs("0, or at least 3 (model 1) or 6 (model 2)")
      .integer = true;
}

void ContactScene::validate() const {
  validateMaterial();
  if (!(width_ > 0) || !(height_ > 0)) throw pbm::UsageError("width and height must be > 0");
  const int qp = static_cast<int>(quadPoints_);
  if (qp != 1 && qp != 4 && qp != 9)
    throw pbm::UsageError("quad_points must be 1, 4 or 9 (got " + std::to_string(qp) + ")");
  const int n = model_ == kAffine ? 3 : 6;
  if (massSamples_ > 0 && massSamples_ < n)
    throw pbm::UsageError("mass_samples must be 0 or at least the basis size " + std::to_string(n));
}

double ContactScene::boundedEnergy() const {
  const pbm::FlexBody& b = world_->sys.body();
  return pbm::flexKineticEnergy(b, world_->sys.qdot()) + pbm::flexStrainEnergy(b, world_->sys.q()) +
         b.mass * g_ * com().y();
}

pbm::ViewBox ContactScene::initialView() const {
  if (s_.steps > 0)
    return {{-0.39 * (s_.steps + 2) * kRun, 1.0 - (s_.steps - 4) * kRise},
            0.29 * (s_.steps + 2) * kRun + 2.1};
  return {{0.0, 0.45 * (height_ + dropHeight_) + 0.2}, 0.6 * (height_ + dropHeight_) + 0.5};
}

void ContactScene::reset() {
  validate();
  kind_ = kind();
  const int axis = quadPoints_ < 2 ? 1 : quadPoints_ < 5 ? 2 : 3;
  pbm::FlexBody body =
      pbm::makeFlexRect(kind_, width_, height_, material(), axis, static_cast<int>(perEdge_));
  if (massSamples_ > 0) {
    std::mt19937_64 rng(11);
    pbm::flexSetMassMatrix(
        body, pbm::flexMassMatrixMonteCarlo(kind_, body.rest, rho_, int(massSamples_), rng));
  }
  world_.emplace(std::move(body));
  world_->planes = s_.steps > 0 ? stairPlanes(s_.steps, kRun, kRise)
                                : std::vector<pbm::FlexPlane>{pbm::FlexPlane{}};
  world_->sys.gravity = Vector2d(0.0, -g_);
  world_->sys.q().col(0) = Vector2d(s_.steps > 0 ? -0.5 : 0.0, 0.5 * height_ + dropHeight_);
  world_->sys.qdot().col(0) = Vector2d(vx_, -v0_);
  const Eigen::Matrix2d W{{0.0, -omega_}, {omega_, 0.0}};
  world_->sys.qdot().col(1) = W * world_->sys.q().col(1);
  world_->sys.qdot().col(2) = W * world_->sys.q().col(2);
  stepper_.reset(pbm::findMethod(pbm::integratorMethods(), settings_.method), settings_.h,
                 "the contact step");
  stepper_.run([&] { world_->settle(); });
  stepper_.watch(world_->sys);
  ke0_ = pbm::flexKineticEnergy(world_->sys.body(), world_->sys.qdot());
  vBefore_ = vcom().y();
  rebound_ = NAN;
  firstLoss_ = firstPredicted_ = NAN;
  hadContact_ = false;
  trail_.clear();
  omegaMax_.reset();
  energyPlot_.clear();
  comPlot_.clear();
  // With gravity: sum f / mg beside its first-touch level 1/(d+1)^2 (the
  // weights of the d+1 touching vertices, Baraff & Witkin 1992 §5) and the
  // settled 1; without: sum f in N.
  const double d = kind_ == pbm::DeformKind::Affine ? 1.0 : 2.0;
  firstTouch_ = 1.0 / ((d + 1) * (d + 1));
  if (g_ > 0)
    forcePlot_ = pbm::TimePlot(
        "sum of contact forces / mg",
        {"sum f / mg", kind_ == pbm::DeformKind::Affine ? "1/4 first touch" : "1/9 first touch",
         "1 settled"},
        {pbm::colors::kWarning, pbm::colors::kDim, pbm::colors::kExact});
  else
    forcePlot_ = pbm::TimePlot("sum of contact forces, N", {"sum f"}, {pbm::colors::kWarning});
}

void ContactScene::advance(double tLimit, pbm::Host host) {
  const double h = stepper_.plan(tLimit);
  const long before = world_->evals;
  stepper_.run([&] { world_->step(stepper_.method(), h); });
  stepper_.countEvals(world_->evals - before);
  stepper_.check(world_->sys);
  if (world_->impacts > 0 && std::isnan(firstLoss_)) {
    firstLoss_ = world_->lastLoss;
    firstPredicted_ = world_->lastLossPredicted;
  }
  if (!world_->resting.empty()) hadContact_ = true;
  if (hadContact_ && world_->resting.empty() && std::isnan(rebound_))
    rebound_ = vcom().y() / -vBefore_;
  if (host != pbm::Host::Viewer) return;
  trail_.push_back(com());
  if (trail_.size() > 2000) trail_.erase(trail_.begin());
  const pbm::FlexBody& b = world_->sys.body();
  const Vector2d c = com(), vc = vcom();
  const double ke = pbm::flexKineticEnergy(b, world_->sys.qdot()),
               kt = 0.5 * b.mass * vc.squaredNorm();
  const double es = pbm::flexStrainEnergy(b, world_->sys.q()), eg = b.mass * g_ * c.y();
  energyPlot_.push(time(), {kt, ke - kt, es, eg, ke + es + eg});
  if (g_ > 0)
    forcePlot_.push(time(), {sumForces() / (b.mass * g_), firstTouch_, 1.0});
  else
    forcePlot_.push(time(), {sumForces()});
  comPlot_.push(time(), {c.y()});
}

std::vector<std::string> ContactScene::csvColumns() const {
  return {"t",     "com_x",      "com_y",    "vcom_x",    "vcom_y",
          "a_xx",  "a_xy",       "a_yx",     "a_yy",      "stretch",
          "ke",    "ke_trans",   "e_strain", "e_grav",    "e_total",
          "l_ang", "n_contacts", "sum_f",    "min_det_f", "max_penetration",
          "evals"};
}

std::vector<double> ContactScene::csvRow() const {
  const pbm::FlexBody& b = world_->sys.body();
  const FlexReadout r = readFlexBody(b, world_->sys.q(), world_->sys.qdot());
  const double kt = 0.5 * b.mass * r.vcom.squaredNorm(), eg = b.mass * g_ * r.com.y();
  return {time(),
          r.com.x(),
          r.com.y(),
          r.vcom.x(),
          r.vcom.y(),
          r.axx,
          r.axy,
          r.ayx,
          r.ayy,
          r.stretch,
          r.ke,
          kt,
          r.eStrain,
          eg,
          r.ke + r.eStrain + eg,
          r.lAng,
          double(world_->resting.size()),
          sumForces(),
          world_->minDetF(),
          world_->maxPenetration(),
          double(evals())};
}

double ContactScene::margin() const {
  if (!omegaMax_) {
    try {
      const Eigen::VectorXd w2 = pbm::flexModes(world_->sys.body());
      omegaMax_ = std::sqrt(std::max(0.0, w2.maxCoeff()));
    } catch (const pbm::ExerciseNotDone&) {
      omegaMax_ = NAN;
    }
  }
  return settings_.h * *omegaMax_ / (2.0 * std::sqrt(2.0));
}

std::unique_ptr<pbm::Scene> makeDropScene() {
  return std::make_unique<ContactScene>(ContactSceneSetup{
      "drop", "A jelly square dropped on the floor",
      "The impulse only stops the touching vertices; the body squashes against them, rebounds "
      "from its strain energy and, damped, settles with the contacts carrying mg (Baraff & "
      "Witkin 1992 §5).",
      9.81, 0.0, 0.5, 1.0, 1.0, 4.0, 1.0 / 480, 0.0, pbm::DeformKind::Affine, false, 0});
}

std::unique_ptr<pbm::Scene> makeFlatLandingScene() {
  return std::make_unique<ContactScene>(ContactSceneSetup{
      "flat_landing", "Flat landing: the two-phase rebound",
      "g = 0: the bottom edge meets the floor at v. The impulse keeps 3/4 (affine) or 8/9 "
      "(quadratic) of the energy; the affine body (lambda = 0) leaves at exactly 3/4 v for any "
      "mu and v (Baraff & Witkin 1992 §5).",
      0.0, 1.0, 0.1, 0.0, 0.0, 0.5, 1e-3, 0.0, pbm::DeformKind::Affine, true, 0});
}

std::unique_ptr<pbm::Scene> makeColumnScene() {
  ContactSceneSetup s{
      "column",
      "A column resting on its own weight",
      "Set down undeformed, the body squashes and, damped, settles on its weight. The exact "
      "self-weighted column sinks as 2Y/H - (Y/H)^2; the quadratic model matches to first "
      "order (mid/top 3/4), the affine one can only be linear (1/2) (Baraff & Witkin 1992 §5).",
      9.81,
      0.0,
      0.0,
      5.0,
      0.0,
      3.0,
      1.0 / 480,
      0.0,
      pbm::DeformKind::Quadratic,
      false,
      0};
  s.mu = 1000.0;
  s.column = true;
  return std::make_unique<ContactScene>(s);
}

std::unique_ptr<pbm::Scene> makeStairsScene() {
  auto s = std::make_unique<ContactScene>(ContactSceneSetup{
      "stairs", "The paper's demo: a block down the stairs",
      "A quadratic block pushed off the top step tumbles down frictionless stairs: every landing "
      "is an impulse on the touching vertices and a squash against them (Baraff & Witkin 1992 "
      "§5-§6).",
      9.81, 0.0, 0.02, 0.3, 0.0, 5.0, 1.0 / 480, -1.5, pbm::DeformKind::Quadratic, false, 4});
  return s;
}

}  // namespace ch11
