// Chapter 07: the rigid-body record (RBI §3, "struct RigidBody"; §4 with the
// quaternion). Constants, the state (x, q, P, L: 13 numbers), the auxiliary
// quantities recomputed from the state at every evaluation (2-42), and the
// force and torque accumulators. A fixed body (a floor, a wall: chapters
// 08-10) is a body with invMass = 0 and IbodyInv = 0: no force or torque moves
// it, and every formula below still holds.
#pragma once
#include <Eigen/Core>
#include <Eigen/Geometry>

namespace pbm {

// Numbers per body in the flat state array: x (3), q as w, x, y, z (4), P (3),
// L (3) (RBI §4: STATE_SIZE 13, the quaternion in the notes' order [s, v]).
inline constexpr int kRigidStateSize = 13;

struct RigidBody {
  // --- constants (RBI §2.10)
  double mass = 1.0, invMass = 1.0;
  Eigen::Matrix3d Ibody = Eigen::Matrix3d::Identity();
  Eigen::Matrix3d IbodyInv = Eigen::Matrix3d::Identity();
  // --- state (RBI §2.11 (2-41), with q for R: §4)
  Eigen::Vector3d x = Eigen::Vector3d::Zero();            // centre of mass, world
  Eigen::Quaterniond q = Eigen::Quaterniond::Identity();  // orientation, body to world
  Eigen::Vector3d P = Eigen::Vector3d::Zero();            // linear momentum
  Eigen::Vector3d L = Eigen::Vector3d::Zero();            // angular momentum, world
  // --- auxiliary, from the state by computeAuxiliary (2-42)
  Eigen::Matrix3d R = Eigen::Matrix3d::Identity();     // R(q/|q|)
  Eigen::Matrix3d Iinv = Eigen::Matrix3d::Identity();  // R IbodyInv R^T (2-40)
  Eigen::Vector3d v = Eigen::Vector3d::Zero();         // P / M
  Eigen::Vector3d omega = Eigen::Vector3d::Zero();     // Iinv L
  // --- accumulators (RBI §2.7): cleared and summed at every evaluation
  Eigen::Vector3d force = Eigen::Vector3d::Zero();
  Eigen::Vector3d torque = Eigen::Vector3d::Zero();
  // --- geometry, for drawing and for chapter 08's boxes: half the block's sides
  Eigen::Vector3d halfExtents = Eigen::Vector3d::Constant(0.5);
};

// A uniform block of the given mass and side lengths (RBI §5.1), at rest at
// the origin, unrotated: Ibody from the student's blockInertia, auxiliaries
// computed. Chapter library code (library/rigid_body.cpp).
RigidBody makeBlock(double mass, const Eigen::Vector3d& dims);
// A block that nothing moves: invMass = 0, IbodyInv = 0. Its mass and Ibody
// are infinite in spirit; they are stored as 0 so that M g and the kinetic
// energy of a fixed body come out 0 rather than NaN.
RigidBody makeFixedBlock(const Eigen::Vector3d& dims);
// The notes' fixed body (RBII §8, end): invMass = 0 and a zero inverse
// inertia; nothing moves it (a floor, a table, a support).
inline bool isFixedBody(const RigidBody& b) {
  return b.invMass == 0.0 && b.IbodyInv.isZero(0.0);
}

// Sets the body-frame angular velocity: L = R Ibody omegaBody (RBI §2.9), and
// recomputes the auxiliaries. The scenes and tests start spins this way.
void setBodyOmega(RigidBody& b, const Eigen::Vector3d& omegaBody);

}  // namespace pbm
