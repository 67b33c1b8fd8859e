// Reference: the collision time by bisection (RBII §6, figures 13-14).
#include <string>

#include "pbm/core/errors.h"
#include "pbm/impulse/impulse.h"

namespace pbm {

double findCollisionTime(const std::function<double(double)>& gapAfter, double dt, double tol,
                         int* evals) {
  int n = 0;
  auto gap = [&](double tau) {
    ++n;
    if (evals) *evals = n;
    return gapAfter(tau);
  };
  if (evals) *evals = 0;
  const double gEnd = gap(dt);
  if (!(gEnd < -tol))
    throw SolverFailure("findCollisionTime: the step of " + std::to_string(dt) + " s ends at gap " +
                        std::to_string(gEnd) + ", not below -tol: no collision to bracket");
  double lo = 0.0, hi = dt;  // gap(lo) legal (>= -tol), gap(hi) < -tol
  for (int halvings = 0; halvings < 200; ++halvings) {
    const double tau = 0.5 * (lo + hi);
    const double g = gap(tau);
    if (g > tol)
      lo = tau;  // still apart: t_c is later
    else if (g < -tol)
      hi = tau;  // interpenetrating: t_c is earlier
    else
      return tau;  // within the detector's tolerance: contact (figure 14)
  }
  throw SolverFailure("findCollisionTime: no time with |gap| <= " + std::to_string(tol) +
                      " after 200 halvings of [0, " + std::to_string(dt) + "]");
}

}  // namespace pbm
