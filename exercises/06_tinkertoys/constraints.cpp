// Exercise 06 · evaluate() of RodConstraint, CircularWireConstraint, LineWireConstraint,
//   NailConstraint, PinJointConstraint (CD §3-§4)
//
// evaluate() of each constraint type (and the slides' constraint catalogue).
// Write C and Cdot (dim() entries), and the data of the blocks J[k] = dC/dx_k and
// Jdot[k] = dCdot/dx_k (dim() x 2) for particle k = particles()[k]. Evaluate Jdot
// as the derivative of Cdot = J qdot with respect to q (§3). Start with the rod.
// Notation: d = x_a - x_b, w = v_a - v_b. Ch06Constraint.* checks them by finite
// differences and, through the solver, the pendulum tests.
//
// Symbols: C, Cdot (Eigen::Ref<Eigen::VectorXd>, dim()), J[k],
//   Jdot[k] (MatrixBlock, data dim() x 2), d, w (Eigen::Vector2d)
// Tests: Ch06Constraint.*, Ch06Tinkertoy.*Pendulum* (tests/06_tinkertoys_test.cpp,
//   tests/06_tinkertoys_test_pendulum.cpp, tests/06_tinkertoys_test_tinkertoy.cpp)
//   build/bin/ch06_tests --gtest_filter='Ch06Constraint.*:Ch06Tinkertoy.*Pendulum*'
#include "pbm/constraints/constraints.h"
#include "pbm/core/exercise.h"

namespace pbm {

void RodConstraint::evaluate(const ParticleSystem& /*ps*/, Eigen::Ref<Eigen::VectorXd> /*C*/,
                             Eigen::Ref<Eigen::VectorXd> /*Cdot*/, std::span<MatrixBlock> /*J*/,
                             std::span<MatrixBlock> /*Jdot*/) const {
  PBM_TODO("RodConstraint::evaluate",
           "CD §4: Quadratic: C = (d.d - L^2)/2, Cdot = d.w, J = (d^T, -d^T), Jdot = (w^T, -w^T); "
           "Distance: C = |d| - L, J = +-dhat^T, Jdot = +-(w - (dhat.w) dhat)^T / |d|");
}

void CircularWireConstraint::evaluate(const ParticleSystem& /*ps*/,
                                      Eigen::Ref<Eigen::VectorXd> /*C*/,
                                      Eigen::Ref<Eigen::VectorXd> /*Cdot*/,
                                      std::span<MatrixBlock> /*J*/,
                                      std::span<MatrixBlock> /*Jdot*/) const {
  PBM_TODO("CircularWireConstraint::evaluate",
           "CD §2 eqs 1-3: r = x - center; C = (r.r - R^2)/2, Cdot = r.v, J = r^T, Jdot = v^T");
}

void LineWireConstraint::evaluate(const ParticleSystem& /*ps*/, Eigen::Ref<Eigen::VectorXd> /*C*/,
                                  Eigen::Ref<Eigen::VectorXd> /*Cdot*/,
                                  std::span<MatrixBlock> /*J*/,
                                  std::span<MatrixBlock> /*Jdot*/) const {
  PBM_TODO("LineWireConstraint::evaluate",
           "C = n.(x - point), Cdot = n.v, J = n^T, Jdot = 0 (the gradient is constant)");
}

void NailConstraint::evaluate(const ParticleSystem& /*ps*/, Eigen::Ref<Eigen::VectorXd> /*C*/,
                              Eigen::Ref<Eigen::VectorXd> /*Cdot*/, std::span<MatrixBlock> /*J*/,
                              std::span<MatrixBlock> /*Jdot*/) const {
  PBM_TODO("NailConstraint::evaluate", "two rows: C = x - point, Cdot = v, J = I (2x2), Jdot = 0");
}

void PinJointConstraint::evaluate(const ParticleSystem& /*ps*/, Eigen::Ref<Eigen::VectorXd> /*C*/,
                                  Eigen::Ref<Eigen::VectorXd> /*Cdot*/,
                                  std::span<MatrixBlock> /*J*/,
                                  std::span<MatrixBlock> /*Jdot*/) const {
  PBM_TODO("PinJointConstraint::evaluate",
           "two rows: C = x_a - x_b, Cdot = v_a - v_b, J = (I, -I), Jdot = 0");
}

}  // namespace pbm
