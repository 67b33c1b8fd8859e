// Chapter 01 student functions: the catalogue of vector fields
// (Differential Equation Basics §1). Each returns
// f(x, t), the velocity a point passing through x at time t must have.
#pragma once

#include <Eigen/Core>
#include <functional>

namespace pbm {

// (-y, x): circles about the origin.
Eigen::Vector2d rotationField(const Eigen::Vector2d& x, double t);
// (-a x - y, x - a y), a > 0: logarithmic spirals into the origin.
Eigen::Vector2d spiralSinkField(const Eigen::Vector2d& x, double t, double a);
// (x, -y): hyperbolas x y = const.
Eigen::Vector2d saddleField(const Eigen::Vector2d& x, double t);
// (-x, -k y): Implicit Methods eq. (2-1), the stiff example.
Eigen::Vector2d stiffBowlField(const Eigen::Vector2d& x, double t, double k);
// (cos wt, sin wt): every frozen streamline is straight, every path a circle.
Eigen::Vector2d rotatingWindField(const Eigen::Vector2d& x, double t, double omega);
// Phase plane of a 1D particle (PSD §2): state (x, v), derivative (v, F(x, v, t)/m).
Eigen::Vector2d phasePlaneField(const Eigen::Vector2d& xv, double t, double mass,
                                const std::function<double(double x, double v, double t)>& force);

// The Lorenz system in 3D (DEB §1: a vector field in three dimensions):
// (sigma (y - x), x (rho - z) - y, x y - beta z). Fixed points: the origin,
// and for rho > 1, C+- = (+-sqrt(beta (rho - 1)), +-sqrt(beta (rho - 1)), rho - 1).
// Its divergence is -(sigma + 1 + beta) everywhere: volumes shrink.
Eigen::Vector3d lorenzField(const Eigen::Vector3d& x, double sigma, double rho, double beta);

}  // namespace pbm
