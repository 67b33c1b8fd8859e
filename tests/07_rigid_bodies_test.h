// Chapter 07 tests: shared helpers (RBI). The standard bodies are built from
// their closed-form inertia (RBI §5.1 (5-3)), not from the student's
// blockInertia, so a wrong blockInertia fails its own tests only; the state,
// the auxiliaries and the forces always go through the student functions.
#pragma once

#include <gtest/gtest.h>

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <cmath>
#include <numbers>
#include <random>
#include <string_view>

#include "expect_vec_near.h"
#include "pbm/core/errors.h"
#include "pbm/rigid/methods.h"
#include "pbm/rigid/rigid.h"
#include "pbm/rigid/rigid_forces.h"
#include "pbm/rigid/rigid_world.h"
#include "pbm/rigid/rigid_world_matrix.h"
#include "test_deadline.h"

namespace ch07_test {

using Eigen::Matrix3d;
using Eigen::Quaterniond;
using Eigen::Vector3d;
using Eigen::VectorXd;
using pbm::RigidBody;
constexpr double kPi = std::numbers::pi;

// (5-3) for a uniform block, written here from the closed form.
inline Vector3d blockDiagonal(double M, const Vector3d& d) {
  return M / 12.0 *
         Vector3d(d.y() * d.y() + d.z() * d.z(), d.x() * d.x() + d.z() * d.z(),
                  d.x() * d.x() + d.y() * d.y());
}

// A body of mass M and diagonal body inertia, at rest at the origin, unrotated;
// auxiliaries by the student's computeAuxiliary.
inline RigidBody bodyWith(double M, const Vector3d& Idiag, const Vector3d& halfExtents) {
  RigidBody b;
  b.mass = M;
  b.invMass = 1.0 / M;
  b.Ibody = Idiag.asDiagonal();
  b.IbodyInv = Idiag.cwiseInverse().asDiagonal();
  b.halfExtents = halfExtents;
  pbm::computeAuxiliary(b);
  return b;
}
inline RigidBody block(double M, const Vector3d& dims) {
  return bodyWith(M, blockDiagonal(M, dims), 0.5 * dims);
}
// The research's standard bodies (RBI §5.1): B1 1x2x3, M = 6: diag(6.5, 5, 2.5);
// B2 6x2x4, M = 12: diag(20, 52, 40) (Figs. 8-9); B3 plank 2x0.2x0.2, M = 1;
// B4 symmetric 1x1x3, M = 3: diag(2.5, 2.5, 0.5).
inline RigidBody b1() {
  return block(6.0, Vector3d(1, 2, 3));
}
inline RigidBody b2() {
  return block(12.0, Vector3d(6, 2, 4));
}
inline RigidBody b3() {
  return block(1.0, Vector3d(2, 0.2, 0.2));
}
inline RigidBody b4() {
  return block(3.0, Vector3d(1, 1, 3));
}

// Orientation q, then a body-frame angular velocity: L = R Ibody omega_b
// (RBI §2.9, I = R Ibody R^T), R written from q by Eigen (the oracle).
inline void orient(RigidBody& b, const Quaterniond& q,
                   const Vector3d& omegaBody = Vector3d::Zero()) {
  b.q = q;
  b.L = q.toRotationMatrix() * (b.Ibody * omegaBody);
  pbm::computeAuxiliary(b);
}

inline Quaterniond axisAngle(double angle, const Vector3d& axis) {
  return Quaterniond(Eigen::AngleAxisd(angle, axis.normalized()));
}

// Chapter 07's method `name` (rigidMethods(): chapter 02's step, then the
// renormalisation the world asks for): what stepWorld and stepWorldMatrix take.
inline const pbm::MethodInfo& rigidMethod(std::string_view name) {
  return pbm::findMethod(pbm::rigidMethods(), name);
}

// n steps of stepWorld (chapter 02's step, then renormalise if the world asks).
inline void run(pbm::RigidWorld& w, const pbm::MethodInfo& m, double h, int n) {
  for (int i = 0; i < n; ++i) pbm::stepWorld(w, m, h);
}
inline void run(pbm::RigidWorldMatrix& w, const pbm::MethodInfo& m, double h, int n) {
  for (int i = 0; i < n; ++i) pbm::stepWorldMatrix(w, m, h);
}

// A force object that adds a given force and a pure couple tau(t) (no point
// of application: RBI §2.7, the torque of a couple is the same about any point).
template <class Tau>
class Wrench : public pbm::RigidForce {
 public:
  Wrench(const Vector3d& F, Tau tau) : F_(F), tau_(tau) {}
  void apply(std::vector<RigidBody>& bodies, double t) override {
    for (auto& b : bodies) {
      b.force += F_;
      b.torque += tau_(t);
    }
  }

