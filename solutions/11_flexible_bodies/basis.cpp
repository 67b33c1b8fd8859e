// Reference: the basis and the map (Baraff & Witkin 1992 §3). Our order:
// constant first, then the affine terms, then the quadratic ones.
#include "pbm/flexible/flexible.h"

namespace pbm {

int flexBasisSize(DeformKind kind) {
  return kind == DeformKind::Affine ? 3 : 6;
}

Eigen::VectorXd flexBasis(DeformKind kind, const Eigen::Vector2d& u) {
  const double x = u.x(), y = u.y();
  Eigen::VectorXd b(flexBasisSize(kind));
  if (kind == DeformKind::Affine)
    b << 1.0, x, y;
  else
    b << 1.0, x, y, x * x, x * y, y * y;
  return b;
}

Eigen::MatrixX2d flexBasisGradient(DeformKind kind, const Eigen::Vector2d& u) {
  const double x = u.x(), y = u.y();
  Eigen::MatrixX2d B = Eigen::MatrixX2d::Zero(flexBasisSize(kind), 2);
  B(1, 0) = 1.0;  // d x / dx
  B(2, 1) = 1.0;  // d y / dy
  if (kind == DeformKind::Quadratic) {
    B(3, 0) = 2.0 * x;  // x^2
    B(4, 0) = y;        // xy
    B(4, 1) = x;
    B(5, 1) = 2.0 * y;  // y^2
  }
  return B;
}

Eigen::Vector2d flexDeform(const Eigen::Matrix2Xd& q, DeformKind kind, const Eigen::Vector2d& u) {
  return q * flexBasis(kind, u);
}

Eigen::Matrix2Xd flexRestState(DeformKind kind) {
  // x = u: the columns of the affine terms are the unit vectors.
  Eigen::Matrix2Xd q = Eigen::Matrix2Xd::Zero(2, flexBasisSize(kind));
  q(0, 1) = 1.0;
  q(1, 2) = 1.0;
  return q;
}

}  // namespace pbm
