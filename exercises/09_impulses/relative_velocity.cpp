// Exercise 09 · relativeNormalVelocity, classify (RBII §8, (8-1)-(8-3))
//
// The relative normal velocity of a contact and its class (the notes'
// colliding()). The first exercise: every other test of the chapter needs it.
// relativeNormalVelocity: v_rel = n . (pdot_a - pdot_b), each pdot the
//   velocity of the point c.p moving with its body: chapter 07's
//   pointVelocity (8-1, 8-2). Use c.p: the notes' colliding() writes p.
// classify: v_rel > threshold separating, v_rel < -threshold colliding, in
//   between (both ends included) resting.
//
// Symbols: c (Contact: a, b RigidBody*; p, n Eigen::Vector3d), threshold (double)
//   -> v_rel (double), ContactKind
// Tests: Ch09RelativeVelocity.* (tests/09_impulses_test.cpp)
//   build/bin/ch09_tests --gtest_filter='Ch09RelativeVelocity.*'
#include "pbm/core/exercise.h"
#include "pbm/impulse/impulse.h"
#include "pbm/rigid/rigid.h"

namespace pbm {

double relativeNormalVelocity(const Contact& /*c*/) {
  PBM_TODO("relativeNormalVelocity",
           "RBII §8 (8-3): n . (pointVelocity(*a, p) - pointVelocity(*b, p)), with p = c.p");
}

ContactKind classify(const Contact& /*c*/, double /*threshold*/) {
  PBM_TODO("classify",
           "RBII §8, colliding(): v_rel > threshold separating, v_rel < -threshold colliding, "
           "else resting");
}

}  // namespace pbm
