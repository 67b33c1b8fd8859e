// Particle/plane collision detection and response (PSD §7.1-7.2 and the
// slides "Normal and Tangential Components", "Collision Detection",
// "Collision Response").
#include "pbm/particles/collisions.h"

namespace pbm {

double planeDistance(const Eigen::Vector2d& X, const Plane& plane) {
  return (X - plane.P).dot(plane.N);  // > 0 legal side, < 0 through, 0 on it
}

bool isColliding(const Eigen::Vector2d& X, const Eigen::Vector2d& V, const Plane& plane,
                 double eps) {
  return planeDistance(X, plane) < eps && plane.N.dot(V) < 0;  // near AND heading in
}

double contactFraction(double d0, double d1) {
  // The distance is linear along a straight step: d(s) = d0 + s (d1 - d0) = 0.
  return d0 / (d0 - d1);
}

Eigen::Vector2d collisionResponse(const Eigen::Vector2d& V, const Eigen::Vector2d& N, double kr) {
  // Erratum: the normal component is (N.V) N (the prose has (N.x) x).
  const Eigen::Vector2d VN = N.dot(V) * N;
  const Eigen::Vector2d VT = V - VN;
  return VT - kr * VN;
}

}  // namespace pbm
