// Chapter 06 tests: general constrained particle systems (Witkin, Constrained
// Dynamics, CD §3-§5), each claim checked against a closed form, finite
// differences or an independent dense solve (Eigen LDLT, the KKT system,
// CompleteOrthogonalDecomposition). Every test calls a chapter-06 student
// function (a constraint's evaluate, the block products, the CG solvers,
// constraintRhs / applyConstraintForces, lagrangianAcceleration,
// hybridAcceleration), so each fails on the exercise skeleton. A failure
// names the section of the notes to read.
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cmath>
#include <memory>
#include <numbers>
#include <random>
#include <vector>

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

namespace {

using Eigen::MatrixXd;
using Eigen::Vector2d;
using Eigen::VectorXd;
using pbm::ConstraintSolver;
constexpr double kG = 9.81;

// A constant applied force on one particle (a push).
class Push : public pbm::Force {
 public:
  Push(int i, Vector2d F) : i(i), F(F) {}
  void apply(pbm::ParticleSystem& ps) override { ps.particles[i].f += F; }
  int i;
  Vector2d F;
};

// Particles, constraints, gravity and the constraint force (appended last).
struct Rig {
  pbm::ParticleSystem ps;
  pbm::ConstraintSet cs;
  pbm::ConstraintForce* cf = nullptr;
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
    ps.derivEval(xdot);
    VectorXd a(2 * ps.n());
    for (int i = 0; i < ps.n(); ++i) a.segment<2>(2 * i) = xdot.segment<2>(4 * i + 2);
    return a;
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
DenseSystem denseSystem(Rig& r, double ks, double kd) {
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
void buildChain(Rig& r, int N, unsigned seed, bool straight = false) {
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

// ---------------------------------------------------------------------------
// CD §3-§4.3: every constraint's Cdot, J and Jdot against finite differences:
// J = dC/dq, Cdot = J qdot, Jdot = dCdot/dq.
TEST(Ch06Constraint, JacobiansMatchFiniteDifferences) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> U(-1.0, 1.0);
  for (int type = 0; type < 6; ++type) {
    Rig r;
    for (int i = 0; i < 3; ++i) r.particle(1.0, Vector2d(U(rng), U(rng)), Vector2d(U(rng), U(rng)));
    switch (type) {
      case 0:
        r.add<pbm::RodConstraint>(0, 2, 0.7);
        break;
      case 1:
        r.add<pbm::RodConstraint>(2, 1, 0.7, pbm::RodForm::Distance);
        break;
      case 2:
        r.add<pbm::CircularWireConstraint>(1, Vector2d(0.2, -0.3), 0.5);
        break;
      case 3:
        r.add<pbm::LineWireConstraint>(0, Vector2d(0.1, 0.2), Vector2d(0.3, 1.0));
        break;
      case 4:
        r.add<pbm::NailConstraint>(2, Vector2d(0.4, 0.1));
        break;
      case 5:
        r.add<pbm::PinJointConstraint>(0, 1);
        break;
    }
    SCOPED_TRACE(r.cs.constraints[0]->name());
    const double eps = 1e-6;
    r.cs.evaluate(r.ps);
    const MatrixXd J = r.cs.J.toDense(), Jdot = r.cs.Jdot.toDense();
    const VectorXd Cdot = r.cs.Cdot, qdot = pbm::velocityVector(r.ps);
    EXPECT_VEC_NEAR(Cdot, VectorXd(J * qdot), 1e-12) << "CD §3: Cdot = J qdot";
    MatrixXd Jfd(J.rows(), J.cols()), Jdotfd(J.rows(), J.cols());
    for (int c = 0; c < J.cols(); ++c) {
      double& coord = r.ps.particles[c / 2].x[c % 2];
      const double keep = coord;
      coord = keep + eps;
      r.cs.evaluate(r.ps);
      const VectorXd Cp = r.cs.C, Cdp = r.cs.Cdot;
      coord = keep - eps;
      r.cs.evaluate(r.ps);
      Jfd.col(c) = (Cp - r.cs.C) / (2 * eps);
      Jdotfd.col(c) = (Cdp - r.cs.Cdot) / (2 * eps);
      coord = keep;
    }
    EXPECT_VEC_NEAR(J, Jfd, 1e-7) << "CD §3: J = dC/dq against central differences of C";
    EXPECT_VEC_NEAR(Jdot, Jdotfd, 1e-7)
        << "CD §3: Jdot = dCdot/dq against central differences of Cdot";
    // The other definition: Jdot = dJ/dt along qdot.
    auto Jat = [&](double s) {
      for (int i = 0; i < 3; ++i) r.ps.particles[i].x += s * r.ps.particles[i].v;
      r.cs.evaluate(r.ps);
      const MatrixXd out = r.cs.J.toDense();
      for (int i = 0; i < 3; ++i) r.ps.particles[i].x -= s * r.ps.particles[i].v;
      return out;
    };
    EXPECT_VEC_NEAR(Jdot, MatrixXd((Jat(eps) - Jat(-eps)) / (2 * eps)), 1e-7)
        << "CD §3: Jdot = dJ/dt along qdot (central differences)";
  }
}

// CD §4 and the slides' "distance constraint": the |d| - L rod is the
// quadratic rod divided by |d|: the same J direction.
TEST(Ch06Constraint, DistanceFormGradientIsTheUnitQuadraticGradient) {
  Rig r;
  r.particle(1.0, Vector2d(0.3, 0.4), Vector2d(1, 0));
  r.particle(1.0, Vector2d(-0.5, 1.0), Vector2d(0, 2));
  r.add<pbm::RodConstraint>(0, 1, 0.9);
  r.add<pbm::RodConstraint>(0, 1, 0.9, pbm::RodForm::Distance);
  r.cs.evaluate(r.ps);
  const MatrixXd J = r.cs.J.toDense();
  const double len = (Vector2d(0.3, 0.4) - Vector2d(-0.5, 1.0)).norm();
  ASSERT_EQ(J.rows(), 2) << "CD §4: one row per rod";
  EXPECT_VEC_NEAR(J.row(1), Eigen::RowVectorXd(J.row(0) / len), 1e-14)
      << "CD §4: J of |d| - L is J of 1/2 (|d|^2 - L^2) divided by |d|";
  EXPECT_NEAR(r.cs.C[1], len - 0.9, 1e-15) << "CD §4: the distance rod's C = |d| - L";
  EXPECT_NEAR(r.cs.C[0], 0.5 * (len * len - 0.81), 1e-15)
      << "CD §4: the quadratic rod's C = 1/2 (|d|^2 - L^2)";
}

// CD §4.2, Fig. 3: block-sparse products equal dense products; the block
// bookkeeping of a chain.
TEST(Ch06BlockSparse, ProductsEqualDenseProducts) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> U(-1.0, 1.0);
  pbm::BlockSparseMatrix A;
  A.reset(9, 12);
  const int shapes[][4] = {{0, 0, 2, 2}, {0, 6, 2, 2}, {2, 2, 1, 2}, {3, 4, 2, 2}, {3, 10, 2, 2},
                           {5, 0, 1, 2}, {6, 8, 2, 2}, {8, 4, 1, 1}, {2, 10, 1, 2}};
  for (const auto& s : shapes) {
    const int k = A.createBlock(s[0], s[1], s[2], s[3]);
    A.blocks[k].data = pbm::BlockData::NullaryExpr(s[2], s[3], [&] { return U(rng); });
  }
  const MatrixXd D = A.toDense();
  const VectorXd x = VectorXd::NullaryExpr(12, [&] { return U(rng); });
  const VectorXd y = VectorXd::NullaryExpr(9, [&] { return U(rng); });
  VectorXd Ax = VectorXd::Constant(3, 7.0), Aty = VectorXd::Constant(2, 7.0);  // wrong sizes
  A.multiply(x, Ax);
  A.multiplyTranspose(y, Aty);
  EXPECT_VEC_REL(Ax, VectorXd(D * x), 1e-14)
      << "CD §4.2: the block-sparse product A x equals the dense one (output resized)";
  EXPECT_VEC_REL(Aty, VectorXd(D.transpose() * y), 1e-14)
      << "CD §4.2: the block-sparse product A^T y equals the dense one (output resized)";

  // A nail + N-rod chain: 2N + 1 blocks, nnz(J) = 4N + 4 (2D).
  Rig r;
  buildChain(r, 5, 1);
  r.cs.evaluate(r.ps);
  EXPECT_EQ(r.cs.J.blocks.size(), 11u) << "CD §4.2: a nail and 5 rods: 1 + 2 x 5 blocks";
  EXPECT_EQ(r.cs.J.nnz(), 24) << "CD §4.2: a nail and 5 rods: 4 + 4 x 5 non-zeros";
  const VectorXd z = VectorXd::NullaryExpr(r.cs.m(), [&] { return U(rng); });
  VectorXd Jtz;
  r.cs.J.multiplyTranspose(z, Jtz);
  EXPECT_VEC_REL(Jtz, VectorXd(r.cs.J.toDense().transpose() * z), 1e-14)
      << "CD §4.2: J^T z of the chain, block-sparse against dense";
}

// CD §4.4: J W J^T is symmetric positive semidefinite, the matrix-free product
// equals it, and its rank is rank J: a square with both diagonals has 6 rows
// and rank 5.
TEST(Ch06Solve, JWJtIsSymmetricPositiveSemidefinite) {
  Rig r;
  const double m[] = {1, 2, 1.5, 0.7};
  const Vector2d x[] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
  for (int i = 0; i < 4; ++i) r.particle(m[i], x[i]);
  for (int i = 0; i < 4; ++i) r.add<pbm::RodConstraint>(i, (i + 1) % 4, 1.0);
  r.add<pbm::RodConstraint>(0, 2, std::sqrt(2.0));
  r.add<pbm::RodConstraint>(1, 3, std::sqrt(2.0));
  r.cs.evaluate(r.ps);
  const MatrixXd J = r.cs.J.toDense();
  const VectorXd W = pbm::inverseMassVector(r.ps);
  const MatrixXd A = J * W.asDiagonal() * J.transpose();
  MatrixXd Aop(6, 6);
  for (int c = 0; c < 6; ++c) {
    VectorXd col;
    pbm::multiplyJWJt(r.cs.J, W, VectorXd::Unit(6, c), col);
    Aop.col(c) = col;
  }
  EXPECT_VEC_NEAR(Aop, A, 1e-14 * A.cwiseAbs().maxCoeff())
      << "CD §4.4: multiplyJWJt applied to the unit vectors gives the columns of J W J^T";
  EXPECT_VEC_NEAR(Aop, MatrixXd(Aop.transpose()), 1e-15) << "CD §4.4: J W J^T is symmetric";
  // The spectrum of J W J^T from the student's J: PSD, rank 5 of 6.
  const VectorXd ev = Eigen::SelfAdjointEigenSolver<MatrixXd>(A).eigenvalues();
  EXPECT_GE(ev.minCoeff(), -1e-12 * ev.maxCoeff())
      << "CD §4.4: J W J^T is positive semidefinite; eigenvalues " << ev.transpose();
  EXPECT_LE(std::abs(ev[0]), 1e-12 * ev.maxCoeff())
      << "CD §4.4: the second diagonal is redundant: one zero eigenvalue; eigenvalues "
      << ev.transpose();
  EXPECT_GT(ev[1], 1e-3 * ev.maxCoeff())
      << "CD §4.4: only one redundant row; eigenvalues " << ev.transpose();
  EXPECT_EQ(Eigen::FullPivLU<MatrixXd>(J).rank(), 5)
      << "CD §4.4: rank J = 5 for the square with both diagonals";
}

// CD §4.4: CG on J W J^T matches a dense solve on swinging chains of 4 ... 256
// rods; b = 0 gives 0 iterations; no constraints give Qhat = 0.
TEST(Ch06Cg, MatchesDenseSolveOnChains) {
  for (int N : {4, 16, 64, 256}) {
    SCOPED_TRACE("a nail and " + std::to_string(N) + " rods");
    Rig r;
    buildChain(r, N, 11 + N);
    r.finish(100.0, 20.0);
    const DenseSystem d = denseSystem(r, 100.0, 20.0);
    const VectorXd exact = d.A.ldlt().solve(d.b);
    const VectorXd b = pbm::constraintRhs(r.cs.J, r.cs.Jdot, pbm::velocityVector(r.ps), d.W,
                                          r.appliedForces(), r.cs.C, r.cs.Cdot, 100.0, 20.0);
    EXPECT_VEC_REL(b, d.b, 1e-13)
        << "CD §3 eq 11: b = -Jdot qdot - J W Q - ks C - kd Cdot, against the dense assembly";
    const pbm::LinearOperator A = [&](const VectorXd& in, VectorXd& out) {
      pbm::multiplyJWJt(r.cs.J, d.W, in, out);
    };
    const int m = r.cs.m();
    VectorXd lambda = VectorXd::Zero(m);
    const pbm::CgResult res = pbm::conjugateGradient(A, b, lambda, 1e-10, 3 * m + 10);
    EXPECT_TRUE(res.converged) << "CD §4.4: CG converges within 3m + 10 iterations; it took "
                               << res.iterations << ", residual " << res.relativeResidual;
    EXPECT_LE(res.relativeResidual, 1e-10) << "CD §4.4: the reported residual meets the tolerance";
    EXPECT_NEAR(res.relativeResidual, (d.b - d.A * lambda).norm() / d.b.norm(), 1e-12)
        << "CD §4.4: the reported residual is the true |b - A lambda| / |b|";
    EXPECT_VEC_REL(lambda, exact, 1e-8) << "CD §4.4: CG's lambda against a dense LDLT solve";
    VectorXd inv = d.A.diagonal().cwiseInverse(), lj = VectorXd::Zero(m);
    EXPECT_TRUE(pbm::jacobiConjugateGradient(A, inv, b, lj, 1e-10, 3 * m + 10).converged)
        << "CD §4.4: Jacobi-preconditioned CG converges within 3m + 10 iterations";
    EXPECT_VEC_REL(lj, exact, 1e-8)
        << "CD §4.4: Jacobi-preconditioned CG's lambda against a dense LDLT solve";
  }
  // b = 0: lambda = 0 at once.
  const pbm::LinearOperator I = [](const VectorXd& in, VectorXd& out) { out = in; };
  VectorXd x = VectorXd::Ones(5);
  const pbm::CgResult zero = pbm::conjugateGradient(I, VectorXd::Zero(5), x, 1e-10, 20);
  EXPECT_EQ(zero.iterations, 0) << "CD §4.4: b = 0 needs no iteration";
  EXPECT_TRUE(zero.converged) << "CD §4.4: b = 0 is converged at once";
  EXPECT_VEC_NEAR(x, VectorXd(VectorXd::Zero(5)), 0.0)
      << "CD §4.4: b = 0 gives lambda = 0 whatever the start";
  // No constraints: Qhat = 0, accelerations W Q = g.
  Rig free;
  free.particle(2.0, Vector2d(1, 2), Vector2d(3, 4));
  free.finish();
  EXPECT_VEC_NEAR(free.accelerations(), Vector2d(0, -kG), 1e-15)
      << "CD §4.1: without constraints Qhat = 0 and the particle falls at g";
}

// CD §4.4: CG least squares (the notes' Numerical Recipes routine) on a small
// SPD system equals the dense solve.
TEST(Ch06Cg, LeastSquaresVariantMatchesDenseSolve) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> U(-1.0, 1.0);
  const MatrixXd B = MatrixXd::NullaryExpr(8, 8, [&] { return U(rng); });
  const MatrixXd A = B * B.transpose() + 0.5 * MatrixXd::Identity(8, 8);
  const VectorXd b = VectorXd::NullaryExpr(8, [&] { return U(rng); });
  const pbm::LinearOperator op = [&](const VectorXd& in, VectorXd& out) { out = A * in; };
  VectorXd x = VectorXd::Zero(8);
  const pbm::CgResult res = pbm::conjugateGradientLeastSquares(op, op, b, x, 1e-12, 500);
  EXPECT_TRUE(res.converged) << "CD §4.4: CG least squares converges within 500 iterations; "
                             << res.iterations << " taken, residual " << res.relativeResidual;
  EXPECT_VEC_REL(x, VectorXd(A.ldlt().solve(b)), 1e-9)
      << "CD §4.4: CG least squares against a dense LDLT solve";
}

// CD §3 eq (11): accelerations are legal and equal the dense KKT solution
// [[M, -J^T], [J, 0]] (qdd, lambda) = (Q, -Jdot qdot - ks C - kd Cdot).
TEST(Ch06Tinkertoy, AccelerationsSolveTheKktSystem) {
  Rig r;
  r.particle(1.0, Vector2d(0.1, -0.05));
  r.particle(1.0, Vector2d(1.1, 0.1), Vector2d(0.2, 0.5));
  r.particle(2.0, Vector2d(1.5, -0.7), Vector2d(-0.3, 0.1));
  r.particle(0.5, Vector2d(2.0, -0.2), Vector2d(0.4, 0.4));
  r.add<pbm::NailConstraint>(0, Vector2d(0, 0));
  r.add<pbm::RodConstraint>(0, 1, 1.0);
  r.add<pbm::RodConstraint>(1, 2, 0.8);
  r.add<pbm::RodConstraint>(2, 3, 0.6);
  const double ks = 36, kd = 12;
  r.finish(ks, kd);
  const VectorXd a = r.accelerations();
  const VectorXd lambda = r.cs.lambda;
  const DenseSystem d = denseSystem(r, ks, kd);
  const int n = 8, m = 5;
  MatrixXd K = MatrixXd::Zero(n + m, n + m);
  K.topLeftCorner(n, n) = d.W.cwiseInverse().asDiagonal();
  K.topRightCorner(n, m) = -d.J.transpose();
  K.bottomLeftCorner(m, n) = d.J;
  VectorXd rhs(n + m);
  rhs << r.appliedForces(), -d.Jdot * pbm::velocityVector(r.ps) - ks * r.cs.C - kd * r.cs.Cdot;
  const VectorXd sol = K.partialPivLu().solve(rhs);
  EXPECT_VEC_REL(a, VectorXd(sol.head(n)), 1e-12)
      << "CD §3 eq 11: the accelerations against the dense KKT solve";
  EXPECT_VEC_REL(lambda, VectorXd(sol.tail(m)), 1e-12)
      << "CD §3 eq 11: the multipliers against the dense KKT solve";
  // C-double-dot = -ks C - kd Cdot: the accelerations are legal.
  EXPECT_VEC_REL(VectorXd(d.J * a), VectorXd(rhs.tail(m)), 1e-9)
      << "CD §3 eq 11: J qdd = -Jdot qdot - ks C - kd Cdot: Cddot = -ks C - kd Cdot";
}

// CD §3 (virtual work): constraint forces do no virtual work: Qhat . v = 0 for
// every v in the null space of J, and the power Qhat . qdot = lambda . Cdot.
TEST(Ch06Tinkertoy, ConstraintForcesDoNoVirtualWork) {
  Rig r;
  buildChain(r, 6, 21);
  r.add<pbm::CircularWireConstraint>(6, Vector2d(0.3, -0.2), 0.4);  // illegal: feedback pulls it in
  r.finish(100, 20);
  r.accelerations();
  const VectorXd Qhat = r.cs.Qhat;
  const MatrixXd J = r.cs.J.toDense();
  const MatrixXd N = Eigen::FullPivLU<MatrixXd>(J).kernel();
  ASSERT_EQ(N.cols(), 14 - 9) << "CD §3: 14 coordinates, 9 independent constraint rows";
  EXPECT_GT(Qhat.norm(), 1.0) << "CD §3: the constraints hold a swinging chain: Qhat != 0";
  for (int c = 0; c < N.cols(); ++c)
    EXPECT_NEAR(Qhat.dot(N.col(c)), 0.0, 1e-12 * Qhat.norm() * N.col(c).norm())
        << "CD §3: Qhat does no work on a legal velocity (null-space vector " << c << " of J)";
  EXPECT_NEAR(Qhat.dot(pbm::velocityVector(r.ps)), r.cs.lambda.dot(r.cs.Cdot),
              1e-12 * Qhat.norm() * pbm::velocityVector(r.ps).norm())
      << "CD §3: the power of Qhat on any velocity is lambda . Cdot";
  EXPECT_VEC_NEAR(Qhat, VectorXd(J.transpose() * r.cs.lambda), 1e-12 * Qhat.norm())
      << "CD §3: Qhat = J^T lambda";
}

// Rigid-body closed form for a planar frame: a_i = F/M + g + alpha k x r_i - w^2 r_i.
VectorXd rigidAccelerations(const pbm::ParticleSystem& ps, double w, const Vector2d& push,
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
void spin(pbm::ParticleSystem& ps, double w, const Vector2d& vcm) {
  const Vector2d c = ps.centerOfMass();
  for (auto& p : ps.particles) p.v = vcm + w * Vector2d(-(p.x - c).y(), (p.x - c).x());
}

// CD §3: internal constraints exert no net force or torque; rigid frames move rigidly.
TEST(Ch06Tinkertoy, InternalConstraintsExertNoNetForceOrTorque) {
  {
    Rig r;
    r.particle(1.0, Vector2d(0, 0));
    r.particle(2.0, Vector2d(1.2, 0.1));
    r.particle(3.5, Vector2d(0.4, 0.9));
    for (int i = 0; i < 3; ++i) {
      const int j = (i + 1) % 3;
      r.add<pbm::RodConstraint>(i, j, (r.ps.particles[i].x - r.ps.particles[j].x).norm());
    }
    spin(r.ps, 1.7, Vector2d(0.5, -0.3));
    r.finish(100, 20);
    const VectorXd a = r.accelerations();
    Vector2d F = Vector2d::Zero();
    double torque = 0;
    for (int i = 0; i < 3; ++i) {
      const Vector2d f = r.cs.Qhat.segment<2>(2 * i), x = r.ps.particles[i].x;
      F += f;
      torque += x.x() * f.y() - x.y() * f.x();
    }
    EXPECT_VEC_NEAR(F, Vector2d(0, 0), 1e-12) << "CD §3: internal constraints: no net force";
    EXPECT_NEAR(torque, 0.0, 1e-12) << "CD §3: internal constraints: no net torque";
    EXPECT_VEC_NEAR(a, rigidAccelerations(r.ps, 1.7, Vector2d::Zero(), -1), 1e-12)
        << "CD §3: a spinning rigid triangle: a_i = g - w^2 r_i";
  }
  {
    // Square, one diagonal, a push on corner 0.
    Rig r;
    const double m[] = {1, 2, 1.5, 0.7};
    const Vector2d x[] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    for (int i = 0; i < 4; ++i) r.particle(m[i], x[i]);
    for (int i = 0; i < 4; ++i) r.add<pbm::RodConstraint>(i, (i + 1) % 4, 1.0);
    r.add<pbm::RodConstraint>(0, 2, std::sqrt(2.0));
    spin(r.ps, 2.3, Vector2d(0, 0));
    r.ps.addForce<Push>(0, Vector2d(3, 0));
    r.finish(100, 20);
    EXPECT_VEC_NEAR(r.accelerations(), rigidAccelerations(r.ps, 2.3, Vector2d(3, 0), 0), 1e-11)
        << "CD §3: a pushed, spinning rigid square: a_i = F/M + g + alpha k x r_i - w^2 r_i";
  }
}

// CD §3: pendulum tension. Anchor (mass 3) nailed at the origin, bob 1.5 kg at
// (0, -0.8) moving at 2 m/s: the rod pulls the bob up by m (g + s^2/L), the
// multiplier is -m (g + s^2/L)/L (negative = tension) whatever the rod's order,
// and the nail carries both weights plus the centripetal pull.
TEST(Ch06Tinkertoy, PendulumTensionMatchesCentripetalForce) {
  for (bool swapped : {false, true}) {
    SCOPED_TRACE(swapped ? "rod from the bob to the anchor" : "rod from the anchor to the bob");
    Rig r;
    r.particle(3.0, Vector2d(0, 0));
    r.particle(1.5, Vector2d(0, -0.8), Vector2d(2, 0));
    r.add<pbm::NailConstraint>(0, Vector2d(0, 0));
    if (swapped)
      r.add<pbm::RodConstraint>(1, 0, 0.8);
    else
      r.add<pbm::RodConstraint>(0, 1, 0.8);
    r.finish(100, 20);
    const VectorXd a = r.accelerations();
    const double T = 1.5 * (kG + 4.0 / 0.8);  // 22.215 N
    ASSERT_EQ(r.cs.Qhat.size(), 4) << "CD §4: Qhat has one entry per coordinate";
    ASSERT_EQ(r.cs.lambda.size(), 3) << "CD §4: one multiplier per constraint row";
    EXPECT_VEC_NEAR(VectorXd(r.cs.Qhat.tail<2>()), Vector2d(0, T), 1e-12 * T)
        << "CD §3: the rod pulls the bob up by m (g + s^2/L)";
    EXPECT_NEAR(r.cs.lambda[2], -T / 0.8, 1e-12 * T)
        << "CD §3: the rod's multiplier -m (g + s^2/L)/L (negative: tension)";
    EXPECT_VEC_NEAR(VectorXd(r.cs.lambda.head<2>()), Vector2d(0, 3.0 * kG + T), 1e-12 * T)
        << "CD §3: the nail carries the anchor's weight plus the rod's pull";
    EXPECT_VEC_NEAR(VectorXd(a.head<2>()), Vector2d(0, 0), 1e-12) << "CD §3: the nail holds";
    EXPECT_NEAR(a[3], 4.0 / 0.8, 1e-12) << "CD §3: the bob accelerates up at s^2 / L";
  }
}

// The double pendulum's closed-form angle equations (textbook Lagrangian),
// angles from the downward vertical; returns (x1dd, x2dd).
VectorXd doublePendulumClosedForm(double m1, double m2, double L1, double L2, double t1, double t2,
                                  double w1, double w2) {
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

// CD §4 (exercise "double pendulum"), slides "Things to try at home": three
// tinkertoy builds of the double pendulum equal the closed form.
TEST(Ch06Tinkertoy, DoublePendulumMatchesClosedFormAngleEquations) {
  const double m1 = 1, m2 = 2, L1 = 1, L2 = 0.7, t1 = 0.7, t2 = -1.9, w1 = 1.3, w2 = -2.2;
  const VectorXd exact = doublePendulumClosedForm(m1, m2, L1, L2, t1, t2, w1, w2);
  const Vector2d e1(std::sin(t1), -std::cos(t1)), e2(std::sin(t2), -std::cos(t2));
  const Vector2d x1 = L1 * e1, x2 = x1 + L2 * e2;
  const Vector2d v1 = L1 * w1 * Vector2d(-e1.y(), e1.x());
  const Vector2d v2 = v1 + L2 * w2 * Vector2d(-e2.y(), e2.x());
  const char* builds[] = {"circular wire + rod", "nail + 2 quadratic rods",
                          "nail + 2 distance rods"};
  for (int build = 0; build < 3; ++build) {
    for (auto solver : {ConstraintSolver::CG, ConstraintSolver::JacobiCG, ConstraintSolver::LDLT,
                        ConstraintSolver::Auto}) {
      SCOPED_TRACE(std::string(builds[build]) + ", " + pbm::solverName(solver));
      Rig r;
      int off = 0;
      if (build == 0) {
        r.particle(m1, x1, v1);
        r.particle(m2, x2, v2);
        r.add<pbm::CircularWireConstraint>(0, Vector2d(0, 0), L1);
        r.add<pbm::RodConstraint>(0, 1, L2);
      } else {
        const auto form = build == 1 ? pbm::RodForm::Quadratic : pbm::RodForm::Distance;
        r.particle(1.0, Vector2d(0, 0));
        r.particle(m1, x1, v1);
        r.particle(m2, x2, v2);
        r.add<pbm::NailConstraint>(0, Vector2d(0, 0));
        r.add<pbm::RodConstraint>(0, 1, L1, form);
        r.add<pbm::RodConstraint>(1, 2, L2, form);
        off = 2;
      }
      r.finish(100, 20, true, solver);
      const VectorXd a = r.accelerations();
      EXPECT_VEC_NEAR(VectorXd(a.segment(off, 4)), exact, 1e-12 * exact.norm())
          << "CD §4: the accelerations equal the double pendulum's closed-form angle equations";
      if (build == 0) {
        EXPECT_NEAR(r.cs.lambda[0], -14.21695357, 1e-7) << "CD §3: the wire's multiplier (tension)";
        EXPECT_NEAR(r.cs.lambda[1], 8.37556916, 1e-7)
            << "CD §3: the lower rod's multiplier (compression here)";
      }
    }
  }
}

// Energy of a Rig: kinetic plus gravitational (constraint forces do no work).
double energy(const pbm::ParticleSystem& ps) {
  return ps.kineticEnergy() + ps.potentialEnergy(pbm::EnergyKind::Gravity);
}

// CD §3: the constraint force does no work, so a double pendulum released from
// the horizontal conserves energy to RK4's accuracy (order 4).
TEST(Ch06Tinkertoy, DoublePendulumConservesEnergyToFourthOrder) {
  auto maxDrift = [](double h) {
    Rig r;
    r.particle(1.0, Vector2d(1.0, 0.0));
    r.particle(2.0, Vector2d(1.7, 0.0));
    r.add<pbm::CircularWireConstraint>(0, Vector2d(0, 0), 1.0);
    r.add<pbm::RodConstraint>(0, 1, 0.7);
    r.finish(0.0, 0.0);
    const double e0 = energy(r.ps), scale = 1.0 * kG * 1.0 + 2.0 * kG * 1.7;
    double worst = 0;
    const int steps = static_cast<int>(std::lround(10.0 / h));
    for (int k = 0; k < steps; ++k) {
      pbm::rk4Step(r.ps, h);
      worst = std::max(worst, std::abs(energy(r.ps) - e0) / scale);
    }
    return worst;
  };
  const double fine = maxDrift(1e-3), coarse = maxDrift(2e-3);
  EXPECT_LE(fine, 1e-5) << "CD §3: max |E - E0| / E_s over 10 s of RK4, h = 1e-3";
  EXPECT_GE(coarse / fine, 10.0) << "CD §3, DEB §2.2: the energy error is O(h^4): " << coarse
                                 << " at h = 2e-3, " << fine << " at h = 1e-3";
}

// CD §3 (feedback): the same double pendulum, max |C| over 10 s of RK4 at
// h = 1e-3, with C computed here from the positions. Without feedback the
// constraints drift (about 8e-7); feedback ks = 100, kd = 20 holds them about
// 500 times tighter (about 1.4e-9).
TEST(Ch06Tinkertoy, FeedbackHoldsTheDoublePendulumOnItsConstraints) {
  auto maxC = [](double ks, double kd) {
    Rig r;
    r.particle(1.0, Vector2d(1.0, 0.0));
    r.particle(2.0, Vector2d(1.7, 0.0));
    r.add<pbm::CircularWireConstraint>(0, Vector2d(0, 0), 1.0);
    r.add<pbm::RodConstraint>(0, 1, 0.7);
    r.finish(ks, kd);
    double worst = 0;
    for (int k = 0; k < 10000; ++k) {
      pbm::rk4Step(r.ps, 1e-3);
      const Vector2d x0 = r.ps.particles[0].x, d = x0 - r.ps.particles[1].x;
      worst = std::max({worst, std::abs(0.5 * (x0.squaredNorm() - 1.0)),
                        std::abs(0.5 * (d.squaredNorm() - 0.49))});
    }
    return worst;
  };
  const double without = maxC(0, 0), with = maxC(100, 20);
  EXPECT_LT(without, 1e-5) << "CD §3: without feedback RK4's drift stays small at h = 1e-3";
  EXPECT_GT(without, 1e-8) << "CD §3: without feedback the constraints do drift";
  EXPECT_LT(with, 1e-8) << "CD §3: feedback ks = 100, kd = 20 holds max |C| below 1e-8";
  EXPECT_LT(with, without / 100) << "CD §3: feedback must hold the constraints at least 100x "
                                    "tighter; max |C| = "
                                 << without << " without, " << with << " with";
}

// CD §3 (feedback), slides: feedback makes every constraint error decay
// independently and in closed form, C(t) = (C0 + (Cdot0 + 6 C0) t) e^{-6t} for
// ks = 36, kd = 12 (critical). This pins the signs of all four terms of eq (11).
TEST(Ch06Tinkertoy, FeedbackMakesEachConstraintErrorDecayInClosedForm) {
  Rig r;
  r.particle(1.0, Vector2d(0.1, -0.05));
  r.particle(1.0, Vector2d(1.1, 0.1), Vector2d(0.2, 0.5));
  r.particle(2.0, Vector2d(1.5, -0.7), Vector2d(-0.3, 0.1));
  r.particle(0.5, Vector2d(2.0, -0.2), Vector2d(0.4, 0.4));
  r.add<pbm::NailConstraint>(0, Vector2d(0, 0));
  const double L[] = {1.0, 0.8, 0.6};
  for (int k = 0; k < 3; ++k) r.add<pbm::RodConstraint>(k, k + 1, L[k]);
  r.finish(36, 12);
  // C and Cdot computed here from positions, independently of the constraint code.
  auto Cnow = [&](VectorXd& C, VectorXd& Cd) {
    C.resize(5);
    Cd.resize(5);
    C.head<2>() = r.ps.particles[0].x;
    Cd.head<2>() = r.ps.particles[0].v;
    for (int k = 0; k < 3; ++k) {
      const Vector2d d = r.ps.particles[k].x - r.ps.particles[k + 1].x;
      const Vector2d w = r.ps.particles[k].v - r.ps.particles[k + 1].v;
      C[2 + k] = 0.5 * (d.squaredNorm() - L[k] * L[k]);
      Cd[2 + k] = d.dot(w);
    }
  };
  VectorXd C0, Cd0, C, Cd;
  Cnow(C0, Cd0);
  VectorXd expectC0(5), expectCd0(5);
  expectC0 << 0.1, -0.05, 0.01125, 0.08, 0.07;
  expectCd0 << 0, 0, 0.275, 0.12, 0.5;
  ASSERT_LT((C0 - expectC0).norm(), 1e-14) << "the test's own start state";
  ASSERT_LT((Cd0 - expectCd0).norm(), 1e-14) << "the test's own start state";
  const double h = 1e-3;
  double worst = 0;
  for (int k = 1; k <= 2000; ++k) {
    pbm::rk4Step(r.ps, h);
    const double t = k * h;
    Cnow(C, Cd);
    const VectorXd exact = (C0 + (Cd0 + 6 * C0) * t) * std::exp(-6 * t);
    worst = std::max(worst, (C - exact).cwiseAbs().maxCoeff());
  }
  EXPECT_LE(worst, 1e-8) << "CD §3 eq 11: every C_k(t) follows (C0 + (Cdot0 + 6 C0) t) e^{-6t}; "
                            "worst deviation over 2 s";
}

// CD §4.4: the default solver (auto) picks from the system: Jacobi-CG for a
// small one (m <= 32), a sparse LDLT of J W J^T on a longer chain (definite),
// Jacobi-CG from 0 on a braced lattice (semidefinite: redundant diagonals).
// Its lambda against a dense LDLT solve, its motion against the rigid one.
TEST(Ch06Solver, AutoSolvesChainsDirectlyAndRedundantSetsByCg) {
  for (int N : {8, 40, 256}) {
    SCOPED_TRACE("a nail and " + std::to_string(N) + " rods");
    Rig r;
    buildChain(r, N, 5 + N);
    r.finish(100.0, 20.0, true, ConstraintSolver::Auto);
    const DenseSystem d = denseSystem(r, 100.0, 20.0);
    const VectorXd exact = d.A.ldlt().solve(d.b);
    r.accelerations();
    const ConstraintSolver expected = r.cs.m() <= pbm::kAutoIterativeMaxRows
                                          ? ConstraintSolver::JacobiCG
                                          : ConstraintSolver::LDLT;
    EXPECT_EQ(r.cf->last.used, expected)
        << "CD §4.4: m = " << r.cs.m() << ": auto should take " << pbm::solverName(expected)
        << ", got " << pbm::solverName(r.cf->last.used);
    EXPECT_TRUE(r.cf->last.result.converged) << "CD §4.4: the solve meets the tolerance";
    EXPECT_NEAR(r.cf->last.result.relativeResidual, (d.b - d.A * r.cs.lambda).norm() / d.b.norm(),
                1e-12)
        << "CD §4.4: the reported residual is the true |b - A lambda| / |b|";
    EXPECT_VEC_REL(r.cs.lambda, exact, 1e-9) << "CD §4.4: auto's lambda against a dense LDLT solve";
  }
  // A 4 x 4 lattice, every cell braced by both diagonals: 42 rows, 9 of them
  // redundant; spinning, it must move rigidly.
  Rig g;
  const int k = 4;
  for (int i = 0; i < k; ++i)
    for (int j = 0; j < k; ++j) g.particle(1.0 + 0.1 * (i + 2 * j), Vector2d(j, -i));
  auto id = [&](int i, int j) { return i * k + j; };
  for (int i = 0; i < k; ++i)
    for (int j = 0; j < k; ++j) {
      if (j + 1 < k) g.add<pbm::RodConstraint>(id(i, j), id(i, j + 1), 1.0);
      if (i + 1 < k) g.add<pbm::RodConstraint>(id(i, j), id(i + 1, j), 1.0);
      if (i + 1 < k && j + 1 < k) {
        g.add<pbm::RodConstraint>(id(i, j), id(i + 1, j + 1), std::sqrt(2.0));
        g.add<pbm::RodConstraint>(id(i, j + 1), id(i + 1, j), std::sqrt(2.0));
      }
    }
  spin(g.ps, 1.7, Vector2d(0.2, -0.1));
  g.finish(100.0, 20.0, true, ConstraintSolver::Auto);
  ASSERT_GT(g.cs.m(), pbm::kAutoIterativeMaxRows) << "the lattice must be past the small rule";
  const VectorXd a = g.accelerations();
  EXPECT_EQ(g.cf->last.used, ConstraintSolver::JacobiCG)
      << "CD §4.4: redundant diagonals make J W J^T singular: auto takes Jacobi-CG, got "
      << pbm::solverName(g.cf->last.used);
  EXPECT_FALSE(g.cf->last.fellBack) << "CD §4.4: consistent: no least-squares fallback";
  EXPECT_VEC_NEAR(a, rigidAccelerations(g.ps, 1.7, Vector2d::Zero(), -1), 1e-9)
      << "CD §3: the spinning braced lattice moves rigidly";
}

// CD §4.4: redundant constraints: the force is unique even when lambda is not.
// If J W J^T (l1 - l2) = 0 then |W^1/2 J^T (l1 - l2)|^2 = 0, so J^T l1 = J^T l2.
TEST(Ch06Tinkertoy, RedundantConstraintsGiveAUniqueForce) {
  // (a) a duplicate rod on a pendulum: the same force, the multiplier split equally.
  VectorXd single, doubled;
  double lambdaSingle = 0;
  for (int copies : {1, 2}) {
    Rig r;
    r.particle(1.0, Vector2d(0.6, -0.8), Vector2d(0.8, 0.6));
    for (int c = 0; c < copies; ++c) r.add<pbm::CircularWireConstraint>(0, Vector2d(0, 0), 1.0);
    r.finish(100, 20);
    const VectorXd a = r.accelerations();
    if (copies == 1) {
      single = a;
      lambdaSingle = r.cs.lambda[0];
    } else {
      doubled = a;
      EXPECT_NEAR(r.cs.lambda[0], 0.5 * lambdaSingle, 1e-12 * std::abs(lambdaSingle))
          << "CD §4.4: CG from 0 splits the multiplier of a duplicated wire equally";
      EXPECT_NEAR(r.cs.lambda[1], 0.5 * lambdaSingle, 1e-12 * std::abs(lambdaSingle))
          << "CD §4.4: CG from 0 splits the multiplier of a duplicated wire equally";
    }
  }
  EXPECT_VEC_REL(doubled, single, 1e-12)
      << "CD §4.4: a duplicated wire gives the same accelerations";

  // (b) a square with both diagonals (rank 5 of 6) in a legal spinning state.
  VectorXd accel[2];
  for (int diagonals : {1, 2}) {
    SCOPED_TRACE(diagonals == 1 ? "square with one diagonal" : "square with both diagonals");
    Rig r;
    const double m[] = {1, 2, 1.5, 0.7};
    const Vector2d x[] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    for (int i = 0; i < 4; ++i) r.particle(m[i], x[i]);
    for (int i = 0; i < 4; ++i) r.add<pbm::RodConstraint>(i, (i + 1) % 4, 1.0);
    r.add<pbm::RodConstraint>(0, 2, std::sqrt(2.0));
    if (diagonals == 2) r.add<pbm::RodConstraint>(1, 3, std::sqrt(2.0));
    spin(r.ps, 2.3, Vector2d(0.3, 0.1));
    r.finish(100, 20);
    accel[diagonals - 1] = r.accelerations();
    EXPECT_TRUE(r.cf->last.result.converged)
        << "CD §4.4: CG converges on the consistent singular system";
    EXPECT_FALSE(r.cf->last.fellBack) << "CD §4.4: no least-squares fallback needed";
    EXPECT_VEC_NEAR(accel[diagonals - 1], rigidAccelerations(r.ps, 2.3, Vector2d::Zero(), -1),
                    1e-11)
        << "CD §3: the spinning square moves rigidly";
  }
  EXPECT_VEC_REL(accel[1], accel[0], 1e-12)
      << "CD §4.4: a redundant second diagonal changes nothing";
}

// CD §4.4 ("least-squares answer"): contradictory redundancy (second diagonal
// of rest length 1.3, true sqrt 2): the least-squares solver returns the
// minimum-norm least-squares lambda (dense CompleteOrthogonalDecomposition),
// and the default solver copes (it falls back to it) with a finite force.
TEST(Ch06Tinkertoy, ContradictoryConstraintsGetTheLeastSquaresForce) {
  VectorXd force[2];
  for (int k = 0; k < 2; ++k) {
    SCOPED_TRACE(k == 0 ? "CG least squares" : "CG with the least-squares fallback");
    Rig r;
    const Vector2d x[] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    for (int i = 0; i < 4; ++i) r.particle(1.0, x[i]);
    for (int i = 0; i < 4; ++i) r.add<pbm::RodConstraint>(i, (i + 1) % 4, 1.0);
    r.add<pbm::RodConstraint>(0, 2, std::sqrt(2.0));
    r.add<pbm::RodConstraint>(1, 3, 1.3);
    r.finish(50, 10, true, k == 0 ? ConstraintSolver::CGLeastSquares : ConstraintSolver::CG);
    r.cf->settings.tolerance = 1e-12;
    r.accelerations();
    force[k] = r.cs.Qhat;
    ASSERT_TRUE(force[k].allFinite()) << "CD §4.4: a finite force, got " << force[k].transpose();
    const DenseSystem d = denseSystem(r, 50, 10);
    const VectorXd ls = d.A.completeOrthogonalDecomposition().solve(d.b);
    EXPECT_VEC_REL(r.cs.lambda, ls, 1e-8)
        << "CD §4.4: the minimum-norm least-squares lambda (dense COD)";
    if (k == 1) {
      EXPECT_TRUE(r.cf->last.fellBack) << "CD §4.4: CG cannot converge here and falls back";
    }
  }
  EXPECT_VEC_REL(force[1], force[0], 1e-8) << "CD §4.4: both solvers give the same force";
}

// CD §4.1, PSD §5: a nail and a controlled (infinite-mass) particle hold the
// double pendulum identically, whatever the nailed particle's mass, and both
// give the closed-form accelerations (a legal state: angles asin 0.6 and pi/2
// from the downward vertical, rates 1.25 and 1.25/0.7 rad/s).
TEST(Ch06Tinkertoy, NailsActLikeControlledParticles) {
  const double t1 = std::asin(0.6), t2 = std::numbers::pi / 2, w1 = 1.25, w2 = 1.25 / 0.7;
  const VectorXd exact = doublePendulumClosedForm(1.0, 2.0, 1.0, 0.7, t1, t2, w1, w2);
  for (double anchorMass : {0.0, 0.1, 1.0, 100.0}) {
    SCOPED_TRACE(anchorMass == 0.0 ? std::string("a controlled anchor (PSD §5)")
                                   : "a nailed anchor of mass " + std::to_string(anchorMass));
    Rig r;
    pbm::Particle anchor;
    anchor.m = anchorMass > 0 ? anchorMass : 1.0;
    if (anchorMass == 0.0) anchor.control = pbm::nailAt(Vector2d(0, 0));
    r.ps.add(anchor);
    r.particle(1.0, Vector2d(0.6, -0.8), Vector2d(1.0, 0.75));
    r.particle(2.0, Vector2d(1.3, -0.8), Vector2d(1.0, 2.0));
    if (anchorMass > 0) r.add<pbm::NailConstraint>(0, Vector2d(0, 0));
    r.add<pbm::RodConstraint>(0, 1, 1.0);
    r.add<pbm::RodConstraint>(1, 2, 0.7);
    r.finish(100, 20);
    const VectorXd a = r.accelerations().tail(4);
    EXPECT_VEC_NEAR(a, exact, 1e-12 * exact.norm())
        << "CD §4.1, PSD §5: the double pendulum's closed-form accelerations, whatever holds "
           "the anchor";
  }
}

// CD §3-§4: a bead on a tilted straight wire, C = n.(x - p) through a point p
// off the origin, slides downhill at g sin(alpha), like a block on a
// frictionless incline, and stays on the line (n.(x - p) computed here). The
// feedback (ks = 100, kd = 20) is on: a C measured from the wrong point would
// pull the bead off the line.
TEST(Ch06Constraint, BeadOnATiltedLineAcceleratesAtGSinAlpha) {
  const double alpha = 0.5;
  const Vector2d down(std::cos(alpha), -std::sin(alpha)), n(std::sin(alpha), std::cos(alpha));
  const Vector2d p(0.4, 1.3), x0 = p + 0.2 * down;
  Rig r;
  r.particle(1.5, x0);
  r.add<pbm::LineWireConstraint>(0, p, 3.0 * n);  // any length of normal
  r.finish(100, 20);
  const Vector2d want = kG * std::sin(alpha) * down;
  EXPECT_VEC_NEAR(r.accelerations(), want, 1e-12)
      << "CD §3: on a line at alpha = 0.5 below the horizontal a bead accelerates at g sin(alpha) "
         "downhill";
  const double h = 1e-3;
  for (int k = 1; k <= 1000; ++k) {
    pbm::rk4Step(r.ps, h);
    ASSERT_NEAR(n.dot(r.ps.particles[0].x - p), 0.0, 1e-12)
        << "CD §3: the bead stays on the line n.(x - p) = 0; t = " << k * h;
  }
  EXPECT_VEC_NEAR(r.ps.particles[0].x, Vector2d(x0 + 0.5 * kG * std::sin(alpha) * down), 1e-10)
      << "CD §3: after 1 s the bead has slid (g sin(alpha) / 2) t^2 down the line";
}

// CD §3-§4: a pin joint (C = x_a - x_b) makes two particles one. Coincident at
// (0.4, 0.7), off the origin, moving together, one of them pushed: both
// accelerate at (F + (m_a + m_b) g) / (m_a + m_b), with the feedback on. And a
// pin-jointed pair on a rod from a nail swings like a single pendulum bob:
// tangential -g sin(theta), centripetal s^2 / L.
TEST(Ch06Constraint, PinJointedParticlesMoveAsOne) {
  {
    Rig r;
    r.particle(1.0, Vector2d(0.4, 0.7), Vector2d(0.3, -0.2));
    r.particle(3.0, Vector2d(0.4, 0.7), Vector2d(0.3, -0.2));
    r.add<pbm::PinJointConstraint>(0, 1);
    const Vector2d push(2.0, 1.0);
    r.ps.addForce<Push>(0, push);
    r.finish(100, 20);
    const Vector2d a = push / 4.0 + Vector2d(0, -kG);
    VectorXd both(4);
    both << a, a;
    EXPECT_VEC_NEAR(r.accelerations(), both, 1e-12)
        << "CD §3: pinned together, the pair accelerates at (F + M g) / M, M = 4";
  }
  {
    Rig r;
    r.particle(1.0, Vector2d(0, 0));
    r.particle(1.0, Vector2d(0.6, -0.8), Vector2d(1.0, 0.75));
    r.particle(2.0, Vector2d(0.6, -0.8), Vector2d(1.0, 0.75));
    r.add<pbm::NailConstraint>(0, Vector2d(0, 0));
    r.add<pbm::RodConstraint>(0, 1, 1.0);
    r.add<pbm::PinJointConstraint>(2, 1);
    r.finish(100, 20);
    const Vector2d e(0.6, -0.8), t(0.8, 0.6);  // along the rod, along the swing
    const double s2 = 1.5625;                  // |v|^2, L = 1
    const Vector2d a = -kG * 0.6 * t - s2 * e;
    VectorXd want(6);
    want << 0, 0, a, a;
    EXPECT_VEC_NEAR(r.accelerations(), want, 1e-12)
        << "CD §3: a nailed rod holding a pin-jointed pair: one pendulum bob, a = -g sin(theta) "
           "t - s^2/L e";
  }
}

// Bad input (CD §4): degenerate constraints are rejected with a message naming
// them, and the set stays usable.
TEST(Ch06Constraint, DegenerateConstraintsAreRejected) {
  Rig r;
  r.particle(1.0, Vector2d(0, 0));
  r.particle(1.0, Vector2d(1, 0));
  r.particle(1.0, Vector2d(1, 0));
  EXPECT_THROW(r.add<pbm::RodConstraint>(1, 1, 1.0), pbm::UsageError)
      << "CD §4: a rod joins two different particles";
  EXPECT_THROW(r.add<pbm::RodConstraint>(0, 1, 0.0), pbm::UsageError)
      << "CD §4: a rod needs a length > 0";
  EXPECT_THROW(r.add<pbm::RodConstraint>(1, 2, 0.5), pbm::UsageError)  // coincident: d = 0
      << "CD §4: a rod between coincident particles has no direction (grad C = 0)";
  EXPECT_THROW(r.add<pbm::CircularWireConstraint>(0, Vector2d(1, 1), 0.0), pbm::UsageError)
      << "CD §2: a wire needs a radius > 0";
  EXPECT_THROW(r.add<pbm::CircularWireConstraint>(0, Vector2d(0, 0), 1.0), pbm::UsageError)
      << "CD §2: a bead at the wire's centre has grad C = 0";
  EXPECT_THROW(r.add<pbm::RodConstraint>(0, 7, 1.0), pbm::UsageError)
      << "CD §4: a rod to a particle that does not exist";
  r.add<pbm::NailConstraint>(0, Vector2d(0, 0));
  r.add<pbm::RodConstraint>(0, 1, 1.0);
  try {
    r.add<pbm::NailConstraint>(1, Vector2d(1, 0));  // every particle of the rod nailed
    ADD_FAILURE() << "CD §4.4: nailing both ends of a rod (a redundant set) was accepted";
  } catch (const pbm::UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("nail on 1"), std::string::npos)
        << "the message names the constraint; got: " << e.what();
  }
  EXPECT_THROW(r.add<pbm::NailConstraint>(0, Vector2d(0, 0)), pbm::UsageError)
      << "CD §4.4: a second nail on a nailed particle is redundant";
  EXPECT_EQ(r.cs.size(), 2) << "the rejected constraints were not added";
  r.cs.evaluate(r.ps);
  EXPECT_EQ(r.cs.m(), 3) << "CD §4.2: a nail (2 rows) and a rod (1 row)";
  EXPECT_VEC_NEAR(Eigen::RowVectorXd(r.cs.J.toDense().row(2)),
                  (Eigen::RowVectorXd(6) << -1, 0, 1, 0, 0, 0).finished(), 0.0)
      << "CD §4: the rod's row of J is (d^T, -d^T), d = x0 - x1 = (-1, 0)";
}

// Bad input (CD §4.4): a solve that does not converge is never silent:
// SolverFailure naming the solver state, or (with the fallback) the
// least-squares answer.
TEST(Ch06Solve, NonConvergenceIsNeverSilent) {
  Rig r;
  buildChain(r, 32, 4, true);
  r.finish(100, 20);
  r.cf->settings.maxIterations = 3;
  r.cf->settings.fallback = false;
  try {
    r.accelerations();
    ADD_FAILURE() << "CD §4.4: a 3-iteration CG on a 34-row chain claimed convergence";
  } catch (const pbm::SolverFailure& e) {
    EXPECT_NE(std::string(e.what()).find("CG 3 iterations"), std::string::npos)
        << "CD §4.4: the message names the solver and its iterations; got: " << e.what();
  }
  r.cf->settings.fallback = true;
  EXPECT_THROW(r.accelerations(), pbm::SolverFailure)
      << "CD §4.4: the fallback with 3 iterations cannot converge either";
  r.cf->settings.maxIterations = 0;
  const VectorXd a = r.accelerations();
  EXPECT_TRUE(a.allFinite()) << "CD §4.4: a finite answer with the default iteration limit";
  EXPECT_TRUE(r.cf->last.result.converged) << "CD §4.4: the default limit converges";
  // A hanging straight chain at rest stays at rest: every acceleration 0.
  EXPECT_VEC_NEAR(a, VectorXd(VectorXd::Zero(a.size())), 1e-8 * std::sqrt(a.size()))
      << "CD §3: a straight chain hanging at rest stays at rest";
}

// CD §5: Lagrange's equation (eq 13) for a dumbbell u = (cx, cy, theta) equals
// the constraint-force dynamics of two particles joined by a rod.
TEST(Ch06Lagrangian, DumbbellMatchesRodConstraintDynamics) {
  pbm::Dumbbell db{1.0, 3.0, 1.2};
  const Eigen::Vector3d u(0.3, -0.2, 0.9), ud(0.5, -1.0, 2.5);
  // J and Jdot of the parametrisation against finite differences.
  const double eps = 1e-6;
  Eigen::Matrix<double, 4, 3> Jfd;
  for (int c = 0; c < 3; ++c) {
    const Eigen::Vector3d du = eps * Eigen::Vector3d::Unit(c);
    Jfd.col(c) = (db.positions(u + du) - db.positions(u - du)) / (2 * eps);
  }
  EXPECT_VEC_NEAR(MatrixXd(db.jacobian(u)), MatrixXd(Jfd), 1e-8)
      << "CD §5: the dumbbell's J = dq/du against central differences";
  EXPECT_VEC_NEAR(MatrixXd(db.jacobianDot(u, ud)),
                  MatrixXd((db.jacobian(u + eps * ud) - db.jacobian(u - eps * ud)) / (2 * eps)),
                  1e-8)
      << "CD §5: the dumbbell's Jdot = dJ/dt along udot against central differences";
  const MatrixXd J = db.jacobian(u), Jd = db.jacobianDot(u, ud);
  const VectorXd M = db.massDiag();
  const MatrixXd JtMJ = J.transpose() * M.asDiagonal() * J;
  EXPECT_VEC_NEAR(JtMJ, MatrixXd(Eigen::Vector3d(4, 4, 1.08).asDiagonal()), 1e-12)
      << "CD §5: J^T M J = diag(M, M, I) for the dumbbell about its centre of mass";
  // Gravity plus a push on particle 0.
  const Vector2d push(1.5, 0.4);
  VectorXd Q(4);
  Q << push + Vector2d(0, -kG * 1.0), Vector2d(0, -kG * 3.0);
  const VectorXd udd = pbm::lagrangianAcceleration(J, Jd, M, Q, ud);
  const VectorXd q = db.positions(u), qdot = J * ud;
  const Vector2d c(u[0], u[1]), r0 = q.head<2>() - c;
  ASSERT_EQ(udd.size(), 3) << "CD §5 eq 13: one acceleration per generalised coordinate";
  EXPECT_VEC_NEAR(VectorXd(udd.head<2>()), Vector2d((push + Vector2d(0, -4 * kG)) / 4.0), 1e-12)
      << "CD §5 eq 13: the centre of mass accelerates at (F + M g) / M";
  EXPECT_NEAR(udd[2], (r0.x() * push.y() - r0.y() * push.x()) / 1.08, 1e-12)
      << "CD §5 eq 13: theta_dd = torque / I about the centre of mass";
  // The same two particles with a rod constraint.
  Rig r;
  r.particle(1.0, q.head<2>(), qdot.head<2>());
  r.particle(3.0, q.tail<2>(), qdot.tail<2>());
  r.add<pbm::RodConstraint>(0, 1, 1.2);
  r.ps.addForce<Push>(0, push);
  r.finish(100, 20);
  EXPECT_VEC_REL(VectorXd(J * udd + Jd * ud), r.accelerations(), 1e-12)
      << "CD §5: qdd = J udd + Jdot udot equals the rod-constraint particle accelerations";
}

// CD §5: a parametrisation with a wasted coordinate has a singular J^T M J and
// no unique uddot. A dumbbell of length 0 is one: theta moves nothing, J's
// third column is zero, and J^T M J = diag(M, M, 0). Both solvers must refuse
// it (SolverFailure), not return an answer that does not solve eq 13.
TEST(Ch06Lagrangian, DegenerateParametrisationIsRejected) {
  const pbm::Dumbbell db{1.0, 3.0, 0.0};
  const Eigen::Vector3d u(0.3, -0.2, 0.9), ud(0.5, -1.0, 2.5);
  const MatrixXd J = db.jacobian(u), Jd = db.jacobianDot(u, ud);
  const VectorXd M = db.massDiag();
  VectorXd Q(4);
  Q << 0, -kG, 0, -3 * kG;
  EXPECT_THROW(pbm::lagrangianAcceleration(J, Jd, M, Q, ud), pbm::SolverFailure)
      << "CD §5 eq 13: J^T M J = diag(4, 4, 0) is singular (L = 0: theta is a wasted "
         "coordinate); expected SolverFailure";
  const MatrixXd none(0, 4);
  EXPECT_THROW(
      pbm::hybridAcceleration(J, Jd, M, Q, ud, none, none, VectorXd(0), VectorXd(0), 0.0, 0.0),
      pbm::SolverFailure)
      << "CD §5.1: the generalised mass Jq^T M Jq = diag(4, 4, 0) is singular; expected "
         "SolverFailure";
}

// CD §5.1: a hybrid model (generalised coordinates u with particle constraints
// on q(u)). (i) The dumbbell nailed at its particle 1 equals nail + rod;
// theta_dd = tau_pivot / (m2 L^2). (ii) The dumbbell joined by a rod to a free
// particle equals 3 particles + 2 rods (this needs the Jcdot Jq term of the
// chain rule).
TEST(Ch06Lagrangian, HybridDumbbellEqualsParticleModel) {
  pbm::Dumbbell db{1.0, 3.0, 1.2};
  const double th = -1.1, thd = 1.7;
  // (i) particle 1 of the dumbbell (x1) at the nail point p = (0, 0).
  const Vector2d e(std::cos(th), std::sin(th));
  const Eigen::Vector3d u(db.m2 / 4.0 * 1.2 * e.x(), db.m2 / 4.0 * 1.2 * e.y(), th);
  const Vector2d de(-std::sin(th), std::cos(th));
  const Eigen::Vector3d ud(0.75 * 1.2 * thd * de.x(), 0.75 * 1.2 * thd * de.y(), thd);
  const MatrixXd Jq = db.jacobian(u), Jqd = db.jacobianDot(u, ud);
  const VectorXd q = db.positions(u), qdot = Jq * ud;
  ASSERT_LT(q.head<2>().norm(), 1e-14) << "the test's start: particle 1 at the nail";
  ASSERT_LT(qdot.head<2>().norm(), 1e-14) << "the test's start: particle 1 at rest";
  VectorXd Q(4);
  Q << 0, -kG * 1.0, 0, -kG * 3.0;
  MatrixXd Jc = MatrixXd::Zero(2, 4);
  Jc.leftCols(2).setIdentity();
  const pbm::HybridAcceleration h =
      pbm::hybridAcceleration(Jq, Jqd, db.massDiag(), Q, ud, Jc, MatrixXd::Zero(2, 4), q.head<2>(),
                              qdot.head<2>(), 100, 20);
  ASSERT_EQ(h.uddot.size(), 3) << "CD §5.1: one acceleration per generalised coordinate";
  EXPECT_NEAR(h.uddot[2], 1.2 * 3.0 * (-kG) * e.x() / (3.0 * 1.44), 1e-12)
      << "CD §5.1: about the nail theta_dd = tau_pivot / (m2 L^2)";
  Rig r;
  r.particle(1.0, q.head<2>(), qdot.head<2>());
  r.particle(3.0, q.tail<2>(), qdot.tail<2>());
  r.add<pbm::NailConstraint>(0, Vector2d(0, 0));
  r.add<pbm::RodConstraint>(0, 1, 1.2);
  r.finish(100, 20);
  EXPECT_VEC_REL(VectorXd(Jq * h.uddot + Jqd * ud), r.accelerations(), 1e-12)
      << "CD §5.1: the nailed dumbbell moves like nail + rod";
  EXPECT_VEC_REL(h.lambda, VectorXd(r.cs.lambda.head<2>()), 1e-12)
      << "CD §5.1: the nail's multiplier equals the particle model's";

  // (ii) u = (cx, cy, theta, x3, y3), q = (x1, x2, x3), rod from x2 to x3.
  const Eigen::Vector3d u2(0.2, 0.1, 0.6), ud2(-0.4, 0.3, 1.1);
  const Vector2d x3 = db.positions(u2).tail<2>() + Vector2d(0.3, -0.8), v3(0.9, -0.2);
  MatrixXd Jq2 = MatrixXd::Zero(6, 5), Jqd2 = MatrixXd::Zero(6, 5);
  Jq2.topLeftCorner(4, 3) = db.jacobian(u2);
  Jq2.bottomRightCorner(2, 2).setIdentity();
  Jqd2.topLeftCorner(4, 3) = db.jacobianDot(u2, ud2);
  VectorXd U(5), Ud(5);
  U << u2, x3;
  Ud << ud2, v3;
  VectorXd q2(6), qd2(6), M2(6), Q2(6);
  q2 << db.positions(u2), x3;
  qd2 = Jq2 * Ud;
  M2 << 1, 1, 3, 3, 0.5, 0.5;
  Q2 << 0, -kG, 0, -3 * kG, 0, -0.5 * kG;
  const double L = 0.9;
  const Vector2d d = q2.segment<2>(2) - x3, w = qd2.segment<2>(2) - v3;
  MatrixXd Jc2 = MatrixXd::Zero(1, 6), Jcd2 = MatrixXd::Zero(1, 6);
  Jc2.block<1, 2>(0, 2) = d.transpose();
  Jc2.block<1, 2>(0, 4) = -d.transpose();
  Jcd2.block<1, 2>(0, 2) = w.transpose();
  Jcd2.block<1, 2>(0, 4) = -w.transpose();
  VectorXd C2(1), Cd2(1);
  C2 << 0.5 * (d.squaredNorm() - L * L);
  Cd2 << d.dot(w);
  const pbm::HybridAcceleration h2 =
      pbm::hybridAcceleration(Jq2, Jqd2, M2, Q2, Ud, Jc2, Jcd2, C2, Cd2, 100, 20);
  Rig r2;
  for (int i = 0; i < 3; ++i) r2.particle(M2[2 * i], q2.segment<2>(2 * i), qd2.segment<2>(2 * i));
  r2.add<pbm::RodConstraint>(0, 1, 1.2);
  r2.add<pbm::RodConstraint>(1, 2, L);
  r2.finish(100, 20);
  EXPECT_VEC_REL(VectorXd(Jq2 * h2.uddot + Jqd2 * Ud), r2.accelerations(), 1e-12)
      << "CD §5.1: the dumbbell + rod + free particle moves like 3 particles + 2 rods "
         "(needs the Jc Jqdot udot term)";
}

}  // namespace
