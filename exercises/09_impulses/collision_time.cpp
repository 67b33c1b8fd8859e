// Exercise: the collision time by bisection (RBII §6, figures 13-14).
// findCollisionTime: gapAfter(tau) re-simulates from the step's start and
//   returns the smallest separation; gap(0) is legal and never asked for.
//   First gapAfter(dt): unless it is < -tol there is nothing to bracket:
//   throw SolverFailure. Then bisect [lo, hi] = [0, dt]: a trial with
//   |gap| <= tol is t_c (return it); gap > tol moves lo, gap < -tol moves hi.
//   Give up with SolverFailure after 200 halvings. *evals (when given)
//   receives the number of gapAfter calls.
// Tests: Ch09Bisection.*, then Ch09Ball.*
#include "pbm/core/exercise.h"
#include "pbm/impulse/impulse.h"

namespace pbm {

double findCollisionTime(const std::function<double(double)>& /*gapAfter*/, double /*dt*/,
                         double /*tol*/, int* /*evals*/) {
  PBM_TODO("findCollisionTime",
           "RBII §6: check gap(dt) < -tol, then halve [0, dt] until -tol <= gap <= tol");
}

}  // namespace pbm
