// The contact scenes (Baraff & Witkin 1992 §5): a flexible rectangle against
// the floor y = 0 with the two-phase contact of pbm::FlexWorld. `drop`: a
// jelly square falls under gravity, the impulse stops only the touching
// vertices, the body squashes against them, rebounds from its strain energy
// and, damped, settles. `flat_landing`: g = 0, the bottom edge meets the floor
// at v; the affine body (lambda = 0) rebounds at exactly 3/4 v for any mu and
// v, the quadratic one near 0.834 v at small amplitude.
#include <imgui.h>

#include <Eigen/Cholesky>
#include <algorithm>
#include <cmath>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include <cstdio>
#include "flex_readout.h"
#include "flex_scene.h"
#include "pbm/core/exercise.h"
#include "pbm/flexible/flex_world.h"
#include "pbm/integrators/methods.h"
#include "pbm/viewer/canvas2d.h"
#include "pbm/viewer/colors.h"
#include "pbm/viewer/plot.h"
#include "plane_axes.h"
#include "scenes.h"

namespace ch11 {
namespace {

using Eigen::Matrix2Xd;
using Eigen::Vector2d;

std::string fmt(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", x);
  return buf;
}

struct ContactSceneSetup {
  std::string name, title, lookFor;
  double g, v0, dropHeight, nu, omega, tEnd, h, vx;
  pbm::DeformKind model;
  bool flat;  // flat_landing's readouts
  int steps;  // stairs: the number of steps (0: the floor y = 0)
  double mu = 100.0;
  bool column = false;  // column's displacement profile
};

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

class ContactScene : public FlexScene {
 public:
  explicit ContactScene(ContactSceneSetup s)
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

  std::string name() const override { return s_.name; }
  std::string title() const override { return s_.title; }
  std::string lookFor() const override { return s_.lookFor; }
  void validate() const override {
    validateMaterial();
    if (!(width_ > 0) || !(height_ > 0)) throw pbm::UsageError("width and height must be > 0");
    const int qp = static_cast<int>(quadPoints_);
    if (qp != 1 && qp != 4 && qp != 9)
      throw pbm::UsageError("quad_points must be 1, 4 or 9 (got " + std::to_string(qp) + ")");
    const int n = model_ == kAffine ? 3 : 6;
    if (massSamples_ > 0 && massSamples_ < n)
      throw pbm::UsageError("mass_samples must be 0 or at least the basis size " +
                            std::to_string(n));
  }
  // The energy rule (pbm/app/headless.h): gravity, StVK strain, damping and
  // contacts keep or lose KE + strain + gravity, so a run that gains a
  // hundredfold blew up.
  double boundedEnergy() const override {
    const pbm::FlexBody& b = world_->sys.body();
    return pbm::flexKineticEnergy(b, world_->sys.qdot()) +
           pbm::flexStrainEnergy(b, world_->sys.q()) + b.mass * g_ * com().y();
  }
  pbm::ViewBox initialView() const override {
    if (s_.steps > 0)
      return {{-0.39 * (s_.steps + 2) * kRun, 1.0 - (s_.steps - 4) * kRise},
              0.29 * (s_.steps + 2) * kRun + 2.1};
    return {{0.0, 0.45 * (height_ + dropHeight_) + 0.2}, 0.6 * (height_ + dropHeight_) + 0.5};
  }

