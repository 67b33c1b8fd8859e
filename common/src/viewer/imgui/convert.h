// pbm's pixel points to ImGui's and back, for the viewer's ImGui side only.
#pragma once

#include <imgui.h>

#include "pbm/viewer/colors.h"
#include "pbm/viewer/pixels.h"

namespace pbm {

inline ImVec2 toIm(Px2 p) {
  return ImVec2(p.x, p.y);
}
inline Px2 fromIm(ImVec2 p) {
  return Px2(p.x, p.y);
}

// A Color is handed to ImGui unchanged: the two pack alike.
static_assert(rgba(1, 2, 3, 4) == IM_COL32(1, 2, 3, 4), "pbm::Color and ImU32 pack alike");

}  // namespace pbm
