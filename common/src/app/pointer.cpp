#include "pbm/app/pointer.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace pbm {

std::optional<Eigen::Vector3d> Pointer::onPlane(const Eigen::Vector3d& normal,
                                                double offset) const {
  const double along = normal.dot(direction);
  if (std::abs(along) < 1e-12 * normal.norm()) return std::nullopt;  // parallel
  const double s = (offset - normal.dot(origin)) / along;
  if (!(s >= 0.0)) return std::nullopt;  // behind the eye
  return at(s);
}

std::optional<double> Pointer::hitSphere(const Eigen::Vector3d& center, double radius) const {
  // |o + s d - c|^2 = r^2 with |d| = 1: s^2 + 2 b s + c = 0.
  const Eigen::Vector3d oc = origin - center;
  const double b = oc.dot(direction), c = oc.squaredNorm() - radius * radius;
  const double disc = b * b - c;
  if (disc < 0.0) return std::nullopt;
  const double root = std::sqrt(disc);
  const double s = -b - root >= 0.0 ? -b - root : -b + root;  // inside: the exit point
  if (s < 0.0) return std::nullopt;
  return s;
}

std::optional<double> Pointer::hitBox(const Eigen::Vector3d& center, const Eigen::Matrix3d& R,
                                      const Eigen::Vector3d& half) const {
  // In the box's frame the box is axis-aligned: clip the ray against the
  // three slabs |x_i| <= half_i and keep the overlap of the intervals.
  const Eigen::Vector3d o = R.transpose() * (origin - center);
  const Eigen::Vector3d d = R.transpose() * direction;
  double lo = 0.0, hi = std::numeric_limits<double>::infinity();
  for (int i = 0; i < 3; ++i) {
    if (std::abs(d[i]) < 1e-15) {
      if (std::abs(o[i]) > half[i]) return std::nullopt;
      continue;
    }
    double a = (-half[i] - o[i]) / d[i], b = (half[i] - o[i]) / d[i];
    if (a > b) std::swap(a, b);
    lo = std::max(lo, a);
    hi = std::min(hi, b);
    if (lo > hi) return std::nullopt;
  }
  return lo;
}

}  // namespace pbm
