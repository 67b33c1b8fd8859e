#include "pbm/bead/exact_pendulum.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace pbm {

namespace {
constexpr double kPi = std::numbers::pi;
}

double jacobiAmplitude(double u, double k) {
  // AGM sequence a_n, b_n, c_n with a0 = 1, b0 = k' = sqrt(1 - k^2), c0 = k.
  constexpr int kMax = 16;
  double a[kMax + 1], c[kMax + 1];
  a[0] = 1.0;
  double b = std::sqrt(1.0 - k * k);
  c[0] = k;
  int n = 0;
  while (n < kMax && std::abs(c[n]) > 1e-16 * a[n]) {
    a[n + 1] = 0.5 * (a[n] + b);
    c[n + 1] = 0.5 * (a[n] - b);
    b = std::sqrt(a[n] * b);
    ++n;
  }
  // phi_N = 2^N a_N u, then phi_{n-1} = (phi_n + asin(c_n / a_n sin phi_n)) / 2.
  double phi = std::ldexp(a[n] * u, n);
  for (int i = n; i > 0; --i) phi = 0.5 * (phi + std::asin(c[i] / a[i] * std::sin(phi)));
  return phi;
}

double completeEllipticK(double k) {
  double a = 1.0, b = std::sqrt(1.0 - k * k);
  for (int i = 0; i < 40 && std::abs(a - b) > 1e-16 * a; ++i) {
    const double an = 0.5 * (a + b);
    b = std::sqrt(a * b);
    a = an;
  }
  return kPi / (2.0 * a);
}

namespace {
// Incomplete F(psi | k) for |psi| <= pi/2 by Gauss-Legendre quadrature on
// panels (the integrand 1/sqrt(1 - k^2 sin^2) is smooth for k < 1).
double ellipticF(double psi, double k) {
  static const double xg[5] = {-0.9061798459386640, -0.5384693101056831, 0.0, 0.5384693101056831,
                               0.9061798459386640};
  static const double wg[5] = {0.2369268850561891, 0.4786286704993665, 0.5688888888888889,
                               0.4786286704993665, 0.2369268850561891};
  const int panels = 64;
  const double hp = psi / panels;
  double sum = 0;
  for (int p = 0; p < panels; ++p) {
    const double mid = (p + 0.5) * hp;
    for (int i = 0; i < 5; ++i) {
      const double s = std::sin(mid + 0.5 * hp * xg[i]);
      sum += wg[i] / std::sqrt(1.0 - k * k * s * s);
    }
  }
  return 0.5 * hp * sum;
}
}  // namespace

void ExactPendulum::start(double phi0, double phidot0, double t0, double g, double r) {
  phi0_ = phi0, phidot0_ = phidot0, t0_ = t0, r_ = r;
  dir_ = phidot0 >= 0 ? 1 : -1;
  turns_ = 0;
  if (!(g > 0)) {
    regime_ = Regime::Uniform;
    return;
  }
  w_ = std::sqrt(g / r);
  const double s = std::sin(0.5 * phi0);
  k_ = std::sqrt(phidot0 * phidot0 / (4 * w_ * w_) + s * s);
  if (std::abs(k_ - 1.0) < 1e-12) {
    regime_ = Regime::Separatrix;
    // k = 1, the limit of sn being tanh: psi = dir phi/2 = gd(w t + u0) + turns,
    // gd(u) = atan(sinh u), so sin(psi) = tanh(w t + u0).
    const double psi = std::remainder(0.5 * phi0 * dir_, kPi);
    u0_ = std::atanh(std::clamp(std::sin(psi), -1 + 1e-15, 1 - 1e-15));
    turns_ = 0.5 * phi0 * dir_ - psi;
    return;
  }
  if (k_ < 1.0) {
    regime_ = Regime::Libration;
    // sn(u0) = sin(phi0/2)/k, with cn(u0) of the sign of phidot0 (dn > 0).
    const double ratio = std::clamp(s / k_, -1.0, 1.0);
    const double base = ellipticF(std::asin(ratio), k_);
    const double K = completeEllipticK(k_);
    u0_ = phidot0 >= 0 ? base : 2 * K - base;
    return;
  }
  regime_ = Regime::Rotation;
  // phi/2 = am(k w t + u0 | 1/k) (times the sense of rotation).
  const double kk = 1.0 / k_;
  const double psi = std::remainder(0.5 * phi0 * dir_, kPi);  // in [-pi/2, pi/2]
  u0_ = ellipticF(psi, kk);
  turns_ = 0.5 * phi0 * dir_ - psi;  // multiple of pi left over
}

void ExactPendulum::at(double t, double& phi, double& phidot) const {
  const double tau = t - t0_;
  phi = phi0_, phidot = phidot0_;
  switch (regime_) {
    case Regime::Uniform:
      phi = phi0_ + phidot0_ * tau;
      phidot = phidot0_;
      return;
    case Regime::Libration: {
      const double am = jacobiAmplitude(w_ * tau + u0_, k_);
      phi = 2 * std::asin(k_ * std::sin(am));
      phidot = 2 * k_ * w_ * std::cos(am);
      return;
    }
    case Regime::Rotation: {
      const double kk = 1.0 / k_;
      const double am = jacobiAmplitude(k_ * w_ * tau + u0_, kk);
      const double sn = std::sin(am);
      phi = dir_ * 2 * (am + turns_);
      phidot = dir_ * 2 * k_ * w_ * std::sqrt(1 - kk * kk * sn * sn);
      return;
    }
    case Regime::Separatrix: {
      const double u = w_ * tau + u0_;
      phi = dir_ * 2 * (std::atan(std::sinh(u)) + turns_);
      phidot = dir_ * 2 * w_ / std::cosh(u);
      return;
    }
  }
}

Eigen::Vector2d ExactPendulum::position(double t, const Eigen::Vector2d& c) const {
  double phi = 0, phidot = 0;
  at(t, phi, phidot);
  return c + r_ * Eigen::Vector2d(std::sin(phi), -std::cos(phi));
}

double ExactPendulum::period() const {
  switch (regime_) {
    case Regime::Uniform:
      return phidot0_ != 0 ? 2 * kPi / std::abs(phidot0_) : std::numeric_limits<double>::infinity();
    case Regime::Libration:
      return 4 * completeEllipticK(k_) / w_;
    case Regime::Rotation:
      return 2 * completeEllipticK(1.0 / k_) / (k_ * w_);
    case Regime::Separatrix:
      return std::numeric_limits<double>::infinity();
  }
  return 0;
}

}  // namespace pbm
