// Chapter 10 tests (label ch10): the matrix A and vector b of d'' = A f + b
// (RBII §9 (9-8), App. D) and the contact Jacobian. Other parts:
// _lcp.cpp (Dantzig and brute force), _closed_forms.cpp (forces of scenes
// with known answers), _fd.cpp (d'' and n' against finite differences of
// integrated motion).
#include <Eigen/Eigenvalues>

#include "10_resting_contact_test.h"

using namespace ch10_test;

// Claim: computeContactForces puts every f_i n_i where it acts (RBII §9,
// compute_contact_forces): +f_i n_i at p_i into a's force, with its torque
// (p_i - x_a) x f_i n_i, and the negatives into b's. Run first and fast, so
// that a missing torque or a force given to the wrong body is named here
// rather than by a stack that tumbles (Ch10Scenes.TwoBoxStack) or a pyramid
// whose solves then run long (Ch10World.PyramidHoldsStill). Three contacts on
// three different pairs of bodies, off the centres: a box on the ground, a
// box pressed up against a fixed ceiling (the moving body is the contact's
// b), and two free boxes pressed together. No two contacts share a free
// body, so A is diagonal and each force has the closed form of one contact
// at rest, f_i = -b_i / K_i with b_i = n . (F_a/M_a - F_b/M_b) and K_i of
// RBII (8-18), written here. The accumulators are checked against the
// solver's own f, so a wrong solve is reported apart from a wrong application.
TEST(Ch10ContactForces, AppliesEachForceAndTorqueToBothBodies) {
  const Vector3d up = Vector3d::UnitY();
  std::vector<RigidBody> bodies;
  bodies.reserve(6);
  bodies.push_back(box(2.0, Vector3d(1.0, 0.6, 0.8), Vector3d(0.1, 0.3, -0.2)));
  bodies.push_back(fixedBody(Vector3d(0, -0.5, 0)));  // the ground
  bodies.push_back(box(1.5, Vector3d(0.6, 0.6, 0.6), Vector3d(3.0, 1.0, 0.0),
                       Eigen::Quaterniond(Eigen::AngleAxisd(0.3, Vector3d(1, 1, 0).normalized()))));
  bodies.push_back(fixedBody(Vector3d(3.0, 2.0, 0.0)));  // the ceiling
  bodies.push_back(box(1.0, Vector3d(0.5, 0.5, 0.5), Vector3d(-3.0, 1.25, 0.1)));
  bodies.push_back(box(3.0, Vector3d(1.0, 1.0, 1.0), Vector3d(-3.2, 0.5, 0.0)));
  const char* names[] = {"the box on the ground", "the ground",         "the box under the ceiling",
                         "the ceiling",           "the upper free box", "the lower free box"};
  bodies[0].force = Vector3d(0, -2.0 * kG, 0);
  bodies[2].force = Vector3d(0, 3.0 * 1.5 * kG, 0);  // pushed up into the ceiling
  bodies[4].force = Vector3d(0, -1.0 * kG, 0);
  bodies[5].force = Vector3d(0, 4.0 * 3.0 * kG, 0);  // pushed up into the upper box
  std::vector<Contact> cs = {
      vf(&bodies[0], &bodies[1], Vector3d(0.5, 0.0, 0.15), up),
      vf(&bodies[3], &bodies[2], Vector3d(3.2, 1.3, -0.25), up),  // a = ceiling, b = the box
      vf(&bodies[4], &bodies[5], Vector3d(-2.85, 1.0, 0.3), up)};
  std::vector<Vector3d> force0, torque0;
  for (const RigidBody& b : bodies) force0.push_back(b.force), torque0.push_back(b.torque);
  // K_i (RBII (8-18)) and the closed-form f_i of each decoupled contact.
  VectorXd fWant(3);
  for (int i = 0; i < 3; ++i) {
    const Contact& c = cs[i];
    const Vector3d ra = c.p - c.a->x, rb = c.p - c.b->x;
    const double K = c.a->invMass + c.b->invMass +
                     ra.cross(c.n).dot(inverseMassOracle({c.a}).block<3, 3>(3, 3) * ra.cross(c.n)) +
                     rb.cross(c.n).dot(inverseMassOracle({c.b}).block<3, 3>(3, 3) * rb.cross(c.n));
    const double bi = c.n.dot(c.a->invMass * c.a->force - c.b->invMass * c.b->force);
    fWant(i) = std::max(0.0, -bi / K);
  }
  const pbm::LcpResult r =
      withinDeadline("computeContactForces", [&] { return pbm::computeContactForces(cs); });
  ASSERT_EQ(r.f.size(), 3) << "computeContactForces: one force per contact";
  EXPECT_VEC_NEAR(r.f, fWant, 1e-9 * fWant.cwiseAbs().maxCoeff())
      << "the forces themselves (one contact per pair of bodies: f_i = -b_i / K_i, RBII (8-18), "
         "(9-5)-(9-7)); if this fails, see Ch10AMatrix.*, Ch10BVector.* and Ch10Dantzig.* first";
  std::vector<Vector3d> forceWant = force0, torqueWant = torque0;
  for (int i = 0; i < 3; ++i) {
    const Vector3d F = r.f(i) * cs[i].n;
    const int ia = static_cast<int>(cs[i].a - bodies.data()),
              ib = static_cast<int>(cs[i].b - bodies.data());
    forceWant[ia] += F;
    torqueWant[ia] += (cs[i].p - cs[i].a->x).cross(F);
    forceWant[ib] -= F;
    torqueWant[ib] -= (cs[i].p - cs[i].b->x).cross(F);
  }
  for (size_t k = 0; k < bodies.size(); ++k) {
    const double scale = 1e-9 * std::max(1.0, forceWant[k].norm() + torqueWant[k].norm());
    EXPECT_LE((bodies[k].force - forceWant[k]).norm(), scale)
        << "computeContactForces (RBII §9, compute_contact_forces): " << names[k]
        << "'s force accumulator: expected (" << forceWant[k].transpose() << "), got ("
        << bodies[k].force.transpose()
        << "): each contact adds +f_i n_i to its a and -f_i n_i to its b, inside the loop over "
           "the contacts, each to its own bodies";
    EXPECT_LE((bodies[k].torque - torqueWant[k]).norm(), scale)
        << "computeContactForces (RBII §9, compute_contact_forces): " << names[k]
        << "'s torque accumulator: expected (" << torqueWant[k].transpose() << "), got ("
        << bodies[k].torque.transpose()
        << "): each force comes with its torque, (p_i - x_a) x f_i n_i on a and "
           "-(p_i - x_b) x f_i n_i on b (addForceAtPoint adds both)";
  }
}

