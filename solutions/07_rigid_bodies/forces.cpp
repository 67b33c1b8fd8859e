// Reference: force and torque accumulation (RBI §2.7, §5.2).
#include "pbm/rigid/rigid.h"

namespace pbm {

void clearForces(RigidBody& b) {
  b.force.setZero();
  b.torque.setZero();
}

void addForceAtPoint(RigidBody& b, const Eigen::Vector3d& F, const Eigen::Vector3d& pWorld) {
  b.force += F;
  b.torque += (pWorld - b.x).cross(F);  // (2-21): about the centre of mass, not the origin
}

void addForceAtBodyPoint(RigidBody& b, const Eigen::Vector3d& F, const Eigen::Vector3d& pBody) {
  addForceAtPoint(b, F, b.R * pBody + b.x);  // (2-1)
}

void addGravity(RigidBody& b, const Eigen::Vector3d& g) {
  b.force += b.mass * g;  // §5.2: the torques sum to (sum m_i r_i') x g = 0
}

}  // namespace pbm
