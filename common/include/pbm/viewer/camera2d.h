// Pan-zoom camera for the 2D chapters: world units (metres) to window pixels,
// y up. The wheel zooms about the cursor, right-drag pans.
#pragma once

#include <Eigen/Core>

#include "pbm/viewer/pixels.h"

namespace pbm {

class Camera2D {
 public:
  void setViewport(double widthPx, double heightPx);
  // Centres the view on `center` with `halfHeight` world units to the top edge.
  void fit(const Eigen::Vector2d& center, double halfHeight);

  Px2 toScreen(const Eigen::Vector2d& world) const;
  Eigen::Vector2d toWorld(Px2 screen) const;
  double pixelsPerUnit() const { return scale_; }

  void zoomAt(Px2 screen, double factor);
  void panPixels(Px2 delta);

  // Corners of the visible region in world coordinates.
  Eigen::Vector2d worldMin() const;
  Eigen::Vector2d worldMax() const;

 private:
  Eigen::Vector2d center_{0.0, 0.0};
  double scale_ = 100.0;  // pixels per world unit
  double width_ = 1280.0, height_ = 800.0;
};

}  // namespace pbm
