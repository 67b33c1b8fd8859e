// Exercise 05 · projectOntoTangent (CD §2.3, eq 8)
//
// The geometric interpretation: at rest, f + f^ is the orthogonal projection of f
// onto the wire's tangent.
//
// Symbols: f, normal (Eigen::Vector2d; the normal need not be unit)
//   -> the tangential part of f (Eigen::Vector2d)
// Tests: Ch05Bead.RestingForceIsTheTangentProjection (tests/05_bead_on_wire_test_force.cpp)
//   build/bin/ch05_tests --gtest_filter='Ch05Bead.RestingForceIsTheTangentProjection'
#include "pbm/bead/bead.h"
#include "pbm/core/exercise.h"

namespace pbm {

Eigen::Vector2d projectOntoTangent(const Eigen::Vector2d& /*f*/,
                                   const Eigen::Vector2d& /*normal*/) {
  PBM_TODO("projectOntoTangent",
           "CD §2.3 eq (8): f - (f . n) n / (n . n), n need not be unit length");
}

}  // namespace pbm
