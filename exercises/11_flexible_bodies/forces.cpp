// Exercise 11 · flexPointForce, flexGravity (Baraff & Witkin 1992 §3)
//
// Generalized forces.
// flexPointForce: Q = f b(u)^T, so that tr(Q q'^T) = f . x'(u).
// flexGravity: integral rho g b^T dV = g (M e_0)^T.
//
// Symbols: u, f, g (Eigen::Vector2d), M (Eigen::MatrixXd, n x n) -> Q (Eigen::Matrix2Xd, 2 x n)
// Tests: Ch11Forces.*,
//   Ch11Dynamics.GravityMovesEveryPointLikeAParticle (tests/11_flexible_bodies_test_dynamics.cpp,
//   tests/11_flexible_bodies_test_elastic.cpp)
//   build/bin/ch11_tests --gtest_filter='Ch11Forces.*:Ch11Dynamics.GravityMovesEveryPointLikeAParticle'
#include "pbm/core/exercise.h"
#include "pbm/flexible/flexible.h"

namespace pbm {

Eigen::Matrix2Xd flexPointForce(DeformKind /*kind*/, const Eigen::Vector2d& /*u*/,
                                const Eigen::Vector2d& /*f*/) {
  PBM_TODO("flexPointForce", "Baraff & Witkin 1992 §3: Q = f b(u)^T (an outer product)");
}

Eigen::Matrix2Xd flexGravity(const Eigen::MatrixXd& /*M*/, const Eigen::Vector2d& /*g*/) {
  PBM_TODO("flexGravity", "Baraff & Witkin 1992 §3: Q = integral rho g b^T = g (M e_0)^T");
}

}  // namespace pbm
