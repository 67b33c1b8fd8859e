// Exercise 11 · flexMassMatrixRect, flexMassMatrixPolygon, flexMassMatrixMonteCarlo
//   (Baraff & Witkin 1992 §3)
//
// The mass matrix M = integral rho b b^T dV.
// flexMassMatrixRect: centred rectangle, closed form from the moments
//   <x^2> = L^2/12, <x^4> = L^4/80, <x^2 y^2> = L^2 H^2/144 (per unit mass).
// flexMassMatrixPolygon: a fan of triangles from vertex 0, each by the
//   collapsed Gauss rule u = a + s e1 + s r e2, dA = s det(e1, e2) ds dr, 3 x 3 points.
// flexMassMatrixMonteCarlo: (rho V / N) sum b b^T over N uniform points inside.
// Every test that builds a body needs them (makeFlexRect uses
// flexMassMatrixRect, makeFlexPolygon flexMassMatrixPolygon).
//
// Symbols: poly (std::vector<Eigen::Vector2d>), width, height, rho (double)
//   -> M (Eigen::MatrixXd, n x n, n = 3 or 6)
// Tests: Ch11Mass.* (tests/11_flexible_bodies_test.cpp)
//   build/bin/ch11_tests --gtest_filter='Ch11Mass.*'
#include "pbm/core/exercise.h"
#include "pbm/flexible/flexible.h"

namespace pbm {

Eigen::MatrixXd flexMassMatrixRect(DeformKind /*kind*/, double /*width*/, double /*height*/,
                                   double /*rho*/) {
  PBM_TODO("flexMassMatrixRect",
           "Baraff & Witkin 1992 §3: M_ij = m <b_i b_j>; affine m diag(1, L^2/12, H^2/12); "
           "quadratic adds <x^2> = L^2/12 couplings to 1, <x^4> = L^4/80, <x^2 y^2> = L^2 H^2/144");
}

Eigen::MatrixXd flexMassMatrixPolygon(DeformKind /*kind*/,
                                      const std::vector<Eigen::Vector2d>& /*poly*/,
                                      double /*rho*/) {
  PBM_TODO("flexMassMatrixPolygon",
           "Baraff & Witkin 1992 §3: sum over the fan's triangles of rho b b^T by the collapsed "
           "3 x 3 Gauss rule (weight w_i w_j s det / 4 at s = (x_i + 1)/2, r = (x_j + 1)/2)");
}

Eigen::MatrixXd flexMassMatrixMonteCarlo(DeformKind /*kind*/,
                                         const std::vector<Eigen::Vector2d>& /*poly*/,
                                         double /*rho*/, int /*samples*/,
                                         std::mt19937_64& /*rng*/) {
  PBM_TODO("flexMassMatrixMonteCarlo",
           "Baraff & Witkin 1992 §3: rejection-sample N points in the polygon's bounding box, "
           "M = (rho V / N) sum b b^T; fewer samples than basis functions: UsageError");
}

}  // namespace pbm
