// Exercise: resting contact and friction (PSD §7.3, slides "Conditions for
// Contact", "Contact Force").
//  - inContact: |(X - P).N| < eps, |N.V| < eps and N.F < 0.
//  - contactForce: -(N.F) N when N.F < 0 (erratum: the prose has -(N.f) f),
//    else 0: a pull away gets no force and the particle leaves.
//  - frictionForce: -kf (-F.N) V_T, zero unless F pushes into the plane.
// PlaneContact (pbm/particles/collisions.h) applies them as the last force object.
// Tests: Ch04Contact.*
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
