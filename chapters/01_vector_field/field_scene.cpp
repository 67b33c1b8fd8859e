#include "field_scene.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "pbm/app/csv.h"
#include "pbm/app/text.h"
#include "pbm/core/exercise.h"
#include "pbm/core/stepping.h"
#include "pbm/fields/euler.h"
#include "pbm/viewer/ui.h"

namespace ch01 {

namespace {

using pbm::kNaN;  // the CSV's empty cell (app/csv.h)
constexpr int kMaxFieldSeeds = 24;
constexpr int kMaxTraceSteps = 200000;  // per seed and direction: h = 1e-3 over T = 200 s

// The signed angle turned from a to b: summed leg by leg it unwraps atan2.
double turn(const Vector2d& a, const Vector2d& b) {
  return std::atan2(a.x() * b.y() - a.y() * b.x(), a.dot(b));
}

double unwrappedAngle(const Polyline& p, size_t k) {
  double theta = std::atan2(p[0].y(), p[0].x());
  for (size_t i = 0; i < k && i + 1 < p.size(); ++i) theta += turn(p[i], p[i + 1]);
  return theta;
}

// Drawing huge or non-finite coordinates makes a mess of the draw list: stop
// a polyline where it leaves any sensible region (an unstable Euler run).
Polyline drawable(const Polyline& p) {
  Polyline out;
  out.reserve(p.size());
  for (const auto& v : p) {
    if (!v.allFinite() || v.cwiseAbs().maxCoeff() > 1e5) break;
    out.push_back(v);
  }
  return out;
}

}  // namespace

FieldScene::FieldScene()
    : point_([this](const Vector2d& x, double t) { return field(x, t); }, Vector2d::Zero()),
      counter_(point_),
      plot_("invariant along the selected curve", {"Euler particle", "exact (constant)"},
            {pbm::colors::kEuler, pbm::colors::kExact}) {}

void FieldScene::setDefaults(double h, double tEnd, const Vector2d& start,
                             const pbm::ViewBox& view) {
  settings_.h = h;
  settings_.hMin = 1e-3;
  settings_.hMax = 1.0;
  settings_.tEnd = tEnd;
  settings_.start = {start.x(), start.y()};
  view_ = view;
}

std::vector<Polyline> FieldScene::exactOrbit(const Vector2d& x0, const Vector2d&,
                                             const Vector2d&) const {
  Polyline p;
  const int samples = 720;
  for (int i = 0; i <= samples; ++i) {
    const auto x = exact(x0, settings_.tEnd * i / samples);
    if (!x || !x->allFinite() || x->norm() > 1e4) break;
    p.push_back(*x);
  }
  return {p};
}

// ------------------------------------------------------------------ simulation

int FieldScene::traceSteps() const {
  const double n = std::ceil(settings_.tEnd / settings_.h - 1e-9);
  return static_cast<int>(std::clamp(n, 0.0, static_cast<double>(kMaxTraceSteps)));
}

void FieldScene::reset() {
  seeds_.clear();
  nextColor_ = 0;
  selected_ = 0;
  dragging_ = -1;
  counter_.resetCounts();
  traceError_.clear();
  // Headless runs follow --start alone; the viewer adds extraSeeds() on its first draw.
  Seed s;
  s.x0 = Vector2d(settings_.start.at(0), settings_.start.at(1));
  s.colorIndex = nextColor_++;
  seeds_.push_back(s);
  needExtraSeeds_ = true;
  traced_ = false;
  restartClock();
}

void FieldScene::restartClock() {
  time_ = 0;
  step_ = 0;
  for (auto& s : seeds_) {
    s.particle = s.x0;
    s.theta = std::atan2(s.x0.y(), s.x0.x());
  }
  plot_.clear();
  pushPlot();
}

void FieldScene::settingsChanged() {
  // h, T or a parameter changed: keep the student's seeds, re-trace, restart the clock.
  traced_ = false;
  traceError_.clear();
  restartClock();
}

void FieldScene::advance(double tLimit, pbm::Host host) {
  // In the viewer the particles start over at T, so the animation keeps
  // following the traced polygons.
  if (host == pbm::Host::Viewer && loop_ && time_ >= settings_.tEnd - 1e-12) restartClock();
  const double h = settings_.h;
  const double hStep = pbm::clipStep(time_, h, tLimit);
  // The clock after k fixed steps is k h, computed, like traceIntegralCurve's
  // vertex times, so a particle sits exactly on its polygon's vertices.
  const double tNext = hStep == h ? static_cast<double>(step_ + 1) * h : tLimit;
  Eigen::VectorXd x(2);
  double t = 0;
  for (auto& s : seeds_) {
    x = s.particle;
    counter_.setState(x, time_);
    pbm::eulerStep(counter_, hStep);
    counter_.getState(x, t);
    const Vector2d next = x.head<2>();
    s.theta += turn(s.particle, next);
    s.particle = next;
  }
  time_ = tNext;
  ++step_;
  pushPlot();
}

bool FieldScene::stateFinite() const {
  return std::all_of(seeds_.begin(), seeds_.end(),
                     [](const Seed& s) { return s.particle.allFinite(); });
}

double FieldScene::boundedEnergy() const {
  return seeds_.empty() ? std::numeric_limits<double>::quiet_NaN()
                        : fieldEnergy(seeds_.front().particle);
}

std::vector<std::string> FieldScene::csvColumns() const {
  return {"t", "x", "y", "exact_x", "exact_y"};
}

std::vector<double> FieldScene::csvRow() const {
  if (seeds_.empty()) return {time_, kNaN, kNaN, kNaN, kNaN};
  const Seed& s = seeds_.front();
  const auto e = exact(s.x0, time_);
  return {time_, s.particle.x(), s.particle.y(), e ? e->x() : kNaN, e ? e->y() : kNaN};
}

void FieldScene::traceSeed(Seed& s) {
  const int n = traceSteps();
  try {
    counter_.setState(s.x0, 0.0);
    s.forward = pbm::traceIntegralCurve(counter_, settings_.h, n);
    if (showBackward_) {
      counter_.setState(s.x0, 0.0);
      s.backward = pbm::traceIntegralCurve(counter_, -settings_.h, n);
    } else {
      s.backward.clear();
    }
  } catch (const pbm::ExerciseNotDone& e) {
    // Keep drawing the field: the student may have written the fields first.
    traceError_ = "no Euler polygons yet: " + e.exercise() + " is not written (" + e.file() + ")";
    s.forward = {s.x0};
    s.backward.clear();
  }
}

void FieldScene::traceAll() {
  traceError_.clear();
  for (auto& s : seeds_) traceSeed(s);
  traced_ = traceError_.empty();
}

void FieldScene::placeParticle(Seed& s) const {
  // A seed dropped while the clock runs joins the others at the same time:
  // its particle is the polygon's vertex for the current step.
  const size_t k = std::min(static_cast<size_t>(step_), s.forward.size() - 1);
  s.particle = s.forward[k];
  s.theta = unwrappedAngle(s.forward, k);
}

void FieldScene::addSeed(const Vector2d& x0) {
  Seed s;
  s.x0 = x0;
  s.colorIndex = nextColor_++;
  traceSeed(s);
  placeParticle(s);
  seeds_.push_back(std::move(s));
}

void FieldScene::pushPlot() {
  if (selected_ < 0 || selected_ >= static_cast<int>(seeds_.size())) return;
  const Seed& s = seeds_[selected_];
  const double start = invariant(s.x0, s.x0, std::atan2(s.x0.y(), s.x0.x()));
  plot_.push(time_, {invariant(s.particle, s.x0, s.theta), start});
}

// ------------------------------------------------------------------ mouse

int FieldScene::nearestSeed(const Vector2d& world) const {
  int best = -1;
  double bestD = std::numeric_limits<double>::infinity();
  for (int i = 0; i < static_cast<int>(seeds_.size()); ++i) {
    const double d = (seeds_[i].x0 - world).norm();
    if (d < bestD) bestD = d, best = i;
  }
  return best;
}

bool FieldScene::onMouseDown(const Eigen::Vector2d& world, int button) {
  const int k = nearestSeed(world);
  if (button == 1) {  // right click: remove the nearest seed
    if (k < 0) return false;
    seeds_.erase(seeds_.begin() + k);
    if (selected_ >= k) selected_ = std::max(0, selected_ - 1);
    plot_.clear();
    return true;
  }
  if (k >= 0 && (seeds_[k].x0 - world).norm() * pixelsPerUnit_ < 10.0) {
    dragging_ = selected_ = k;  // grab an existing seed
  } else {
    if (static_cast<int>(seeds_.size()) >= kMaxFieldSeeds) seeds_.erase(seeds_.begin());
    addSeed(world);
    dragging_ = selected_ = static_cast<int>(seeds_.size()) - 1;
  }
  plot_.clear();
  pushPlot();
  return true;
}

void FieldScene::onMouseDrag(const Eigen::Vector2d& world) {
  if (dragging_ < 0 || dragging_ >= static_cast<int>(seeds_.size())) return;
  Seed& s = seeds_[dragging_];
  s.x0 = world;
  traceSeed(s);  // the whole curve follows the seed, live
  placeParticle(s);
  plot_.clear();
  pushPlot();
}

void FieldScene::onMouseUp(const Eigen::Vector2d&) {
  dragging_ = -1;
}

void FieldScene::onHover(const Eigen::Vector2d& world) {
  cursor_ = world;
  cursorKnown_ = true;
}

// ------------------------------------------------------------------ drawing

void FieldScene::draw(pbm::Canvas2D& canvas) {
  pixelsPerUnit_ = canvas.camera().pixelsPerUnit();
  if (needExtraSeeds_) {
    needExtraSeeds_ = false;
    for (const auto& x0 : extraSeeds()) addSeed(x0);
  }
  if (!traced_) traceAll();  // the particles already move live (advance)
  drawHedgehog(canvas);
  drawExtras(canvas);
  for (int i = 0; i < static_cast<int>(seeds_.size()); ++i)
    if (i != selected_) drawSeed(canvas, seeds_[i], false);
  if (selected_ >= 0 && selected_ < static_cast<int>(seeds_.size())) {
    drawSeed(canvas, seeds_[selected_], true);
    if (timeDependent() && showFrozen_) drawFrozenStreamline(canvas, seeds_[selected_]);
  }
  drawLegend(canvas);
  if (!traceError_.empty()) {
    const Vector2d lo = canvas.camera().worldMin(), hi = canvas.camera().worldMax();
    canvas.text(Vector2d(lo.x(), 0.5 * (lo.y() + hi.y())), traceError_, pbm::colors::kWarning,
                {20.f, 0.f});
  }
}

void FieldScene::drawHedgehog(pbm::Canvas2D& canvas) {
  // DEB Fig. 1: the derivative function drawn as a field of arrows at the
  // scene clock, so a time-dependent field visibly moves.
  const auto& cam = canvas.camera();
  const double ppu = cam.pixelsPerUnit();
  const double sp = arrowSpacingPx_ / ppu;
  const Vector2d lo = cam.worldMin(), hi = cam.worldMax();
  const long i0 = std::lround(std::ceil(lo.x() / sp)), i1 = std::lround(std::floor(hi.x() / sp));
  const long j0 = std::lround(std::ceil(lo.y() / sp)), j1 = std::lround(std::floor(hi.y() / sp));
  if ((i1 - i0 + 1) * (j1 - j0 + 1) > 20000) return;
  std::vector<std::pair<Vector2d, Vector2d>> arrows;
  double fmax = 0;
  for (long i = i0; i <= i1; ++i)
    for (long j = j0; j <= j1; ++j) {
      const Vector2d p(i * sp, j * sp);
      const Vector2d f = field(p, time_);
      if (!f.allFinite()) continue;
      fmax = std::max(fmax, f.norm());
      arrows.emplace_back(p, f);
    }
  if (fmax <= 0) return;
  // Length grows with |f| and saturates (clamped) at 0.8 of the spacing;
  // the colour carries the magnitude.
  const double ref = 0.55 * fmax, maxLen = 0.8 * sp;
  for (const auto& [p, f] : arrows) {
    const double m = f.norm();
    const pbm::Color c = pbm::withAlpha(pbm::heat(m / fmax), 170);
    if (m < 1e-12 * fmax) {
      canvas.dot(p, 1.5f, c);
      continue;
    }
    const Vector2d d = f / m * (maxLen * std::min(1.0, m / ref));
    canvas.arrow(p - 0.5 * d, p + 0.5 * d, c, 1.2f, 5.f);
  }
}

void FieldScene::drawSeed(pbm::Canvas2D& canvas, const Seed& s, bool selected) {
  const double ppu = canvas.camera().pixelsPerUnit();
  const pbm::Color c = pbm::categorical(s.colorIndex);
  const Vector2d lo = canvas.camera().worldMin(), hi = canvas.camera().worldMax();
  if (showExact_)
    for (const auto& p : exactOrbit(s.x0, lo, hi))
      if (p.size() > 1) canvas.dashedPolyline(drawable(p), pbm::colors::kExact, 1.5f, 7.f);
  if (s.backward.size() > 1) canvas.polyline(drawable(s.backward), pbm::withAlpha(c, 110), 1.5f);
  const Polyline fwd = drawable(s.forward);
  if (fwd.size() > 1) {
    canvas.polyline(fwd, c, selected ? 2.5f : 1.8f);
    // DEB Fig. 3: the polygon's vertices, where f was evaluated. Shown while
    // the legs are long enough on screen to tell the dots apart.
    double length = 0;
    for (size_t i = 1; i < fwd.size(); ++i) length += (fwd[i] - fwd[i - 1]).norm();
    if (showVertices_ && length * ppu / static_cast<double>(fwd.size() - 1) > 4.0)
      for (const auto& v : fwd) canvas.dot(v, 2.6f, c);
  }
  // The seed (drag it), the exact position now, and the Euler particle.
  canvas.circle(s.x0, (selected ? 8.0 : 6.0) / ppu, selected ? pbm::colors::kText : c, 2.f);
  if (showExact_)
    if (const auto e = exact(s.x0, time_); e && e->allFinite() && e->norm() < 1e5)
      canvas.circle(*e, 6.0 / ppu, pbm::colors::kExact, 1.5f);
  if (s.particle.allFinite() && s.particle.norm() < 1e5) {
    canvas.disc(s.particle, 6.5 / ppu, pbm::colors::kBackground);
    canvas.disc(s.particle, 5.0 / ppu, c);
  }
}

void FieldScene::drawFrozenStreamline(pbm::Canvas2D& canvas, const Seed& s) {
  // DEB §1's "dual time dependence": the streamline of the field frozen at
  // this instant, through the particle, next to the path the particle takes.
  const double ds = 3.0 / canvas.camera().pixelsPerUnit();
  Polyline line;
  for (double dir : {-1.0, 1.0}) {
    Polyline half{s.particle};
    for (int i = 0; i < 120; ++i) {
      const Vector2d f = field(half.back(), time_);
      if (f.norm() < 1e-12) break;
      half.push_back(half.back() + dir * ds * f.normalized());
    }
    if (dir < 0)
      line.assign(half.rbegin(), half.rend());
    else
      line.insert(line.end(), half.begin() + 1, half.end());
  }
  canvas.dashedPolyline(line, pbm::colors::kAdaptive, 1.5f, 5.f);
  canvas.text(s.particle, "frozen streamline (field at this t)", pbm::colors::kAdaptive,
              {10.f, 4.f});
}

void FieldScene::drawLegend(pbm::Canvas2D& canvas) {
  const auto& cam = canvas.camera();
  const double px = 1.0 / cam.pixelsPerUnit();
  // Clear of the grid's numbers along the left and bottom edges.
  const Vector2d corner = cam.worldMin() + Vector2d(50 * px, 64 * px);
  const int rows = showExact_ ? 4 : 3;
  const Vector2d boxLo = corner - Vector2d(8 * px, 8 * px);
  const Vector2d boxHi = corner + Vector2d(430 * px, (20.0 * rows + 4) * px);
  canvas.polygonFilled(
      {boxLo, Vector2d(boxHi.x(), boxLo.y()), boxHi, Vector2d(boxLo.x(), boxHi.y())},
      pbm::withAlpha(pbm::colors::kBackground, 215));
  // (An explicit return type: Eigen's `auto` would keep a reference to a temporary.)
  const auto row = [&](int i) -> Vector2d { return corner + Vector2d(0, 20.0 * i * px); };
  const pbm::Color c0 = pbm::categorical(0);
  // Bottom to top.
  canvas.line(row(0) + Vector2d(0, 6 * px), row(0) + Vector2d(26 * px, 6 * px), c0, 1.8f);
  for (int k = 0; k < 3; ++k) canvas.dot(row(0) + Vector2d(13.0 * k * px, 6 * px), 2.6f, c0);
  canvas.text(row(0),
              pbm::format("Euler polygon, h = %.3g s (dots: vertices), to T = %.3g s", settings_.h,
                          settings_.tEnd),
              pbm::colors::kText, {34.f, -2.f});
  int r = 1;
  if (showExact_) {
    canvas.dashedPolyline({row(r) + Vector2d(0, 6 * px), row(r) + Vector2d(26 * px, 6 * px)},
                          pbm::colors::kExact, 1.5f, 7.f);
    canvas.text(row(r), exactLabel(), pbm::colors::kText, {34.f, -2.f});
    ++r;
  }
  canvas.disc(row(r) + Vector2d(8 * px, 6 * px), 5 * px, c0);
  canvas.circle(row(r) + Vector2d(20 * px, 6 * px), 6 * px, pbm::colors::kExact, 1.5f);
  canvas.text(row(r), "particle: Euler (filled), exact (ring)", pbm::colors::kText, {34.f, -2.f});
  ++r;
  canvas.arrow(row(r) + Vector2d(0, 6 * px), row(r) + Vector2d(26 * px, 6 * px), pbm::heat(0.8),
               1.2f, 5.f);
  canvas.text(row(r), "f(x, t); colour = |f|", pbm::colors::kText, {34.f, -2.f});
}

// ------------------------------------------------------------------ readouts

void FieldScene::hud(std::vector<std::string>& lines) const {
  // Short lines: the shell's overlay is narrow.
  if (cursorKnown_) {
    const Vector2d f = field(cursor_, time_);
    lines.push_back(pbm::format("cursor x = (%.3f, %.3f)", cursor_.x(), cursor_.y()));
    lines.push_back(pbm::format("  f(x, t) = (%.3f, %.3f), |f| = %.3f", f.x(), f.y(), f.norm()));
  }
  if (selected_ >= 0 && selected_ < static_cast<int>(seeds_.size())) {
    const Seed& s = seeds_[selected_];
    const double start = invariant(s.x0, s.x0, std::atan2(s.x0.y(), s.x0.x()));
    const double now = invariant(s.particle, s.x0, s.theta);
    lines.push_back("selected curve: " + invariantName());
    lines.push_back(pbm::format("  start %.5g, now %.5g (x%.4g)", start, now, now / start));
  }
  lines.push_back(
      pbm::format("%zu seeds x %d Euler steps (1 eval each)", seeds_.size(), traceSteps()));
}

void FieldScene::panel() {
  pbm::ui::textWrapped(
      "Left-click: drop a seed.  Drag a seed: its curve re-traces live.  Right-click: remove "
      "the nearest seed.");
  if (pbm::ui::button("Clear seeds")) {
    seeds_.clear();
    selected_ = 0;
    plot_.clear();
  }
  pbm::ui::sameLine();
  if (pbm::ui::button("Default seeds")) reset();
  pbm::ui::checkbox("exact curves (dashed)", &showExact_);
  pbm::ui::checkbox("Euler vertices as dots", &showVertices_);
  if (pbm::ui::checkbox("trace backward too (-h)", &showBackward_)) traced_ = false;
  pbm::ui::checkbox("particles start over at T", &loop_);
  if (timeDependent()) pbm::ui::checkbox("frozen streamline through the particle", &showFrozen_);
  if (pbm::ui::sliderDouble("trace to T (s)", &settings_.tEnd, 0.5, 100.0, "%.3g",
                            pbm::ui::Scale::Log))
    settingsChanged();
  pbm::ui::sliderFloat("arrows (px)", &arrowSpacingPx_, 20.f, 90.f, "%.0f");

  pbm::ui::separator();
  if (selected_ >= 0 && selected_ < static_cast<int>(seeds_.size())) {
    const Seed& s = seeds_[selected_];
    const double start = invariant(s.x0, s.x0, std::atan2(s.x0.y(), s.x0.x()));
    const double now = invariant(s.particle, s.x0, s.theta);
    pbm::ui::textColored(pbm::categorical(s.colorIndex), "selected seed x0 = (%.3f, %.3f)",
                         s.x0.x(), s.x0.y());
    pbm::ui::text("t = %.3f s of T = %.3g s", time_, settings_.tEnd);
    pbm::ui::text("invariant %s", invariantName().c_str());
    pbm::ui::text("  at start %.6g   now %.6g", start, now);
    if (!s.forward.empty()) {
      const double end =
          invariant(s.forward.back(), s.x0, unwrappedAngle(s.forward, s.forward.size() - 1));
      pbm::ui::text("  at the polygon's end %.6g (x%.4g)", end, end / start);
    }
    plot_.draw(pbm::Px2(-1.f, 130.f));
  } else {
    pbm::ui::textUnformatted("No seed selected: click in the field.");
  }
}

}  // namespace ch01
