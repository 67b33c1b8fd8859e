// Resting contact and friction (PSD §7.3, slides "Conditions for Contact",
// "Contact Force").
#include <cmath>

#include "pbm/particles/collisions.h"

namespace pbm {

bool inContact(const Eigen::Vector2d& X, const Eigen::Vector2d& V, const Eigen::Vector2d& F,
               const Plane& plane, double eps) {
  return std::abs(planeDistance(X, plane)) < eps && std::abs(plane.N.dot(V)) < eps &&
         plane.N.dot(F) < 0;
}

Eigen::Vector2d contactForce(const Eigen::Vector2d& F, const Eigen::Vector2d& N) {
  // Erratum: f_c = -(N.F) N (the prose has -(N.f) f). Only a push into the
  // plane is resisted; a pull away gets no force and the particle leaves.
  const double nf = N.dot(F);
  return nf < 0 ? Eigen::Vector2d(-nf * N) : Eigen::Vector2d::Zero();
}

Eigen::Vector2d frictionForce(const Eigen::Vector2d& F, const Eigen::Vector2d& V,
                              const Eigen::Vector2d& N, double kf) {
  const double normal = -F.dot(N);  // magnitude of the push into the plane
  if (!(normal > 0)) return Eigen::Vector2d::Zero();
  const Eigen::Vector2d VT = V - N.dot(V) * N;
  return -kf * normal * VT;
}

}  // namespace pbm
