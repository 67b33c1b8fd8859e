// Reference: resting contact, phase 2 (Baraff & Witkin 1992 §5): Baraff's
// contact-force LCP unchanged, with the rigid body's point response replaced
// by the flexible body's kernel K(u, v) = b(u)^T M^-1 b(v). A contact is a
// material point, so there is no velocity-product term in b: x = q b(u) is
// linear in q and b(u) does not move.
#include "pbm/flexible/flex_body.h"

namespace pbm {

Eigen::MatrixXd flexContactMatrix(const FlexBody& body, const std::vector<FlexContact>& contacts) {
  const int m = static_cast<int>(contacts.size());
  std::vector<Eigen::VectorXd> b(m), Minvb(m);
  for (int i = 0; i < m; ++i) {
    b[i] = flexBasis(body.kind, contacts[i].u);
    Minvb[i] = body.L.solve(b[i]);
  }
  Eigen::MatrixXd A(m, m);
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < m; ++j) A(i, j) = contacts[i].n.dot(contacts[j].n) * b[i].dot(Minvb[j]);
  return A;
}

Eigen::VectorXd flexContactBVector(const FlexBody& body, const std::vector<FlexContact>& contacts,
                                   const Eigen::Matrix2Xd& qddFree) {
  Eigen::VectorXd b(contacts.size());
  for (size_t i = 0; i < contacts.size(); ++i)
    b(i) = contacts[i].n.dot(qddFree * flexBasis(body.kind, contacts[i].u));
  return b;
}

Eigen::Matrix2Xd flexContactForce(const FlexBody& body, const std::vector<FlexContact>& contacts,
                                  const Eigen::VectorXd& f) {
  Eigen::Matrix2Xd Q = Eigen::Matrix2Xd::Zero(2, body.n());
  for (size_t i = 0; i < contacts.size(); ++i)
    Q += (f(i) * contacts[i].n) * flexBasis(body.kind, contacts[i].u).transpose();
  return Q;
}

}  // namespace pbm
