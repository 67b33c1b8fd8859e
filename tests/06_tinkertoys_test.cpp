// Chapter 06 tests: general constrained particle systems (Witkin, Constrained
// Dynamics, CD §3-§5), each claim checked against a closed form, finite
// differences or an independent dense solve (Eigen LDLT, the KKT system,
// CompleteOrthogonalDecomposition). Every test calls a chapter-06 student
// function (a constraint's evaluate, the block products, the CG solvers,
// constraintRhs / applyConstraintForces, lagrangianAcceleration,
// hybridAcceleration), so each fails on the exercise skeleton. A failure
// names the section of the notes to read.
//
// This file: the constraints (CD §3-§4): their Jacobians, the distance form,
// a bead on a tilted line, pin joints, degenerate constraints. Further parts:
// 06_tinkertoys_test_solve.cpp (block-sparse products, J W J^T, CG, the
// solver choice), 06_tinkertoys_test_tinkertoy.cpp (the constrained system:
// KKT, virtual work, rigid frames, redundant and contradictory constraints,
// nails), 06_tinkertoys_test_pendulum.cpp (the double pendulum and feedback),
// 06_tinkertoys_test_lagrangian.cpp (CD §5), 06_tinkertoys_test_headless.cpp,
// 06_tinkertoys_test_pointer.cpp.
#include "06_tinkertoys_test.h"

namespace {

using namespace ch06_test;

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
    r.step(h);
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

}  // namespace
