// Exercise 04 · planeDistance, isColliding, contactFraction, collisionResponse (PSD §7.1-7.2)
//
// Particle/plane collision detection and response (and the slides). A plane is a
// point P and a unit normal N into the legal side.
//  - planeDistance: (X - P).N (> 0 legal, < 0 through, 0 on it).
//  - isColliding: within eps AND heading in (N.V < 0).
//  - contactFraction: where d0 + s (d1 - d0) = 0, s = d0 / (d0 - d1).
//  - collisionResponse: V' = V_T - kr V_N, with V_N = (N.V) N (erratum: the
//    prose says (N.x) x; the slide has it right), V_T = V - V_N.
// stepWithCollisions (pbm/particles/collisions.h) builds the rollback from these.
//
// Symbols: X, V, N, V' (Eigen::Vector2d), plane {P, N}, d0, d1, eps, kr, s (double)
// Tests: Ch04Collision.*, Ch04BouncingBall.* (tests/04_mass_spring_test_collisions.cpp)
//   build/bin/ch04_tests --gtest_filter='Ch04Collision.*:Ch04BouncingBall.*'
#include "pbm/particles/collisions.h"
#include "pbm/core/exercise.h"

namespace pbm {

double planeDistance(const Eigen::Vector2d& /*X*/, const Plane& /*plane*/) {
  PBM_TODO("planeDistance", "PSD §7.1: (X - P) . N");
}

bool isColliding(const Eigen::Vector2d& /*X*/, const Eigen::Vector2d& /*V*/, const Plane& /*plane*/,
                 double /*eps*/) {
  PBM_TODO("isColliding", "PSD slides: (X - P).N < eps and N.V < 0");
}

double contactFraction(double /*d0*/, double /*d1*/) {
  PBM_TODO("contactFraction", "PSD §7.1: linear interpolation, s = d0 / (d0 - d1)");
}

Eigen::Vector2d collisionResponse(const Eigen::Vector2d& /*V*/, const Eigen::Vector2d& /*N*/,
                                  double /*kr*/) {
  PBM_TODO("collisionResponse", "PSD §7.2: V_N = (N.V) N, V_T = V - V_N, V' = V_T - kr V_N");
}

}  // namespace pbm
