// Chapter 06 tests, part: the constrained particle system (CD §3-§4): the
// accelerations solve the KKT system, constraint forces do no virtual work,
// rigid frames move rigidly, the pendulum's tension, redundant and
// contradictory constraints, nails.
#include "06_tinkertoys_test.h"

namespace {

using namespace ch06_test;

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

}  // namespace
