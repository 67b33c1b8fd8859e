#include "plane_axes.h"

#include <cmath>
#include <cstdio>

#include "pbm/viewer/colors.h"
#include "pbm/viewer/ui.h"

namespace ch11 {

namespace {

// Grid spacing in world units: lines about 80 pixels apart.
double gridStep(const pbm::Camera2D& cam) {
  const double target = 80.0 / cam.pixelsPerUnit();
  const double p10 = std::pow(10.0, std::floor(std::log10(target)));
  for (double m : {1.0, 2.0, 5.0})
    if (m * p10 >= target) return m * p10;
  return 10.0 * p10;
}

// "%g" of a grid value, 0 for the axis (not -1e-17).
void label(char (&buf)[32], double v, double step) {
  std::snprintf(buf, sizeof buf, "%g", std::abs(v) < 0.5 * step ? 0.0 : v);
}

}  // namespace

void drawGridLines(pbm::Canvas2D& c) {
  const pbm::Camera2D& cam = c.camera();
  const Eigen::Vector2d lo = cam.worldMin(), hi = cam.worldMax();
  const double step = gridStep(cam);
  for (double x = std::ceil(lo.x() / step) * step; x <= hi.x(); x += step)
    c.line({x, lo.y()}, {x, hi.y()},
           std::abs(x) < 0.5 * step ? pbm::colors::kAxis : pbm::colors::kGrid, 1.f);
  for (double y = std::ceil(lo.y() / step) * step; y <= hi.y(); y += step)
    c.line({lo.x(), y}, {hi.x(), y},
           std::abs(y) < 0.5 * step ? pbm::colors::kAxis : pbm::colors::kGrid, 1.f);
}

void drawGridLabels(pbm::Canvas2D& c) {
  const pbm::Camera2D& cam = c.camera();
  const Eigen::Vector2d lo = cam.worldMin(), hi = cam.worldMax();
  const double step = gridStep(cam);
  pbm::Painter& dl = c.painter();
  const float right = cam.toScreen(hi).x, bottom = cam.toScreen(lo).y;
  // On a dark chip, so a label stays readable over the floor or a body.
  auto put = [&](pbm::Px2 at, const char* s) {
    const pbm::Px2 size = pbm::ui::textSize(s);
    dl.rectFilled(pbm::Px2(at.x - 2.f, at.y - 1.f), pbm::Px2(at.x + size.x + 2.f, at.y + size.y),
                  pbm::rgba(24, 26, 31, 190), 2.f);
    dl.text(at, pbm::colors::kDim, s);
  };
  char buf[32];
  // x along the bottom, above the key help line.
  for (double x = std::ceil(lo.x() / step) * step; x <= hi.x(); x += step) {
    label(buf, x, step);
    put(pbm::Px2(cam.toScreen({x, 0.0}).x + 3.f, bottom - 42.f), buf);
  }
  // y along the right edge, just above each line; none in the x labels'
  // row or the key line.
  for (double y = std::ceil(lo.y() / step) * step; y <= hi.y(); y += step) {
    const float sy = cam.toScreen({0.0, y}).y - 16.f;
    if (sy > bottom - 60.f) continue;
    label(buf, y, step);
    put(pbm::Px2(right - pbm::ui::textSize(buf).x - 8.f, sy), buf);
  }
}

}  // namespace ch11
