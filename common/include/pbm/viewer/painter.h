// Drawing in window pixels on one layer: under the 2D scene (Canvas2D draws
// through it), over the 3D scene (Canvas3D's labels), or on a patch of the
// panel (ui::panelPainter: a plot, a heat map). An interface, so the GUI
// library stays behind it: the viewer's painter fills a Dear ImGui draw list,
// and a build without the viewer (PBM_VIEWER=OFF) has one that draws nothing.
// Arguments follow ImGui's draw list: colours packed (colors.h), widths in
// pixels, a circle's `segments` 0 for "as many as its size needs".
#pragma once

#include <vector>

#include "pbm/viewer/colors.h"
#include "pbm/viewer/pixels.h"

namespace pbm {

class Painter {
 public:
  virtual ~Painter() = default;

  virtual void line(Px2 a, Px2 b, Color c, float px = 1.f) = 0;
  virtual void polyline(const std::vector<Px2>& points, Color c, float px = 1.f) = 0;
  virtual void triangleFilled(Px2 a, Px2 b, Px2 c, Color color) = 0;
  virtual void convexPolygonFilled(const std::vector<Px2>& points, Color c) = 0;
  virtual void rect(Px2 min, Px2 max, Color c) = 0;  // a 1-pixel outline
  virtual void rectFilled(Px2 min, Px2 max, Color c, float roundingPx = 0.f) = 0;
  virtual void circle(Px2 center, float radiusPx, Color c, int segments = 0, float px = 1.f) = 0;
  virtual void circleFilled(Px2 center, float radiusPx, Color c, int segments = 0) = 0;
  // Text in the viewer's one font, its top-left corner at `topLeft`.
  virtual void text(Px2 topLeft, Color c, const char* s) = 0;
  virtual Px2 textSize(const char* s) const = 0;
  virtual float lineHeight() const = 0;  // one line of text, no spacing
  // Draw only inside [min, max] (and inside any clip already pushed) until popClip.
  virtual void pushClip(Px2 min, Px2 max) = 0;
  virtual void popClip() = 0;
};

}  // namespace pbm
