// Exercise 06 · multiplyJWJt, constraintRhs, applyConstraintForces (CD §3 eq 11, §4.4, §4.1 step 3)
//
// The constraint force. Use the block products you wrote (J.multiply,
// J.multiplyTranspose) and the helpers of constrained_system.h (velocityVector,
// forceVector, inverseMassVector, solveConstraintSystem).
//
// Symbols: J, Jdot (BlockSparseMatrix, m x 2n), W = M^-1, qdot, Q (Eigen::VectorXd, 2n), C, Cdot,
//   lambda (m)
// Tests: Ch06Solve.*, Ch06Cg.MatchesDenseSolveOnChains, Ch06Tinkertoy.*
//   (tests/06_tinkertoys_test_pendulum.cpp, tests/06_tinkertoys_test_solve.cpp,
//   tests/06_tinkertoys_test_tinkertoy.cpp)
//   build/bin/ch06_tests --gtest_filter='Ch06Solve.*:Ch06Cg.MatchesDenseSolveOnChains:Ch06Tinkertoy.*'
#include "pbm/constraints/constrained_system.h"
#include "pbm/core/exercise.h"

namespace pbm {

void multiplyJWJt(const BlockSparseMatrix& /*J*/, const Eigen::VectorXd& /*W*/,
                  const Eigen::VectorXd& /*x*/, Eigen::VectorXd& /*y*/) {
  PBM_TODO("multiplyJWJt", "CD §4.4: t = J^T x; t = W o t (element-wise); y = J t");
}

Eigen::VectorXd constraintRhs(const BlockSparseMatrix& /*J*/, const BlockSparseMatrix& /*Jdot*/,
                              const Eigen::VectorXd& /*qdot*/, const Eigen::VectorXd& /*W*/,
                              const Eigen::VectorXd& /*Q*/, const Eigen::VectorXd& /*C*/,
                              const Eigen::VectorXd& /*Cdot*/, double /*ks*/, double /*kd*/) {
  PBM_TODO("constraintRhs", "CD §3 eq 11: b = -Jdot qdot - J (W o Q) - ks C - kd Cdot");
}

ConstraintSolveStats applyConstraintForces(ParticleSystem& /*ps*/, ConstraintSet& /*cs*/,
                                           const ConstraintSolverSettings& /*settings*/) {
  PBM_TODO("applyConstraintForces",
           "CD §4.1 step 3: cs.evaluate(ps); if m = 0 set cs.Qhat = 0 and return {}; b = "
           "constraintRhs(..., Q = forceVector(ps)); stats = solveConstraintSystem(cs.J, W, b, "
           "cs.lambda, settings); cs.Qhat = J^T lambda; add Qhat into each particle's f");
}

}  // namespace pbm
