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
#include <cmath>
#include <cstdio>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "pbm/constraints/block_sparse.h"
#include "pbm/constraints/conjugate_gradient.h"
#include "pbm/constraints/constraints.h"
#include "pbm/core/errors.h"
#include "pbm/particles/particles.h"

namespace pbm {

// --- global vectors of the particle system (§3: q, qdot, Q, W = M^-1)

// qdot, 2 n: (vx0, vy0, vx1, vy1, ...).
inline Eigen::VectorXd velocityVector(const ParticleSystem& ps) {
  Eigen::VectorXd v(2 * ps.n());
  for (int i = 0; i < ps.n(); ++i) v.segment<2>(2 * i) = ps.particles[i].v;
  return v;
}
// Q, 2 n: what the accumulators hold now.
inline Eigen::VectorXd forceVector(const ParticleSystem& ps) {
  Eigen::VectorXd f(2 * ps.n());
  for (int i = 0; i < ps.n(); ++i) f.segment<2>(2 * i) = ps.particles[i].f;
  return f;
}
// W's diagonal, 2 n: 1/m, and 0 for a controlled particle (infinite mass, PSD §5).
inline Eigen::VectorXd inverseMassVector(const ParticleSystem& ps) {
  Eigen::VectorXd w(2 * ps.n());
  for (int i = 0; i < ps.n(); ++i)
    w.segment<2>(2 * i).setConstant(ps.particles[i].control.controlled() ? 0.0
                                                                         : 1.0 / ps.particles[i].m);
  return w;
}

// --- the constraint list and its global matrices (§4.3)

class ConstraintSet {
 public:
  std::vector<std::unique_ptr<Constraint>> constraints;
  BlockSparseMatrix J, Jdot;         // m x 2n, the same block pattern
  Eigen::VectorXd C, Cdot;           // m
  Eigen::VectorXd lambda;            // m, the last solve's multipliers
  Eigen::VectorXd Qhat;              // 2n, the last constraint force J^T lambda
  std::vector<int> row, firstBlock;  // per constraint: first row, first block

  int m() const { return J.rows; }
  int size() const { return static_cast<int>(constraints.size()); }

  // Validates and registers a constraint: its particles exist, its gradient
  // does not vanish, and it does not leave a constraint whose particles are
  // all nailed (redundant rows that move nothing). Throws UsageError naming it.
  template <class T, class... Args>
  T& add(const ParticleSystem& ps, Args&&... args) {
    auto c = std::make_unique<T>(std::forward<Args>(args)...);
    T& ref = *c;
    addConstraint(std::move(c), ps);
    return ref;
  }
  void addConstraint(std::unique_ptr<Constraint> c, const ParticleSystem& ps) {
    for (int p : c->particles())
      if (p < 0 || p >= ps.n())
        throw UsageError(c->name() + ": no particle " + std::to_string(p) + " (there are " +
                         std::to_string(ps.n()) + ")");
    c->validate(ps);
    const std::string added = c->name();
    constraints.push_back(std::move(c));
    try {
      checkPins(ps, added);
    } catch (...) {
      constraints.pop_back();
      throw;
    }
    rebuild(ps.n());
  }
  void removeConstraint(int k, int nParticles) {
    constraints.erase(constraints.begin() + k);
    rebuild(nParticles);
  }
  // Removes every constraint touching particle p and renumbers the rest for
  // the particle list without p (the caller erases the particle itself).
  void removeParticle(int p, int nParticlesAfter) {
    std::erase_if(constraints, [p](const std::unique_ptr<Constraint>& c) {
      return std::ranges::find(c->particles(), p) != c->particles().end();
    });
    for (auto& c : constraints) c->renumberAfterRemoving(p);
    rebuild(nParticlesAfter);
  }

