// Reference: generalized forces (Baraff & Witkin 1992 §3).
#include "pbm/flexible/flexible.h"

namespace pbm {

Eigen::Matrix2Xd flexPointForce(DeformKind kind, const Eigen::Vector2d& u,
                                const Eigen::Vector2d& f) {
  // Q = J^T f with J = b(u)^T kron I: the outer product f b(u)^T.
  return f * flexBasis(kind, u).transpose();
}

Eigen::Matrix2Xd flexGravity(const Eigen::MatrixXd& M, const Eigen::Vector2d& g) {
  // integral rho g b^T = g (M e_0)^T, since b_0 = 1.
  return g * M.col(0).transpose();
}

}  // namespace pbm
