// A point or a size in window pixels, x to the right and y down: the screen's
// own coordinates (world coordinates are Eigen vectors). The 2D camera, the
// painters and the panel speak it, so no scene names the GUI library.
#pragma once

namespace pbm {

struct Px2 {
  float x = 0.f, y = 0.f;
  constexpr Px2() = default;
  constexpr Px2(float x_, float y_) : x(x_), y(y_) {}
};

}  // namespace pbm
