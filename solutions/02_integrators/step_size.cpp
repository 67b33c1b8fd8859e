// The step-size rule (DEB §3): the error of a step of order-p method grows as
// h^(p+1), so the step that would just meet the tolerance is
//   h' = h (tol / e)^(1/(p+1))
// (exponent 1/2 for Euler, as in the notes' 100h and 0.316h examples).
#include <algorithm>
#include <cmath>

#include "pbm/integrators/adaptive.h"

namespace pbm {

double proposeStepSize(double h, double error, double tol, int order, double safety, double maxGrow,
                       double maxShrink) {
  // e = 0: the method is exact here (a constant or linear-in-t field), so the
  // rule says "any h"; grow by the clamp instead of dividing by zero.
  if (error <= 0) return h * maxGrow;
  const double factor = std::pow(safety * tol / error, 1.0 / (order + 1));
  return h * std::clamp(factor, maxShrink, maxGrow);
}

}  // namespace pbm
