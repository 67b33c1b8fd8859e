// Exercise: the cross-product matrix a* (RBI §2.3 (2-9)): the 3 x 3 matrix
// with a* b = a x b for every b. Its diagonal is 0 and it is antisymmetric.
// Tests: Ch07Star.*
#include "pbm/core/exercise.h"
#include "pbm/rigid/rigid.h"

namespace pbm {

Eigen::Matrix3d star(const Eigen::Vector3d& /*a*/) {
  PBM_TODO("star", "RBI §2.3 (2-9): rows (0, -az, ay), (az, 0, -ax), (-ay, ax, 0)");
}

}  // namespace pbm
