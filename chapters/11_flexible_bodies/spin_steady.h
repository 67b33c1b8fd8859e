// The steady spin of a free width x height rectangle of density rho (the spin
// scene; Baraff & Witkin 1992 §4 with our StVK energy). A = R(omega t) A0,
// A0 = diag(a, b), solves q'' M = Q when omega^2 A0 S = V P(A0), S the body's
// second moments (rho V diag(W^2, H^2) / 12) and P the Piola stress: with
// alpha = a^2 - 1, beta = b^2 - 1 and c = rho omega^2 / 12,
//   mu alpha + lambda (alpha + beta) / 2 = c W^2,
//   mu beta  + lambda (alpha + beta) / 2 = c H^2,
// so (mu + lambda)(alpha + beta) = c (W^2 + H^2) and mu (alpha - beta) =
// c (W^2 - H^2). The quadratic model's extra coefficients feel no force there
// (odd moments of a centred rectangle), so it holds the same A.
#pragma once

#include <cmath>

namespace ch11 {

struct SteadyStretch {
  double a = 1.0, b = 1.0;  // the stretch along x and y
  bool exists = true;       // false: no such A0 (mu = 0 on a rectangle, or b^2 <= 0)
};

// Needs mu + lambda > 0.
inline SteadyStretch steadyStretch(double omega, double width, double height, double rho, double mu,
                                   double lambda) {
  const double w2 = omega * omega;
  // Written so the unit square (mean = 1, half = 0) gives exactly
  // s^2 = 1 + omega^2 / (12 (mu + lambda)).
  const double mean = rho * (width * width + height * height) / 2.0;
  const double half = rho * (width * width - height * height) / 2.0;
  const double common = w2 * mean / (12.0 * (mu + lambda));
  double split = 0.0;
  if (w2 * half != 0.0) {
    if (!(mu > 0.0)) return {1.0, 1.0, false};
    split = w2 * half / (12.0 * mu);
  }
  const double a2 = 1.0 + (common + split), b2 = 1.0 + (common - split);
  if (!(a2 > 0.0 && b2 > 0.0)) return {1.0, 1.0, false};
  return {std::sqrt(a2), std::sqrt(b2), true};
}

}  // namespace ch11
