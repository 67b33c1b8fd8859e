// Chapter 06 tests: the fixtures and independent oracles the parts share (CD
// §3-§4): a constant push, a Rig (particles, constraints, gravity and the
// constraint force), the dense J, W and J W J^T of a rig, a swinging chain,
// the rigid-body accelerations of a planar frame and a spin about its centre
// of mass, and the double pendulum's closed-form angle equations.
#pragma once

#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cmath>
#include <memory>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include "budget.h"
#include "expect_vec_near.h"
#include "pbm/constraints/block_sparse.h"
#include "pbm/constraints/conjugate_gradient.h"
#include "pbm/constraints/constrained_system.h"
#include "pbm/constraints/constraints.h"
#include "pbm/constraints/lagrangian.h"
#include "pbm/core/errors.h"
#include "pbm/integrators/integrators.h"
#include "pbm/particles/forces.h"
#include "pbm/particles/particles.h"
#include "test_deadline.h"

namespace ch06_test {

using Eigen::MatrixXd;
using Eigen::Vector2d;
using Eigen::VectorXd;
using pbm::ConstraintSolver;
inline constexpr double kG = 9.81;

// A constant applied force on one particle (a push).
class Push : public pbm::Force {
 public:
  Push(int i, Vector2d F) : i(i), F(F) {}
  void apply(pbm::ParticleSystem& ps) override { ps.particles[i].f += F; }
  int i;
  Vector2d F;
};

// Why a conjugate-gradient loop would not end (CD §4.4).
inline const std::string kCgHint =
    "does the loop stop at maxIter iterations (a restart from the true residual counts too), "
    "and when the residual is <= relTol |b| (CD §4.4, "
    "exercises/06_tinkertoys/conjugate_gradient.cpp)?";

// Why a derivative evaluation with constraints would not end: any loop on its path.
inline const std::string kEvaluationHint =
    "does every loop end: over the blocks in the block products (CD §4.2), over the particles "
    "in applyConstraintForces (§4.1), and CG's at maxIter iterations or when the residual is "
    "<= relTol |b| (§4.4)? Ch06BlockSparse.* and Ch06Cg.* call the first and the last alone.";

// A conjugate-gradient call of the tests under budgets (issue 30): the
// operators it is given count their applications and throw BudgetExceeded
// past `budget` (an iteration applies A once, CGLS A and A^T, a restart once
// more), and the call ends at the deadline if its loop applies nothing.
template <class Solve>
pbm::CgResult cgWithin(const char* function, long budget, Solve&& solve) {
  long applied = 0;
  auto budgeted = [&](const pbm::LinearOperator& A) -> pbm::LinearOperator {
    return [&, A](const VectorXd& in, VectorXd& out) {
      if (++applied > budget)
        throw pbm_test::BudgetExceeded(std::string(function) + ": more than " +
                                       std::to_string(budget) +
                                       " applications of the operator: " + kCgHint);
      A(in, out);
    };
  };
  return pbm_test::withinSeconds(function, kCgHint, [&] { return solve(budgeted); });
}

// Particles, constraints, gravity and the constraint force (appended last).
struct Rig {
  pbm::ParticleSystem ps;
  pbm::ConstraintSet cs;
  pbm::ConstraintForce* cf = nullptr;
  // Every evaluation runs the constraint solve (a student conjugate gradient
  // unless the solver is LDLT): each under the deadline of issue 30.
  pbm_test::Watchdog dog{
      "applyConstraintForces (or what it calls: BlockSparseMatrix::multiply, "
      "multiplyTranspose, multiplyJWJt, conjugateGradient, jacobiConjugateGradient)",
      kEvaluationHint};
  Rig() = default;
  Rig(const Rig&) = delete;

  int particle(double m, Vector2d x, Vector2d v = Vector2d::Zero()) {
    pbm::Particle p;
    p.m = m;
    p.x = x;
    p.v = v;
    return ps.add(p);
  }
  template <class T, class... A>
  T& add(A&&... a) {
    return cs.add<T>(ps, std::forward<A>(a)...);
  }
  // Gravity (and extra pushes) first, the constraint force last (§4.1).
  void finish(double ks = 0.0, double kd = 0.0, bool gravity = true,
              ConstraintSolver solver = ConstraintSolver::CG) {
    if (gravity) ps.addForce<pbm::Gravity>(Vector2d(0.0, -kG));
    pbm::ConstraintSolverSettings s;
    s.ks = ks;
    s.kd = kd;
    s.solver = solver;
    s.tolerance = 1e-13;
    cf = &ps.addForce<pbm::ConstraintForce>(cs, s);
  }
  VectorXd accelerations() {
    VectorXd xdot;
    dog([&] { ps.derivEval(xdot); });
    VectorXd a(2 * ps.n());
    for (int i = 0; i < ps.n(); ++i) a.segment<2>(2 * i) = xdot.segment<2>(4 * i + 2);
    return a;
  }
  // One RK4 step of h (four evaluations, each with a constraint solve).
  void step(double h) {
    dog([&] { pbm::rk4Step(ps, h); });
  }
  // The applied forces Q alone (every force but the last).
  VectorXd appliedForces() {
    for (auto& p : ps.particles) p.f.setZero();
    for (size_t k = 0; k + 1 < ps.forces.size(); ++k) ps.forces[k]->apply(ps);
    return pbm::forceVector(ps);
  }
};

// Dense J W J^T and b of eq (11) from the dense J, Jdot: an independent assembly.
struct DenseSystem {
  MatrixXd J, Jdot, A;
  VectorXd W, b;
};
inline DenseSystem denseSystem(Rig& r, double ks, double kd) {
  DenseSystem d;
  const VectorXd Q = r.appliedForces();
  r.cs.evaluate(r.ps);
  d.J = r.cs.J.toDense();
  d.Jdot = r.cs.Jdot.toDense();
  d.W = pbm::inverseMassVector(r.ps);
  d.A = d.J * d.W.asDiagonal() * d.J.transpose();
  d.b = -d.Jdot * pbm::velocityVector(r.ps) - d.J * d.W.cwiseProduct(Q) - ks * r.cs.C -
        kd * r.cs.Cdot;
  return d;
}

// Nail at the origin on particle 0, then N rods of total length 1, masses 1/N
// each, at random angles ("swinging") with random legal velocities.
inline void buildChain(Rig& r, int N, unsigned seed, bool straight = false) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> U(-1.0, 1.0);
  const double L = 1.0 / N, m = 1.0 / N;
  Vector2d x(0, 0), v(0, 0);
  r.particle(m, x, v);
  r.add<pbm::NailConstraint>(0, Vector2d(0, 0));
  for (int k = 1; k <= N; ++k) {
    const double th = straight ? 0.0 : 1.2 * U(rng);
    const Vector2d e(std::sin(th), -std::cos(th));
    x += L * e;
    v += (straight ? 0.0 : 2.0 * U(rng)) * L * Vector2d(-e.y(), e.x()) * N;
    r.particle(m, x, v);
    r.add<pbm::RodConstraint>(k - 1, k, L);
  }
}

