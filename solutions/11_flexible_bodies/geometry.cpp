// Reference: geometry of the deformed body (Baraff & Witkin 1992 §6): the
// inverse map by Newton's method and the polyhedral boundary approximation.
#include <Eigen/LU>
#include <cmath>
#include <string>

#include "pbm/core/errors.h"
#include "pbm/flexible/flexible.h"

namespace pbm {

Eigen::Vector2d flexInverseDeform(DeformKind kind, const Eigen::Matrix2Xd& q,
                                  const Eigen::Vector2d& x, Eigen::Vector2d guess, int maxIter,
                                  double tol) {
  Eigen::Vector2d u = guess;
  for (int it = 0; it <= maxIter; ++it) {
    const Eigen::Vector2d r = q * flexBasis(kind, u) - x;
    if (r.norm() <= tol) return u;
    if (it == maxIter) break;
    const Eigen::Matrix2d F = q * flexBasisGradient(kind, u);
    const double det = F.determinant();
    if (!(std::abs(det) > 1e-300)) throw SolverFailure("flexInverseDeform: singular F(u)");
    u -= F.inverse() * r;
    if (!u.allFinite()) throw SolverFailure("flexInverseDeform: the Newton step is not finite");
  }
  throw SolverFailure("flexInverseDeform: no convergence in " + std::to_string(maxIter) +
                      " Newton steps");
}

std::vector<Eigen::Vector2d> subdivideBoundary(const std::vector<Eigen::Vector2d>& poly,
                                               int perEdge) {
  if (perEdge < 1) throw UsageError("subdivideBoundary: perEdge must be >= 1");
  std::vector<Eigen::Vector2d> out;
  out.reserve(poly.size() * perEdge);
  for (size_t i = 0; i < poly.size(); ++i) {
    const Eigen::Vector2d& a = poly[i];
    const Eigen::Vector2d& b = poly[(i + 1) % poly.size()];
    for (int k = 0; k < perEdge; ++k) out.push_back(a + (b - a) * (double(k) / perEdge));
  }
  return out;
}

}  // namespace pbm
