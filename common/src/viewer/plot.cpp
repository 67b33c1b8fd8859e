#include "pbm/viewer/plot.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace pbm {

namespace {

struct Axis {
  double lo = std::numeric_limits<double>::infinity();
  double hi = -std::numeric_limits<double>::infinity();
  bool log = false;
  void include(double v) {
    if (!std::isfinite(v) || (log && v <= 0)) return;
    const double m = log ? std::log10(v) : v;
    lo = std::min(lo, m);
    hi = std::max(hi, m);
  }
  void finish() {
    if (!(lo <= hi)) lo = 0, hi = 1;
    if (hi - lo < 1e-12 * std::max(1.0, std::abs(hi))) {
      const double pad = log ? 0.5 : std::max(1e-9, 0.05 * std::abs(hi) + 1e-9);
      lo -= pad, hi += pad;
    }
  }
  bool valid(double v) const { return std::isfinite(v) && (!log || v > 0); }
  double map(double v) const { return ((log ? std::log10(v) : v) - lo) / (hi - lo); }
  std::string label(double frac) const {
    const double m = lo + frac * (hi - lo);
    char buf[32];
    if (log) {
      std::snprintf(buf, sizeof buf, "1e%.1f", m);
    } else {
      // Enough significant digits that ticks on a narrow range stay distinct.
      const double span = std::max(hi - lo, 1e-300);
      const double scale = std::max({std::abs(lo), std::abs(hi), span});
      const int digits =
          std::clamp(2 + static_cast<int>(std::ceil(std::log10(scale / span))), 3, 12);
      std::snprintf(buf, sizeof buf, "%.*g", digits, m);
    }
    return buf;
  }
};

// Frame, tick labels and legend in a child region of `size`; returns the plot rectangle.
void drawFrame(ImDrawList* dl, ImVec2 p0, ImVec2 p1, const Axis& ax, const Axis& ay,
               const char* xLabel, const char* yLabel) {
  const ImU32 frame = IM_COL32(90, 95, 105, 255), text = IM_COL32(200, 204, 212, 255);
  dl->AddRectFilled(p0, p1, IM_COL32(20, 22, 27, 255));
  dl->AddRect(p0, p1, frame);
  for (int i = 0; i <= 2; ++i) {
    const float fx = p0.x + (p1.x - p0.x) * i / 2.f, fy = p1.y - (p1.y - p0.y) * i / 2.f;
    dl->AddLine(ImVec2(fx, p0.y), ImVec2(fx, p1.y), IM_COL32(45, 48, 56, 255));
    dl->AddLine(ImVec2(p0.x, fy), ImVec2(p1.x, fy), IM_COL32(45, 48, 56, 255));
    const std::string lx = ax.label(i / 2.0), ly = ay.label(i / 2.0);
    const float wx = ImGui::CalcTextSize(lx.c_str()).x;
    dl->AddText(ImVec2(std::clamp(fx - wx / 2, p0.x, p1.x - wx), p1.y + 2), text, lx.c_str());
    dl->AddText(ImVec2(p0.x - ImGui::CalcTextSize(ly.c_str()).x - 4, fy - 7), text, ly.c_str());
  }
  if (xLabel && *xLabel) {
    const float w = ImGui::CalcTextSize(xLabel).x;
    dl->AddText(ImVec2((p0.x + p1.x - w) / 2, p1.y + 16), text, xLabel);
  }
  if (yLabel && *yLabel) dl->AddText(ImVec2(p0.x + 4, p0.y + 2), text, yLabel);
}

void legend(ImDrawList* dl, ImVec2 p0, ImVec2 p1, const std::vector<std::string>& names,
            const std::vector<ImU32>& colors) {
  float y = p0.y + 2, x = p1.x - 4;
  for (size_t i = 0; i < names.size(); ++i) {
    const float w = ImGui::CalcTextSize(names[i].c_str()).x;
    dl->AddRectFilled(ImVec2(x - w - 14, y + 4), ImVec2(x - w - 6, y + 12), colors[i]);
    dl->AddText(ImVec2(x - w, y), colors[i], names[i].c_str());
    y += 15;
  }
}

}  // namespace

void plotXY(const char* id, const std::vector<XYSeries>& series, ImVec2 size, bool logX, bool logY,
            const char* xLabel, const char* yLabel) {
  ImGui::PushID(id);
  const float margin = 62.f, bottom = 32.f;
  if (size.x <= 0) size.x = ImGui::GetContentRegionAvail().x;
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImGui::Dummy(size);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 p0(origin.x + margin, origin.y + 2),
      p1(origin.x + size.x - 4, origin.y + size.y - bottom);
  Axis ax, ay;
  ax.log = logX, ay.log = logY;
  for (const auto& s : series)
    for (size_t i = 0; i < s.x.size() && i < s.y.size(); ++i)
      if (ax.valid(s.x[i]) && ay.valid(s.y[i])) ax.include(s.x[i]), ay.include(s.y[i]);
  ax.finish(), ay.finish();
  // A little room above and below, so a constant series is not drawn on the frame.
  const double pad = 0.04 * (ay.hi - ay.lo);
  ay.lo -= pad, ay.hi += pad;
  drawFrame(dl, p0, p1, ax, ay, xLabel, yLabel);
  dl->PushClipRect(p0, p1, true);
  std::vector<std::string> names;
  std::vector<ImU32> cols;
  for (const auto& s : series) {
    ImVec2 prev;
    bool havePrev = false;
    int k = 0;
    for (size_t i = 0; i < s.x.size() && i < s.y.size(); ++i) {
      if (!ax.valid(s.x[i]) || !ay.valid(s.y[i])) {
        havePrev = false;
        continue;
      }
      const ImVec2 q(p0.x + (p1.x - p0.x) * static_cast<float>(ax.map(s.x[i])),
                     p1.y - (p1.y - p0.y) * static_cast<float>(ay.map(s.y[i])));
      if (havePrev && (!s.dashed || (k++ % 2 == 0))) dl->AddLine(prev, q, s.color, 1.5f);
      if (s.markers) dl->AddCircleFilled(q, 2.5f, s.color);
      prev = q, havePrev = true;
    }
    if (!s.name.empty()) names.push_back(s.name), cols.push_back(s.color);
  }
  dl->PopClipRect();
  legend(dl, p0, p1, names, cols);
  ImGui::PopID();
}

TimePlot::TimePlot(std::string title, std::vector<std::string> names, std::vector<ImU32> colors,
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

void TimePlot::draw(ImVec2 size) const {
  std::vector<XYSeries> s(v_.size());
  for (size_t i = 0; i < v_.size(); ++i) {
    s[i].name = names_[i];
    s[i].color = i < colors_.size() ? colors_[i] : IM_COL32(220, 220, 220, 255);
    s[i].markers = false;
    s[i].x.assign(t_.begin(), t_.end());
    s[i].y.assign(v_[i].begin(), v_[i].end());
  }
  ImGui::TextUnformatted(title_.c_str());
  plotXY(title_.c_str(), s, size, false, logY, "t (s)", "");
}

}  // namespace pbm
