// Orbit camera for the 3D scenes: it looks at a target from a distance, at a
// yaw about the world's up axis and a pitch above the ground plane. Right-drag
// orbits (yaw, pitch), shift-right-drag or middle-drag pans the target, the
// wheel dollies (distance). Perspective by default, orthographic on request.
// Screen coordinates are window pixels, y down, as for Camera2D; no ImGui or
// OpenGL here, so scenes and tests can use the projection and the rays.
#pragma once

#include <Eigen/Core>

#include "pbm/app/orbit_view.h"

namespace pbm {

class Camera3D {
 public:
  Camera3D();
  void setViewport(double widthPx, double heightPx);
  void set(const OrbitView& view);
  const OrbitView& orbit() const { return orbit_; }

  void setOrthographic(bool on) { ortho_ = on; }
  bool orthographic() const { return ortho_; }
  double fovYDeg() const { return kFovYDeg; }

  // --- interaction (pixel deltas of a drag, wheel notches)
  void orbitPixels(double dx, double dy);
  void panPixels(double dx, double dy);
  void dolly(double notches);

  // --- the frame: eye position and the camera's unit axes in world coordinates
  Eigen::Vector3d eye() const;
  Eigen::Vector3d forward() const;  // from the eye towards the target
  Eigen::Vector3d right() const;
  Eigen::Vector3d upScreen() const;  // the screen's up direction in the world
  const Eigen::Vector3d& worldUp() const { return up_; }

  // Column-major 4x4 matrices in OpenGL's conventions (view, then projection).
  Eigen::Matrix4d viewMatrix() const;
  Eigen::Matrix4d projectionMatrix() const;

  // Window pixel of a world point and its distance along forward() (the
  // depth); false when the point is behind the eye (perspective only).
  bool project(const Eigen::Vector3d& world, Eigen::Vector2d& screen,
               double* depth = nullptr) const;
  // The ray through a window pixel: origin on the eye (or, orthographic, on
  // the eye's plane) and unit direction into the scene.
  void ray(const Eigen::Vector2d& screen, Eigen::Vector3d& origin, Eigen::Vector3d& dir) const;
  // World units per pixel at a given depth (for sizes given in pixels).
  double worldPerPixel(double depth) const;

  double width() const { return width_; }
  double height() const { return height_; }
  double nearPlane() const;
  double farPlane() const;

 private:
  static constexpr double kFovYDeg = 40.0;
  void basis();  // the reference axes from up_

  OrbitView orbit_;
  Eigen::Vector3d up_{0.0, 1.0, 0.0};
  Eigen::Vector3d ref_{0.0, 0.0, 1.0};   // yaw 0: the eye sits on this side of the target
  Eigen::Vector3d side_{1.0, 0.0, 0.0};  // yaw 90 degrees: the eye sits on this side
  bool ortho_ = false;
  double width_ = 920.0, height_ = 800.0;
};

}  // namespace pbm