 private:
  Vector3d F_;
  Tau tau_;
};
template <class Tau>
std::unique_ptr<Wrench<Tau>> wrench(const Vector3d& F, Tau tau) {
  return std::make_unique<Wrench<Tau>>(F, tau);
}

// The complete elliptic integral of the first kind by the arithmetic-geometric
// mean: K(k) = pi / (2 AGM(1, sqrt(1 - k^2))). A fixed number of iterations.
inline double ellipticK(double k) {
  double a = 1.0, g = std::sqrt(1.0 - k * k);
  for (int i = 0; i < 30; ++i) {
    const double an = 0.5 * (a + g);
    g = std::sqrt(a * g);
    a = an;
  }
  return kPi / (2.0 * a);
}

// Body-frame angular velocity R^T omega, from the student's auxiliaries.
inline Vector3d omegaBody(const RigidBody& b) {
  return b.R.transpose() * b.omega;
}

// The backstop for loops nothing counts (test_deadline.h): a test still
// running after kTestSeconds ends with this message, naming the student
// functions its suite drives (the exercise headers' --gtest_filter lines).
inline const bool kDeadlineInstalled = pbm_test::installTestDeadline(
    {{"Ch07Momentum",
      "clearForces, addForceAtPoint, addForceAtBodyPoint, addGravity, blockInertia, centerOfMass, "
      "inertiaOfParticles, pointVelocity, angularAcceleration, pointAcceleration, kineticEnergy"},
     {"Ch07GravityToss", "clearForces, addForceAtPoint, addForceAtBodyPoint, addGravity"},
     {"Ch07RotationFree", "clearForces, addForceAtPoint, addForceAtBodyPoint, addGravity"},
     {"Ch07TranslationFree", "clearForces, addForceAtPoint, addForceAtBodyPoint, addGravity"},
     {"Ch07ForceVsTorque",
      "clearForces, addForceAtPoint, addForceAtBodyPoint, addGravity, pointVelocity, "
      "angularAcceleration, pointAcceleration, kineticEnergy"},
     {"Ch07ForceObjects", "clearForces, addForceAtPoint, addForceAtBodyPoint, addGravity"},
     {"Ch07Inertia", "blockInertia, centerOfMass, inertiaOfParticles"},
     {"Ch07WorldInertia",
      "blockInertia, centerOfMass, inertiaOfParticles, computeAuxiliary, stateToArray, "
      "arrayToState, ddtStateToArray, renormalize"},
     {"Ch07Composite", "blockInertia, centerOfMass, inertiaOfParticles, meshMassProperties"},
     {"Ch07Kinematics",
      "pointVelocity, angularAcceleration, pointAcceleration, kineticEnergy, quaternionToMatrix, "
      "matrixToQuaternion, star, computeAuxiliary, stateToArray, arrayToState, ddtStateToArray, "
      "renormalize"},
     {"Ch07AngularAcceleration",
      "pointVelocity, angularAcceleration, pointAcceleration, kineticEnergy"},
     {"Ch07TorqueFree",
      "pointVelocity, angularAcceleration, pointAcceleration, kineticEnergy, computeAuxiliary, "
      "stateToArray, arrayToState, ddtStateToArray, renormalize"},
     {"Ch07Quaternion", "quaternionToMatrix, matrixToQuaternion"},
     {"Ch07Renormalize",
      "quaternionToMatrix, matrixToQuaternion, computeAuxiliary, stateToArray, arrayToState, "
      "ddtStateToArray, renormalize"},
     {"Ch07Star", "star"},
     {"Ch07StateLayout",
      "computeAuxiliary, stateToArray, arrayToState, ddtStateToArray, renormalize"},
     {"Ch07Drift", "computeAuxiliary, stateToArray, arrayToState, ddtStateToArray, renormalize"},
     {"Ch07Methods",
      "computeAuxiliary, stateToArray, arrayToState, ddtStateToArray (through the methods' steps)"},
     {"Ch07Spin",
      "computeAuxiliary, angularAcceleration, ddtStateToArray (through the spin scenes' steps)"}},
    "does every loop over the particles, blocks or triangles advance and end?");

}  // namespace ch07_test
