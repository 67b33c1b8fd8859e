// Exercise 11 · flexAcceleration (Baraff & Witkin 1992 §2-§3)
//
// The least-constraint dynamics q'' M = Q.
// flexAcceleration: q'' = Q M^-1 with the body's Cholesky factor body.L
//   (M symmetric: solve M q''^T = Q^T).
//
// Symbols: Q, q'' (Eigen::Matrix2Xd, 2 x n), M (n x n; body.L its Cholesky factor)
// Tests: Ch11Dynamics.*,
//   Ch11Spectrum.DilationPeriodMatchesTheEigenvalue (tests/11_flexible_bodies_test_dynamics.cpp)
//   build/bin/ch11_tests --gtest_filter='Ch11Dynamics.*:Ch11Spectrum.DilationPeriodMatchesTheEigenvalue'
#include "pbm/core/exercise.h"
#include "pbm/flexible/flex_body.h"

namespace pbm {

Eigen::Matrix2Xd flexAcceleration(const FlexBody& /*body*/, const Eigen::Matrix2Xd& /*Q*/) {
  PBM_TODO("flexAcceleration",
           "Baraff & Witkin 1992 §3: q'' M = Q, so q''^T = M^-1 Q^T: body.L.solve(Q.transpose())");
}

}  // namespace pbm
