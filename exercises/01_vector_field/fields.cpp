// Exercise 01 · the vector fields: rotationField, spiralSinkField, saddleField, stiffBowlField,
//   rotatingWindField, phasePlaneField, lorenzField (DEB §1)
//
// Each function returns f(x, t), the velocity a point must have if it passes
// through x at time t. Replace every PBM_TODO line with the formula from
// pbm/fields/fields.h (the README's table lists the exact integral curves, which the
// tests differentiate to check your fields). Run `./pbm test 01` when done.
//
// Symbols: x (Eigen::Vector2d; phasePlaneField: (position, velocity); lorenzField: Vector3d),
//   t (double) -> f(x, t), the same shape as x
// Tests: Ch01Fields.*, Ch01Lorenz.* (tests/01_vector_field_test.cpp,
//   tests/01_vector_field_test_lorenz.cpp)
//   build/bin/ch01_tests --gtest_filter='Ch01Fields.*:Ch01Lorenz.*'
#include "pbm/fields/fields.h"

#include <cmath>

#include "pbm/core/exercise.h"

namespace pbm {

Eigen::Vector2d rotationField(const Eigen::Vector2d& /*x*/, double /*t*/) {
  PBM_TODO("rotationField", "DEB §2.1: concentric circles, f(x, y) = (-y, x)");
}

Eigen::Vector2d spiralSinkField(const Eigen::Vector2d& /*x*/, double /*t*/, double /*a*/) {
  PBM_TODO("spiralSinkField", "DEB §1: rotation plus a pull inwards, f = (-a x - y, x - a y)");
}

Eigen::Vector2d saddleField(const Eigen::Vector2d& /*x*/, double /*t*/) {
  PBM_TODO("saddleField", "DEB §1: stretch x, squeeze y, f = (x, -y); x y stays constant");
}

Eigen::Vector2d stiffBowlField(const Eigen::Vector2d& /*x*/, double /*t*/, double /*k*/) {
  PBM_TODO("stiffBowlField", "Implicit Methods eq. (2-1): f = (-x, -k y)");
}

Eigen::Vector2d rotatingWindField(const Eigen::Vector2d& /*x*/, double /*t*/, double /*omega*/) {
  PBM_TODO("rotatingWindField",
           "DEB §1 (f depends on t): f = (cos(omega t), sin(omega t)), the same everywhere");
}

Eigen::Vector2d phasePlaneField(const Eigen::Vector2d& /*xv*/, double /*t*/, double /*mass*/,
                                const std::function<double(double x, double v, double t)>&
                                /*force*/) {
  PBM_TODO("phasePlaneField",
           "PSD §2: state (x, v), derivative (v, F(x, v, t) / m) with F = force(x, v, t)");
}

Eigen::Vector3d lorenzField(const Eigen::Vector3d& /*x*/, double /*sigma*/, double /*rho*/,
                            double /*beta*/) {
  PBM_TODO("lorenzField",
           "DEB §1 in 3D: f(x, y, z) = (sigma (y - x), x (rho - z) - y, x y - beta z)");
}

}  // namespace pbm
