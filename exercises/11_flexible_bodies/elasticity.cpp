// Exercise 11 · stvkDensity, stvkPiola, flexStrainEnergy, flexElasticForce, flexDampingForce
//   (Baraff & Witkin 1992 §4)
//
// Internal forces from the metric tensor. Our energy (the paper's formula is not
// kept): St Venant-Kirchhoff,
//   E = (F^T F - I)/2, W = mu |E|^2 + lambda/2 (tr E)^2, P = F (2 mu E + lambda tr E I).
// flexStrainEnergy: sum_k w_k W(q B_k) over body.quadW, body.quadGrad.
// flexElasticForce: -sum_k w_k P(q B_k) B_k^T.
// flexDampingForce: F' = q' B, E' = (F'^T F + F^T F')/2, -sum_k w_k 2 nu F E' B^T.
// Every dynamics test with stiffness runs them too.
//
// Symbols: F, E, P (Eigen::Matrix2d), q, q' (Eigen::Matrix2Xd, 2 x n), B_k (n x 2) -> W,
//   energy (double), forces (Eigen::Matrix2Xd, 2 x n)
// Tests: Ch11Elastic.* (tests/11_flexible_bodies_test_elastic.cpp)
//   build/bin/ch11_tests --gtest_filter='Ch11Elastic.*'
#include "pbm/core/exercise.h"
#include "pbm/flexible/flex_body.h"

namespace pbm {

double stvkDensity(const Eigen::Matrix2d& /*F*/, double /*mu*/, double /*lambda*/) {
  PBM_TODO(
      "stvkDensity",
      "Baraff & Witkin 1992 §4 (our StVK): E = (F^T F - I)/2, W = mu |E|^2 + lambda/2 (tr E)^2");
}

Eigen::Matrix2d stvkPiola(const Eigen::Matrix2d& /*F*/, double /*mu*/, double /*lambda*/) {
  PBM_TODO("stvkPiola",
           "Baraff & Witkin 1992 §4 (our StVK): P = dW/dF = F (2 mu E + lambda tr(E) I)");
}

double flexStrainEnergy(const FlexBody& /*body*/, const Eigen::Matrix2Xd& /*q*/) {
  PBM_TODO("flexStrainEnergy",
           "Baraff & Witkin 1992 §4: sum over the body's quadrature points of w_k W(q B_k), "
           "with the body's material mu, lambda");
}

Eigen::Matrix2Xd flexElasticForce(const FlexBody& /*body*/, const Eigen::Matrix2Xd& /*q*/) {
  PBM_TODO("flexElasticForce",
           "Baraff & Witkin 1992 §4: Q_el = -dE/dq = -sum_k w_k P(q B_k) B_k^T (chain rule via F = "
           "q B)");
}

Eigen::Matrix2Xd flexDampingForce(const FlexBody& /*body*/, const Eigen::Matrix2Xd& /*q*/,
                                  const Eigen::Matrix2Xd& /*qdot*/) {
  PBM_TODO("flexDampingForce",
           "Baraff & Witkin 1992 §4: F' = q' B, E' = (F'^T F + F^T F')/2, "
           "Q = -sum_k w_k 2 nu F E' B^T (rigid motion has E' = 0)");
}

}  // namespace pbm
