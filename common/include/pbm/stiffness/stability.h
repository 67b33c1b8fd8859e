// Chapter 03 student function: the stability function R(z) of each method
// (Implicit Methods §2-3). On the test equation y' = lambda y one step of size h
// multiplies y by R(h lambda); a method is stable for that step where |R| <= 1.
#pragma once

#include <complex>
#include <string>

namespace pbm {

enum class Scheme { Euler, Midpoint, RK4, ImplicitEuler };

// Euler 1 + z; midpoint 1 + z + z^2/2; RK4 sum_{j<=4} z^j/j!; implicit Euler 1/(1 - z).
std::complex<double> stabilityFunction(Scheme s, std::complex<double> z);

}  // namespace pbm
