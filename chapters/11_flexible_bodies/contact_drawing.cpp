// ContactScene (contact_scene.h) as the viewer shows it: the floor or the
// stairs, the body filled cell by cell (strain colour |E|), the material grid
// and the collision polygon, the resting vertices with their forces, the COM
// trail, the column's sink profile beside the exact one, the HUD and the
// panel (Baraff & Witkin 1992 §5).
#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "contact_scene.h"
#include "pbm/app/text.h"
#include "pbm/viewer/canvas2d.h"
#include "pbm/viewer/colors.h"
#include "pbm/viewer/ui.h"
#include "plane_axes.h"

namespace ch11 {
namespace {

std::string fmt(double x) {
  return pbm::format("%.4g", x);
}

}  // namespace

void ContactScene::panel() {
  // The margin, coloured: red when RK4 would blow up (the HUD has it too).
  const double m = margin();
  if (std::isfinite(m))
    pbm::ui::textColored(
        m > 1 ? pbm::rgbaF(1.f, 0.35f, 0.3f, 1.f) : pbm::rgbaF(0.6f, 1.f, 0.6f, 1.f),
        "h w_max / (2 sqrt 2) = %.3g: RK4 %s", m, m > 1 ? "UNSTABLE" : "stable");
  if (pbm::panelSection("Energy", energyPlot_.height(110.f), true, 3))
    energyPlot_.draw({-1.f, 110.f});
  if (pbm::panelSection("Contact forces", forcePlot_.height(110.f), true, 2))
    forcePlot_.draw({-1.f, 110.f});
  if (pbm::panelSection("Centre of mass height", comPlot_.height(110.f), true, 1))
    comPlot_.draw({-1.f, 110.f});
  if (pbm::panelSection("Show", 4 * pbm::ui::frameHeightWithSpacing())) {
    pbm::ui::checkbox("material grid through D", &showGrid_);
    pbm::ui::checkbox("collision polygon", &showPolygon_);
    pbm::ui::sameLine();
    pbm::ui::checkbox("COM trail", &showTrail_);
    pbm::ui::checkbox("strain colour |E|", &showStrain_);
    pbm::ui::sameLine();
    pbm::ui::setNextItemWidth(90.f);
    pbm::ui::sliderFloat("red at", &strainScale_, 0.001f, 1.f, "%.3f", pbm::ui::Scale::Log);
    pbm::ui::checkbox(g_ > 0 ? "contact forces (height/4 per mg)" : "contact forces", &showForces_);
  }
}

void ContactScene::draw(pbm::Canvas2D& c) {
  drawGridLines(c);
  drawWorld(c);
  drawGridLabels(c);
}

void ContactScene::drawWorld(pbm::Canvas2D& c) {
  const pbm::FlexBody& b = world_->sys.body();
  const Matrix2Xd& q = world_->sys.q();
  const double w = 0.6 * (height_ + dropHeight_) + 3.0 * width_;
  if (s_.steps > 0) {
    for (int k = 0; k <= s_.steps; ++k) {
      const double x0 = k == s_.steps ? -(k + 3) * kRun : -(k + 1) * kRun,
                   x1 = k == 0 ? w : -k * kRun;
      const double y = -k * kRise, yb = -(s_.steps + 1) * kRise - 0.3;
      c.polygonFilled({{x0, y}, {x1, y}, {x1, yb}, {x0, yb}}, pbm::rgba(70, 74, 84, 255));
      c.line({x0, y}, {x1, y}, pbm::colors::kAxis, 2.0f);
      if (k < s_.steps) c.line({x0, y}, {x0, y - kRise}, pbm::colors::kAxis, 2.0f);
    }
    const double xw = -(s_.steps + 2) * kRun, yw = -s_.steps * kRise;
    c.polygonFilled({{xw - 0.3, yw + 2.5}, {xw, yw + 2.5}, {xw, yw - 0.3}, {xw - 0.3, yw - 0.3}},
                    pbm::rgba(70, 74, 84, 255));
    c.line({xw, yw}, {xw, yw + 2.5}, pbm::colors::kAxis, 2.0f);
  } else {
    c.polygonFilled({{-w, 0.0}, {w, 0.0}, {w, -0.3}, {-w, -0.3}}, pbm::rgba(70, 74, 84, 255));
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
      pbm::Color fill = pbm::rgba(62, 104, 145, 255);
      if (showStrain_) {
        const Eigen::Matrix2d F = q * pbm::flexBasisGradient(kind_, mat(i + 0.5, k + 0.5));
        const double e =
            (0.5 * (F.transpose() * F - Eigen::Matrix2d::Identity())).norm() / strainScale_;
        const double r = std::clamp(e, 0.0, 1.0);
        fill = pbm::rgba(int(62 + r * (220 - 62)), int(104 - r * 54), int(145 - r * 95), 255);
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

double ContactScene::sink(double Y) const {
  const Matrix2Xd& q = world_->sys.q();
  const double y0 = pbm::flexDeform(q, kind_, {0.0, -0.5 * height_}).y();
  return Y - (pbm::flexDeform(q, kind_, {0.0, Y - 0.5 * height_}).y() - y0);
}

void ContactScene::drawProfile(pbm::Canvas2D& c) const {
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

void ContactScene::hud(std::vector<std::string>& lines) const {
  const pbm::FlexBody& b = world_->sys.body();
  if (s_.column && std::abs(sink(height_)) > 1e-12)
    lines.push_back("mid-height sink / top sink = " + fmt(sink(0.5 * height_) / sink(height_)) +
                    "  (exact column 3/4; the affine model can only give 1/2)");
  lines.push_back(std::string(kind_ == pbm::DeformKind::Affine ? "affine" : "quadratic") + ", " +
                  std::to_string(2 * b.n()) + " DOF, " + std::to_string(b.boundaryU.size()) +
                  " collision vertices");
  const double m = margin();
  lines.push_back(std::isfinite(m) ? "margin h w_max / (2 sqrt 2) = " + fmt(m) +
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

}  // namespace ch11
