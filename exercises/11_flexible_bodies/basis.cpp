// Exercise 11 · flexBasisSize, flexBasis, flexBasisGradient, flexDeform, flexRestState
//   (Baraff & Witkin 1992 §3)
//
// The basis and the map.
// flexBasisSize: 3 affine, 6 quadratic.
// flexBasis: b(u) = (1, x, y) or (1, x, y, x^2, xy, y^2), constant first (our order).
// flexBasisGradient: B = db/du, n x 2 (column 0 d/dx, column 1 d/dy).
// flexDeform: x = q b(u).  flexRestState: the q of x = u.
// Every Ch11 test needs the basis; these check it first.
//
// Symbols: u, x (Eigen::Vector2d), b (Eigen::VectorXd, n = 3 or 6), B (Eigen::MatrixX2d, n x 2),
//   q (Eigen::Matrix2Xd, 2 x n)
// Tests: Ch11Basis.*, Ch11Geometry.AffineKeepsLinesStraightQuadraticBends, Ch11Mass.TwoByTwoGauss*,
//   Ch11Elastic.EnergyAndForceAreRigidInvariant,
//   Ch11Spectrum.Rk4* (tests/11_flexible_bodies_test.cpp,
//   tests/11_flexible_bodies_test_contact.cpp, tests/11_flexible_bodies_test_dynamics.cpp,
//   tests/11_flexible_bodies_test_elastic.cpp)
//   build/bin/ch11_tests --gtest_filter='Ch11Basis.*:Ch11Geometry.AffineKeepsLinesStraightQuadraticBends:Ch11Mass.TwoByTwoGauss*:Ch11Elastic.EnergyAndForceAreRigidInvariant:Ch11Spectrum.Rk4*'
#include "pbm/core/exercise.h"
#include "pbm/flexible/flexible.h"

namespace pbm {

int flexBasisSize(DeformKind /*kind*/) {
  PBM_TODO("flexBasisSize",
           "Baraff & Witkin 1992 §3: 3 functions (1, x, y) or 6 (1, x, y, x^2, xy, y^2)");
}

Eigen::VectorXd flexBasis(DeformKind /*kind*/, const Eigen::Vector2d& /*u*/) {
  PBM_TODO("flexBasis", "Baraff & Witkin 1992 §3: b(u) = (1, x, y) or (1, x, y, x^2, xy, y^2)");
}

Eigen::MatrixX2d flexBasisGradient(DeformKind /*kind*/, const Eigen::Vector2d& /*u*/) {
  PBM_TODO("flexBasisGradient",
           "Baraff & Witkin 1992 §3: row i is (d b_i/dx, d b_i/dy); x^2 -> (2x, 0), xy -> (y, x)");
}

Eigen::Vector2d flexDeform(const Eigen::Matrix2Xd& /*q*/, DeformKind /*kind*/,
                           const Eigen::Vector2d& /*u*/) {
  PBM_TODO("flexDeform", "Baraff & Witkin 1992 §3: x = q b(u)");
}

Eigen::Matrix2Xd flexRestState(DeformKind /*kind*/) {
  PBM_TODO(
      "flexRestState",
      "Baraff & Witkin 1992 §3: x = u, so the x and y columns are the unit vectors, the rest 0");
}

}  // namespace pbm