// Claim: A = J M^-1 J^T (RBII App. D, with the torque of -n_j on b written
// (p_j - x) x (-n_j)), hence symmetric. The notes' routine taken verbatim
// gives max|A - A^T| of order 10-100 here.
TEST(Ch10AMatrix, EqualsJacobianProductAndIsSymmetric) {
  std::mt19937_64 rng(10);
  for (int trial = 0; trial < 200; ++trial) {
    RandomSystem s = randomSystem(rng, 3, 6);
    const MatrixXd A = pbm::computeAMatrix(s.contacts);
    const MatrixXd J = jacobianOracle(s.contacts, s.ptrs());
    const MatrixXd want = J * inverseMassOracle(s.ptrs()) * J.transpose();
    ASSERT_EQ(A.rows(), 6) << "computeAMatrix: one row per contact";
    ASSERT_EQ(A.cols(), 6);
    const double scale = std::max(1.0, want.cwiseAbs().maxCoeff());
    ASSERT_LE((A - want).cwiseAbs().maxCoeff(), 1e-12 * scale)
        << "trial " << trial << ": RBII App. D: A must equal J M^-1 J^T (rows +[n, ra x n] on a, "
        << "-[n, rb x n] on b).\nexpected\n"
        << want << "\ngot\n"
        << A << "\nIs the torque of -n_j on body b written (p_j - x) x (-n_j)?";
    ASSERT_LE((A - A.transpose()).cwiseAbs().maxCoeff(), 1e-12 * scale)
        << "trial " << trial << ": RBII App. D: A must be symmetric";
  }
}

