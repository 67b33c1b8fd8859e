// Exercise 04 · inContact, contactForce, frictionForce (PSD §7.3)
//
// Resting contact and friction (slides "Conditions for Contact", "Contact Force").
//  - inContact: |(X - P).N| < eps, |N.V| < eps and N.F < 0.
//  - contactForce: -(N.F) N when N.F < 0 (erratum: the prose has -(N.f) f),
//    else 0: a pull away gets no force and the particle leaves.
//  - frictionForce: -kf (-F.N) V_T, zero unless F pushes into the plane.
// PlaneContact (pbm/particles/collisions.h) applies them as the last force object.
//
// Symbols: X, V, F, N (Eigen::Vector2d), eps, kf (double) -> a force (Eigen::Vector2d) or bool
// Tests: Ch04Contact.* (tests/04_mass_spring_test_collisions.cpp)
//   build/bin/ch04_tests --gtest_filter='Ch04Contact.*'
#include "pbm/core/exercise.h"
#include "pbm/particles/collisions.h"

namespace pbm {

bool inContact(const Eigen::Vector2d& /*X*/, const Eigen::Vector2d& /*V*/,
               const Eigen::Vector2d& /*F*/, const Plane& /*plane*/, double /*eps*/) {
  PBM_TODO("inContact", "PSD §7.3: |(X-P).N| < eps, |N.V| < eps, N.F < 0");
}

Eigen::Vector2d contactForce(const Eigen::Vector2d& /*F*/, const Eigen::Vector2d& /*N*/) {
  PBM_TODO("contactForce", "PSD §7.3: -(N.F) N if N.F < 0, else 0");
}

Eigen::Vector2d frictionForce(const Eigen::Vector2d& /*F*/, const Eigen::Vector2d& /*V*/,
                              const Eigen::Vector2d& /*N*/, double /*kf*/) {
  PBM_TODO("frictionForce", "PSD §7.3: -kf (-F.N) V_T if F.N < 0, else 0");
}

}  // namespace pbm
