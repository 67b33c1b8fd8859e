// Chapter 01: the catalogue of vector fields (Differential Equation Basics §1).
// Each function is the derivative function f(x, t) of a canonical initial value
// problem xdot = f(x, t): the velocity a point must have if it passes through x
// at time t. The exact integral curves are in chapters/01_vector_field/README.md.
#include "pbm/fields/fields.h"

#include <cmath>

namespace pbm {

Eigen::Vector2d rotationField(const Eigen::Vector2d& x, double /*t*/) {
  // DEB §2.1: "a 2D function f whose integral curves are concentric circles".
  return {-x.y(), x.x()};
}

Eigen::Vector2d spiralSinkField(const Eigen::Vector2d& x, double /*t*/, double a) {
  // (-a I + J) x with J the quarter turn: rotation plus a uniform pull inwards,
  // so the exact curves are e^{-at} R(t) x0.
  return {-a * x.x() - x.y(), x.x() - a * x.y()};
}

Eigen::Vector2d saddleField(const Eigen::Vector2d& x, double /*t*/) {
  // Stretch along x, squeeze along y: x y is constant along every integral curve.
  return {x.x(), -x.y()};
}

Eigen::Vector2d stiffBowlField(const Eigen::Vector2d& x, double /*t*/, double k) {
  // Implicit Methods eq. (2-1): for large k the y-component decays much faster
  // than x, which limits Euler's step to h < 2/k (DEB §2.1, "off to Neptune").
  return {-x.x(), -k * x.y()};
}

Eigen::Vector2d rotatingWindField(const Eigen::Vector2d& /*x*/, double t, double omega) {
  // DEB §1, "dual time dependence": f depends on t only. At a frozen instant
  // the field is uniform, yet a point carried by it moves on a circle.
  return {std::cos(omega * t), std::sin(omega * t)};
}

Eigen::Vector2d phasePlaneField(const Eigen::Vector2d& xv, double t, double mass,
                                const std::function<double(double x, double v, double t)>& force) {
  // PSD §2: the second-order xddot = F/m becomes the first-order pair
  // xdot = v, vdot = F/m; the state is a point (x, v) of the phase plane.
  const double x = xv.x(), v = xv.y();
  return {v, force(x, v, t) / mass};
}

Eigen::Vector3d lorenzField(const Eigen::Vector3d& p, double sigma, double rho, double beta) {
  // DEB §1 in three dimensions: x is a point of space and f an arrow there.
  // Each row is linear but for one product (x z, x y): that is all it takes
  // for the curves to wind around C+ and C- without ever closing.
  const double x = p.x(), y = p.y(), z = p.z();
  return {sigma * (y - x), x * (rho - z) - y, x * y - beta * z};
}

}  // namespace pbm
