// Exercise 07 · computeAuxiliary, stateToArray, arrayToState, ddtStateToArray, renormalize
//   (RBI §3, §4)
//
// The state and its derivative (the notes' State_to_Array, Array_to_State and
// ddt_State_to_Array).
// computeAuxiliary: R = quaternionToMatrix(q / |q|) (do not change the stored
//   q), Iinv = R IbodyInv R^T, v = invMass P, omega = Iinv L (2-42: I^-1 L,
//   not I L). A zero q is no rotation: throw pbm::SolverFailure
//   (pbm/core/errors.h).
// stateToArray: y = [x | q.w(), q.x(), q.y(), q.z() | P | L]. Not
//   q.coeffs(): Eigen stores x, y, z, w.
// arrayToState: the inverse, q stored exactly as given (no normalising: it
//   would change the Runge-Kutta stages), then computeAuxiliary.
// ddtStateToArray: [v | 1/2 [0, omega] q (4-2) | force | torque]; the
//   derivative of P is the force (v-dot = P-dot / M, not P / M).
// renormalize: q /= |q|, then computeAuxiliary (RBI §4, footnote 3).
//
// Symbols: y, ydot (Eigen::Ref<Eigen::VectorXd>, 13 per body: x 3, q 4, P 3, L 3); R,
//   Iinv (Eigen::Matrix3d); v, omega (Eigen::Vector3d)
// Tests: Ch07StateLayout.*, Ch07WorldInertia.*, Ch07Kinematics.*, Ch07TorqueFree.*, Ch07Drift.*,
//   Ch07Renormalize.* (tests/07_rigid_bodies_test.cpp, tests/07_rigid_bodies_test_forces.cpp,
//   tests/07_rigid_bodies_test_kinematics.cpp, tests/07_rigid_bodies_test_torque_free.cpp)
//   build/bin/ch07_tests --gtest_filter='Ch07StateLayout.*:Ch07WorldInertia.*:Ch07Kinematics.*:Ch07TorqueFree.*:Ch07Drift.*:Ch07Renormalize.*'
#include "pbm/core/exercise.h"
#include "pbm/rigid/rigid.h"

namespace pbm {

void computeAuxiliary(RigidBody& /*b*/) {
  PBM_TODO("computeAuxiliary",
           "RBI (2-42), §4: R = R(q/|q|), Iinv = R IbodyInv R^T, v = P/M, omega = Iinv L");
}

void stateToArray(const RigidBody& /*b*/, Eigen::Ref<Eigen::VectorXd> /*y*/) {
  PBM_TODO("stateToArray", "RBI §3-4 State_to_Array: [x | q.w, q.x, q.y, q.z | P | L]");
}

void arrayToState(RigidBody& /*b*/, const Eigen::Ref<const Eigen::VectorXd>& /*y*/) {
  PBM_TODO("arrayToState",
           "RBI §3-4 Array_to_State: unpack x, q (as given), P, L; then computeAuxiliary");
}

void ddtStateToArray(const RigidBody& /*b*/, Eigen::Ref<Eigen::VectorXd> /*ydot*/) {
  PBM_TODO("ddtStateToArray", "RBI (2-43), (4-2): [v | 1/2 [0, omega] q | force | torque]");
}

void renormalize(RigidBody& /*b*/) {
  PBM_TODO("renormalize", "RBI §4 footnote 3: q = q/|q|, then computeAuxiliary");
}

}  // namespace pbm
