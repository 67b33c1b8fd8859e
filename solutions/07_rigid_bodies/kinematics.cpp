// Reference: point velocity and acceleration, omega-dot, kinetic energy
// (RBI §2.5; App. C).
#include "pbm/rigid/rigid.h"

namespace pbm {

Eigen::Vector3d pointVelocity(const RigidBody& b, const Eigen::Vector3d& p) {
  return b.v + b.omega.cross(p - b.x);  // (2-17)
}

Eigen::Vector3d angularAcceleration(const RigidBody& b) {
  return b.Iinv * (b.L.cross(b.omega) + b.torque);  // (C-10)
}

Eigen::Vector3d pointAcceleration(const RigidBody& b, const Eigen::Vector3d& p) {
  const Eigen::Vector3d r = p - b.x;
  const Eigen::Vector3d omegaDot = angularAcceleration(b);
  // (C-12): tangential, centripetal, linear (v-dot = P-dot / M = F / M).
  return omegaDot.cross(r) + b.omega.cross(b.omega.cross(r)) + b.invMass * b.force;
}

double kineticEnergy(const RigidBody& b) {
  const Eigen::Matrix3d I = b.R * b.Ibody * b.R.transpose();                 // (2-39)
  return 0.5 * b.mass * b.v.squaredNorm() + 0.5 * b.omega.dot(I * b.omega);  // (C-3)
}

}  // namespace pbm
