// Chapter 06 tests, part: generalized coordinates (CD §5): the Lagrangian
// dumbbell against the rod-constraint dynamics, a degenerate parametrisation,
// and the hybrid model against the particle model.
#include "06_tinkertoys_test.h"

namespace {

using namespace ch06_test;

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
