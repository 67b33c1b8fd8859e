// Chapter 07 library code: closed forms of torque-free rigid-body motion and
// of the RK4 step on a constant spin, which the scenes draw and print beside
// the simulation. With no torque L stays fixed in the world and the kinetic
// energy 1/2 L . omega is constant (RBI §2.9, App. C); everything below
// follows from Euler's equations for the body-frame omega, which the notes
// stop short of (so these are beyond the notes: Landau & Lifshitz,
// Mechanics, §36-37). The moments I are the principal moments, the diagonal
// of a diagonal Ibody (a block, RBI §5.1).
#pragma once

#include <Eigen/Core>

namespace pbm {

// The complete elliptic integral of the first kind K(k), modulus k in [0, 1),
// by the arithmetic-geometric mean: K = pi / (2 AGM(1, sqrt(1 - k^2))).
double completeEllipticK(double k);

// Small perturbations of a steady spin omega0 about principal axis `axis`:
// with j, k the other two axes, Euler's equations linearise to
// d^2 dw_j / dt^2 = omega0^2 (I_i - I_k)(I_j - I_i) / (I_j I_k) dw_j.
struct SpinStability {
  bool stable = true;  // the largest or smallest axis
  // stable: the angular frequency Omega of the wobble, 1/s (period 2 pi / Omega);
  // unstable (the intermediate axis): the growth rate lambda, 1/s (dw ~ e^{lambda t}).
  double rate = 0.0;
};
SpinStability principalSpin(const Eigen::Vector3d& I, int axis, double omega0);

// lambda = omega0 sqrt((Imax - Imid)(Imid - Imin) / (Imin Imax)): the rate at
// which a spin about the intermediate axis leaves it (the tennis-racket flip).
double intermediateAxisRate(const Eigen::Vector3d& I, double omega0);

// The period of the body-frame omega of a torque-free body with principal
// moments I started at the body-frame omegaBody: T = 4 K(k) / p (Landau &
// Lifshitz §37). With the moments sorted I1 < I2 < I3, energy E and L^2:
// p = sqrt((I3 - I2)(L^2 - 2 E I1) / (I1 I2 I3)),
// k^2 = (I2 - I1)(2 E I3 - L^2) / ((I3 - I2)(L^2 - 2 E I1)) when L^2 > 2 E I2
// (omega circles the largest axis), I1 and I3 swapped otherwise (the
// smallest). The intermediate component changes sign every T / 2, so T is
// the interval between its downward zero crossings. +infinity on the
// separatrix L^2 = 2 E I2 and when the motion is a steady spin.
double flipPeriod(const Eigen::Vector3d& I, const Eigen::Vector3d& omegaBody);
// The index (0, 1, 2) of the intermediate moment: the component whose zero
// crossings the scenes time.
int intermediateAxis(const Eigen::Vector3d& I);
// The axis omega circles (the polhode's centre): the largest moment when
// L^2 > 2 E I_mid, else the smallest.
int polhodeAxis(const Eigen::Vector3d& I, const Eigen::Vector3d& omegaBody);

// exp(theta a*) for a unit a: the rotation by theta about a (Rodrigues).
Eigen::Matrix3d rotationAbout(const Eigen::Vector3d& axis, double theta);

// The symmetric top I1 = I2 != I3 (body z the symmetry axis), exactly:
// R(t) = exp(t (L / I1)*) R0 exp(t c e3*), c = (L . n)(1 / I3 - 1 / I1), n = R0 e3.
// The figure axis n precesses about the fixed L at |L| / I1 (RBI §2.9's L
// constant; the derivation uses (R a)* = R a* R^T, RBI §2.3).
Eigen::Matrix3d symmetricTopRotation(double I1, double I3, const Eigen::Vector3d& L,
                                     const Eigen::Matrix3d& R0, double t);

// One step of an explicit Runge-Kutta method of order p (1 Euler, 2 midpoint,
// 4 RK4; DEB §2) on a constant spin multiplies a vector turning at the rate w
// by P(i w h), P(z) = sum_{j <= p} z^j / j! (IM §2's amplification factor).
// On R-dot = omega* R the columns' parts normal to omega turn at |omega|; on
// q-dot = 1/2 [0, omega] q every q turns at |omega| / 2 (RBI §4). So per step:
// |P(i theta)| (matrix columns) and |P(i theta / 2)| (|q|), theta = |omega| h.
double amplificationModulus(int order, double theta);
// arg P(i theta) - theta: the phase lag per step (RK4 ~ -theta^5 / 120).
double amplificationPhaseLag(int order, double theta);

}  // namespace pbm
