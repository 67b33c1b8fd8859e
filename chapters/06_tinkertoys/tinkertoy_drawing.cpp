// TinkertoyScene (tinkertoy_scene.h) as the viewer shows it: rods coloured by
// their multiplier (tension / compression, CD §3), wires, particles and forces,
// the HUD, the panel (solver and build sections, plots) and the matrix pane
// with the block pattern of J and J W J^T (CD §4.2, Fig. 3).
#include <algorithm>
#include <cmath>

#include "pbm/app/text.h"
#include "pbm/viewer/canvas2d.h"
#include "pbm/viewer/ui.h"
#include "tinkertoy_scene.h"

namespace ch06 {

using Eigen::Vector2d;
using Eigen::VectorXd;

namespace {

constexpr pbm::Color kTension = pbm::rgba(86, 156, 245, 255);      // blue: lambda < 0
constexpr pbm::Color kCompression = pbm::rgba(242, 140, 61, 255);  // orange: lambda > 0
constexpr pbm::Color kWire = pbm::rgba(170, 175, 185, 255);
constexpr pbm::Color kParticle = pbm::rgba(230, 232, 238, 255);
constexpr pbm::Color kHover = pbm::rgba(255, 230, 90, 255);
constexpr pbm::Color kForce = pbm::rgba(187, 134, 252, 255);

// Lerp from the rod's base grey towards its colour by s in [0, 1].
pbm::Color mix(pbm::Color to, double s) {
  s = std::clamp(s, 0.0, 1.0);
  const pbm::Color from = pbm::rgba(120, 124, 134, 255);
  const float t = static_cast<float>(s);
  auto channel = [&](int shift) {  // in [0, 1]
    const float a = static_cast<float>((from >> shift) & 0xff) * (1.f / 255.f),
                b = static_cast<float>((to >> shift) & 0xff) * (1.f / 255.f);
    return a + (b - a) * t;
  };
  return pbm::rgbaF(channel(0), channel(8), channel(16), 1.f);
}

}  // namespace

void TinkertoyScene::draw(pbm::Canvas2D& c) {
  if (trail_.size() > 1)
    c.polyline(std::vector<Vector2d>(trail_.begin(), trail_.end()),
               pbm::withAlpha(pbm::colors::kAdaptive, 150), 1.2f);
  double weight = 0;
  for (const auto& p : ps_.particles) weight += p.m * std::max(g_, 1.0);
  const bool solved = cs_.lambda.size() == cs_.m();
  for (int k = 0; k < cs_.size(); ++k) {
    const pbm::Constraint& con = *cs_.constraints[k];
    const auto& ids = con.particles();
    const bool hot = k == hoverConstraint_;
    const double lambda =
        solved && k < static_cast<int>(cs_.row.size()) ? cs_.lambda[cs_.row[k]] : 0;
    if (auto* r = dynamic_cast<const pbm::RodConstraint*>(&con)) {
      const Vector2d a = ps_.particles[ids[0]].x, b = ps_.particles[ids[1]].x;
      // Force magnitude |lambda| |grad C| (N): the quadratic rod's gradient is d.
      const double force =
          std::abs(lambda) * (r->form == pbm::RodForm::Quadratic ? (a - b).norm() : 1.0);
      const pbm::Color col =
          hot ? kHover
              : mix(lambda < 0 ? kTension : kCompression, 0.25 + force / std::max(1e-9, weight));
      c.line(a, b, col, hot ? 5.f : 4.f);
    } else if (auto* w = dynamic_cast<const pbm::CircularWireConstraint*>(&con)) {
      c.circle(w->center, w->radius, hot ? kHover : kWire, 1.5f);
      c.cross(w->center, 4.f, kWire, 1.f);
    } else if (auto* l = dynamic_cast<const pbm::LineWireConstraint*>(&con)) {
      const Vector2d t(-l->normal.y(), l->normal.x());
      c.line(l->point - 50.0 * t, l->point + 50.0 * t, hot ? kHover : kWire, 1.5f);
    } else if (auto* n = dynamic_cast<const pbm::NailConstraint*>(&con)) {
      const Vector2d p = n->point;
      const double s = 12.0 / c.camera().pixelsPerUnit();
      c.polygonFilled({p, p + Vector2d(-s, -1.6 * s), p + Vector2d(s, -1.6 * s)},
                      hot ? kHover : pbm::withAlpha(kWire, 200));
    } else if (ids.size() == 2) {
      c.line(ps_.particles[ids[0]].x, ps_.particles[ids[1]].x, hot ? kHover : kWire, 2.f);
    }
  }
  if (dragFrom_ >= 0 && dragFrom_ < ps_.n()) {
    const Vector2d a = ps_.particles[dragFrom_].x;
    if (tool_ == Tool::Rod) c.dashedPolyline({a, pointer_}, kHover, 2.f);
    if (tool_ == Tool::CircleWire) c.dashedCircle(pointer_, (a - pointer_).norm(), kHover, 1.5f);
  }
  const double fscale = 0.15 / std::max(1e-9, weight / std::max(1, ps_.n()));
  for (int i = 0; i < ps_.n(); ++i) {
    const auto& p = ps_.particles[i];
    const float rpx = static_cast<float>(4.0 + 3.0 * std::sqrt(std::min(p.m, 10.0)));
    c.dot(p.x, rpx, i == hoverParticle_ ? kHover : kParticle);
    if (showForces_ && cs_.Qhat.size() == 2 * ps_.n()) {
      const Vector2d f = cs_.Qhat.segment<2>(2 * i);
      if (f.norm() * fscale > 0.02) c.arrow(p.x, p.x + fscale * f, kForce, 1.5f, 6.f);
    }
  }
  if (mouse_ && mouse_->particle >= 0 && mouse_->particle < ps_.n())
    c.dashedPolyline({ps_.particles[mouse_->particle].x, mouse_->cursor}, pbm::colors::kAdaptive,
                     1.5f);
  if (hoverConstraint_ >= 0 && hoverConstraint_ < cs_.size() &&
      hoverConstraint_ < static_cast<int>(cs_.row.size())) {
    const pbm::Constraint& con = *cs_.constraints[hoverConstraint_];
    const int r0 = cs_.row[hoverConstraint_];
    double cabs = 0;
    for (int a = 0; a < con.dim(); ++a) cabs = std::max(cabs, std::abs(cs_.C[r0 + a]));
    c.text(pointer_,
           con.name() + pbm::format("   |C| = %.2e   lambda = %.4g", cabs,
                                    r0 < cs_.lambda.size() ? cs_.lambda[r0] : 0.0),
           kHover);
  }
  if (hoverParticle_ >= 0 && hoverParticle_ < ps_.n())
    c.text(ps_.particles[hoverParticle_].x,
           "particle " + std::to_string(hoverParticle_) +
               pbm::format("   m = %.3g kg", ps_.particles[hoverParticle_].m),
           kHover);
  if (!message_.empty()) {
    const Vector2d at =
        c.camera().worldMin() +
        Vector2d(0.03, 0.06).cwiseProduct(c.camera().worldMax() - c.camera().worldMin());
    c.text(at, message_, pbm::colors::kWarning, {0.f, 0.f});
  }
}

void TinkertoyScene::hud(std::vector<std::string>& lines) const {
  lines.push_back(pbm::format("particles n = %d   constraints m = %d   nnz(J) = %ld", ps_.n(),
                              cs_.m(), cs_.J.nnz()));
  lines.push_back(pbm::format("max |C| = %.2e   energy = %.6g J", maxAbsC_, energy()));
}

void TinkertoyScene::panel() {
  // Folding sections, open at start where they fit: the panel fits 1280x800.
  const float plot = pbm::timePlotHeight(80.f);
  if (pbm::panelSection("Constraint solve (eq 11)", 125.f, true, 5)) solvePanel();
  if (pbm::panelSection("Build (right click deletes)", 90.f, tool_ != Tool::Simulate, 4))
    buildPanel();
  // The pane's height as drawMatrixPane lays it out, with its caption.
  const int m = cs_.m(), cols = 2 * ps_.n();
  const float cell = std::clamp(
      (pbm::ui::contentRegionAvail().x - 16.f) / static_cast<float>(std::max(1, cols + m)), 2.f,
      18.f);
  const float pane = cell * static_cast<float>(m) + 2 * pbm::ui::textLineHeightWithSpacing();
  if (pbm::panelSection("Matrices (Fig. 3): J and J W J^T", pane, true, 3)) drawMatrixPane();
  if (pbm::panelSection("Energy", plot, true, 2)) energyPlot_.draw({-1.f, 80.f});
  if (pbm::panelSection("max |C|", plot, true, 1)) errorPlot_.draw({-1.f, 80.f});
  if (pbm::panelSection("CG iterations", plot)) iterPlot_.draw({-1.f, 80.f});
}

void TinkertoyScene::solvePanel() {
  const auto s = solverSettings();
  // auto names the solver whose lambda the last solve used.
  const bool picked = s.solver == pbm::ConstraintSolver::Auto && cf_ != nullptr && cf_->solves > 0;
  pbm::ui::text("solver: %s%s%s   tol %.1e   cap %d", pbm::solverName(s.solver),
                picked ? " -> " : "", picked ? pbm::solverName(cf_->last.used) : "", s.tolerance,
                s.maxIterations > 0 ? s.maxIterations : 3 * cs_.m() + 10);
  const bool ok = lastResidual_ <= s.tolerance || cs_.m() == 0;
  const pbm::Color col = !ok             ? pbm::colors::kEuler
                         : lastFellBack_ ? pbm::colors::kAdaptive
                                         : pbm::colors::kMidpoint;
  pbm::ui::textColored(col, "iterations %d   true residual %.2e%s", lastIterations_, lastResidual_,
                       lastFellBack_ ? "   (CG failed: CGLS fallback)" : "");
  pbm::ui::text("n = %d   m = %d   blocks %zu   nnz(J) = %ld", ps_.n(), cs_.m(),
                cs_.J.blocks.size(), cs_.J.nnz());
  pbm::ui::text("max |C| = %.2e   E = %.6g J", maxAbsC_, energy());
  if (pbm::ui::button("critical kd")) kd_ = 2.0 * std::sqrt(ks_);
  pbm::ui::sameLine();
  if (pbm::ui::button("feedback off")) ks_ = kd_ = 0.0;
  pbm::ui::sameLine();
  pbm::ui::checkbox("Qhat arrows", &showForces_);
  pbm::ui::textColored(kTension, "blue: tension (lambda < 0)");
  pbm::ui::sameLine();
  pbm::ui::textColored(kCompression, "orange: compression");
}

void TinkertoyScene::buildPanel() {
  const char* names[] = {"simulate (drag)", "particle",  "rod",   "nail",
                         "circle wire",     "line wire", "delete"};
  int t = static_cast<int>(tool_);
  for (int i = 0; i < 7; ++i) {
    if (i % 4) pbm::ui::sameLine();
    pbm::ui::radioButton(names[i], &t, i);
  }
  tool_ = static_cast<Tool>(t);
  if (tool_ == Tool::Particle) {
    float m = static_cast<float>(newMass_);
    pbm::ui::sliderFloat("new mass, kg", &m, 0.05f, 10.f, "%.2f", pbm::ui::Scale::Log);
    newMass_ = m;
  }
  pbm::ui::textWrapped(
      "%s", tool_ == Tool::Rod ? "drag from a particle to another: a rod of the current length"
            : tool_ == Tool::CircleWire ? "drag from a particle to the wire's centre"
            : tool_ == Tool::LineWire   ? "click a particle: a horizontal wire through it"
            : tool_ == Tool::Nail       ? "click a particle: nail it where it is"
            : tool_ == Tool::Particle   ? "click empty space: a new free particle"
            : tool_ == Tool::Delete     ? "click a particle or a constraint to delete it"
                                        : "drag a particle: the mouse spring is an applied force");
  if (!message_.empty())
    pbm::ui::textColored(pbm::rgbaF(1.f, 0.47f, 0.35f, 1.f), "%s", message_.c_str());
}

// The block pattern of J (m x 2n) and of J W J^T (m x m), hovered constraint
// highlighted: the picture of §4.2, Fig. 3. Drawn with the panel's draw list.
void TinkertoyScene::drawMatrixPane() {
  const int m = cs_.m(), cols = 2 * ps_.n();
  if (m == 0) {
    pbm::ui::textDisabled("no constraints yet");
    return;
  }
  if (m > 160 || cols > 320) {
    pbm::ui::textDisabled("(%d x %d: too large to draw; shrink the structure)", m, cols);
    return;
  }
  const float avail = pbm::ui::contentRegionAvail().x;
  const float cell = std::clamp((avail - 16.f) / static_cast<float>(cols + m), 2.f, 18.f);
  const pbm::Px2 origin = pbm::ui::cursorScreenPos();
  pbm::Painter& dl = pbm::ui::panelPainter();
  const pbm::Color frame = pbm::rgba(90, 95, 105, 255);
  auto box = [&](float x0, float y0, float w, float h, pbm::Color c) {
    dl.rectFilled(pbm::Px2(x0, y0), pbm::Px2(x0 + w, y0 + h), c);
  };
  const float jw = cell * cols, h = cell * m, gap = 16.f;
  dl.rect(origin, pbm::Px2(origin.x + jw, origin.y + h), frame);
  const pbm::Px2 o2(origin.x + jw + gap, origin.y);
  dl.rect(o2, pbm::Px2(o2.x + cell * m, o2.y + h), frame);
  // J: one rectangle per block.
  std::vector<std::vector<int>> byParticle(ps_.n());
  for (int k = 0; k < cs_.size() && k < static_cast<int>(cs_.firstBlock.size()); ++k) {
    const auto& ids = cs_.constraints[k]->particles();
    const pbm::Color col = k == hoverConstraint_ ? kHover : pbm::categorical(k);
    for (size_t b = 0; b < ids.size(); ++b) {
      const pbm::MatrixBlock& blk = cs_.J.blocks[cs_.firstBlock[k] + b];
      box(origin.x + cell * blk.j, origin.y + cell * blk.i, cell * blk.jlength() - 1,
          cell * blk.ilength() - 1, col);
      byParticle[ids[b]].push_back(k);
    }
  }
  // J W J^T: blocks (k, l) for constraints sharing a particle with w > 0.
  const VectorXd W = pbm::inverseMassVector(ps_);
  for (int p = 0; p < ps_.n(); ++p) {
    if (W[2 * p] == 0.0) continue;
    for (int k : byParticle[p])
      for (int l : byParticle[p]) {
        const bool hot = k == hoverConstraint_ || l == hoverConstraint_;
        box(o2.x + cell * cs_.row[l], o2.y + cell * cs_.row[k],
            cell * cs_.constraints[l]->dim() - 1, cell * cs_.constraints[k]->dim() - 1,
            hot ? kHover : (k == l ? pbm::colors::kRk4 : pbm::colors::kDim));
      }
  }
  pbm::ui::dummy(pbm::Px2(jw + gap + cell * m, h + 2.f));
  // Only the sparse LDLT assembles J W J^T; the CG solvers apply it as J (W (J^T x)).
  const bool formed =
      cf_ != nullptr && cf_->solves > 0 && cf_->last.used == pbm::ConstraintSolver::LDLT;
  pbm::ui::textDisabled("J: %d x %d (left)   J W J^T: %d x %d, %s", m, cols, m, m,
                        formed ? "assembled (sparse LDLT)" : "never formed");
}

}  // namespace ch06
