// Live plots drawn inside the panel: a rolling time series (energy,
// constraint error, step size) and an x-y plot with optional log axes (error
// vs h). No plotting library: a few dozen Painter calls (ui.h's panelPainter).
#pragma once

#include <deque>
#include <string>
#include <vector>

#include "pbm/viewer/colors.h"
#include "pbm/viewer/pixels.h"

namespace pbm {

struct XYSeries {
  std::string name;
  std::vector<double> x, y;
  Color color = 0;
  bool markers = true;  // dots at the samples
  bool dashed = false;
};

// Draws the series into the panel at its cursor (a width <= 0: the panel's); non-positive values
// are skipped on a log axis. With two or more named series their legend is drawn in rows under the
// x label, below `size` (15 px a row), where it covers no curve. With `yFromZero` (a quantity that
// is never negative, such as a kinetic energy) the linear y axis starts at 0 rather than at a
// padded, rounded value below the data.
void plotXY(const char* id, const std::vector<XYSeries>& series, Px2 size, bool logX, bool logY,
            const char* xLabel, const char* yLabel, bool yFromZero = false);

// A folding section of the panel (ui::collapsingHeader). It starts open
// when `preferOpen` and its content, about `height` pixels, fits in what is
// left of the panel at the window's size (1280x800) beside the headers of the
// `sectionsBelow` sections that follow it, and folded otherwise, so the panel
// fits its window at start; the panel scrolls for a section the student
// opens. Returns whether it is open.
bool panelSection(const char* label, float height, bool preferOpen = true, int sectionsBelow = 0);

// The height a one-series TimePlot of plot area `plotHeight` takes with its
// title and axis labels, for panelSection (TimePlot::height counts a legend).
float timePlotHeight(float plotHeight);

class TimePlot {
 public:
  TimePlot(std::string title, std::vector<std::string> names, std::vector<Color> colors,
           size_t capacity = 1500);
  void clear();
  void push(double t, const std::vector<double>& values);
  void draw(Px2 size = {-1.f, 120.f}) const;
  // What draw({-1, plotHeight}) takes in the panel, title and legend rows
  // included, for panelSection.
  float height(float plotHeight) const;
  bool logY = false;
  bool yFromZero = false;  // plotXY's yFromZero: for non-negative quantities

 private:
  std::string title_;
  std::vector<std::string> names_;
  std::vector<Color> colors_;
  size_t capacity_;
  std::deque<double> t_;
  std::vector<std::deque<double>> v_;
};

}  // namespace pbm
