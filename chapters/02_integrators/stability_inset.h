// The stability regions |R(z)| <= 1 of Euler, midpoint and RK4 in the complex
// z = h lambda plane (IM §2): one step on
// y' = lambda y multiplies y by R(z), the method's truncated Taylor series of
// e^z. The rotation field's eigenvalues are +-i, so its z = +-ih lies on the
// imaginary axis: outside Euler's and midpoint's regions for every h > 0 (they
// spiral out), inside RK4's up to h = 2 sqrt 2 (it spirals in).
#pragma once

#include <complex>
#include <vector>

namespace ch02 {

// R(z) = sum_{j <= p} z^j / j! for a method of order p (RK4: p = 4), the
// explicit Runge-Kutta methods of chapter 02.
std::complex<double> amplification(int order, std::complex<double> z);

// Points on the boundary |R(z)| = 1: the roots of R(z) = e^{i theta} for
// `samples` angles theta (computed once per order 1..4 and cached).
const std::vector<std::complex<double>>& stabilityBoundary(int order);

// Draws the three boundaries into the panel as a square of
// `side` pixels (equal scales on both axes), with z = +-ih marked and a legend
// beside it.
void drawStabilityInset(double h, float side);

}  // namespace ch02
