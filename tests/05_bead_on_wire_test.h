// Chapter 05 tests: the helpers the parts share (CD §2): a bead on a circular
// wire at a given angle and tangential speed, and the acceleration derivEval
// returns for the installed state.
#pragma once

#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cmath>
#include <numbers>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "expect_vec_near.h"
#include "pbm/app/headless.h"
#include "pbm/bead/bead.h"
#include "pbm/bead/exact_pendulum.h"
#include "pbm/core/errors.h"
#include "pbm/fields/euler.h"
#include "pbm/integrators/integrators.h"
#include "scenes.h"
#include "test_deadline.h"

namespace ch05_test {

using Eigen::Vector2d;
inline constexpr double kPi = std::numbers::pi;
inline constexpr double kG = 9.81;

// A bead on the wire at angle theta from the +x axis with tangential speed s.
inline pbm::BeadSystem beadOnWire(double m, double r, double theta, double s, double g,
                                  const Vector2d& c = Vector2d::Zero()) {
  pbm::BeadSystem b;
  b.wire = pbm::CircleWire{c, r};
  b.bead.m = m;
  b.bead.x = c + r * Vector2d(std::cos(theta), std::sin(theta));
  b.bead.v = s * Vector2d(-std::sin(theta), std::cos(theta));
  b.forces.g = Vector2d(0, -g);
  return b;
}

// The acceleration derivEval returns for the installed state.
inline Vector2d accelOf(pbm::BeadSystem& b) {
  Eigen::VectorXd d;
  b.derivEval(d);
  return d.tail<2>();
}

// The backstop for loops nothing counts (test_deadline.h): a test still
// running after kTestSeconds ends with this message, naming the student
// functions its suite drives (the exercise headers' --gtest_filter lines).
inline const bool kDeadlineInstalled =
    pbm_test::installTestDeadline({{"Ch05Bead",
                                    "beadC, beadCdot, beadGradC, beadGradCdot, beadLambda, "
                                    "beadConstraintForce, beadThetaAccel, projectOntoTangent"}},
                                  "does every loop advance and end?");

}  // namespace ch05_test
