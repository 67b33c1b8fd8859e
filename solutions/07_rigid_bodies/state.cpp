// Reference: the state, its auxiliaries and its derivative (RBI §3, §4).
#include "pbm/core/errors.h"
#include "pbm/rigid/rigid.h"

namespace pbm {

void computeAuxiliary(RigidBody& b) {
  // (2-42) with §4: R from the normalised q; the stored q stays as it is.
  const double n = b.q.norm();
  if (n == 0.0) throw SolverFailure("computeAuxiliary: a zero quaternion is no rotation (RBI §4)");
  // R and Iinv are built in locals and stored once: this runs at every stage
  // of every step, and building them in the body's members made the compiler
  // store and reload them (a fifth of an RK4 step). Iinv is assigned, not
  // initialised, so Eigen evaluates the product as `b.Iinv = ...` would:
  // the same operations in the same order, bit for bit.
  const Eigen::Matrix3d R = quaternionToMatrix(Eigen::Quaterniond(b.q.coeffs() / n));
  Eigen::Matrix3d Iinv;
  Iinv = R * b.IbodyInv * R.transpose();  // (2-40)
  b.R = R;
  b.Iinv = Iinv;
  b.v = b.invMass * b.P;
  b.omega = Iinv * b.L;  // omega = I^-1 L, not I L
}

void stateToArray(const RigidBody& b, Eigen::Ref<Eigen::VectorXd> y) {
  y.segment<3>(0) = b.x;
  // The notes' order [s, v]: Eigen's coeffs() would give x, y, z, w.
  y[3] = b.q.w();
  y[4] = b.q.x();
  y[5] = b.q.y();
  y[6] = b.q.z();
  y.segment<3>(7) = b.P;
  y.segment<3>(10) = b.L;
}

void arrayToState(RigidBody& b, const Eigen::Ref<const Eigen::VectorXd>& y) {
  b.x = y.segment<3>(0);
  b.q = Eigen::Quaterniond(y[3], y[4], y[5], y[6]);
  b.P = y.segment<3>(7);
  b.L = y.segment<3>(10);
  computeAuxiliary(b);
}

void ddtStateToArray(const RigidBody& b, Eigen::Ref<Eigen::VectorXd> ydot) {
  ydot.segment<3>(0) = b.v;
  // q-dot = 1/2 [0, omega] q (4-2), the product (4-1).
  const Eigen::Quaterniond w(0.0, b.omega.x(), b.omega.y(), b.omega.z());
  const Eigen::Quaterniond qdot = w * b.q;
  ydot[3] = 0.5 * qdot.w();
  ydot[4] = 0.5 * qdot.x();
  ydot[5] = 0.5 * qdot.y();
  ydot[6] = 0.5 * qdot.z();
  ydot.segment<3>(7) = b.force;
  ydot.segment<3>(10) = b.torque;
}

void renormalize(RigidBody& b) {
  const double n = b.q.norm();
  if (n == 0.0) throw SolverFailure("renormalize: a zero quaternion is no rotation (RBI §4)");
  b.q.coeffs() /= n;
  computeAuxiliary(b);
}

}  // namespace pbm
