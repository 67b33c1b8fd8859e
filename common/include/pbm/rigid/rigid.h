// Chapter 07 student functions: rigid bodies in 3D (Baraff, Rigid Body
// Simulation I, "RBI"; formulas and code from the full course notes, §2-§5
// and appendices A-C). Each is written by the student in
// exercises/07_rigid_bodies/ (reference: solutions/07_rigid_bodies/); the file
// is named in brackets.
#pragma once
#include <Eigen/Core>
#include <Eigen/Geometry>
#include <array>
#include <vector>

#include "pbm/rigid/rigid_body.h"

namespace pbm {

// --- [star.cpp] the cross-product matrix a* (RBI §2.3 (2-9)): a* b = a x b.
Eigen::Matrix3d star(const Eigen::Vector3d& a);

// --- [inertia.cpp] mass properties (RBI §2.6, §2.10, §5.1)
// A uniform block of side lengths dims (x0, y0, z0) about its centre (5-3):
// (M/12) diag(y0^2 + z0^2, x0^2 + z0^2, x0^2 + y0^2).
Eigen::Matrix3d blockInertia(double mass, const Eigen::Vector3d& dims);
// sum m_i r_i / sum m_i (RBI §2.6).
Eigen::Vector3d centerOfMass(const std::vector<double>& m, const std::vector<Eigen::Vector3d>& r);
// The inertia tensor of point masses about THEIR centre of mass (2-32/2-35):
// sum m_i ((r'^T r') 1 - r' r'^T), r' = r_i - centre of mass. Off-diagonal
// entries are -sum m x y: mind the sign.
Eigen::Matrix3d inertiaOfParticles(const std::vector<double>& m,
                                   const std::vector<Eigen::Vector3d>& r);

// --- [quaternion.cpp] RBI §4 (the code of quaternion_to_matrix and
// matrix_to_quaternion), written by hand: Eigen's conversions are the tests'
// oracle. q = [s, (x, y, z)] is Eigen::Quaterniond(w = s, x, y, z).
// R(q) for a UNIT q.
Eigen::Matrix3d quaternionToMatrix(const Eigen::Quaterniond& q);
// A unit q with R(q) = R (R a rotation), by the notes' four branches: the
// trace when it is >= 0, else the largest diagonal entry. Write R(i, j), never
// the notes' R[i,j] (in C++ that is the comma operator).
Eigen::Quaterniond matrixToQuaternion(const Eigen::Matrix3d& R);

// --- [state.cpp] the state and its derivative (RBI §3, §4)
// The auxiliary quantities from the state (2-42 with §4): R = R(q/|q|),
// Iinv = R IbodyInv R^T, v = invMass P, omega = Iinv L. The stored q is NOT
// normalised here. A zero q cannot be a rotation: throw SolverFailure.
void computeAuxiliary(RigidBody& b);
// State_to_Array: y (13 numbers) = [x | q.w, q.x, q.y, q.z | P | L].
void stateToArray(const RigidBody& b, Eigen::Ref<Eigen::VectorXd> y);
// Array_to_State: the inverse, q stored exactly as given, then computeAuxiliary.
void arrayToState(RigidBody& b, const Eigen::Ref<const Eigen::VectorXd>& y);
// ddt_State_to_Array: ydot = [v | q-dot = 1/2 [0, omega] q (4-2) | force | torque].
void ddtStateToArray(const RigidBody& b, Eigen::Ref<Eigen::VectorXd> ydot);
// Restores |q| = 1 (RBI §4, footnote 3) and recomputes the auxiliaries. The
// world calls it after each step, never inside setState.
void renormalize(RigidBody& b);

// --- [forces.cpp] force accumulation (RBI §2.7, §5.2-5.4)
void clearForces(RigidBody& b);
// F (world) acting at the world point p: force += F, torque += (p - x) x F (2-21).
void addForceAtPoint(RigidBody& b, const Eigen::Vector3d& F, const Eigen::Vector3d& pWorld);
// F (world) acting at the body point pBody, which is at R pBody + x (2-1).
void addForceAtBodyPoint(RigidBody& b, const Eigen::Vector3d& F, const Eigen::Vector3d& pBody);
// A uniform field: M g at the centre of mass, no torque (RBI §5.2).
void addGravity(RigidBody& b, const Eigen::Vector3d& g);

// --- [kinematics.cpp] velocities, accelerations, energy (RBI §2.5; App. C)
// The world velocity of the world point p moving with the body (2-17):
// v + omega x (p - x).
Eigen::Vector3d pointVelocity(const RigidBody& b, const Eigen::Vector3d& p);
// omega-dot = Iinv (L x omega + torque) (C-10), from the accumulated torque.
Eigen::Vector3d angularAcceleration(const RigidBody& b);
// p-ddot = omega-dot x r + omega x (omega x r) + v-dot, r = p - x, v-dot =
// force / M (C-12), from the accumulated force and torque.
Eigen::Vector3d pointAcceleration(const RigidBody& b, const Eigen::Vector3d& p);
// 1/2 M |v|^2 + 1/2 omega^T I omega (C-3).
double kineticEnergy(const RigidBody& b);

// --- [mesh.cpp] mass properties of a closed triangle mesh (beyond the notes;
// a stretch exercise): signed tetrahedra from the origin to each outward
// (counter-clockwise seen from outside) triangle, then the parallel-axis shift.
struct MassProperties {
  double mass = 0.0;
  Eigen::Vector3d centerOfMass = Eigen::Vector3d::Zero();
  Eigen::Matrix3d Ibody = Eigen::Matrix3d::Zero();  // about the centre of mass
};
// Throws UsageError when the mesh encloses no positive volume (a face wound
// inwards, or an open mesh that sums to <= 0).
MassProperties meshMassProperties(const std::vector<Eigen::Vector3d>& vertices,
                                  const std::vector<std::array<int, 3>>& triangles,
                                  double density = 1.0);

}  // namespace pbm