  // Row offsets and blocks from scratch (§4.3: on every structural change).
  void rebuild(int nParticles) {
    int m = 0;
    row.clear();
    firstBlock.clear();
    for (const auto& c : constraints) row.push_back(m), m += c->dim();
    J.reset(m, 2 * nParticles);
    Jdot.reset(m, 2 * nParticles);
    for (size_t k = 0; k < constraints.size(); ++k) {
      firstBlock.push_back(static_cast<int>(J.blocks.size()));
      for (int p : constraints[k]->particles()) {
        J.createBlock(row[k], 2 * p, constraints[k]->dim(), 2);
        Jdot.createBlock(row[k], 2 * p, constraints[k]->dim(), 2);
      }
    }
    C = Cdot = lambda = Eigen::VectorXd::Zero(m);
    Qhat = Eigen::VectorXd::Zero(2 * nParticles);
  }

  // Every constraint writes its slices of C, Cdot and its own blocks (§4.3).
  void evaluate(const ParticleSystem& ps) {
    if (J.cols != 2 * ps.n() || static_cast<int>(row.size()) != size()) rebuild(ps.n());
    for (int k = 0; k < size(); ++k) {
      const Constraint& c = *constraints[k];
      const size_t nb = c.particles().size();
      c.evaluate(ps, C.segment(row[k], c.dim()), Cdot.segment(row[k], c.dim()),
                 std::span<MatrixBlock>(J.blocks).subspan(firstBlock[k], nb),
                 std::span<MatrixBlock>(Jdot.blocks).subspan(firstBlock[k], nb));
    }
  }

  double maxAbsC() const { return C.size() ? C.cwiseAbs().maxCoeff() : 0.0; }

