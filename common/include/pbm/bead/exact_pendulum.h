// The exact motion of a bead on a circular wire under gravity alone (the
// simple pendulum, Constrained Dynamics §2 without drift), computed in closed
// form with Jacobi elliptic functions, not by integration. The angle phi is
// measured from the bottom of the wire, counter-clockwise; per unit mass
//   phidot^2 / (4 w^2) + sin^2(phi / 2) = k^2,   w = sqrt(g / r),
// so k < 1 swings (libration):  sin(phi/2) = k sn(w t + u0 | k),
//    k > 1 goes over the top:    phi/2 = am(k w t + u0 | 1/k),
//    g = 0 spins uniformly:      phi = phi0 + phidot0 t.
// The period of a swing is T = 4 K(k) / w (K the complete elliptic integral).
#pragma once

#include <Eigen/Core>

namespace pbm {

// Jacobi amplitude am(u | k) (modulus k in [0, 1)) by the arithmetic-geometric
// mean and descending Landen transformation (Abramowitz & Stegun 16.4);
// sn = sin am, cn = cos am, dn = sqrt(1 - k^2 sn^2).
double jacobiAmplitude(double u, double k);
// K(k) = pi / (2 AGM(1, sqrt(1 - k^2))).
double completeEllipticK(double k);

class ExactPendulum {
 public:
  // Start at angle phi0 (rad, from the bottom) with angular velocity phidot0
  // at time t0; gravity g >= 0, radius r > 0.
  void start(double phi0, double phidot0, double t0, double g, double r);
  // phi(t) (unwrapped for rotations) and phidot(t).
  void at(double t, double& phi, double& phidot) const;
  // Position on the wire for centre c.
  Eigen::Vector2d position(double t, const Eigen::Vector2d& c) const;
  // The swing period 4 K(k)/w, or the time of one revolution when going over
  // the top; infinity for g = 0 and phidot = 0.
  double period() const;
  // Energy parameter k (k < 1: swings, k > 1: over the top).
  double k() const { return k_; }

 private:
  enum class Regime { Uniform, Libration, Rotation, Separatrix };
  Regime regime_ = Regime::Uniform;
  double phi0_ = 0, phidot0_ = 0, t0_ = 0, w_ = 0, k_ = 0, u0_ = 0, r_ = 1;
  int dir_ = 1;       // sense of rotation
  double turns_ = 0;  // rotation: 2 pi multiple that makes phi(t0) = phi0
};

// The constraint force the exact pendulum needs (derived in the README): on
// the wire, radially, m (-s^2 / r) = m g cos(phi) + f^ . n  with n the outward
// normal, s = r phidot, so
//   f^ = -m (r phidot^2 + g cos phi) n,   lambda = -m (phidot^2 + (g / r) cos phi).
// (lambda < 0: the wire pulls toward the centre; at rest at the bottom |f^| = m g.)
inline double exactLambda(double phi, double phidot, double m, double g, double r);

}  // namespace pbm

#include <cmath>

inline double pbm::exactLambda(double phi, double phidot, double m, double g, double r) {
  return -m * (phidot * phidot + (g / r) * std::cos(phi));
}
