// Reference: the cross-product matrix a* (RBI §2.3 (2-9)), so that a* b = a x b.
#include "pbm/rigid/rigid.h"

namespace pbm {

Eigen::Matrix3d star(const Eigen::Vector3d& a) {
  Eigen::Matrix3d m;
  m << 0.0, -a.z(), a.y(),  //
      a.z(), 0.0, -a.x(),   //
      -a.y(), a.x(), 0.0;
  return m;
}

}  // namespace pbm