 private:
  void checkPins(const ParticleSystem& ps, const std::string& added) const {
    std::vector<int> pins(ps.n(), 0);
    for (int i = 0; i < ps.n(); ++i) pins[i] = ps.particles[i].control.controlled() ? 1 : 0;
    for (const auto& c : constraints)
      if (c->pinsParticle()) ++pins[c->particles()[0]];
    for (const auto& c : constraints) {
      std::string why;
      if (c->pinsParticle() && pins[c->particles()[0]] > 1)
        why = "particle " + std::to_string(c->particles()[0]) + " is already fixed";
      else if (!c->pinsParticle() &&
               std::ranges::all_of(c->particles(), [&](int p) { return pins[p] > 0; }))
        why = "every particle of " + c->name() +
              " would be nailed, so its rows move nothing (redundant)";
      if (!why.empty()) throw UsageError(added + ": rejected: " + why);
    }
  }
};

// --- the solve (§4.4)

enum class ConstraintSolver { CG, JacobiCG, CGLeastSquares };
inline const char* solverName(ConstraintSolver s) {
  return s == ConstraintSolver::CG ? "CG" : s == ConstraintSolver::JacobiCG ? "Jacobi-CG" : "CGLS";
}

struct ConstraintSolverSettings {
  double ks = 100.0;  // feedback on C, 1/s^2 (eq 11; mass-independent, acts on Cddot)
  double kd = 20.0;   // feedback on Cdot, 1/s (critical damping: kd = 2 sqrt(ks))
  // Jacobi-CG by default: as fast as plain CG on a straight chain (within 6%), 20-25% faster
  // on swinging chains (chapters/06_tinkertoys/README.md, "Benchmarks").
  ConstraintSolver solver = ConstraintSolver::JacobiCG;
  double tolerance = 1e-10;  // relative true residual
  int maxIterations = 0;     // 0: 3 m + 10 for CG (20 m + 50 for CGLS)
  bool fallback = true;      // CG not converged: retry with CGLS from 0
};

struct ConstraintSolveStats {
  int m = 0;  // scalar constraints
  ConstraintSolver used = ConstraintSolver::CG;
  bool fellBack = false;  // the chosen solver failed and CGLS answered
  CgResult result;        // of the solver whose lambda was used
  CgResult first;         // of the chosen solver (differs from result after a fallback)
};

// y = J (W o (J^T x)) (§4.4): transpose multiply, scale by the diagonal W,
// multiply. Never forms J W J^T.
void multiplyJWJt(const BlockSparseMatrix& J, const Eigen::VectorXd& W, const Eigen::VectorXd& x,
                  Eigen::VectorXd& y);

// Eq (11): b = -Jdot qdot - J (W o Q) - ks C - kd Cdot.
Eigen::VectorXd constraintRhs(const BlockSparseMatrix& J, const BlockSparseMatrix& Jdot,
                              const Eigen::VectorXd& qdot, const Eigen::VectorXd& W,
                              const Eigen::VectorXd& Q, const Eigen::VectorXd& C,
                              const Eigen::VectorXd& Cdot, double ks, double kd);

// diag(J W J^T)_a = sum over the blocks of row a of sum_p w_p J_ap^2: Jacobi's preconditioner.
inline Eigen::VectorXd jwjtDiagonal(const BlockSparseMatrix& J, const Eigen::VectorXd& W) {
  Eigen::VectorXd d = Eigen::VectorXd::Zero(J.rows);
  for (const auto& b : J.blocks)
    for (int r = 0; r < b.ilength(); ++r)
      for (int c = 0; c < b.jlength(); ++c) d[b.i + r] += W[b.j + c] * b.data(r, c) * b.data(r, c);
  return d;
}

// The solver policy (research ch05-06 §C.4-5): the chosen solver from lambda = 0;
// if it does not converge and fallback is on, CG least squares from 0; if that
// fails too, SolverFailure naming the solver state. Never a silent wrong answer.
inline ConstraintSolveStats solveConstraintSystem(const BlockSparseMatrix& J,
                                                  const Eigen::VectorXd& W,
                                                  const Eigen::VectorXd& b, Eigen::VectorXd& lambda,
                                                  const ConstraintSolverSettings& s) {
  ConstraintSolveStats st;
  const int m = static_cast<int>(b.size());
  if (!b.allFinite())
    throw SolverFailure("constraint solve: the right-hand side of eq (11) is not finite (m = " +
                        std::to_string(m) + "): the state has diverged; try a smaller h");
  st.m = m;
  st.used = s.solver;
  lambda = Eigen::VectorXd::Zero(m);
  const LinearOperator A = [&](const Eigen::VectorXd& in, Eigen::VectorXd& out) {
    multiplyJWJt(J, W, in, out);
  };
  const int cgMax = s.maxIterations > 0 ? s.maxIterations : 3 * m + 10;
  const int lsMax = s.maxIterations > 0 ? s.maxIterations : 20 * m + 50;
  auto leastSquares = [&] {
    return conjugateGradientLeastSquares(A, A, b, lambda, s.tolerance, lsMax);
  };
  switch (s.solver) {
    case ConstraintSolver::CG:
      st.result = conjugateGradient(A, b, lambda, s.tolerance, cgMax);
      break;
    case ConstraintSolver::JacobiCG: {
      Eigen::VectorXd inv = jwjtDiagonal(J, W);
      for (int a = 0; a < m; ++a) inv[a] = inv[a] > 0.0 ? 1.0 / inv[a] : 0.0;
      st.result = jacobiConjugateGradient(A, inv, b, lambda, s.tolerance, cgMax);
      break;
    }
    case ConstraintSolver::CGLeastSquares:
      st.result = leastSquares();
      break;
  }
  st.first = st.result;
  if ((!st.result.converged || !lambda.allFinite()) && s.fallback &&
      s.solver != ConstraintSolver::CGLeastSquares) {
    lambda.setZero();
    st.result = leastSquares();
    st.used = ConstraintSolver::CGLeastSquares;
    st.fellBack = true;
  }
  if (!st.result.converged || !lambda.allFinite()) {
    char buf[256];
    std::snprintf(buf, sizeof buf,
                  "constraint solve did not converge (m = %d): %s %d iterations, residual %.3g", m,
                  solverName(s.solver), st.first.iterations, st.first.relativeResidual);
    std::string msg = buf;
    if (st.fellBack) {
      std::snprintf(buf, sizeof buf, "; CGLS fallback %d iterations, residual %.3g",
                    st.result.iterations, st.result.relativeResidual);
      msg += buf;
    }
    std::snprintf(buf, sizeof buf, " (tolerance %.3g)", s.tolerance);
    throw SolverFailure(msg + buf);
  }
  return st;
}

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
