// Drawing in world coordinates for the 2D scenes. Everything is drawn through
// Dear ImGui's background draw list: anti-aliased, with ImGui's embedded font
// for labels, so a chapter binary needs no asset files.
#pragma once

#include <imgui.h>

#include <Eigen/Core>
#include <string>
#include <vector>

#include "pbm/core/method.h"
#include "pbm/viewer/camera2d.h"

namespace pbm {

using Color = ImU32;

// A palette the chapters share, so the same method has the same colour everywhere.
namespace colors {
inline constexpr Color kBackground = IM_COL32(24, 26, 31, 255);
inline constexpr Color kGrid = IM_COL32(44, 47, 55, 255);
inline constexpr Color kAxis = IM_COL32(80, 85, 97, 255);
inline constexpr Color kText = IM_COL32(225, 228, 235, 255);
inline constexpr Color kDim = IM_COL32(140, 145, 155, 255);
inline constexpr Color kExact = IM_COL32(240, 240, 240, 200);  // closed forms
// The methods' colours are the registry's (core/method.h), one per method.
static_assert(packedColour(1, 2, 3, 4) == IM_COL32(1, 2, 3, 4), "ImU32 packing");
inline constexpr Color kEuler = methodColours::kEuler;        // red
inline constexpr Color kMidpoint = methodColours::kMidpoint;  // green
inline constexpr Color kRk4 = methodColours::kRk4;            // blue
inline constexpr Color kAdaptive = methodColours::kAdaptive;  // amber
inline constexpr Color kImplicit = methodColours::kImplicit;  // violet
inline constexpr Color kWarning = IM_COL32(255, 120, 90, 255);
}  // namespace colors

Color withAlpha(Color c, int alpha);
// Dark blue -> cyan -> yellow -> red for s in [0, 1] (clamped): magnitudes.
Color heat(double s);
// Distinct colours for seeds or series, cycling.
Color categorical(int i);

class Canvas2D {
 public:
  Canvas2D(ImDrawList* drawList, const Camera2D& camera);
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
            ImVec2 offsetPx = {6.f, -16.f});
  void polygonFilled(const std::vector<Eigen::Vector2d>& pts, Color c);
  // Background grid with unit spacing adapted to the zoom, and the axes.
  void grid();

  ImDrawList* drawList() { return dl_; }

 private:
  ImDrawList* dl_;
  const Camera2D& camera_;
};

}  // namespace pbm
