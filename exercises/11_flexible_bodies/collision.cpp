// Exercise: colliding contact, phase 1 (Baraff & Witkin 1992 §5).
// flexResponse: K(u, v) = b(u)^T M^-1 b(v).
// flexCollisionImpulse: v- = n . q' b(u); approaching (v- < 0): j = -v-/K(u, u),
//   q' += j n (M^-1 b(u))^T; else 0 and q' unchanged. No restitution: the
//   rebound comes from the elastic phase.
// (flexCollisionImpulses joins this file with chapter 10's LCP.)
// Tests: Ch11Collision.*.
#include "pbm/core/exercise.h"
#include "pbm/flexible/flex_body.h"

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

}  // namespace pbm
