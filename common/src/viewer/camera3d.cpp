#include "pbm/viewer/camera3d.h"

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <numbers>

namespace pbm {

namespace {
constexpr double kDeg = std::numbers::pi / 180.0;
constexpr double kMaxPitch = 89.0;  // the look-at frame degenerates at +-90 degrees
}  // namespace

Camera3D::Camera3D() {
  basis();
}

void Camera3D::setViewport(double widthPx, double heightPx) {
  width_ = std::max(1.0, widthPx);
  height_ = std::max(1.0, heightPx);
}

void Camera3D::set(const OrbitView& view) {
  orbit_ = view;
  orbit_.pitchDeg = std::clamp(orbit_.pitchDeg, -kMaxPitch, kMaxPitch);
  orbit_.distance = std::max(1e-6, orbit_.distance);
  basis();
}

void Camera3D::basis() {
  up_ = orbit_.up.norm() > 0 ? orbit_.up.normalized() : Eigen::Vector3d::UnitY();
  // Yaw 0 puts the eye on the +z side for y up (x to the right, as in a
  // textbook figure) and on the -y side for z up (x right, z up).
  const Eigen::Vector3d pick =
      std::abs(up_.z()) < 0.9 ? Eigen::Vector3d::UnitZ() : Eigen::Vector3d(0.0, -1.0, 0.0);
  ref_ = (pick - pick.dot(up_) * up_).normalized();
  side_ = up_.cross(ref_);
}

void Camera3D::orbitPixels(double dx, double dy) {
  orbit_.yawDeg -= 0.3 * dx;
  orbit_.yawDeg = std::remainder(orbit_.yawDeg, 360.0);
  orbit_.pitchDeg = std::clamp(orbit_.pitchDeg + 0.3 * dy, -kMaxPitch, kMaxPitch);
}

void Camera3D::panPixels(double dx, double dy) {
  // The target follows the cursor: a point on the target's depth stays under it.
  const double wpp = worldPerPixel(orbit_.distance);
  orbit_.target += (-dx * right() + dy * upScreen()) * wpp;
}

void Camera3D::dolly(double notches) {
  orbit_.distance = std::clamp(orbit_.distance * std::pow(1.15, -notches), 1e-4, 1e7);
}

Eigen::Vector3d Camera3D::eye() const {
  const double yaw = orbit_.yawDeg * kDeg, pitch = orbit_.pitchDeg * kDeg;
  const Eigen::Vector3d out =
      std::cos(pitch) * (std::cos(yaw) * ref_ + std::sin(yaw) * side_) + std::sin(pitch) * up_;
  return orbit_.target + orbit_.distance * out;
}

Eigen::Vector3d Camera3D::forward() const {
  return (orbit_.target - eye()).normalized();
}

Eigen::Vector3d Camera3D::right() const {
  return forward().cross(up_).normalized();
}

Eigen::Vector3d Camera3D::upScreen() const {
  return right().cross(forward());
}

double Camera3D::nearPlane() const {
  // Orthographic: the eye's distance is only a zoom, so keep what lies behind it.
  return ortho_ ? -50.0 * orbit_.distance : 0.01 * orbit_.distance;
}

double Camera3D::farPlane() const {
  return 100.0 * orbit_.distance;
}

Eigen::Matrix4d Camera3D::viewMatrix() const {
  const Eigen::Vector3d f = forward(), r = right(), u = upScreen(), e = eye();
  Eigen::Matrix4d m = Eigen::Matrix4d::Identity();
  m.block<1, 3>(0, 0) = r.transpose();
  m.block<1, 3>(1, 0) = u.transpose();
  m.block<1, 3>(2, 0) = -f.transpose();
  m(0, 3) = -r.dot(e);
  m(1, 3) = -u.dot(e);
  m(2, 3) = f.dot(e);
  return m;
}

Eigen::Matrix4d Camera3D::projectionMatrix() const {
  const double aspect = width_ / height_, n = nearPlane(), fa = farPlane();
  const double t = std::tan(0.5 * kFovYDeg * kDeg);
  Eigen::Matrix4d p = Eigen::Matrix4d::Zero();
  if (ortho_) {
    // Same scale as the perspective view in the target's plane, so the toggle
    // does not jump.
    const double halfH = orbit_.distance * t, halfW = halfH * aspect;
    p(0, 0) = 1.0 / halfW;
    p(1, 1) = 1.0 / halfH;
    p(2, 2) = -2.0 / (fa - n);
    p(2, 3) = -(fa + n) / (fa - n);
    p(3, 3) = 1.0;
  } else {
    p(0, 0) = 1.0 / (t * aspect);
    p(1, 1) = 1.0 / t;
    p(2, 2) = (fa + n) / (n - fa);
    p(2, 3) = 2.0 * fa * n / (n - fa);
    p(3, 2) = -1.0;
  }
  return p;
}

bool Camera3D::project(const Eigen::Vector3d& world, Eigen::Vector2d& screen, double* depth) const {
  const Eigen::Vector3d d = world - eye();
  const double z = d.dot(forward());
  if (depth) *depth = z;
  const double t = std::tan(0.5 * kFovYDeg * kDeg);
  const double halfH = ortho_ ? orbit_.distance * t : z * t;
  if (!ortho_ && z <= nearPlane()) return false;
  const double halfW = halfH * width_ / height_;
  const double nx = d.dot(right()) / halfW, ny = d.dot(upScreen()) / halfH;
  screen = {0.5 * (nx + 1.0) * width_, 0.5 * (1.0 - ny) * height_};
  return true;
}

void Camera3D::ray(const Eigen::Vector2d& s, Eigen::Vector3d& origin, Eigen::Vector3d& dir) const {
  const double nx = 2.0 * s.x() / width_ - 1.0, ny = 1.0 - 2.0 * s.y() / height_;
  const double t = std::tan(0.5 * kFovYDeg * kDeg);
  const Eigen::Vector3d f = forward(), r = right(), u = upScreen();
  if (ortho_) {
    const double halfH = orbit_.distance * t, halfW = halfH * width_ / height_;
    origin = eye() + nx * halfW * r + ny * halfH * u + nearPlane() * f;
    dir = f;
  } else {
    origin = eye();
    dir = (f + nx * t * (width_ / height_) * r + ny * t * u).normalized();
  }
}

double Camera3D::worldPerPixel(double depth) const {
  const double t = std::tan(0.5 * kFovYDeg * kDeg);
  return 2.0 * (ortho_ ? orbit_.distance : std::max(depth, 1e-9)) * t / height_;
}

}  // namespace pbm
