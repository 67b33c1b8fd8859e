// Exercise: the state and its derivative (RBI §3, §4; the code of
// State_to_Array, Array_to_State and ddt_State_to_Array).
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
// Tests: Ch07StateLayout.*, Ch07Kinematics.*, Ch07TorqueFree.*, Ch07Drift.*
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
