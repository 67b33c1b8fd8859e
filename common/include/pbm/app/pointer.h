// The mouse as a scene sees it. A 2D view gives the world point under the
// cursor (`plane`); a 3D view gives the ray through the cursor (origin and
// unit direction) and, as `plane`, where that ray meets the ground plane. The
// helpers turn the ray into what a scene needs in one call: a point on a
// plane (drop a seed), the first hit on a sphere or an oriented box (pick a
// body).
#pragma once

#include <Eigen/Core>
#include <optional>

namespace pbm {

struct Pointer {
  // 2D: the world point under the cursor. 3D: the ray's hit on the ground
  // plane (through the origin, normal to the view's up axis) in that plane's
  // two other coordinates in x, y, z order ((x, z) for y up, (x, y) for z up);
  // NaN when the ray runs parallel to it or away from it.
  Eigen::Vector2d plane{0.0, 0.0};
  // The ray through the cursor. 2D: straight down onto the plane from z = 1.
  Eigen::Vector3d origin{0.0, 0.0, 1.0};
  Eigen::Vector3d direction{0.0, 0.0, -1.0};
  // The camera's viewing direction (unit, into the scene): the normal of a
  // plane facing the camera, in which a grabbed point can be dragged
  // (chapter 07's mouse spring). 2D: straight down, like `direction`.
  Eigen::Vector3d viewDirection{0.0, 0.0, -1.0};
  Eigen::Vector2d screen{0.0, 0.0};  // window pixels, y down
  bool shift = false;                // a shift key is held

  Eigen::Vector3d at(double s) const { return origin + s * direction; }
  // The point where the ray meets the plane n . x = offset (s >= 0), if it does.
  std::optional<Eigen::Vector3d> onPlane(const Eigen::Vector3d& normal, double offset) const;
  // The ray parameter s >= 0 of the first hit on a sphere, if any.
  std::optional<double> hitSphere(const Eigen::Vector3d& center, double radius) const;
  // The same for a box: centre, rotation (body to world, columns are the box
  // axes) and half extents along those axes (the slab test).
  std::optional<double> hitBox(const Eigen::Vector3d& center, const Eigen::Matrix3d& rotation,
                               const Eigen::Vector3d& halfExtents) const;
};

}  // namespace pbm
