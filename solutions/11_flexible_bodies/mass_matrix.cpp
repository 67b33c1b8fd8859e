// Reference: the mass matrix M = integral rho b b^T dV (Baraff & Witkin 1992
// §3), in closed form, by exact quadrature and by the paper's Monte Carlo.
#include <algorithm>
#include <cmath>
#include <string>

#include "pbm/core/errors.h"
#include "pbm/flexible/flexible.h"

namespace pbm {

Eigen::MatrixXd flexMassMatrixRect(DeformKind kind, double width, double height, double rho) {
  // Centred: the odd moments vanish. Per unit mass <x^2> = L^2/12,
  // <x^4> = L^4/80, <x^2 y^2> = L^2 H^2 / 144.
  const double m = rho * width * height;
  const double L2 = width * width, H2 = height * height;
  const int n = flexBasisSize(kind);
  Eigen::MatrixXd M = Eigen::MatrixXd::Zero(n, n);
  M(0, 0) = 1.0;
  M(1, 1) = L2 / 12.0;
  M(2, 2) = H2 / 12.0;
  if (kind == DeformKind::Quadratic) {
    M(0, 3) = M(3, 0) = L2 / 12.0;  // <x^2>
    M(0, 5) = M(5, 0) = H2 / 12.0;  // <y^2>
    M(3, 3) = L2 * L2 / 80.0;       // <x^4>
    M(5, 5) = H2 * H2 / 80.0;       // <y^4>
    M(3, 5) = M(5, 3) = L2 * H2 / 144.0;
    M(4, 4) = L2 * H2 / 144.0;  // <x^2 y^2>
  }
  return m * M;
}

Eigen::MatrixXd flexMassMatrixPolygon(DeformKind kind, const std::vector<Eigen::Vector2d>& poly,
                                      double rho) {
  // A fan from vertex 0; each triangle (a, a + e1, a + e1 + e2) by the
  // collapsed Gauss rule u = a + s e1 + s r e2, dA = s det(e1, e2) ds dr:
  // 3 points per axis are exact to degree 5, and s times a degree-4
  // integrand is degree 5 in s. Signed areas make either orientation work.
  const int n = flexBasisSize(kind);
  Eigen::MatrixXd M = Eigen::MatrixXd::Zero(n, n);
  const double g = std::sqrt(0.6);
  const double x[3] = {-g, 0.0, g}, w[3] = {5.0 / 9.0, 8.0 / 9.0, 5.0 / 9.0};
  for (size_t t = 1; t + 1 < poly.size(); ++t) {
    const Eigen::Vector2d a = poly[0], e1 = poly[t] - a, e2 = poly[t + 1] - poly[t];
    const double det = e1.x() * e2.y() - e1.y() * e2.x();
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) {
        const double s = 0.5 * (x[i] + 1), r = 0.5 * (x[j] + 1);
        const Eigen::VectorXd b = flexBasis(kind, a + s * e1 + s * r * e2);
        M += (0.25 * w[i] * w[j] * s * det) * (b * b.transpose());
      }
  }
  M *= rho;
  // One orientation's sign: M_00 is the mass.
  if (M(0, 0) < 0) M = -M;
  return M;
}

namespace {

bool insidePolygon(const std::vector<Eigen::Vector2d>& poly, const Eigen::Vector2d& p) {
  bool in = false;
  for (size_t i = 0, j = poly.size() - 1; i < poly.size(); j = i++) {
    const Eigen::Vector2d &a = poly[i], &b = poly[j];
    if ((a.y() > p.y()) != (b.y() > p.y()) &&
        p.x() < (b.x() - a.x()) * (p.y() - a.y()) / (b.y() - a.y()) + a.x())
      in = !in;
  }
  return in;
}

}  // namespace

Eigen::MatrixXd flexMassMatrixMonteCarlo(DeformKind kind, const std::vector<Eigen::Vector2d>& poly,
                                         double rho, int samples, std::mt19937_64& rng) {
  const int n = flexBasisSize(kind);
  if (samples < n)
    throw UsageError("Monte Carlo mass matrix: " + std::to_string(samples) +
                     " samples, fewer than the " + std::to_string(n) + " basis functions");
  Eigen::Vector2d lo = poly[0], hi = poly[0];
  double area = 0.0;
  for (size_t i = 0; i < poly.size(); ++i) {
    lo = lo.cwiseMin(poly[i]);
    hi = hi.cwiseMax(poly[i]);
    const Eigen::Vector2d& r = poly[(i + 1) % poly.size()];
    area += poly[i].x() * r.y() - r.x() * poly[i].y();
  }
  area = std::abs(0.5 * area);
  std::uniform_real_distribution<double> ux(lo.x(), hi.x()), uy(lo.y(), hi.y());
  Eigen::MatrixXd M = Eigen::MatrixXd::Zero(n, n);
  for (int k = 0; k < samples;) {
    const Eigen::Vector2d p(ux(rng), uy(rng));
    if (!insidePolygon(poly, p)) continue;
    const Eigen::VectorXd b = flexBasis(kind, p);
    M += b * b.transpose();
    ++k;
  }
  return (rho * area / samples) * M;
}

}  // namespace pbm
