// Chapter 09 library code: the notes' faster alternative to bisection (RBII
// §6, "predict t_c"): regula falsi with the Illinois modification on the
// bracket, so every trial stays inside [lo, hi] and the bracket never stalls
// at one end. Benchmark only; the tests and the world use bisection.
#include <cmath>
#include <string>

#include "pbm/core/errors.h"
#include "pbm/impulse/collision_world.h"

namespace pbm {

double findCollisionTimeSecant(const std::function<double(double)>& gapAfter, double dt, double tol,
                               int* evals) {
  int n = 0;
  auto gap = [&](double tau) {
    ++n;
    if (evals) *evals = n;
    return gapAfter(tau);
  };
  if (evals) *evals = 0;
  double b = dt, fb = gap(dt);
  if (!(fb < -tol))
    throw SolverFailure("findCollisionTimeSecant: the step of " + std::to_string(dt) +
                        " s ends at gap " + std::to_string(fb) + ", not below -tol");
  // The secant needs the start's gap (bisection never does): one more call.
  double a = 0.0, fa = gap(0.0);
  int side = 0;  // which end the last trial replaced: -1 a, +1 b
  for (int it = 0; it < 200; ++it) {
    double c;
    if (fa > tol) {
      c = (a * fb - b * fa) / (fb - fa);         // where the chord crosses 0
      if (!(c > a && c < b)) c = 0.5 * (a + b);  // safeguard: stay inside
    } else {
      c = 0.5 * (a + b);  // the start itself is in the band: no chord, bisect
    }
    const double fc = gap(c);
    if (std::abs(fc) <= tol) return c;
    if (fc > tol) {
      a = c, fa = fc;
      if (side == -1) fb *= 0.5;  // Illinois: a kept end's weight halves
      side = -1;
    } else {
      b = c, fb = fc;
      if (side == +1) fa *= 0.5;
      side = +1;
    }
  }
  throw SolverFailure("findCollisionTimeSecant: no time with |gap| <= " + std::to_string(tol) +
                      " after 200 trials");
}

}  // namespace pbm