// Claim: a_ij = 0 when contacts i and j share no body; a_ii = K_i > 0.
TEST(Ch10AMatrix, SparseWhereContactsShareNoBody) {
  RigidBody b1 = box(1, Vector3d(1, 1, 1), Vector3d(0, 0.5, 0));
  RigidBody b2 = box(2, Vector3d(1, 1, 1), Vector3d(3, 0.5, 0));
  RigidBody g = fixedBody();
  std::vector<Contact> cs = {vf(&b1, &g, Vector3d(0.5, 0, 0.5), Vector3d::UnitY()),
                             vf(&b2, &g, Vector3d(3.5, 0, 0.5), Vector3d::UnitY())};
  const MatrixXd A = pbm::computeAMatrix(cs);
  EXPECT_EQ(A(0, 1), 0.0) << "RBII App. D: contacts on different free bodies (the shared ground "
                             "is fixed) do not feel each other";
  // K of a cube corner with a vertical normal: 1/M + (r x n)^T I^-1 (r x n) = 4/M (RBII (8-18)).
  EXPECT_NEAR(A(0, 0), 4.0, 1e-12) << "RBII App. D: a_ii of a unit cube's corner, M = 1";
  EXPECT_NEAR(A(1, 1), 2.0, 1e-12) << "RBII App. D: a_ii of a unit cube's corner, M = 2";
}

// Claim: A is positive semidefinite (z^T A z = |M^-1/2 J^T z|^2 >= 0).
TEST(Ch10AMatrix, PositiveSemidefinite) {
  std::mt19937_64 rng(11);
  for (int trial = 0; trial < 200; ++trial) {
    RandomSystem s = randomSystem(rng, 3, 6);
    const MatrixXd A = pbm::computeAMatrix(s.contacts);
    ASSERT_EQ(A.rows(), 6);
    const MatrixXd sym = 0.5 * (A + A.transpose());
    const double lmin = Eigen::SelfAdjointEigenSolver<MatrixXd>(sym).eigenvalues().minCoeff();
    ASSERT_GE(lmin, -1e-12 * std::max(1.0, A.norm()))
        << "trial " << trial << ": RBII §9: A = J M^-1 J^T is positive semidefinite";
    ASSERT_GT(A.diagonal().minCoeff(), 0.0)
        << "trial " << trial << ": a_ii = K_i >= 1/M_a + 1/M_b > 0 for a contact with a free body";
  }
}

// Claim: the cube on a table (RBII §8 figure 23) has
// A = (1/M)[[4,1,1,-2],[1,4,-2,1],[1,-2,4,1],[-2,1,1,4]], eigenvalues
// {0, 4, 6, 6}/M, null vector (1,-1,-1,1): a_ij = 1/M + (r_i x n)^T I^-1 (r_j x n), I = M s^2/6.
TEST(Ch10AMatrix, CubeOnTableClosedForm) {
  for (double M : {1.0, 2.5}) {
    CubeOnTable t(M, 1.0);
    Eigen::Matrix4d want;
    want << 4, 1, 1, -2, 1, 4, -2, 1, 1, -2, 4, 1, -2, 1, 1, 4;
    want /= M;
    const MatrixXd A = pbm::computeAMatrix(t.contacts);
    EXPECT_VEC_NEAR(A, MatrixXd(want), 1e-12) << "M = " << M << ": RBII App. D, cube on a table";
    if (A.rows() != 4) continue;
    const VectorXd ev =
        Eigen::SelfAdjointEigenSolver<MatrixXd>(0.5 * (A + A.transpose())).eigenvalues();
    EXPECT_VEC_NEAR(ev, Eigen::Vector4d(0, 4, 6, 6) / M, 1e-12)
        << "M = " << M << ": eigenvalues of the cube's A";
    EXPECT_VEC_NEAR(A * Eigen::Vector4d(1, -1, -1, 1), Eigen::Vector4d::Zero(), 1e-12)
        << "the null vector: pushing one diagonal pair and pulling the other moves nothing";
  }
}

