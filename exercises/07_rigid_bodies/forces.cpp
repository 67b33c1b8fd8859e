// Exercise 07 · clearForces, addForceAtPoint, addForceAtBodyPoint, addGravity (RBI §2.7, §5.2-5.4)
//
// Force and torque accumulation.
// clearForces: force = torque = 0.
// addForceAtPoint: force += F, torque += (p - x) x F (2-21): the torque is
//   about the centre of mass x, not about the world origin.
// addForceAtBodyPoint: the body point pBody is at R pBody + x in the world (2-1).
// addGravity: M g at the centre of mass and no torque (RBI §5.2).
//
// Symbols: F, pWorld, pBody, g (Eigen::Vector3d); b.force, b.torque (Eigen::Vector3d, accumulated)
// Tests: Ch07Momentum.UniformFieldHasNoTorqueAboutTheCentreOfMass, Ch07GravityToss.*,
//   Ch07RotationFree.*, Ch07TranslationFree.*, Ch07ForceVsTorque.*,
//   Ch07ForceObjects.* (tests/07_rigid_bodies_test.cpp, tests/07_rigid_bodies_test_forces.cpp)
//   build/bin/ch07_tests --gtest_filter='Ch07Momentum.UniformFieldHasNoTorqueAboutTheCentreOfMass:Ch07GravityToss.*:Ch07RotationFree.*:Ch07TranslationFree.*:Ch07ForceVsTorque.*:Ch07ForceObjects.*'
#include "pbm/core/exercise.h"
#include "pbm/rigid/rigid.h"

namespace pbm {

void clearForces(RigidBody& /*b*/) {
  PBM_TODO("clearForces", "RBI §2.7: zero the force and torque accumulators");
}

void addForceAtPoint(RigidBody& /*b*/, const Eigen::Vector3d& /*F*/,
                     const Eigen::Vector3d& /*pWorld*/) {
  PBM_TODO("addForceAtPoint", "RBI §2.7 (2-21): force += F; torque += (p - x) x F");
}

void addForceAtBodyPoint(RigidBody& /*b*/, const Eigen::Vector3d& /*F*/,
                         const Eigen::Vector3d& /*pBody*/) {
  PBM_TODO("addForceAtBodyPoint", "RBI §2.1 (2-1): the point is R pBody + x; then addForceAtPoint");
}

void addGravity(RigidBody& /*b*/, const Eigen::Vector3d& /*g*/) {
  PBM_TODO("addGravity", "RBI §5.2: force += M g, no torque");
}

}  // namespace pbm
