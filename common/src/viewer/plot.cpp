#include "pbm/viewer/plot.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>

#include "pbm/viewer/painter.h"
#include "pbm/viewer/ui.h"

namespace pbm {

namespace {

// One axis: its range in plotted units (log10 of the value on a log axis),
// snapped outward to round tick values, and the ticks with one label format.
struct Axis {
  double lo = std::numeric_limits<double>::infinity();
  double hi = -std::numeric_limits<double>::infinity();
  bool log = false;
  bool fromZero = false;      // a quantity never negative: the axis starts at 0
  std::vector<double> ticks;  // in plotted units
  double step = 1.0;          // between ticks, in plotted units

  void include(double v) {
    if (!std::isfinite(v) || (log && v <= 0)) return;
    const double m = log ? std::log10(v) : v;
    lo = std::min(lo, m);
    hi = std::max(hi, m);
  }
  // Pads by `pad` of the range, then snaps to ticks: decades on a log axis
  // (labels 1e-5, never 1e-5.1), 1-2-5 steps on a linear one, so the axis
  // starts at a round value rather than at the first sample.
  void finish(double pad, int targetTicks) {
    if (!(lo <= hi)) lo = 0, hi = 1;
    if (hi - lo < 1e-12 * std::max(1.0, std::abs(hi))) {
      const double w = log ? 0.5 : std::max(1e-9, 0.05 * std::abs(hi) + 1e-9);
      lo -= w, hi += w;
    }
    const double span = hi - lo;
    lo -= pad * span, hi += pad * span;
    // The padding must not push a non-negative quantity's axis below 0 (a
    // kinetic energy axis from -5 J): 0 is its natural floor.
    if (fromZero && !log) lo = std::max(lo, 0.0);
    if (log) {
      step = std::max(1.0, std::ceil((hi - lo) / targetTicks));
    } else {
      const double raw = (hi - lo) / targetTicks;
      const double p = std::pow(10.0, std::floor(std::log10(raw)));
      const double f = raw / p;
      step = (f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10) * p;
    }
    lo = std::floor(lo / step + 1e-9) * step;
    hi = std::ceil(hi / step - 1e-9) * step;
    if (hi <= lo) hi = lo + step;
    ticks.clear();
    const int n = static_cast<int>(std::lround((hi - lo) / step));
    for (int i = 0; i <= n && i <= 40; ++i) {
      double t = lo + i * step;
      if (std::abs(t) < 1e-9 * step) t = 0.0;  // 0, not -8.47e-17
      ticks.push_back(t);
    }
  }
  bool valid(double v) const { return std::isfinite(v) && (!log || v > 0); }
  double map(double v) const { return ((log ? std::log10(v) : v) - lo) / (hi - lo); }
  double frac(double tick) const { return (tick - lo) / (hi - lo); }
  std::string label(double tick) const {
    char buf[32];
    if (log) {
      const int e = static_cast<int>(std::lround(tick));
      if (e >= -2 && e <= 3)
        std::snprintf(buf, sizeof buf, "%g", std::pow(10.0, e));
      else
        std::snprintf(buf, sizeof buf, "1e%d", e);
      return buf;
    }
    // One format per axis, from the step: as many decimals as the step needs
    // (16.5708 on a narrow energy axis), scientific only for tiny or huge values.
    const double big = std::max(std::abs(lo), std::abs(hi));
    if (big >= 1e-3 && big < 1e6) {
      const int decimals = std::clamp(static_cast<int>(std::ceil(-std::log10(step) - 1e-9)), 0, 8);
      std::snprintf(buf, sizeof buf, "%.*f", decimals, tick);
    } else {
      const int digits = std::clamp(
          static_cast<int>(std::floor(std::log10(big)) - std::floor(std::log10(step))), 0, 3);
      std::snprintf(buf, sizeof buf, "%.*e", digits, tick);
    }
    return buf;
  }
};

// Frame, grid, tick labels and axis labels.
void drawFrame(Painter& dl, Px2 p0, Px2 p1, const Axis& ax, const Axis& ay, const char* xLabel,
               const char* yLabel) {
  const Color frame = rgba(90, 95, 105, 255), text = rgba(200, 204, 212, 255),
              grid = rgba(45, 48, 56, 255);
  dl.rectFilled(p0, p1, rgba(20, 22, 27, 255));
  float lastRight = -1e9f;
  for (double t : ax.ticks) {
    const float fx = p0.x + (p1.x - p0.x) * static_cast<float>(ax.frac(t));
    dl.line(Px2(fx, p0.y), Px2(fx, p1.y), grid);
    const std::string l = ax.label(t);
    const float w = ui::textSize(l.c_str()).x;
    // From the frame edge on: further left the first label ran into the
    // lowest y label beside the corner ("-5" touching "0.0").
    const float x = std::clamp(fx - w / 2, p0.x - 1.f, p1.x - w);
    if (x < lastRight + 6) continue;  // never overlap the previous label
    dl.text(Px2(x, p1.y + 2), text, l.c_str());
    lastRight = x + w;
  }
  float lastTop = 1e9f;
  for (double t : ay.ticks) {
    const float fy = p1.y - (p1.y - p0.y) * static_cast<float>(ay.frac(t));
    dl.line(Px2(p0.x, fy), Px2(p1.x, fy), grid);
    const std::string l = ay.label(t);
    const float y = std::clamp(fy - 7, p0.y - 7, p1.y - 7);
    if (y > lastTop - 13) continue;
    dl.text(Px2(p0.x - ui::textSize(l.c_str()).x - 4, y), text, l.c_str());
    lastTop = y;
  }
  dl.rect(p0, p1, frame);
  if (xLabel && *xLabel) {
    const float w = ui::textSize(xLabel).x;
    dl.text(Px2((p0.x + p1.x - w) / 2, p1.y + 16), text, xLabel);
  }
  if (yLabel && *yLabel) dl.text(Px2(p0.x + 4, p0.y + 2), text, yLabel);
}

// Legend entries to a row in a plot `width` wide: as many as fit side by
// side (each as wide as the widest, swatch and gap included), spread evenly
// over the rows they need. Two at most to a row wrapped a third short name
// ("x y" / "z") onto a row of its own where all three fit on one.
int legendPerRow(const std::vector<std::string>& names, float width) {
  if (names.empty()) return 1;
  float widest = 0.f;
  for (const auto& n : names) widest = std::max(widest, ui::textSize(n.c_str()).x);
  const int n = static_cast<int>(names.size());
  const int fit = std::clamp(static_cast<int>((width - 8.f) / (widest + 24.f)), 1, n);
  const int rows = (n + fit - 1) / fit;
  return (n + rows - 1) / rows;
}

// The rows plotXY gives the legend of these series names (none for one).
int legendRows(const std::vector<std::string>& names, float width) {
  if (names.size() < 2) return 0;
  const int perRow = legendPerRow(names, width);
  return (static_cast<int>(names.size()) + perRow - 1) / perRow;
}

}  // namespace

void plotXY(const char* id, const std::vector<XYSeries>& series, Px2 size, bool logX, bool logY,
            const char* xLabel, const char* yLabel, bool yFromZero) {
  ui::pushId(id);
  if (size.x <= 0) size.x = ui::contentRegionAvail().x;
  // The legend goes in rows under the x label, below `size`: as many entries
  // to a row as fit (legendPerRow). Inside the plot it covered a curve
  // wherever the data happened to run. One series needs none: the title names it.
  std::vector<std::string> names;
  std::vector<Color> cols;
  for (const auto& s : series)
    if (!s.name.empty()) names.push_back(s.name), cols.push_back(s.color);
  if (names.size() < 2) names.clear();
  const int perRow = legendPerRow(names, size.x), rows = legendRows(names, size.x);
  const float colW = (size.x - 8.f) / static_cast<float>(perRow);
  const float margin = 62.f, bottom = 32.f;
  const Px2 origin = ui::cursorScreenPos();
  ui::dummy(Px2(size.x, size.y + 15.f * rows + (rows ? 4.f : 0.f)));
  Painter& dl = ui::panelPainter();
  const Px2 p0(origin.x + margin, origin.y + 2),
      p1(origin.x + size.x - 4, origin.y + size.y - bottom);
  Axis ax, ay;
  ax.log = logX, ay.log = logY;
  ay.fromZero = yFromZero;
  if (yFromZero && !logY) ay.include(0.0);
  for (const auto& s : series)
    for (size_t i = 0; i < s.x.size() && i < s.y.size(); ++i)
      if (ax.valid(s.x[i]) && ay.valid(s.y[i])) ax.include(s.x[i]), ay.include(s.y[i]);
  // A little room above and below, so a constant series is not drawn on the frame.
  ax.finish(0.0, std::max(2, static_cast<int>((p1.x - p0.x) / 90.f)));
  ay.finish(0.04, std::max(2, static_cast<int>((p1.y - p0.y) / 30.f)));
  drawFrame(dl, p0, p1, ax, ay, xLabel, yLabel);
  dl.pushClip(p0, p1);
  for (const auto& s : series) {
    Px2 prev;
    bool havePrev = false;
    int k = 0;
    for (size_t i = 0; i < s.x.size() && i < s.y.size(); ++i) {
      if (!ax.valid(s.x[i]) || !ay.valid(s.y[i])) {
        havePrev = false;
        continue;
      }
      const Px2 q(p0.x + (p1.x - p0.x) * static_cast<float>(ax.map(s.x[i])),
                  p1.y - (p1.y - p0.y) * static_cast<float>(ay.map(s.y[i])));
      if (havePrev && (!s.dashed || (k++ % 2 == 0))) dl.line(prev, q, s.color, 1.5f);
      if (s.markers) dl.circleFilled(q, 2.5f, s.color);
      prev = q, havePrev = true;
    }
  }
  dl.popClip();
  for (size_t i = 0; i < names.size(); ++i) {
    const Px2 at(origin.x + 8.f + colW * static_cast<float>(i % perRow),
                 p1.y + 36.f + 15.f * static_cast<float>(i / perRow));
    dl.rectFilled(Px2(at.x, at.y + 4), Px2(at.x + 8, at.y + 12), cols[i]);
    dl.text(Px2(at.x + 12, at.y), cols[i], names[i].c_str());
  }
  ui::popId();
}

TimePlot::TimePlot(std::string title, std::vector<std::string> names, std::vector<Color> colors,
                   size_t capacity)
    : title_(std::move(title)),
      names_(std::move(names)),
      colors_(std::move(colors)),
      capacity_(capacity),
      v_(names_.size()) {}

void TimePlot::clear() {
  t_.clear();
  for (auto& v : v_) v.clear();
}

void TimePlot::push(double t, const std::vector<double>& values) {
  t_.push_back(t);
  for (size_t i = 0; i < v_.size(); ++i)
    v_[i].push_back(i < values.size() ? values[i] : std::numeric_limits<double>::quiet_NaN());
  if (t_.size() > capacity_) {
    t_.pop_front();
    for (auto& v : v_) v.pop_front();
  }
}

void TimePlot::draw(Px2 size) const {
  std::vector<XYSeries> s(v_.size());
  for (size_t i = 0; i < v_.size(); ++i) {
    s[i].name = names_[i];
    s[i].color = i < colors_.size() ? colors_[i] : rgba(220, 220, 220, 255);
    s[i].markers = false;
    s[i].x.assign(t_.begin(), t_.end());
    s[i].y.assign(v_[i].begin(), v_[i].end());
  }
  ui::pushTextWrap();  // a long title wraps instead of running off the panel
  ui::textUnformatted(title_.c_str());
  ui::popTextWrap();
  plotXY(title_.c_str(), s, size, false, logY, "t (s)", "", yFromZero);
}

bool panelSection(const char* label, float height, bool preferOpen, int sectionsBelow) {
  const float header = ui::frameHeightWithSpacing();
  return ui::collapsingHeaderOpenedOnce(
      label, preferOpen && ui::contentRegionAvail().y >=
                               header * static_cast<float>(1 + sectionsBelow) + height);
}

float timePlotHeight(float plotHeight) {
  // The title line, then the plot (its axis numbers and label inside).
  return ui::textLineHeightWithSpacing() + plotHeight + ui::itemSpacing().y;
}

float TimePlot::height(float plotHeight) const {
  const int rows = legendRows(names_, ui::contentRegionAvail().x);
  return timePlotHeight(plotHeight) + (rows > 0 ? 15.f * rows + 4.f : 0.f);
}

}  // namespace pbm
