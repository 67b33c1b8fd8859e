// The colours every view shares, 2D and 3D, so the same method has the same
// colour in every chapter: Euler red, midpoint green, RK4 blue (DEB §2).
// A Color is packed 0xAABBGGRR, bytes R, G, B, A in memory: Dear ImGui's
// IM_COL32, which the viewer hands on unchanged (src/viewer/imgui/ checks the
// two agree), and the core's packedColour (core/method.h).
#pragma once

#include <cstdint>

#include "pbm/core/method.h"

namespace pbm {

using Color = std::uint32_t;

// From 0-255 channels.
constexpr Color rgba(int r, int g, int b, int a = 255) {
  return packedColour(r, g, b, a);
}
// From 0-1 channels, rounded to the nearest byte as ImGui rounds its float colours.
constexpr Color rgbaF(float r, float g, float b, float a = 1.f) {
  auto byte = [](float v) {
    return static_cast<int>((v < 0.f ? 0.f : v > 1.f ? 1.f : v) * 255.f + 0.5f);
  };
  return rgba(byte(r), byte(g), byte(b), byte(a));
}
constexpr int alphaOf(Color c) {
  return static_cast<int>(c >> 24);
}
constexpr Color opaque(Color c) {
  return c | 0xff000000u;
}

// A palette the chapters share, so the same method has the same colour everywhere.
namespace colors {
inline constexpr Color kBackground = rgba(24, 26, 31, 255);
inline constexpr Color kGrid = rgba(44, 47, 55, 255);
inline constexpr Color kAxis = rgba(80, 85, 97, 255);
inline constexpr Color kText = rgba(225, 228, 235, 255);
inline constexpr Color kDim = rgba(140, 145, 155, 255);
inline constexpr Color kExact = rgba(240, 240, 240, 200);  // closed forms
// The methods' colours are the registry's (core/method.h), one per method.
inline constexpr Color kEuler = methodColours::kEuler;        // red
inline constexpr Color kMidpoint = methodColours::kMidpoint;  // green
inline constexpr Color kRk4 = methodColours::kRk4;            // blue
inline constexpr Color kAdaptive = methodColours::kAdaptive;  // amber
inline constexpr Color kImplicit = methodColours::kImplicit;  // violet
inline constexpr Color kWarning = rgba(255, 120, 90, 255);
}  // namespace colors

Color withAlpha(Color c, int alpha);
// Dark blue -> cyan -> yellow -> red for s in [0, 1] (clamped): magnitudes.
Color heat(double s);
// Distinct colours for seeds or series, cycling.
Color categorical(int i);

}  // namespace pbm
