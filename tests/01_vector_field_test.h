// Chapter 01 tests: the helpers the parts share (DEB §1, §2.1): a rotation
// matrix, and the Euler polygon of a field traced with the student's
// traceIntegralCurve, checked for its length (steps + 1 vertices).
#pragma once

#include <gtest/gtest.h>

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <cmath>
#include <functional>
#include <limits>
#include <numbers>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "expect_vec_near.h"
#include "pbm/app/headless.h"
#include "pbm/core/counting_system.h"
#include "pbm/core/errors.h"
#include "pbm/fields/euler.h"
#include "pbm/fields/field_point.h"
#include "pbm/fields/fields.h"
#include "scenes.h"

namespace ch01_test {

using Eigen::Vector2d;
using pbm::FieldPoint;

inline constexpr double kPi = std::numbers::pi;

inline Eigen::Matrix2d rotation(double angle) {
  return Eigen::Rotation2Dd(angle).toRotationMatrix();
}

// Traces `steps` Euler steps of `field` from (x0, t0) with the student's tracer.
// A polygon of the wrong length is a failure, padded with NaN so that the
// callers' v[steps] stays in bounds.
inline std::vector<Vector2d> trace(pbm::Field2d field, const Vector2d& x0, double h, int steps,
                                   double t0 = 0.0) {
  FieldPoint p(std::move(field), x0, t0);
  std::vector<Vector2d> v = pbm::traceIntegralCurve(p, h, steps);
  if (v.size() != static_cast<size_t>(steps) + 1) {
    ADD_FAILURE() << "DEB §2.1: " << steps << " Euler steps give " << steps + 1
                  << " vertices (x0 first); traceIntegralCurve returned " << v.size();
    v.resize(static_cast<size_t>(steps) + 1, Vector2d::Constant(std::nan("")));
  }
  return v;
}

}  // namespace ch01_test
