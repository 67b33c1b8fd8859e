// Chapter 11 draws its own grid (Scene::drawsOwnAxes): the shared grid labels
// its y lines along the left edge of the view, where the lesson box covers
// them ("1.5" read "1") and the stairs' wall hides them. Here the lines are
// the same (a power of ten times 1, 2 or 5, about 80 pixels apart, the axes
// brighter); the y labels sit along the right edge of the view and the x
// labels along the bottom, above the key line, drawn after the scene so
// nothing covers them.
#pragma once

#include "pbm/viewer/canvas2d.h"

namespace ch11 {

// The grid lines, before the scene's drawing.
void drawGridLines(pbm::Canvas2D& c);
// Their labels, after it.
void drawGridLabels(pbm::Canvas2D& c);

}  // namespace ch11
