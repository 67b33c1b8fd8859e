// Chapter 01 tests: the helpers the parts share (DEB §1, §2.1): a rotation
// matrix, and the Euler polygon of a field traced with the student's
// traceIntegralCurve under an evaluation budget (budget.h), checked for its
// length (steps + 1 vertices).
#pragma once

#include <gtest/gtest.h>

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <numbers>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "budget.h"
#include "expect_vec_near.h"
#include "pbm/app/headless.h"
#include "pbm/core/counting_system.h"
#include "pbm/core/errors.h"
#include "pbm/fields/euler.h"
#include "pbm/fields/field_point.h"
#include "pbm/fields/fields.h"
#include "scenes.h"
#include "test_deadline.h"

namespace ch01_test {

using Eigen::Vector2d;
using pbm::FieldPoint;

inline constexpr double kPi = std::numbers::pi;

inline Eigen::Matrix2d rotation(double angle) {
  return Eigen::Rotation2Dd(angle).toRotationMatrix();
}

// The student's traceIntegralCurve on sys under a budget of evaluations:
// `steps` Euler steps cost `steps` evaluations, so a loop that runs far past
// them (a loop on a running time compared with ==, or on t < tEnd with h < 0)
// fails at once with a message naming the function, never hangs.
inline std::vector<Vector2d> tracedWithin(pbm::OdeSystem& sys, double h, int steps) {
  const long budget = 10L * std::max(steps, 0) + 100;
  std::ostringstream hint;
  hint << steps << " steps of h = " << h << " need " << steps
       << " evaluations (one eulerStep each): does the loop count the steps k = 1 ... steps? (a "
          "loop on the running time never meets t0 + steps h exactly, and with h < 0 t < tEnd "
          "never fails)";
  pbm_test::BudgetedSystem budgeted(sys, budget, "traceIntegralCurve", hint.str());
  return pbm::traceIntegralCurve(budgeted, h, steps);
}

// Traces `steps` Euler steps of `field` from (x0, t0) with the student's tracer.
// A polygon of the wrong length is a failure, padded with NaN so that the
// callers' v[steps] stays in bounds.
inline std::vector<Vector2d> trace(pbm::Field2d field, const Vector2d& x0, double h, int steps,
                                   double t0 = 0.0) {
  FieldPoint p(std::move(field), x0, t0);
  std::vector<Vector2d> v = tracedWithin(p, h, steps);
  if (v.size() != static_cast<size_t>(steps) + 1) {
    ADD_FAILURE() << "DEB §2.1: " << steps << " Euler steps give " << steps + 1
                  << " vertices (x0 first); traceIntegralCurve returned " << v.size();
    v.resize(static_cast<size_t>(steps) + 1, Vector2d::Constant(std::nan("")));
  }
  return v;
}

// The backstop for loops nothing counts (budget.h counts evaluations): a test
// of this chapter still running after kTestSeconds ends with this message.
inline const bool kDeadlineInstalled = pbm_test::installTestDeadline(
    {{"Ch01Fields", "rotationField ... phasePlaneField, traceIntegralCurve"},
     {"Ch01FieldPoint", "FieldPoint::dim, getState, setState, derivEval"},
     {"Ch01Euler", "eulerStep, traceIntegralCurve"},
     {"Ch01Trace", "traceIntegralCurve, eulerStep"},
     {"Ch01Lorenz", "lorenzField"},
     {"Ch01EnergyRule", "eulerStep and the fields, through the scenes' runs"}},
    "does every loop in them advance and end?");

}  // namespace ch01_test
