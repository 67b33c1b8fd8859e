// Exercise 11 · flexResponse, flexCollisionImpulse, flexCollisionImpulses (Baraff & Witkin 1992 §5)
//
// Colliding contact, phase 1.
// flexResponse: K(u, v) = b(u)^T M^-1 b(v).
// flexCollisionImpulse: v- = n . q' b(u); approaching (v- < 0): j = -v-/K(u, u),
//   q' += j n (M^-1 b(u))^T; else 0 and q' unchanged. No restitution: the
//   rebound comes from the elastic phase.
// flexCollisionImpulses: several contacts at once, the impulse LCP
//   v+ = A j + v- >= 0, j >= 0, j . v+ = 0 with A = flexContactMatrix and b the
//   normal velocities v-, by chapter 10's solveLcpDantzig (pbm/resting/lcp.h);
//   q' += sum_i j_i n_i (M^-1 b(u_i))^T; none approaching: zeros, q' unchanged;
//   an LCP failure (!ok): SolverFailure.
//
// Symbols: u, v, n (Eigen::Vector2d), q' (Eigen::Matrix2Xd, 2 x n, updated in place)
//   -> K, j (double); j (Eigen::VectorXd, one per contact)
// Tests: Ch11Collision.*, Ch11Poke.*,
//   Ch11Contact.*Impulse* (tests/11_flexible_bodies_test_contact.cpp,
//   tests/11_flexible_bodies_test_poke.cpp, tests/11_flexible_bodies_test_resting.cpp)
//   build/bin/ch11_tests --gtest_filter='Ch11Collision.*:Ch11Poke.*:Ch11Contact.*Impulse*'
#include "pbm/core/exercise.h"
#include "pbm/flexible/flex_body.h"
#include "pbm/resting/lcp.h"

namespace pbm {

double flexResponse(const FlexBody& /*body*/, const Eigen::Vector2d& /*u*/,
                    const Eigen::Vector2d& /*v*/) {
  PBM_TODO("flexResponse", "Baraff & Witkin 1992 §5: K(u, v) = b(u)^T M^-1 b(v) (body.L.solve)");
}

double flexCollisionImpulse(const FlexBody& /*body*/, Eigen::Matrix2Xd& /*qdot*/,
                            const Eigen::Vector2d& /*u*/, const Eigen::Vector2d& /*n*/) {
  PBM_TODO("flexCollisionImpulse",
           "Baraff & Witkin 1992 §5: j = -v-/K(u,u) only when v- = n . q' b(u) < 0; "
           "q' += j n (M^-1 b(u))^T; return j");
}

Eigen::VectorXd flexCollisionImpulses(const FlexBody& /*body*/, Eigen::Matrix2Xd& /*qdot*/,
                                      const std::vector<FlexContact>& /*contacts*/) {
  PBM_TODO("flexCollisionImpulses",
           "Baraff & Witkin 1992 §5: solveLcpDantzig(flexContactMatrix, v-) for the impulses j; "
           "q' += sum_i j_i n_i (M^-1 b(u_i))^T; return j");
}

}  // namespace pbm
