// Drawing in world coordinates for the 2D scenes, through a Painter in window
// pixels (painter.h): in the viewer Dear ImGui's background draw list,
// anti-aliased, with ImGui's embedded font for labels, so a chapter binary
// needs no asset files.
#pragma once

#include <Eigen/Core>
#include <string>
#include <vector>

#include "pbm/viewer/camera2d.h"
#include "pbm/viewer/colors.h"
#include "pbm/viewer/painter.h"

namespace pbm {

class Canvas2D {
 public:
  Canvas2D(Painter& painter, const Camera2D& camera);
  const Camera2D& camera() const { return camera_; }

  void line(const Eigen::Vector2d& a, const Eigen::Vector2d& b, Color c, float px = 1.5f);
  void polyline(const std::vector<Eigen::Vector2d>& pts, Color c, float px = 1.5f);
  void dashedPolyline(const std::vector<Eigen::Vector2d>& pts, Color c, float px = 1.5f,
                      float dashPx = 8.f);
  void circle(const Eigen::Vector2d& center, double radius, Color c, float px = 1.5f);
  void dashedCircle(const Eigen::Vector2d& center, double radius, Color c, float px = 1.5f);
  void disc(const Eigen::Vector2d& center, double radius, Color c);
  void dot(const Eigen::Vector2d& center, float radiusPx, Color c);
  void cross(const Eigen::Vector2d& center, float halfPx, Color c, float px = 1.5f);
  // Arrow from `from` to `to`, head size in pixels.
  void arrow(const Eigen::Vector2d& from, const Eigen::Vector2d& to, Color c, float px = 1.5f,
             float headPx = 7.f);
  // Text with its top-left corner at a world point, shifted by a pixel offset.
  void text(const Eigen::Vector2d& at, const std::string& s, Color c = colors::kText,
            Px2 offsetPx = {6.f, -16.f});
  void polygonFilled(const std::vector<Eigen::Vector2d>& pts, Color c);
  // Background grid with unit spacing adapted to the zoom, and the axes.
  void grid();

  // Drawing in pixels on the same layer (a plot's axes beside the world).
  Painter& painter() { return painter_; }

 private:
  Painter& painter_;
  const Camera2D& camera_;
};

}  // namespace pbm
