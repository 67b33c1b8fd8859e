// Exercise 11 · flexInverseDeform, subdivideBoundary (Baraff & Witkin 1992 §6)
//
// Geometry of the deformed body.
// flexInverseDeform: Newton on r(u) = q b(u) - x with the Jacobian F = q B(u),
//   u -= F^-1 r, until |r| <= tol; singular F or maxIter steps: SolverFailure.
// subdivideBoundary: each edge in perEdge equal pieces, each original vertex
//   first (perEdge < 1: UsageError).
// Every test that builds a body needs subdivideBoundary (its boundary).
//
// Symbols: q (Eigen::Matrix2Xd, 2 x n), x, guess -> u (Eigen::Vector2d);
//   poly (std::vector<Eigen::Vector2d>, k) -> k perEdge points
// Tests: Ch11Geometry.InverseMap*,
//   Ch11Geometry.Subdivided* (tests/11_flexible_bodies_test_contact.cpp)
//   build/bin/ch11_tests --gtest_filter='Ch11Geometry.InverseMap*:Ch11Geometry.Subdivided*'
#include "pbm/core/exercise.h"
#include "pbm/flexible/flexible.h"

namespace pbm {

Eigen::Vector2d flexInverseDeform(DeformKind /*kind*/, const Eigen::Matrix2Xd& /*q*/,
                                  const Eigen::Vector2d& /*x*/, Eigen::Vector2d /*guess*/,
                                  int /*maxIter*/, double /*tol*/) {
  PBM_TODO("flexInverseDeform",
           "Baraff & Witkin 1992 §6: Newton u <- u - F(u)^-1 (q b(u) - x), F = q B(u), until "
           "|q b(u) - x| <= tol; SolverFailure when F is singular or it does not converge");
}

std::vector<Eigen::Vector2d> subdivideBoundary(const std::vector<Eigen::Vector2d>& /*poly*/,
                                               int /*perEdge*/) {
  PBM_TODO("subdivideBoundary",
           "Baraff & Witkin 1992 §6: vertex i, then i + (i+1 - i) k/perEdge for k = 1..perEdge-1");
}

}  // namespace pbm
