// Chapter 06: the constrained particle system (Constrained Dynamics §3-§4.5).
// The derivative evaluation of §4.1 is chapter 04's particleDerivative with one
// more force object appended LAST to ParticleSystem::forces: ConstraintForce.
// When it applies, the accumulators already hold the applied forces Q, so it
//   1. evaluates every constraint (C, Cdot and the blocks of J, Jdot),
//   2. forms the right-hand side of eq (11)
//        J W J^T lambda = -Jdot qdot - J W Q - ks C - kd Cdot,
//   3. solves for lambda matrix-free by conjugate gradients (§4.4),
//   4. adds Qhat = J^T lambda into the accumulators,
// and particleDerivative then divides by the masses as before.
//
// Student functions (solutions/06_tinkertoys/constrained_system.cpp):
// multiplyJWJt, constraintRhs, applyConstraintForces.
#pragma once

#include <Eigen/Core>
#include <algorithm>

#include "pbm/constraints/block_sparse.h"
#include "pbm/constraints/constraint_set.h"
#include "pbm/constraints/constraint_solver.h"
#include "pbm/constraints/global_vectors.h"
#include "pbm/particles/particles.h"

namespace pbm {

// y = J (W o (J^T x)) (§4.4): transpose multiply, scale by the diagonal W,
// multiply. Never forms J W J^T.
void multiplyJWJt(const BlockSparseMatrix& J, const Eigen::VectorXd& W, const Eigen::VectorXd& x,
                  Eigen::VectorXd& y);

// Eq (11): b = -Jdot qdot - J (W o Q) - ks C - kd Cdot.
Eigen::VectorXd constraintRhs(const BlockSparseMatrix& J, const BlockSparseMatrix& Jdot,
                              const Eigen::VectorXd& qdot, const Eigen::VectorXd& W,
                              const Eigen::VectorXd& Q, const Eigen::VectorXd& C,
                              const Eigen::VectorXd& Cdot, double ks, double kd);

// §4.1 step 3: evaluate the constraints, form eq (11)'s right-hand side with
// Q = the accumulators, solve (solveConstraintSystem), store lambda and
// Qhat = J^T lambda in `cs`, and add Qhat into the accumulators.
ConstraintSolveStats applyConstraintForces(ParticleSystem& ps, ConstraintSet& cs,
                                           const ConstraintSolverSettings& settings);

// The constraint force as a force object: append it LAST to ps.forces so its
// apply() sees every applied force already accumulated. Keeps the worst solve
// since resetStepStats() for the HUD and the CSV (RK4 solves 4 times a step).
class ConstraintForce : public Force {
 public:
  ConstraintForce(ConstraintSet& set, ConstraintSolverSettings settings = {})
      : set(set), settings(settings) {}
  void apply(ParticleSystem& ps) override {
    last = applyConstraintForces(ps, set, settings);
    ++solves;
    worstIterations = std::max(worstIterations, last.result.iterations);
    worstResidual = std::max(worstResidual, last.result.relativeResidual);
    fellBack = fellBack || last.fellBack;
  }
  void resetStepStats() {
    worstIterations = 0;
    worstResidual = 0.0;
    fellBack = false;
  }
  ConstraintSet& set;
  ConstraintSolverSettings settings;
  ConstraintSolveStats last;
  long solves = 0;
  int worstIterations = 0;
  double worstResidual = 0.0;
  bool fellBack = false;
};

}  // namespace pbm
