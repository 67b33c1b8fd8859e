// Exercise (chapter 05): the geometric interpretation (Constrained Dynamics
// §2.3, eq 8): at rest, f + f^ is the orthogonal projection of f onto the
// wire's tangent. Checked by Ch05Bead.RestingForceIsTheTangentProjection.
#include "pbm/bead/bead.h"
#include "pbm/core/exercise.h"

namespace pbm {

Eigen::Vector2d projectOntoTangent(const Eigen::Vector2d& /*f*/,
                                   const Eigen::Vector2d& /*normal*/) {
  PBM_TODO("projectOntoTangent",
           "CD §2.3 eq (8): f - (f . n) n / (n . n), n need not be unit length");
}

}  // namespace pbm
