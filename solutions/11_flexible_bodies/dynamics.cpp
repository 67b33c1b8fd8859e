// Reference: the least-constraint dynamics q'' M = Q (Baraff & Witkin 1992
// §2-§3), M constant, so factored once.
#include "pbm/flexible/flex_body.h"

namespace pbm {

Eigen::Matrix2Xd flexAcceleration(const FlexBody& body, const Eigen::Matrix2Xd& Q) {
  // q'' M = Q  <=>  M q''^T = Q^T (M symmetric).
  return body.L.solve(Q.transpose()).transpose();
}

}  // namespace pbm