// Claim: b = -g at every corner of a cube at rest under gravity, and the
// same when it spins about the vertical (the centripetal and gyroscopic
// terms are horizontal) (RBII App. D, compute_b_vector).
TEST(Ch10BVector, CubeOnTableIsMinusG) {
  for (double w : {0.0, 5.0}) {
    CubeOnTable t(2.0, 1.0, Vector3d(0, w, 0));
    const VectorXd b = pbm::computeBVector(t.contacts);
    EXPECT_VEC_NEAR(b, VectorXd::Constant(4, -kG), 1e-12)
        << "omega_y = " << w << ": RBII App. D: b_i = n . pddot_i with no contact force";
  }
}

// Claim: b reads the accumulated force and torque: a torque about z on the
// cube, tau_z, adds -/+ tau_z (s/2) / I to the corners' b (I = M s^2/6).
TEST(Ch10BVector, ReadsTheAccumulatedTorque) {
  CubeOnTable t(2.0, 1.0);
  t.cube.torque = Vector3d(0, 0, 3.0);
  const double I = 2.0 / 6.0;
  const VectorXd b = pbm::computeBVector(t.contacts);
  // omega-dot = tau/I about z; a corner at x = +-1/2 accelerates by omega-dot x r: y = +-x
  // omega-dot.
  const Eigen::Vector4d want(-kG + 0.5 * 3.0 / I, -kG + 0.5 * 3.0 / I, -kG - 0.5 * 3.0 / I,
                             -kG - 0.5 * 3.0 / I);
  EXPECT_VEC_NEAR(b, VectorXd(want), 1e-12) << "RBII App. D: b_i includes (I^-1 tau) x r";
}

// Claim: a face that turns under a sliding vertex adds 2 n' . (pdot_a -
// pdot_b) (RBII (9-4)). Closed form: B spins about x at w with its top face at
// height d, n(t) = (0, cos wt, sin wt); A's vertex starts on it at (0, d, 0)
// and slides along z at u. The gap n(t) . p_a(t) - d = d cos wt + u t sin wt - d
// has gap''(0) = 2 u w - d w^2: the centripetal part alone gives +d w^2.
TEST(Ch10BVector, TurningFaceUnderASlidingVertexAddsTwiceNdot) {
  const double d = 1.0;
  for (double w : {3.0, -1.5})
    for (double u : {0.0, 0.7, -2.0}) {
      // B: a cube of side 2 (isotropic: omega stays along x with no torque).
      RigidBody B = box(2.0, Vector3d(2, 2, 2), Vector3d::Zero(), Eigen::Quaterniond::Identity(),
                        Vector3d::Zero(), Vector3d(2.0 * 8.0 / 12.0 * w, 0, 0));
      RigidBody A = box(1.0, Vector3d(1, 1, 1), Vector3d(0.5, d + 0.5, 0.5),
                        Eigen::Quaterniond::Identity(), Vector3d(0, 0, u));
      ASSERT_NEAR(B.omega.x(), w, 1e-14);
      const std::vector<Contact> cs{vf(&A, &B, Vector3d(0, d, 0), Vector3d::UnitY())};
      const VectorXd b = pbm::computeBVector(cs);
      ASSERT_EQ(b.size(), 1);
      EXPECT_NEAR(b(0), 2.0 * u * w - d * w * w, 1e-12)
          << "w = " << w << ", u = " << u << ": RBII (9-4): b = n . (pddot_a - pddot_b) + 2 n' . "
          << "(pdot_a - pdot_b), n' = omega_b x n; the closed form is 2 u w - d w^2";
    }
}