// Rigid-body closed form for a planar frame: a_i = F/M + g + alpha k x r_i - w^2 r_i.
inline VectorXd rigidAccelerations(const pbm::ParticleSystem& ps, double w, const Vector2d& push,
                                   int pushed) {
  const Vector2d c = ps.centerOfMass();
  double M = 0, I = 0, tau = 0;
  for (int i = 0; i < ps.n(); ++i) {
    const Vector2d ri = ps.particles[i].x - c;
    M += ps.particles[i].m;
    I += ps.particles[i].m * ri.squaredNorm();
    if (i == pushed) tau += ri.x() * push.y() - ri.y() * push.x();
  }
  const double alpha = tau / I;
  VectorXd a(2 * ps.n());
  for (int i = 0; i < ps.n(); ++i) {
    const Vector2d ri = ps.particles[i].x - c;
    a.segment<2>(2 * i) =
        push / M + Vector2d(0, -kG) + alpha * Vector2d(-ri.y(), ri.x()) - w * w * ri;
  }
  return a;
}
inline void spin(pbm::ParticleSystem& ps, double w, const Vector2d& vcm) {
  const Vector2d c = ps.centerOfMass();
  for (auto& p : ps.particles) p.v = vcm + w * Vector2d(-(p.x - c).y(), (p.x - c).x());
}

// The double pendulum's closed-form angle equations (textbook Lagrangian),
// angles from the downward vertical; returns (x1dd, x2dd).
inline VectorXd doublePendulumClosedForm(double m1, double m2, double L1, double L2, double t1,
                                         double t2, double w1, double w2) {
  const double D = 2 * m1 + m2 - m2 * std::cos(2 * t1 - 2 * t2);
  const double a1 =
      (-kG * (2 * m1 + m2) * std::sin(t1) - m2 * kG * std::sin(t1 - 2 * t2) -
       2 * std::sin(t1 - t2) * m2 * (w2 * w2 * L2 + w1 * w1 * L1 * std::cos(t1 - t2))) /
      (L1 * D);
  const double a2 = 2 * std::sin(t1 - t2) *
                    (w1 * w1 * L1 * (m1 + m2) + kG * (m1 + m2) * std::cos(t1) +
                     w2 * w2 * L2 * m2 * std::cos(t1 - t2)) /
                    (L2 * D);
  auto acc = [](double L, double t, double w, double a) {
    return Vector2d(L * (a * std::cos(t) - w * w * std::sin(t)),
                    L * (a * std::sin(t) + w * w * std::cos(t)));
  };
  VectorXd out(4);
  out.head<2>() = acc(L1, t1, w1, a1);
  out.tail<2>() = out.head<2>() + acc(L2, t2, w2, a2);
  return out;
}

// The backstop for loops nothing counts (test_deadline.h): a test still
// running after kTestSeconds ends with this message, naming the student
// functions its suite drives (the exercise headers' --gtest_filter lines).
inline const bool kDeadlineInstalled = pbm_test::installTestDeadline(
    {{"Ch06BlockSparse", "BlockSparseMatrixT::multiply, multiplyTranspose"},
     {"Ch06Cg",
      "conjugateGradient, jacobiConjugateGradient, conjugateGradientLeastSquares, multiplyJWJt, "
      "constraintRhs, applyConstraintForces"},
     {"Ch06Solve", "multiplyJWJt, constraintRhs, applyConstraintForces"},
     {"Ch06Tinkertoy", "multiplyJWJt, constraintRhs, applyConstraintForces, evaluate"},
     {"Ch06Constraint", "evaluate"},
     {"Ch06Lagrangian", "lagrangianAcceleration, hybridAcceleration"},
     {"Ch06Pointer", "applyConstraintForces and what it calls (through the rig's steps)"},
     {"Ch06Headless", "applyConstraintForces and what it calls (through the scenes' steps)"},
     {"Ch06Solver",
      "conjugateGradient, jacobiConjugateGradient, conjugateGradientLeastSquares, "
      "applyConstraintForces"}},
    "does every loop over blocks, constraints or particles advance and end, and does every CG stop "
    "at its maxIter?");

}  // namespace ch06_test
