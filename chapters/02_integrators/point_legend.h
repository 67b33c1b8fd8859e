// The moving points' names and readouts in a box fixed to the window's lower
// left: a label that rode beside its point crossed the tracks, covered the
// other points' labels and slid under the info box.
#pragma once

#include <string>
#include <vector>

#include "pbm/viewer/canvas2d.h"

namespace ch02 {

struct LegendEntry {
  pbm::Color colour;
  std::string text;
};

// Entries top to bottom, each with a dot of its colour.
void drawPointLegend(pbm::Canvas2D& c, const std::vector<LegendEntry>& entries);

}  // namespace ch02
