#include "point_legend.h"

#include <algorithm>

#include "pbm/viewer/ui.h"

namespace ch02 {

void drawPointLegend(pbm::Canvas2D& c, const std::vector<LegendEntry>& entries) {
  if (entries.empty()) return;
  const double px = 1.0 / c.camera().pixelsPerUnit();
  float widest = 0.f;
  for (const auto& e : entries) widest = std::max(widest, pbm::ui::textSize(e.text.c_str()).x);
  const int rows = static_cast<int>(entries.size());
  // The bottom row's top-left corner, clear of the grid's axis numbers.
  const Eigen::Vector2d corner = c.camera().worldMin() + Eigen::Vector2d(50 * px, 70 * px);
  const Eigen::Vector2d lo = corner - Eigen::Vector2d(8 * px, 16 * px),
                        hi = corner +
                             Eigen::Vector2d((widest + 30) * px, (18.0 * (rows - 1) + 6) * px);
  c.polygonFilled({lo, Eigen::Vector2d(hi.x(), lo.y()), hi, Eigen::Vector2d(lo.x(), hi.y())},
                  pbm::withAlpha(pbm::colors::kBackground, 215));
  for (int k = 0; k < rows; ++k) {
    const Eigen::Vector2d at = corner + Eigen::Vector2d(0, 18.0 * (rows - 1 - k) * px);
    // The dot at the middle of the text line (text hangs down from `at`).
    c.dot(at + Eigen::Vector2d(6 * px, -4.5 * px), 4.5f, entries[k].colour);
    c.text(at, entries[k].text, entries[k].colour, {20.f, -2.f});
  }
}

}  // namespace ch02
