// Reference: quaternion_to_matrix and matrix_to_quaternion (RBI §4), by hand.
// q = [s, (x, y, z)] is Eigen's (w, x, y, z).
#include <cmath>

#include "pbm/rigid/rigid.h"

namespace pbm {

Eigen::Matrix3d quaternionToMatrix(const Eigen::Quaterniond& q) {
  const double s = q.w(), x = q.x(), y = q.y(), z = q.z();
  Eigen::Matrix3d R;
  R << 1 - 2 * y * y - 2 * z * z, 2 * x * y - 2 * s * z, 2 * x * z + 2 * s * y,  //
      2 * x * y + 2 * s * z, 1 - 2 * x * x - 2 * z * z, 2 * y * z - 2 * s * x,   //
      2 * x * z - 2 * s * y, 2 * y * z + 2 * s * x, 1 - 2 * x * x - 2 * y * y;
  return R;
}

Eigen::Quaterniond matrixToQuaternion(const Eigen::Matrix3d& m) {
  // The notes' m[i,j] is m(i, j): row i, column j (RBI §4).
  double r = 0, i = 0, j = 0, k = 0;
  const double tr = m(0, 0) + m(1, 1) + m(2, 2);
  if (tr >= 0) {
    double s = std::sqrt(tr + 1);
    r = 0.5 * s;
    s = 0.5 / s;
    i = (m(2, 1) - m(1, 2)) * s;
    j = (m(0, 2) - m(2, 0)) * s;
    k = (m(1, 0) - m(0, 1)) * s;
  } else {
    // The largest diagonal entry keeps the square root away from 0.
    int n = 0;
    if (m(1, 1) > m(0, 0)) n = 1;
    if (m(2, 2) > m(n, n)) n = 2;
    double s = 0;
    switch (n) {
      case 0:
        s = std::sqrt((m(0, 0) - (m(1, 1) + m(2, 2))) + 1);
        i = 0.5 * s;
        s = 0.5 / s;
        j = (m(0, 1) + m(1, 0)) * s;
        k = (m(2, 0) + m(0, 2)) * s;
        r = (m(2, 1) - m(1, 2)) * s;
        break;
      case 1:
        s = std::sqrt((m(1, 1) - (m(2, 2) + m(0, 0))) + 1);
        j = 0.5 * s;
        s = 0.5 / s;
        k = (m(1, 2) + m(2, 1)) * s;
        i = (m(0, 1) + m(1, 0)) * s;
        r = (m(0, 2) - m(2, 0)) * s;
        break;
      default:
        s = std::sqrt((m(2, 2) - (m(0, 0) + m(1, 1))) + 1);
        k = 0.5 * s;
        s = 0.5 / s;
        i = (m(2, 0) + m(0, 2)) * s;
        j = (m(1, 2) + m(2, 1)) * s;
        r = (m(1, 0) - m(0, 1)) * s;
        break;
    }
  }
  return Eigen::Quaterniond(r, i, j, k);
}

}  // namespace pbm
