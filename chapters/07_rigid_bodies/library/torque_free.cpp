// Closed forms of torque-free motion and of the RK4 step on a constant spin
// (pbm/rigid/torque_free.h): what the spin, top and drift scenes print and
// draw beside the simulation.
#include "pbm/rigid/torque_free.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <complex>
#include <limits>
#include <numbers>

namespace pbm {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();

// The indices of I sorted by moment, smallest first.
std::array<int, 3> byMoment(const Eigen::Vector3d& I) {
  std::array<int, 3> o{0, 1, 2};
  std::sort(o.begin(), o.end(), [&](int a, int b) { return I[a] < I[b]; });
  return o;
}

std::complex<double> truncatedExp(int order, std::complex<double> z) {
  std::complex<double> sum = 1.0, term = 1.0;
  for (int j = 1; j <= order; ++j) {
    term *= z / static_cast<double>(j);
    sum += term;
  }
  return sum;
}
}  // namespace

double completeEllipticK(double k) {
  if (!(k >= 0.0 && k < 1.0)) return kInf;
  double a = 1.0, b = std::sqrt(1.0 - k * k);
  for (int i = 0; i < 64 && std::abs(a - b) > 1e-16 * a; ++i) {
    const double m = 0.5 * (a + b);
    b = std::sqrt(a * b);
    a = m;
  }
  return std::numbers::pi / (2.0 * a);
}

SpinStability principalSpin(const Eigen::Vector3d& I, int axis, double omega0) {
  const int j = (axis + 1) % 3, k = (axis + 2) % 3;
  const double c = (I[axis] - I[k]) * (I[j] - I[axis]) / (I[j] * I[k]);
  // c > 0: exponential growth; c <= 0: an oscillation at sqrt(-c) omega0.
  return {c <= 0.0, std::abs(omega0) * std::sqrt(std::abs(c))};
}

double intermediateAxisRate(const Eigen::Vector3d& I, double omega0) {
  const auto o = byMoment(I);
  const double lo = I[o[0]], mid = I[o[1]], hi = I[o[2]];
  return std::abs(omega0) * std::sqrt((hi - mid) * (mid - lo) / (lo * hi));
}

int intermediateAxis(const Eigen::Vector3d& I) {
  return byMoment(I)[1];
}

int polhodeAxis(const Eigen::Vector3d& I, const Eigen::Vector3d& w) {
  const auto o = byMoment(I);
  const Eigen::Vector3d L = I.cwiseProduct(w);
  const double twoE = w.dot(L);
  return L.squaredNorm() > twoE * I[o[1]] ? o[2] : o[0];
}

double flipPeriod(const Eigen::Vector3d& I, const Eigen::Vector3d& w) {
  const auto o = byMoment(I);
  const Eigen::Vector3d L = I.cwiseProduct(w);
  const double L2 = L.squaredNorm(), twoE = w.dot(L);
  double I1 = I[o[0]], I2 = I[o[1]], I3 = I[o[2]];
  if (L2 < twoE * I2) std::swap(I1, I3);  // omega circles the smallest axis
  const double p2 = (I3 - I2) * (L2 - twoE * I1) / (I1 * I2 * I3);
  if (!(p2 > 0.0)) return kInf;  // a steady spin or the separatrix
  const double k2 = (I2 - I1) * (twoE * I3 - L2) / ((I3 - I2) * (L2 - twoE * I1));
  if (!(k2 >= 0.0 && k2 < 1.0)) return kInf;
  return 4.0 * completeEllipticK(std::sqrt(k2)) / std::sqrt(p2);
}

Eigen::Matrix3d rotationAbout(const Eigen::Vector3d& axis, double theta) {
  const Eigen::Vector3d a = axis.normalized();
  Eigen::Matrix3d s;
  s << 0, -a.z(), a.y(), a.z(), 0, -a.x(), -a.y(), a.x(), 0;
  return Eigen::Matrix3d::Identity() + std::sin(theta) * s + (1.0 - std::cos(theta)) * s * s;
}

Eigen::Matrix3d symmetricTopRotation(double I1, double I3, const Eigen::Vector3d& L,
                                     const Eigen::Matrix3d& R0, double t) {
  const Eigen::Vector3d n = R0.col(2);
  const double c = L.dot(n) * (1.0 / I3 - 1.0 / I1);
  const double Ln = L.norm();
  const Eigen::Matrix3d precess =
      Ln > 0.0 ? rotationAbout(L / Ln, t * Ln / I1) : Eigen::Matrix3d::Identity();
  return precess * R0 * rotationAbout(Eigen::Vector3d::UnitZ(), t * c);
}

double amplificationModulus(int order, double theta) {
  return std::abs(truncatedExp(order, {0.0, theta}));
}

double amplificationPhaseLag(int order, double theta) {
  return std::arg(truncatedExp(order, {0.0, theta})) - theta;
}

}  // namespace pbm