  void reset() override {
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

  void advance(double tLimit, pbm::Host host) override {
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

  void panel() override {
    // The margin, coloured: red when RK4 would blow up (the HUD has it too).
    const double m = margin();
    if (std::isfinite(m))
      ImGui::TextColored(m > 1 ? ImVec4(1.f, 0.35f, 0.3f, 1.f) : ImVec4(0.6f, 1.f, 0.6f, 1.f),
                         "h w_max / (2 sqrt 2) = %.3g: RK4 %s", m, m > 1 ? "UNSTABLE" : "stable");
    if (pbm::panelSection("Energy", energyPlot_.height(110.f), true, 3))
      energyPlot_.draw({-1.f, 110.f});
    if (pbm::panelSection("Contact forces", forcePlot_.height(110.f), true, 2))
      forcePlot_.draw({-1.f, 110.f});
    if (pbm::panelSection("Centre of mass height", comPlot_.height(110.f), true, 1))
      comPlot_.draw({-1.f, 110.f});
    if (pbm::panelSection("Show", 4 * ImGui::GetFrameHeightWithSpacing())) {
      ImGui::Checkbox("material grid through D", &showGrid_);
      ImGui::Checkbox("collision polygon", &showPolygon_);
      ImGui::SameLine();
      ImGui::Checkbox("COM trail", &showTrail_);
      ImGui::Checkbox("strain colour |E|", &showStrain_);
      ImGui::SameLine();
      ImGui::SetNextItemWidth(90.f);
      ImGui::SliderFloat("red at", &strainScale_, 0.001f, 1.f, "%.3f",
                         ImGuiSliderFlags_Logarithmic);
      ImGui::Checkbox(g_ > 0 ? "contact forces (height/4 per mg)" : "contact forces", &showForces_);
    }
  }
  std::vector<std::string> csvColumns() const override {
    return {"t",     "com_x",      "com_y",    "vcom_x",    "vcom_y",
            "a_xx",  "a_xy",       "a_yx",     "a_yy",      "stretch",
            "ke",    "ke_trans",   "e_strain", "e_grav",    "e_total",
            "l_ang", "n_contacts", "sum_f",    "min_det_f", "max_penetration",
            "evals"};
  }
  std::vector<double> csvRow() const override {
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

  void draw(pbm::Canvas2D& c) override {
    drawGridLines(c);
    drawWorld(c);
    drawGridLabels(c);
  }
  void drawWorld(pbm::Canvas2D& c) {
    const pbm::FlexBody& b = world_->sys.body();
    const Matrix2Xd& q = world_->sys.q();
    const double w = 0.6 * (height_ + dropHeight_) + 3.0 * width_;
    if (s_.steps > 0) {
      for (int k = 0; k <= s_.steps; ++k) {
        const double x0 = k == s_.steps ? -(k + 3) * kRun : -(k + 1) * kRun,
                     x1 = k == 0 ? w : -k * kRun;
        const double y = -k * kRise, yb = -(s_.steps + 1) * kRise - 0.3;
        c.polygonFilled({{x0, y}, {x1, y}, {x1, yb}, {x0, yb}}, IM_COL32(70, 74, 84, 255));
        c.line({x0, y}, {x1, y}, pbm::colors::kAxis, 2.0f);
        if (k < s_.steps) c.line({x0, y}, {x0, y - kRise}, pbm::colors::kAxis, 2.0f);
      }
      const double xw = -(s_.steps + 2) * kRun, yw = -s_.steps * kRise;
      c.polygonFilled({{xw - 0.3, yw + 2.5}, {xw, yw + 2.5}, {xw, yw - 0.3}, {xw - 0.3, yw - 0.3}},
                      IM_COL32(70, 74, 84, 255));
      c.line({xw, yw}, {xw, yw + 2.5}, pbm::colors::kAxis, 2.0f);
    } else {
      c.polygonFilled({{-w, 0.0}, {w, 0.0}, {w, -0.3}, {-w, -0.3}}, IM_COL32(70, 74, 84, 255));
      c.line({-w, 0.0}, {w, 0.0}, pbm::colors::kAxis, 2.0f);
    }
    // The display mesh (fine) and the material grid, both through D.
    std::vector<Vector2d> pts;
    for (const auto& u : pbm::subdivideBoundary(b.rest, 16))
      pts.push_back(pbm::flexDeform(q, kind_, u));
    // Filled cell by cell: a bent quadratic body is not convex. Strain
    // colour: |E| (Green strain, E = (F^T F - I)/2) at the cell's centre,
    // blue at 0 to red at strainScale_.
    const int cells = 12;
    for (int i = 0; i < cells; ++i)
      for (int k = 0; k < cells; ++k) {
        auto mat = [&](double a, double b) {
          return Vector2d((-0.5 + a / cells) * width_, (-0.5 + b / cells) * height_);
        };
        auto at = [&](int a, int b) { return pbm::flexDeform(q, kind_, mat(a, b)); };
        pbm::Color fill = IM_COL32(62, 104, 145, 255);
        if (showStrain_) {
          const Eigen::Matrix2d F = q * pbm::flexBasisGradient(kind_, mat(i + 0.5, k + 0.5));
          const double e =
              (0.5 * (F.transpose() * F - Eigen::Matrix2d::Identity())).norm() / strainScale_;
          const double r = std::clamp(e, 0.0, 1.0);
          fill = IM_COL32(int(62 + r * (220 - 62)), int(104 - r * 54), int(145 - r * 95), 255);
        }
        c.polygonFilled({at(i, k), at(i + 1, k), at(i + 1, k + 1), at(i, k + 1)}, fill);
      }
    for (int k = 1; k < 4 && showGrid_; ++k) {
      std::vector<Vector2d> lx, ly;
      for (int i = 0; i <= 16; ++i) {
        const double s = -0.5 + i / 16.0, r = -0.5 + k / 4.0;
        lx.push_back(pbm::flexDeform(q, kind_, {s * width_, r * height_}));
        ly.push_back(pbm::flexDeform(q, kind_, {r * width_, s * height_}));
      }
      c.polyline(lx, pbm::colors::kDim, 1.0f);
      c.polyline(ly, pbm::colors::kDim, 1.0f);
    }
    pts.push_back(pts.front());
    c.polyline(pts, pbm::colors::kText, 2.0f);
    // The collision polygon's vertices; resting ones with their force, an
    // arrow of length (f / m g) height / 4 (f / (10 m v0) without gravity).
    if (showPolygon_) {
      // The collision polygon (per_edge vertices an edge) over the display
      // mesh: for quadratic the true boundary bulges between its vertices.
      std::vector<Vector2d> poly;
      for (const auto& bb : b.boundaryB) poly.push_back(q * bb);
      poly.push_back(poly.front());
      c.polyline(poly, pbm::colors::kAdaptive, 1.0f);
      for (const auto& bb : b.boundaryB) c.dot(q * bb, 3.0f, pbm::colors::kDim);
    }
    const double scale = b.mass * (g_ > 0 ? g_ : 10.0 * std::max(std::abs(v0_), 1e-3));
    for (size_t i = 0; i < world_->resting.size(); ++i) {
      const Vector2d x = q * b.boundaryB[world_->resting[i].vertex];
      c.dot(x, 5.0f, pbm::colors::kWarning);
      if (showForces_ && i < static_cast<size_t>(world_->forces.size()) && world_->forces(i) > 0)
        c.arrow(x, x + Vector2d(0, 0.25 * height_ * world_->forces(i) / scale),
                pbm::colors::kWarning);
    }
    if (trail_.size() > 1 && showTrail_) c.polyline(trail_, pbm::colors::kAdaptive, 1.0f);
    if (s_.column) drawProfile(c);
  }

  // The centre line's sink below its rest height, relative to the bottom,
  // at the rest height Y (0 at the bottom).
  double sink(double Y) const {
    const Matrix2Xd& q = world_->sys.q();
    const double y0 = pbm::flexDeform(q, kind_, {0.0, -0.5 * height_}).y();
    return Y - (pbm::flexDeform(q, kind_, {0.0, Y - 0.5 * height_}).y() - y0);
  }
  // Left of the body: the model's sink profile and the exact self-weighted
  // column's, 2Y/H - (Y/H)^2 (linear elasticity, uniform load), both
  // divided by the top's sink.
  void drawProfile(pbm::Canvas2D& c) const {
    const double top = sink(height_);
    if (!(std::abs(top) > 1e-12)) return;
    const double x0 = -0.5 * width_ - 0.25, span = -0.4;  // left of the body, clear of the panel
    std::vector<Vector2d> model, exact;
    for (int i = 0; i <= 32; ++i) {
      const double Y = height_ * i / 32.0, r = Y / height_;
      model.push_back({x0 + span * sink(Y) / top, Y});
      exact.push_back({x0 + span * (2 * r - r * r), Y});
    }
    // Its axes: the rest height Y up the line at x0, the sink ratio (0 at
    // the line, 1 at span) along the floor, ticked and labelled.
    const double tick = 6.0 / c.camera().pixelsPerUnit();
    c.line({x0, 0.0}, {x0, height_}, pbm::colors::kText, 1.5f);
    c.line({x0, 0.0}, {x0 + span, 0.0}, pbm::colors::kText, 1.5f);
    for (const auto& [r, name] : {std::pair{0.0, "0"}, {0.5, "1/2"}, {1.0, "1"}}) {
      c.line({x0 + span * r, 0.0}, {x0 + span * r, -tick}, pbm::colors::kText, 1.5f);
      c.text({x0 + span * r, 0.0}, name, pbm::colors::kText, {-4.f, 8.f});
    }
    for (const auto& [r, name] : {std::pair{0.5, "H/2"}, {1.0, "H"}}) {
      c.line({x0, r * height_}, {x0 + tick, r * height_}, pbm::colors::kText, 1.5f);
      c.text({x0, r * height_}, name, pbm::colors::kText, {9.f, -7.f});
    }
    c.text({x0, height_}, "rest height Y", pbm::colors::kText, {-40.f, -24.f});
    c.dashedPolyline(exact, pbm::colors::kExact, 2.0f);
    c.polyline(model, pbm::colors::kRk4, 2.0f);
    c.text({x0 + span, 0.0}, "sink / top's sink: model (blue), exact (dashed)", pbm::colors::kText,
           {-6.f, 26.f});
  }

  void hud(std::vector<std::string>& lines) const override {
    const pbm::FlexBody& b = world_->sys.body();
    if (s_.column && std::abs(sink(height_)) > 1e-12)
      lines.push_back("mid-height sink / top sink = " + fmt(sink(0.5 * height_) / sink(height_)) +
                      "  (exact column 3/4; the affine model can only give 1/2)");
    lines.push_back(std::string(kind_ == pbm::DeformKind::Affine ? "affine" : "quadratic") + ", " +
                    std::to_string(2 * b.n()) + " DOF, " + std::to_string(b.boundaryU.size()) +
                    " collision vertices");
    const double m = margin();
    lines.push_back(std::isfinite(m)
                        ? "margin h w_max / (2 sqrt 2) = " + fmt(m) +
                              (m > 1 ? "  > 1: RK4 UNSTABLE" : "  (RK4 stable below 1)")
                        : "margin: flexModes not done yet (exercise)");
    lines.push_back("contacts " + std::to_string(world_->resting.size()) + ", impacts " +
                    std::to_string(world_->impacts) + ", min det F " + fmt(world_->minDetF()));
    if (g_ > 0)
      lines.push_back("sum f / mg = " + fmt(sumForces() / (b.mass * g_)) +
                      "  (first touch 1/4 affine, 1/9 quadratic; settles to 1)");
    if (!std::isnan(firstLoss_)) {
      const double d = kind_ == pbm::DeformKind::Affine ? 1 : 2;
      lines.push_back("impact loss " + fmt(firstLoss_) + " J; 1/2 sum j(-v-) " +
                      fmt(firstPredicted_) + " J" +
                      (s_.flat ? "; flat: KE0/(d+1)^2 = " + fmt(ke0_ / ((d + 1) * (d + 1))) + " J"
                               : std::string()));
    }
    if (s_.flat) {
      const std::string want =
          kind_ == pbm::DeformKind::Affine
              ? (std::abs(lambda_) < 1e-12 ? "exact 0.75 (lambda = 0)" : "0.75 needs lambda = 0")
              : "~0.834 (small amplitude)";
      lines.push_back(
          "rebound v+/v- = " +
          (std::isnan(rebound_) ? std::string("(in contact)") : std::to_string(rebound_)) + "   " +
          want);
    }
  }

 private:
  // The stability margin h omega_max / (2 sqrt 2): RK4's stability interval on
  // the imaginary axis is 2 sqrt 2 (chapter 03), omega_max^2 the largest of
  // flexModes's spectrum (Baraff & Witkin 1992 §4). Computed once per reset,
  // in the viewer only; NaN while flexModes is an unfinished exercise.
  double margin() const {
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
  Vector2d com() const { return pbm::flexCenterOfMass(world_->sys.body(), world_->sys.q()); }
  Vector2d vcom() const { return pbm::flexCenterOfMass(world_->sys.body(), world_->sys.qdot()); }
  double sumForces() const { return world_->resting.empty() ? 0.0 : world_->forces.sum(); }

  static constexpr double kRun = 1.2, kRise = 0.5;  // stairs
  ContactSceneSetup s_;
  std::optional<pbm::FlexWorld> world_;
  pbm::DeformKind kind_ = pbm::DeformKind::Affine;
  double width_ = 1, height_ = 1, g_ = 0, v0_ = 0, vx_ = 0, dropHeight_ = 0, omega_ = 0,
         perEdge_ = 2, quadPoints_ = 9, massSamples_ = 0;
  double ke0_ = 0, vBefore_ = 0, rebound_ = NAN, firstLoss_ = NAN, firstPredicted_ = NAN;
  bool hadContact_ = false;
  std::vector<Vector2d> trail_;
  // Viewer: plots and toggles.
  pbm::TimePlot energyPlot_, forcePlot_, comPlot_;
  double firstTouch_ = 0.25;
  mutable std::optional<double> omegaMax_;
  bool showGrid_ = true, showPolygon_ = true, showStrain_ = false, showForces_ = true,
       showTrail_ = true;
  float strainScale_ = 0.1f;
};

}  // namespace

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
