// Exercise 11 · flexContactMatrix, flexContactBVector, flexContactForce (Baraff & Witkin 1992 §5)
//
// Resting contact, phase 2: Baraff's contact-force LCP with the flexible body's
// response kernel.
// flexContactMatrix: A_ij = (n_i . n_j) K(u_i, u_j), K(u, v) = b(u)^T M^-1 b(v).
// flexContactBVector: b_i = n_i . (qddFree b(u_i)) (no velocity term: the
//   contact is a fixed material point and x = q b(u) is linear in q).
// flexContactForce: Q = sum_i f_i n_i b(u_i)^T.
//
// Symbols: contacts (std::vector<FlexContact {u, n}>, m), qddFree (Eigen::Matrix2Xd, 2 x n), f (m)
//   -> A (Eigen::MatrixXd, m x m), b (m), Q (2 x n)
// Tests: Ch11Contact.ContactMatrix*, Ch11Contact.BVector*,
//   Ch11Contact.RestingForces* (tests/11_flexible_bodies_test_resting.cpp)
//   build/bin/ch11_tests --gtest_filter='Ch11Contact.ContactMatrix*:Ch11Contact.BVector*:Ch11Contact.RestingForces*'
#include "pbm/core/exercise.h"
#include "pbm/flexible/flex_body.h"

namespace pbm {

Eigen::MatrixXd flexContactMatrix(const FlexBody& /*body*/,
                                  const std::vector<FlexContact>& /*contacts*/) {
  PBM_TODO("flexContactMatrix",
           "Baraff & Witkin 1992 §5: A_ij = (n_i . n_j) b(u_i)^T M^-1 b(u_j) (body.L.solve)");
}

Eigen::VectorXd flexContactBVector(const FlexBody& /*body*/,
                                   const std::vector<FlexContact>& /*contacts*/,
                                   const Eigen::Matrix2Xd& /*qddFree*/) {
  PBM_TODO("flexContactBVector", "Baraff & Witkin 1992 §5: b_i = n_i . (qddFree b(u_i))");
}

Eigen::Matrix2Xd flexContactForce(const FlexBody& /*body*/,
                                  const std::vector<FlexContact>& /*contacts*/,
                                  const Eigen::VectorXd& /*f*/) {
  PBM_TODO("flexContactForce", "Baraff & Witkin 1992 §5: Q = sum_i f_i n_i b(u_i)^T");
}

}  // namespace pbm
