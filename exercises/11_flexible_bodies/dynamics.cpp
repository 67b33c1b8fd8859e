// Exercise: the least-constraint dynamics q'' M = Q (Baraff & Witkin 1992 §2-§3).
// flexAcceleration: q'' = Q M^-1 with the body's Cholesky factor body.L
//   (M symmetric: solve M q''^T = Q^T).
// Tests: Ch11Dynamics.*, Ch11Spectrum.DilationPeriodMatchesTheEigenvalue.
#include "pbm/core/exercise.h"
#include "pbm/flexible/flex_body.h"

namespace pbm {

Eigen::Matrix2Xd flexAcceleration(const FlexBody& /*body*/, const Eigen::Matrix2Xd& /*Q*/) {
  PBM_TODO("flexAcceleration",
           "Baraff & Witkin 1992 §3: q'' M = Q, so q''^T = M^-1 Q^T: body.L.solve(Q.transpose())");
}

}  // namespace pbm
