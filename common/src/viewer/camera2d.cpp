#include "pbm/viewer/camera2d.h"

#include <algorithm>

namespace pbm {

void Camera2D::setViewport(double widthPx, double heightPx) {
  width_ = std::max(1.0, widthPx);
  height_ = std::max(1.0, heightPx);
}

void Camera2D::fit(const Eigen::Vector2d& center, double halfHeight) {
  center_ = center;
  scale_ = 0.5 * height_ / std::max(1e-9, halfHeight);
}

Px2 Camera2D::toScreen(const Eigen::Vector2d& w) const {
  return Px2(static_cast<float>(0.5 * width_ + (w.x() - center_.x()) * scale_),
             static_cast<float>(0.5 * height_ - (w.y() - center_.y()) * scale_));
}

Eigen::Vector2d Camera2D::toWorld(Px2 s) const {
  return {center_.x() + (s.x - 0.5 * width_) / scale_,
          center_.y() - (s.y - 0.5 * height_) / scale_};
}

void Camera2D::zoomAt(Px2 screen, double factor) {
  // Keep the world point under the cursor fixed while the scale changes.
  const Eigen::Vector2d before = toWorld(screen);
  scale_ = std::clamp(scale_ * factor, 1e-3, 1e7);
  const Eigen::Vector2d after = toWorld(screen);
  center_ += before - after;
}

void Camera2D::panPixels(Px2 d) {
  center_ += Eigen::Vector2d(-d.x / scale_, d.y / scale_);
}

Eigen::Vector2d Camera2D::worldMin() const {
  return toWorld(Px2(0.f, static_cast<float>(height_)));
}
Eigen::Vector2d Camera2D::worldMax() const {
  return toWorld(Px2(static_cast<float>(width_), 0.f));
}

}  // namespace pbm
