// Exercise 07 · pointVelocity, angularAcceleration, pointAcceleration, kineticEnergy
//   (RBI §2.5, App. C)
//
// Velocities, accelerations and energy.
// pointVelocity: v + omega x (p - x) (2-17).
// angularAcceleration: Iinv (L x omega + torque) (C-10): not 0 without a
//   torque unless L is parallel to omega.
// pointAcceleration: omega-dot x r + omega x (omega x r) + force / M (C-12),
//   r = p - x.
// kineticEnergy: 1/2 M |v|^2 + 1/2 omega^T I omega, I = R Ibody R^T (C-3).
//
// Symbols: b (RigidBody: x, v, omega, L, force, torque Eigen::Vector3d; R, Iinv Eigen::Matrix3d),
//   p (Eigen::Vector3d, world) -> Eigen::Vector3d; kineticEnergy -> double
// Tests: Ch07Kinematics.Point*, Ch07Momentum.ParticleSums*, Ch07AngularAcceleration.*,
//   Ch07ForceVsTorque.SameVelocity*, Ch07TorqueFree.EnergyDrift* (tests/07_rigid_bodies_test.cpp,
//   tests/07_rigid_bodies_test_forces.cpp, tests/07_rigid_bodies_test_kinematics.cpp,
//   tests/07_rigid_bodies_test_torque_free.cpp)
//   build/bin/ch07_tests --gtest_filter='Ch07Kinematics.Point*:Ch07Momentum.ParticleSums*:Ch07AngularAcceleration.*:Ch07ForceVsTorque.SameVelocity*:Ch07TorqueFree.EnergyDrift*'
#include "pbm/core/exercise.h"
#include "pbm/rigid/rigid.h"

namespace pbm {

Eigen::Vector3d pointVelocity(const RigidBody& /*b*/, const Eigen::Vector3d& /*p*/) {
  PBM_TODO("pointVelocity", "RBI §2.5 (2-17): v + omega x (p - x)");
}

Eigen::Vector3d angularAcceleration(const RigidBody& /*b*/) {
  PBM_TODO("angularAcceleration", "RBI App. C (C-10): Iinv (L x omega + torque)");
}

Eigen::Vector3d pointAcceleration(const RigidBody& /*b*/, const Eigen::Vector3d& /*p*/) {
  PBM_TODO("pointAcceleration",
           "RBI App. C (C-12): omega-dot x r + omega x (omega x r) + force/M, r = p - x");
}

double kineticEnergy(const RigidBody& /*b*/) {
  PBM_TODO("kineticEnergy", "RBI App. C (C-3): 1/2 M v.v + 1/2 omega^T (R Ibody R^T) omega");
}

}  // namespace pbm