// Claim: the Jacobian rows are +[n, ra x n] on a and -[n, rb x n] on b, so
// that d' = J (v, omega) and A = J M^-1 J^T (RBII §9).
TEST(Ch10Jacobian, RowsFromTheDefinition) {
  std::mt19937_64 rng(12);
  for (int trial = 0; trial < 50; ++trial) {
    RandomSystem s = randomSystem(rng, 3, 6);
    std::vector<const RigidBody*> cp;
    for (auto* p : s.ptrs()) cp.push_back(p);
    const MatrixXd J = pbm::contactJacobian(s.contacts, cp);
    EXPECT_VEC_NEAR(J, jacobianOracle(s.contacts, s.ptrs()), 1e-12) << "trial " << trial;
    // d' = n . (pdot_a - pdot_b) from the bodies' velocities (RBII (8-3)).
    VectorXd u(6 * s.bodies.size());
    for (size_t k = 0; k < s.bodies.size(); ++k)
      u.segment<6>(6 * k) << s.bodies[k].v, s.bodies[k].omega;
    for (size_t i = 0; i < s.contacts.size(); ++i) {
      const Contact& c = s.contacts[i];
      const Vector3d pa = c.a->v + c.a->omega.cross(c.p - c.a->x);
      const Vector3d pb = c.b->v + c.b->omega.cross(c.p - c.b->x);
      if (J.rows() == int(s.contacts.size()))
        EXPECT_NEAR((J * u)(i), c.n.dot(pa - pb), 1e-12)
            << "trial " << trial << " contact " << i << ": RBII (8-3): J (v, omega) = v_rel";
      else
        ADD_FAILURE() << "contactJacobian: expected " << s.contacts.size() << " rows, got "
                      << J.rows();
    }
    if (HasFailure()) return;
  }
}

// Claim: b counts a fixed body's motion (exercise header: a fixed body is not
// null; its omega and v go through pointVelocity and pointAcceleration).
// Closed form: the fixed B turns at w about the x axis through its centre,
// which moves along z at V; its top face holds the plane at distance d from
// the axis, n(t) = (0, cos wt, sin wt). A's vertex starts on it at (0, d, 0)
// and slides along z at u, no force on A. The gap n(t) . (p_a(t) - x_B(t)) - d
// = d cos wt + (u - V) t sin wt - d has gap''(0) = 2 w (u - V) - d w^2 (RBII
// (9-4)); treating B as the ground (no velocity, no acceleration) gives
// 2 w u instead.
TEST(Ch10BVector, AFixedBodyThatTurnsAndMovesCounts) {
  const double d = 1.0;
  for (double w : {2.0, -1.5})
    for (double u : {0.0, 0.8})
      for (double V : {0.0, 0.5}) {
        RigidBody B = fixedBody();
        B.omega = Vector3d(w, 0, 0);
        B.v = Vector3d(0, 0, V);
        RigidBody A = box(1.0, Vector3d(1, 1, 1), Vector3d(0.5, d + 0.5, 0.5),
                          Eigen::Quaterniond::Identity(), Vector3d(0, 0, u));
        A.force.setZero();
        A.torque.setZero();
        const std::vector<Contact> cs{vf(&A, &B, Vector3d(0, d, 0), Vector3d::UnitY())};
        const VectorXd b = pbm::computeBVector(cs);
        ASSERT_EQ(b.size(), 1) << "computeBVector: one entry per contact";
        EXPECT_NEAR(b(0), 2.0 * w * (u - V) - d * w * w, 1e-12)
            << "w = " << w << ", u = " << u << ", V = " << V
            << ": computeBVector (RBII (9-4), App. D compute_b_vector): the fixed body b "
               "(invMass = 0, Iinv = 0) turns and moves; its point's velocity v + omega x r and "
               "acceleration omega x (omega x r) count like any body's (only a null b is "
               "skipped). Closed form 2 w (u - V) - d w^2";
      }
}

// Claim: a null body (Contact: "the body pointers may be null") contributes
// nothing, like a fixed one: the cube's four corners on a null table give the
// closed-form A of Ch10AMatrix.CubeOnTableClosedForm and b = -g.
TEST(Ch10AMatrix, NullBodyIsLikeTheGround) {
  CubeOnTable t(1.0, 1.0);
  for (Contact& c : t.contacts) c.b = nullptr;
  Eigen::Matrix4d want;
  want << 4, 1, 1, -2, 1, 4, -2, 1, 1, -2, 4, 1, -2, 1, 1, 4;
  EXPECT_VEC_NEAR(pbm::computeAMatrix(t.contacts), MatrixXd(want), 1e-12)
      << "computeAij (RBII App. D): a null body b has no response; skip it (test the pointer "
         "before reading its mass)";
  EXPECT_VEC_NEAR(pbm::computeBVector(t.contacts), VectorXd::Constant(4, -kG), 1e-12)
      << "computeBVector (RBII App. D): a null body b contributes nothing";
}
