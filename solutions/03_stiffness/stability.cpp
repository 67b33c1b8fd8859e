// The stability function R(z) of each method (Implicit Methods §2-3, slide
// "One Step: Implicit vs. Explicit"). On the test equation y' = lambda y a step
// of size h multiplies y by R(z) with z = h lambda, so the step is stable where
// |R(z)| <= 1. Eq. (2-1) is two such equations, lambda = -1 and lambda = -k.
#include "pbm/stiffness/stability.h"

#include <stdexcept>

namespace pbm {

std::complex<double> stabilityFunction(Scheme s, std::complex<double> z) {
  switch (s) {
    case Scheme::Euler:  // y1 = y0 + h lambda y0
      return 1.0 + z;
    case Scheme::Midpoint:  // y1 = y0 + h lambda (y0 + (h/2) lambda y0)
      return 1.0 + z + z * z / 2.0;
    case Scheme::RK4:  // the Taylor series of e^z to fourth order, in Horner form
      return 1.0 + z * (1.0 + z / 2.0 * (1.0 + z / 3.0 * (1.0 + z / 4.0)));
    case Scheme::ImplicitEuler:  // y1 = y0 + h lambda y1  =>  y1 = y0 / (1 - h lambda)
      return 1.0 / (1.0 - z);
  }
  throw std::invalid_argument("stabilityFunction: unknown Scheme");
}

}  // namespace pbm
