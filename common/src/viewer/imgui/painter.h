// The viewer's Painter (pbm/viewer/painter.h): each call one call of a Dear
// ImGui draw list: the background list under the 2D scene and over the 3D one,
// or the panel window's own list (ui::panelPainter).
#pragma once

#include <imgui.h>

#include "pbm/viewer/painter.h"

namespace pbm {

class ImGuiPainter : public Painter {
 public:
  explicit ImGuiPainter(ImDrawList* list) : dl_(list) {}

  void line(Px2 a, Px2 b, Color c, float px) override;
  void polyline(const std::vector<Px2>& points, Color c, float px) override;
  void triangleFilled(Px2 a, Px2 b, Px2 c, Color color) override;
  void convexPolygonFilled(const std::vector<Px2>& points, Color c) override;
  void rect(Px2 min, Px2 max, Color c) override;
  void rectFilled(Px2 min, Px2 max, Color c, float roundingPx) override;
  void circle(Px2 center, float radiusPx, Color c, int segments, float px) override;
  void circleFilled(Px2 center, float radiusPx, Color c, int segments) override;
  void text(Px2 topLeft, Color c, const char* s) override;
  Px2 textSize(const char* s) const override;
  float lineHeight() const override;
  void pushClip(Px2 min, Px2 max) override;
  void popClip() override;

 private:
  ImDrawList* dl_;
};

}  // namespace pbm
