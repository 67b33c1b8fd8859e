#include "pbm/viewer/canvas2d.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>

namespace pbm {

Canvas2D::Canvas2D(Painter& painter, const Camera2D& camera) : painter_(painter), camera_(camera) {}

void Canvas2D::line(const Eigen::Vector2d& a, const Eigen::Vector2d& b, Color c, float px) {
  painter_.line(camera_.toScreen(a), camera_.toScreen(b), c, px);
}

void Canvas2D::polyline(const std::vector<Eigen::Vector2d>& pts, Color c, float px) {
  if (pts.size() < 2) return;
  std::vector<Px2> s;
  s.reserve(pts.size());
  for (const auto& p : pts) s.push_back(camera_.toScreen(p));
  painter_.polyline(s, c, px);
}

void Canvas2D::dashedPolyline(const std::vector<Eigen::Vector2d>& pts, Color c, float px,
                              float dashPx) {
  // Walk the screen-space polyline and draw every other dash-length piece.
  float carried = 0.f;
  bool on = true;
  for (size_t i = 1; i < pts.size(); ++i) {
    Px2 a = camera_.toScreen(pts[i - 1]);
    const Px2 b = camera_.toScreen(pts[i]);
    float len = std::hypot(b.x - a.x, b.y - a.y);
    while (len > 0.f) {
      const float take = std::min(len, dashPx - carried);
      const Px2 e(a.x + (b.x - a.x) * take / len, a.y + (b.y - a.y) * take / len);
      if (on) painter_.line(a, e, c, px);
      carried += take;
      len -= take;
      a = e;
      if (carried >= dashPx) {
        carried = 0.f;
        on = !on;
      }
    }
  }
}

namespace {
std::vector<Eigen::Vector2d> circlePoints(const Eigen::Vector2d& c, double r, int n) {
  std::vector<Eigen::Vector2d> pts(n + 1);
  for (int i = 0; i <= n; ++i) {
    const double a = 2.0 * std::numbers::pi * i / n;
    pts[i] = c + r * Eigen::Vector2d(std::cos(a), std::sin(a));
  }
  return pts;
}
}  // namespace

void Canvas2D::circle(const Eigen::Vector2d& center, double radius, Color c, float px) {
  painter_.circle(camera_.toScreen(center), static_cast<float>(radius * camera_.pixelsPerUnit()), c,
                  0, px);
}

void Canvas2D::dashedCircle(const Eigen::Vector2d& center, double radius, Color c, float px) {
  dashedPolyline(circlePoints(center, radius, 180), c, px);
}

void Canvas2D::disc(const Eigen::Vector2d& center, double radius, Color c) {
  painter_.circleFilled(camera_.toScreen(center),
                        static_cast<float>(radius * camera_.pixelsPerUnit()), c);
}

void Canvas2D::dot(const Eigen::Vector2d& center, float radiusPx, Color c) {
  painter_.circleFilled(camera_.toScreen(center), radiusPx, c, 12);
}

void Canvas2D::cross(const Eigen::Vector2d& center, float h, Color c, float px) {
  const Px2 s = camera_.toScreen(center);
  painter_.line(Px2(s.x - h, s.y - h), Px2(s.x + h, s.y + h), c, px);
  painter_.line(Px2(s.x - h, s.y + h), Px2(s.x + h, s.y - h), c, px);
}

void Canvas2D::arrow(const Eigen::Vector2d& from, const Eigen::Vector2d& to, Color c, float px,
                     float headPx) {
  const Px2 a = camera_.toScreen(from), b = camera_.toScreen(to);
  const float dx = b.x - a.x, dy = b.y - a.y, len = std::hypot(dx, dy);
  if (len < 0.5f) return;
  const float ux = dx / len, uy = dy / len;
  const float head = std::min(headPx, 0.6f * len);
  const Px2 base(b.x - ux * head, b.y - uy * head);
  painter_.line(a, base, c, px);
  painter_.triangleFilled(b, Px2(base.x - uy * head * 0.5f, base.y + ux * head * 0.5f),
                          Px2(base.x + uy * head * 0.5f, base.y - ux * head * 0.5f), c);
}

void Canvas2D::text(const Eigen::Vector2d& at, const std::string& s, Color c, Px2 off) {
  const Px2 p = camera_.toScreen(at);
  painter_.text(Px2(p.x + off.x, p.y + off.y), c, s.c_str());
}

void Canvas2D::polygonFilled(const std::vector<Eigen::Vector2d>& pts, Color c) {
  if (pts.size() < 3) return;
  std::vector<Px2> s;
  for (const auto& p : pts) s.push_back(camera_.toScreen(p));
  painter_.convexPolygonFilled(s, c);
}

void Canvas2D::grid() {
  const Eigen::Vector2d lo = camera_.worldMin(), hi = camera_.worldMax();
  // Spacing: a power of ten times 1, 2 or 5 so lines sit about 80 px apart.
  const double target = 80.0 / camera_.pixelsPerUnit();
  const double p10 = std::pow(10.0, std::floor(std::log10(target)));
  double step = p10;
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * p10 >= target) {
      step = m * p10;
      break;
    }
  for (double x = std::ceil(lo.x() / step) * step; x <= hi.x(); x += step)
    line({x, lo.y()}, {x, hi.y()}, std::abs(x) < 0.5 * step ? colors::kAxis : colors::kGrid, 1.f);
  for (double y = std::ceil(lo.y() / step) * step; y <= hi.y(); y += step)
    line({lo.x(), y}, {hi.x(), y}, std::abs(y) < 0.5 * step ? colors::kAxis : colors::kGrid, 1.f);
  // Tick labels along the bottom and right edges. The lesson box (the HUD)
  // owns the top-left corner and grows with the scene's readouts: y labels
  // on the left edge sat under it, half hidden. Nothing covers the right edge
  // of the view (the panel is beside it, not over it).
  char buf[32];
  for (double x = std::ceil(lo.x() / step) * step; x <= hi.x(); x += step) {
    std::snprintf(buf, sizeof buf, "%g", std::abs(x) < 0.5 * step ? 0.0 : x);
    text({x, lo.y()}, buf, colors::kDim, Px2(3.f, -40.f));
  }
  // The x labels' row: 40 px above the bottom edge, one line high.
  const float xRowTop = camera_.toScreen(lo).y - 40.f;
  for (double y = std::ceil(lo.y() / step) * step; y <= hi.y(); y += step) {
    if (camera_.toScreen({hi.x(), y}).y - 15.f + painter_.lineHeight() > xRowTop - 2.f)
      continue;  // it would sit in the corner beside the last x label
    std::snprintf(buf, sizeof buf, "%g", std::abs(y) < 0.5 * step ? 0.0 : y);
    text({hi.x(), y}, buf, colors::kDim, Px2(-painter_.textSize(buf).x - 4.f, -15.f));
  }
}

}  // namespace pbm
