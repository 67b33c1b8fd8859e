// Exercise 04 · dampedSpringJacobian (IM §3-4; Baraff & Witkin 1998)
//
// The damped spring's Jacobians, so chapter 03's implicit step can run a
// particle system. Differentiate eq. (1), fa = -[ks (L - r) + kd (u . ldot)] u
// with l = xa - xb, L = |l|, u = l / L, ldot = va - vb, using
// du/dl = (I - u u^T) / L:
//   dfa/dxa = -ks [(1 - r/L)(I - u u^T) + u u^T] - (kd/L) [u ldot^T + (u.ldot)(I - 2 u u^T)]
//   dfa/dva = -kd u u^T
// Coincident endpoints: return zeros. Check yourself against central differences.
//
// Symbols: xa, xb, va, vb (Eigen::Vector2d), ks, kd, r (double)
//   -> SpringJacobian {dfa_dxa, dfa_dva} (Eigen::Matrix2d each)
// Tests: Ch04SpringJacobian.*, Ch04DampedSpring.Coincident*, Ch04Implicit.*, Ch04Cloth.Settled*,
//   Ch04Cloth.StiffCloth* (tests/04_mass_spring_test_implicit.cpp,
//   tests/04_mass_spring_test_springs.cpp)
//   build/bin/ch04_tests --gtest_filter='Ch04SpringJacobian.*:Ch04DampedSpring.Coincident*:Ch04Implicit.*:Ch04Cloth.Settled*:Ch04Cloth.StiffCloth*'
#include "pbm/particles/spring_jacobian.h"
#include "pbm/core/exercise.h"

namespace pbm {

SpringJacobian dampedSpringJacobian(const Eigen::Vector2d& /*xa*/, const Eigen::Vector2d& /*xb*/,
                                    const Eigen::Vector2d& /*va*/, const Eigen::Vector2d& /*vb*/,
                                    double /*ks*/, double /*kd*/, double /*rest*/) {
  PBM_TODO("dampedSpringJacobian",
           "IM §3: dfa/dxa = -ks[(1-r/L)(I-uu^T) + uu^T] - (kd/L)[u ldot^T + (u.ldot)(I-2uu^T)], "
           "dfa/dva = -kd uu^T");
}

}  // namespace pbm
