// Chapter 07 library code: the notes' first state, with the rotation matrix
// itself (RBI §2.11, §3: STATE_SIZE 18), kept beside the quaternion world to
// show why §4 replaces it: integrating R-dot = omega* R (2-43) lets R drift
// from a rotation. Body k occupies y[18k, 18k + 18) as
// [x | R row-major | P | L]. The forces are the same RigidForce objects.
// Each body's R is the state; its q is not used (and not kept up to date).
#pragma once
#include <Eigen/Core>
#include <memory>
#include <vector>

#include "pbm/core/method.h"
#include "pbm/core/ode.h"
#include "pbm/rigid/rigid_body.h"
#include "pbm/rigid/rigid_world.h"

namespace pbm {

inline constexpr int kRigidMatrixStateSize = 18;

// |R^T R - 1|_F: 0 for a rotation; how far a stepped R has drifted.
double orthonormalityError(const Eigen::Matrix3d& R);
// The nearest-in-spirit rotation by Gram-Schmidt on R's columns: the first
// column normalised, the second made orthogonal to it and normalised, the
// third their cross product (right-handed).
Eigen::Matrix3d gramSchmidt(const Eigen::Matrix3d& R);

class RigidWorldMatrix : public RigidBodies {
 public:
  // Adds a body, R from its q; returns its index.
  int add(const RigidBody& b);

  int dim() const override { return kRigidMatrixStateSize * static_cast<int>(bodies.size()); }
  void getState(Eigen::VectorXd& y, double& t) const override;
  // R stored as given (no orthonormalising), then the auxiliaries (2-42):
  // Iinv = R IbodyInv R^T, v = invMass P, omega = Iinv L.
  void setState(const Eigen::VectorXd& y, double t) override;
  // (2-43): [v | omega* R row-major | force | torque], after clearing and
  // applying the forces at the installed time.
  void derivEval(Eigen::VectorXd& ydot) override;

  // Gram-Schmidt on every R, auxiliaries recomputed.
  void orthonormalizeAll();
  // Whether rigidMethods()' steps (stepWorldMatrix's) orthonormalise after
  // each step. Off by default: the drift scene shows what happens without.
  bool orthonormalizeAfterStep = false;
};

// The auxiliaries of a body whose R is the state (2-42).
void computeAuxiliaryFromR(RigidBody& b);

// One step of `method`, an entry of rigidMethods() (chapter 02's step, then
// Gram-Schmidt if orthonormalizeAfterStep), then the non-finite check
// (SimulationDiverged naming t and h). A method with no step is invalid_argument.
void stepWorldMatrix(RigidWorldMatrix& world, const MethodInfo& method, double h);

}  // namespace pbm
