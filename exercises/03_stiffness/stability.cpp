// Exercise 03 · stabilityFunction (IM §2-3)
//
// The stability function R(z) of each method. On the test equation y' = lambda y,
// one step of size h multiplies y by a factor R(z) that depends only on
// z = h lambda. Work it out for each method by taking one step of y' = lambda y
// by hand (e.g. Euler: y1 = y0 + h lambda y0), then return it. The method is
// stable for that step where |R(z)| <= 1.
//
// Symbols: s (Scheme), z = h lambda (std::complex<double>) -> R(z) (std::complex<double>)
// Tests: Ch03Stability.*, Ch03StiffExample.ExplicitEuler*, Ch03StiffExample.LargestK*,
//   Ch03OneStep.*, Ch03Penalty.ImplicitReaches*, Ch03Cost.*, Ch03Headless.StiffSpringExplicit*,
//   Ch03EnergyRule.SpringChainUnderMidpoint* (tests/03_stiffness_test.cpp,
//   tests/03_stiffness_test_headless.cpp, tests/03_stiffness_test_second_order.cpp)
//   build/bin/ch03_tests --gtest_filter='Ch03Stability.*:Ch03StiffExample.ExplicitEuler*:Ch03StiffExample.LargestK*:Ch03OneStep.*:Ch03Penalty.ImplicitReaches*:Ch03Cost.*:Ch03Headless.StiffSpringExplicit*:Ch03EnergyRule.SpringChainUnderMidpoint*'
#include "pbm/stiffness/stability.h"

#include "pbm/core/exercise.h"

namespace pbm {

std::complex<double> stabilityFunction(Scheme /*s*/, std::complex<double> /*z*/) {
  PBM_TODO("stabilityFunction",
           "IM §2-3: one step of y' = lambda y; Euler 1 + z, midpoint 1 + z + z^2/2, RK4 the "
           "series of e^z to z^4/24, implicit Euler 1 / (1 - z), with z = h lambda");
}

}  // namespace pbm
