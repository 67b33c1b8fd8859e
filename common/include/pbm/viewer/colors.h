// The colours every view shares, 2D and 3D, so the same method has the same
// colour in every chapter: Euler red, midpoint green, RK4 blue (DEB §2).
// A Color is ImGui's packed 0xAABBGGRR, bytes R, G, B, A in memory.
#pragma once

#include <imgui.h>

#include "pbm/core/method.h"

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

}  // namespace pbm
