// Chapter 07 library code: making blocks and starting spins (RBI §2.9, §5.1).
#include "pbm/rigid/rigid_body.h"

#include "pbm/core/errors.h"
#include "pbm/rigid/rigid.h"

namespace pbm {

RigidBody makeBlock(double mass, const Eigen::Vector3d& dims) {
  if (!(mass > 0.0)) throw UsageError("makeBlock: the mass must be > 0");
  if (!(dims.minCoeff() > 0.0)) throw UsageError("makeBlock: every side length must be > 0");
  RigidBody b;
  b.mass = mass;
  b.invMass = 1.0 / mass;
  b.Ibody = blockInertia(mass, dims);
  b.IbodyInv = b.Ibody.inverse();
  b.halfExtents = 0.5 * dims;
  computeAuxiliary(b);
  return b;
}

RigidBody makeFixedBlock(const Eigen::Vector3d& dims) {
  if (!(dims.minCoeff() > 0.0)) throw UsageError("makeFixedBlock: every side length must be > 0");
  RigidBody b;
  b.mass = 0.0;
  b.invMass = 0.0;
  b.Ibody.setZero();
  b.IbodyInv.setZero();
  b.halfExtents = 0.5 * dims;
  computeAuxiliary(b);
  return b;
}

void setBodyOmega(RigidBody& b, const Eigen::Vector3d& omegaBody) {
  computeAuxiliary(b);                // R from the current q
  b.L = b.R * (b.Ibody * omegaBody);  // L = I omega with I = R Ibody R^T, omega = R omegaBody
  computeAuxiliary(b);
}

}  // namespace pbm
