// Exercise 09 · findCollisionTime (RBII §6, figures 13-14)
//
// The collision time by bisection.
// findCollisionTime: gapAfter(tau) re-simulates from the step's start and
//   returns the smallest separation; gap(0) is legal and never asked for.
//   First gapAfter(dt): unless it is < -tol there is nothing to bracket:
//   throw SolverFailure. Then bisect [lo, hi] = [0, dt]: a trial with
//   |gap| <= tol is t_c (return it); gap > tol moves lo, gap < -tol moves hi.
//   Give up with SolverFailure after 200 halvings. *evals (when given)
//   receives the number of gapAfter calls.
// Ch09Ball.* runs it with collision_loop.cpp.
//
// Symbols: gapAfter (std::function<double(double)>), dt, tol (double), evals (int*, may be null)
//   -> t_c (double, in (0, dt])
// Tests: Ch09Bisection.*, Ch09Ball.* (tests/09_impulses_test_time.cpp)
//   build/bin/ch09_tests --gtest_filter='Ch09Bisection.*:Ch09Ball.*'
#include "pbm/core/exercise.h"
#include "pbm/impulse/impulse.h"

namespace pbm {

double findCollisionTime(const std::function<double(double)>& /*gapAfter*/, double /*dt*/,
                         double /*tol*/, int* /*evals*/) {
  PBM_TODO("findCollisionTime",
           "RBII §6: check gap(dt) < -tol, then halve [0, dt] until -tol <= gap <= tol");
}

}  // namespace pbm
