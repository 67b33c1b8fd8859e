// Chapter 10 tests (label ch10): the matrix A and vector b of d'' = A f + b
// (RBII §9 (9-8), App. D) and the contact Jacobian. Other parts:
// _lcp.cpp (Dantzig and brute force), _closed_forms.cpp (forces of scenes
// with known answers), _fd.cpp (d'' and n' against finite differences of
// integrated motion).
#include <Eigen/Eigenvalues>

#include "10_resting_contact_test.h"

using namespace ch10_test;

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
