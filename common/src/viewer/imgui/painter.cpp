#include "painter.h"

#include "convert.h"

namespace pbm {

namespace {
std::vector<ImVec2> toIm(const std::vector<Px2>& points) {
  std::vector<ImVec2> v;
  v.reserve(points.size());
  for (const Px2& p : points) v.push_back(pbm::toIm(p));
  return v;
}
}  // namespace

void ImGuiPainter::line(Px2 a, Px2 b, Color c, float px) {
  dl_->AddLine(toIm(a), toIm(b), c, px);
}

void ImGuiPainter::polyline(const std::vector<Px2>& points, Color c, float px) {
  const std::vector<ImVec2> v = toIm(points);
  dl_->AddPolyline(v.data(), static_cast<int>(v.size()), c, ImDrawFlags_None, px);
}

void ImGuiPainter::triangleFilled(Px2 a, Px2 b, Px2 c, Color color) {
  dl_->AddTriangleFilled(toIm(a), toIm(b), toIm(c), color);
}

void ImGuiPainter::convexPolygonFilled(const std::vector<Px2>& points, Color c) {
  const std::vector<ImVec2> v = toIm(points);
  dl_->AddConvexPolyFilled(v.data(), static_cast<int>(v.size()), c);
}

void ImGuiPainter::rect(Px2 min, Px2 max, Color c) {
  dl_->AddRect(toIm(min), toIm(max), c);
}

void ImGuiPainter::rectFilled(Px2 min, Px2 max, Color c, float roundingPx) {
  dl_->AddRectFilled(toIm(min), toIm(max), c, roundingPx);
}

void ImGuiPainter::circle(Px2 center, float radiusPx, Color c, int segments, float px) {
  dl_->AddCircle(toIm(center), radiusPx, c, segments, px);
}

void ImGuiPainter::circleFilled(Px2 center, float radiusPx, Color c, int segments) {
  dl_->AddCircleFilled(toIm(center), radiusPx, c, segments);
}

void ImGuiPainter::text(Px2 topLeft, Color c, const char* s) {
  dl_->AddText(toIm(topLeft), c, s);
}

Px2 ImGuiPainter::textSize(const char* s) const {
  return fromIm(ImGui::CalcTextSize(s));
}

float ImGuiPainter::lineHeight() const {
  return ImGui::GetTextLineHeight();
}

void ImGuiPainter::pushClip(Px2 min, Px2 max) {
  dl_->PushClipRect(toIm(min), toIm(max), true);
}

void ImGuiPainter::popClip() {
  dl_->PopClipRect();
}

}  // namespace pbm
