#include "pbm/viewer/colors.h"

#include <algorithm>
#include <cmath>

namespace pbm {

Color withAlpha(Color c, int alpha) {
  return (c & 0x00ffffffu) | (static_cast<Color>(std::clamp(alpha, 0, 255)) << 24);
}

Color heat(double s) {
  s = std::clamp(std::isfinite(s) ? s : 1.0, 0.0, 1.0);
  // Piecewise-linear through four stops: magnitude reads from cold to hot.
  static const float stops[4][3] = {{40, 70, 160}, {40, 190, 210}, {240, 220, 80}, {235, 80, 60}};
  const double x = s * 3.0;
  const int i = std::min(2, static_cast<int>(x));
  const double f = x - i;
  auto mix = [&](int k) {
    return static_cast<int>(stops[i][k] + f * (stops[i + 1][k] - stops[i][k]));
  };
  return rgba(mix(0), mix(1), mix(2), 255);
}

Color categorical(int i) {
  static const Color palette[] = {rgba(86, 180, 233, 255), rgba(230, 159, 0, 255),
                                  rgba(0, 158, 115, 255),  rgba(204, 121, 167, 255),
                                  rgba(240, 228, 66, 255), rgba(213, 94, 0, 255),
                                  rgba(0, 114, 178, 255),  rgba(180, 180, 180, 255)};
  const int n = static_cast<int>(sizeof palette / sizeof palette[0]);
  return palette[((i % n) + n) % n];
}

}  // namespace pbm
