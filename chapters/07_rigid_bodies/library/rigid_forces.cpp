// Chapter 07 library code: the force objects (RBI §2.7, §5).
#include "pbm/rigid/rigid_forces.h"

#include "pbm/rigid/rigid.h"

namespace pbm {

void RigidGravity::apply(std::vector<RigidBody>& bodies, double /*t*/) {
  for (auto& b : bodies)
    if (b.invMass > 0.0) addGravity(b, g);
}

Eigen::Vector3d PointForce::worldForce(const RigidBody& b, double t) const {
  if (!(t >= tStart && t < tEnd)) return Eigen::Vector3d::Zero();
  return frame == ForceFrame::Body ? Eigen::Vector3d(b.R * F) : F;  // §5.3-5.4
}

void PointForce::apply(std::vector<RigidBody>& bodies, double t) {
  if (body < 0 || body >= static_cast<int>(bodies.size())) return;
  RigidBody& b = bodies[body];
  addForceAtBodyPoint(b, worldForce(b, t), pointBody);
}

Eigen::Vector3d AnchorSpring::worldForce(const RigidBody& b) const {
  if (body < 0) return Eigen::Vector3d::Zero();
  const Eigen::Vector3d p = b.R * pointBody + b.x;
  const Eigen::Vector3d d = anchor - p;
  const double len = d.norm();
  if (len == 0.0) return Eigen::Vector3d::Zero();
  const Eigen::Vector3d u = d / len;
  // Stretch ks |d| towards the anchor, damping of the point's velocity along d (RBI §2.5).
  return (ks * len - kd * pointVelocity(b, p).dot(u)) * u;
}

void AnchorSpring::apply(std::vector<RigidBody>& bodies, double /*t*/) {
  if (body < 0 || body >= static_cast<int>(bodies.size())) return;
  RigidBody& b = bodies[body];
  addForceAtPoint(b, worldForce(b), b.R * pointBody + b.x);
}

}  // namespace pbm
