// Chapter 11 tests, part: the contact LCPs (Baraff & Witkin 1992 §5; claims
// 12-14): the contact matrix against the test's own kernel, the impulse LCP
// of a flat landing, the resting forces at first touch and after settling.
// Expected values are closed forms; the LCP itself is chapter 10's
// solveLcpDantzig, checked against its own conditions here.
#include <Eigen/LU>

#include "11_flexible_bodies_test.h"
#include "pbm/resting/lcp.h"

namespace {

using namespace ch11_test;
using pbm::FlexContact;

const Vector2d kUp(0, 1);

// K(u, v) = b(u)^T M^-1 b(v) with the test's own M and a dense LU solve.
double kernel(DeformKind k, double L, double H, double rho, const Vector2d& u, const Vector2d& v) {
  const MatrixXd M = massRef(k, L, H, rho);
  return basisRef(k, u).dot(M.lu().solve(basisRef(k, v)));
}

// n bottom vertices of the centred unit square, evenly spaced, normal up.
std::vector<FlexContact> bottom(int n) {
  std::vector<FlexContact> c;
  for (int i = 0; i < n; ++i) c.push_back({Vector2d(-0.5 + double(i) / (n - 1), -0.5), kUp});
  return c;
}

TEST(Ch11Contact, ContactMatrixIsTheResponseKernel) {
  std::mt19937_64 rng(31);
  for (DeformKind k : kKinds) {
    const FlexBody b = pbm::makeFlexRect(k, 1.5, 0.8, FlexMaterial{2, 1, 0, 0});
    std::vector<FlexContact> c;
    for (int i = 0; i < 5; ++i) {
      const double a = 1.3 * i;
      c.push_back({randomMatrix(1, rng, 0.5).col(0), Vector2d(std::cos(a), std::sin(a))});
    }
    const MatrixXd A = pbm::flexContactMatrix(b, c);
    ASSERT_EQ(A.rows(), 5);
    ASSERT_EQ(A.cols(), 5);
    for (int i = 0; i < 5; ++i)
      for (int j = 0; j < 5; ++j)
        EXPECT_NEAR(A(i, j), c[i].n.dot(c[j].n) * kernel(k, 1.5, 0.8, 2, c[i].u, c[j].u), 1e-12)
            << "Baraff & Witkin 1992 §5: A_ij = (n_i . n_j) K(u_i, u_j), entry " << i << "," << j
            << ", " << kindName(k);
  }
  // Redundant contacts: 5 collinear bottom vertices of a quadratic body give
  // rank 3 (a quadratic's restriction to a line has 3 coefficients); 2 of an
  // affine body rank 2.
  const MatrixXd A5 = pbm::flexContactMatrix(unitSquare(kQuadratic), bottom(5));
  Eigen::FullPivLU<MatrixXd> lu(A5);
  lu.setThreshold(1e-10);
  EXPECT_EQ(lu.rank(), 3) << "Baraff & Witkin 1992 §5: 5 collinear bottom vertices of a "
                             "quadratic body: A has rank 3 (expected 3, got "
                          << lu.rank() << ")";
  EXPECT_NEAR(A5(0, 0), 26.0, 1e-12) << "Baraff & Witkin 1992 §5: K m = 26 at a quadratic corner";
}

TEST(Ch11Contact, BVectorAndForceAreThePointJacobian) {
  std::mt19937_64 rng(32);
  for (DeformKind k : kKinds) {
    const FlexBody b = pbm::makeFlexRect(k, 1.5, 0.8, FlexMaterial{2, 1, 0, 0});
    std::vector<FlexContact> c;
    for (int i = 0; i < 4; ++i) {
      const double a = 0.7 + 1.9 * i;
      c.push_back({randomMatrix(1, rng, 0.5).col(0), Vector2d(std::cos(a), std::sin(a))});
    }
    const Matrix2Xd qdd = randomMatrix(basisSize(k), rng);
    const VectorXd bv = pbm::flexContactBVector(b, c, qdd);
    ASSERT_EQ(bv.size(), 4);
    const VectorXd f = VectorXd::LinSpaced(4, 0.5, 2.0);
    const Matrix2Xd Q = pbm::flexContactForce(b, c, f);
    ASSERT_EQ(Q.cols(), basisSize(k));
    Matrix2Xd want = Matrix2Xd::Zero(2, basisSize(k));
    for (int i = 0; i < 4; ++i) {
      EXPECT_NEAR(bv(i), c[i].n.dot(qdd * basisRef(k, c[i].u)), 1e-13)
          << "Baraff & Witkin 1992 §5: b_i = n_i . (q''_free b(u_i)), " << kindName(k);
      want += f(i) * c[i].n * basisRef(k, c[i].u).transpose();
    }
    EXPECT_VEC_NEAR(Q, want, 1e-13) << "Baraff & Witkin 1992 §5: Q = sum f_i n_i b(u_i)^T";
    // The power identity: tr(Q q'^T) = sum f_i n_i . x'(u_i).
    const Matrix2Xd qd = randomMatrix(basisSize(k), rng);
    double power = 0;
    for (int i = 0; i < 4; ++i) power += f(i) * c[i].n.dot(qd * basisRef(k, c[i].u));
    EXPECT_NEAR((Q * qd.transpose()).trace(), power, 1e-12)
        << "Baraff & Witkin 1992 §3: a contact force's power is f n . x'(u)";
  }
}

// Undeformed unit square at rest on y = 0 under gravity: the instantaneous
// LCP. q''_free = g e_0^T (no strain at rest).
VectorXd restingForces(DeformKind k, const std::vector<FlexContact>& c, double g, Matrix2Xd* qdd) {
  const FlexBody b = unitSquare(k, 50, 0);
  Matrix2Xd free = Matrix2Xd::Zero(2, basisSize(k));
  free.col(0) = Vector2d(0, -g);
  const pbm::LcpResult r =
      dantzigWithin(pbm::flexContactMatrix(b, c), pbm::flexContactBVector(b, c, free));
  EXPECT_TRUE(r.ok) << r.why;
  if (qdd) *qdd = free + pbm::flexAcceleration(b, pbm::flexContactForce(b, c, r.f));
  return r.f;
}

TEST(Ch11Contact, RestingForcesAtFirstTouchStopOnlyTheContactPoints) {
  const double g = 9.81, m = 1;
  Matrix2Xd qdd;
  const VectorXd fa = restingForces(kAffine, bottom(2), g, &qdd);
  for (int i = 0; i < 2; ++i)
    EXPECT_NEAR(fa(i), m * g / 8, 1e-12) << "Baraff & Witkin 1992 §5: affine corner " << i
                                         << " at first touch: expected mg/8, got " << fa(i);
  EXPECT_NEAR(qdd(1, 0), -0.75 * g, 1e-12)
      << "Baraff & Witkin 1992 §5: affine COM accelerates at 3/4 g down at first touch";
  const VectorXd fq = restingForces(kQuadratic, bottom(3), g, &qdd);
  const double want[3] = {1.0 / 54, 2.0 / 27, 1.0 / 54};
  for (int i = 0; i < 3; ++i)
    EXPECT_NEAR(fq(i), want[i] * m * g, 1e-12)
        << "Baraff & Witkin 1992 §5: quadratic bottom vertex " << i << " at first touch: expected "
        << want[i] << " mg, got " << fq(i) / (m * g) << " mg";
  for (int i = 0; i < 3; ++i)
    EXPECT_NEAR(kUp.dot(qdd * basisRef(kQuadratic, bottom(3)[i].u)), 0.0, 1e-12)
        << "Baraff & Witkin 1992 §5: the contact points are stopped (a = 0)";
  // 5 collinear vertices: A has rank 3, the forces are not unique, but the
  // acceleration and the total (mg/9) are.
  Matrix2Xd qdd5;
  const VectorXd f5 = restingForces(kQuadratic, bottom(5), g, &qdd5);
  EXPECT_NEAR(f5.sum(), m * g / 9, 1e-10)
      << "Baraff & Witkin 1992 §5: 5 redundant bottom vertices: total still mg/9, got "
      << f5.sum() / (m * g) << " mg";
  EXPECT_VEC_NEAR(qdd5, qdd, 1e-10)
      << "Baraff & Witkin 1992 §5: the acceleration does not depend on the redundant contacts";
}

TEST(Ch11Contact, FlatLandingImpulsesOnlyStopTheBottom) {
  // Unit square (m = 1) moving down at v with its bottom on the floor:
  // affine j = mv/8 per corner, COM -> -3v/4, A'_yy = -3v/2, KE -> 3/4;
  // quadratic (1/54, 2/27, 1/54) m v, COM -> -8v/9, KE -> 8/9.
  const double v = 2.0, m = 1;
  for (DeformKind k : kKinds) {
    const FlexBody b = unitSquare(k, 50, 0);
    const auto c = bottom(k == kAffine ? 2 : 3);
    Matrix2Xd qd = Matrix2Xd::Zero(2, basisSize(k));
    qd.col(0) = Vector2d(0, -v);
    const MatrixXd M = massRef(k, 1, 1, 1);
    const double T0 = 0.5 * (qd * M * qd.transpose()).trace();
    const VectorXd j = pbm_test::withinSeconds(
        "flexCollisionImpulses", kWorldHint, [&] { return pbm::flexCollisionImpulses(b, qd, c); });
    ASSERT_EQ(j.size(), static_cast<int>(c.size()));
    const double T1 = 0.5 * (qd * M * qd.transpose()).trace();
    if (k == kAffine) {
      for (int i = 0; i < 2; ++i)
        EXPECT_NEAR(j(i), m * v / 8, 1e-12)
            << "Baraff & Witkin 1992 §5: affine flat landing: expected j = mv/8, got " << j(i);
      EXPECT_NEAR(qd(1, 2), -1.5 * v, 1e-12) << "Baraff & Witkin 1992 §5: A'_yy = -3v/2";
    } else {
      const double want[3] = {1.0 / 54, 2.0 / 27, 1.0 / 54};
      for (int i = 0; i < 3; ++i)
        EXPECT_NEAR(j(i), want[i] * m * v, 1e-12)
            << "Baraff & Witkin 1992 §5: quadratic flat landing impulse " << i << ": expected "
            << want[i] << " mv, got " << j(i) / (m * v) << " mv";
    }
    const double frac = k == kAffine ? 0.75 : 8.0 / 9;
    EXPECT_NEAR((qd * M.col(0))(1) / m, -frac * v, 1e-12)
        << "Baraff & Witkin 1992 §5: COM velocity after the impulse, " << kindName(k);
    EXPECT_NEAR(T1 / T0, frac, 1e-12)
        << "Baraff & Witkin 1992 §5: KE kept by the impulse (1 - 1/(d+1)^2), " << kindName(k);
    for (const auto& ci : c)
      EXPECT_NEAR(kUp.dot(qd * basisRef(k, ci.u)), 0.0, 1e-12)
          << "Baraff & Witkin 1992 §5: the impulse stops the bottom (no bounce)";
  }
}

TEST(Ch11Contact, ImpulseLcpStopsOnlyApproachingPoints) {
  std::mt19937_64 rng(33);
  for (DeformKind k : kKinds) {
    const FlexBody b = pbm::makeFlexRect(k, 1.5, 0.8, FlexMaterial{2, 1, 0, 0});
    const MatrixXd M = massRef(k, 1.5, 0.8, 2);
    for (int it = 0; it < 20; ++it) {
      std::vector<FlexContact> c;
      for (int i = 0; i < 3; ++i) {
        const double a = 0.4 * it + 2.1 * i;
        c.push_back({randomMatrix(1, rng, 0.5).col(0), Vector2d(std::cos(a), std::sin(a))});
      }
      Matrix2Xd qd = randomMatrix(basisSize(k), rng);
      const Matrix2Xd before = qd;
      VectorXd vminus(3);
      for (int i = 0; i < 3; ++i) vminus(i) = c[i].n.dot(qd * basisRef(k, c[i].u));
      const double T0 = 0.5 * (qd * M * qd.transpose()).trace();
      const VectorXd j = pbm_test::withinSeconds("flexCollisionImpulses", kWorldHint, [&] {
        return pbm::flexCollisionImpulses(b, qd, c);
      });
      ASSERT_EQ(j.size(), 3);
      Matrix2Xd want = before;
      for (int i = 0; i < 3; ++i) {
        const double vplus = c[i].n.dot(qd * basisRef(k, c[i].u));
        EXPECT_GE(j(i), -1e-12) << "Baraff & Witkin 1992 §5: impulses only push, got " << j(i);
        EXPECT_GE(vplus, -1e-9) << "Baraff & Witkin 1992 §5: no point approaches afterwards";
        EXPECT_NEAR(j(i) * vplus, 0.0, 1e-9)
            << "Baraff & Witkin 1992 §5: a pushed point is stopped, not bounced (j v+ = 0)";
        want += j(i) * c[i].n * M.lu().solve(basisRef(k, c[i].u)).transpose();
      }
      EXPECT_VEC_NEAR(qd, want, 1e-10) << "Baraff & Witkin 1992 §5: q'+ = q'- + sum j n b^T M^-1";
      const double T1 = 0.5 * (qd * M * qd.transpose()).trace();
      // The loss is 1/2 sum j_i (-v-_i) (the LCP's energy identity); one
      // contact: (v-)^2 / (2K).
      EXPECT_NEAR(T0 - T1, -0.5 * j.dot(vminus), 1e-9)
          << "Baraff & Witkin 1992 §5: the impulses lose 1/2 sum j (-v-)";
      if (vminus.minCoeff() >= 0) {
        EXPECT_VEC_NEAR(qd, before, 0.0) << "nothing approaches: q' unchanged";
      }
    }
  }
}

// The test's own resting-contact hook on fixed contacts (chapter 10's LCP).
pbm::FlexSystem::ContactForce holdAt(std::vector<FlexContact> c, VectorXd* forces) {
  return
      [c, forces](const FlexBody& b, const Matrix2Xd&, const Matrix2Xd&, const Matrix2Xd& qddFree) {
        const pbm::LcpResult r =
            dantzigWithin(pbm::flexContactMatrix(b, c), pbm::flexContactBVector(b, c, qddFree));
        if (!r.ok) throw pbm::SolverFailure(r.why);
        *forces = r.f;
        return Matrix2Xd(pbm::flexContactForce(b, c, r.f));
      };
}

TEST(Ch11Contact, RestingForcesSettleToTheWeight) {
  // Set down at rest on y = 0, damped (nu > 0), lambda = 0: the forces go from
  // the first-touch values to mg in total; affine: the vertical stretch s
  // solves s (1 - s^2) = mg / (Y V), Y = 2 mu; quadratic: Simpson's weights
  // (1/6, 2/3, 1/6) mg, the exact column's uniform bottom pressure.
  const double g = 9.81, mu = 1000;
  for (DeformKind k : kKinds) {
    pbm::FlexSystem s(unitSquare(k, mu, 0, 20));
    s.gravity = Vector2d(0, -g);
    s.q().col(0) = Vector2d(0, 0.5);
    const auto c = bottom(k == kAffine ? 2 : 3);
    VectorXd f;
    s.contact = holdAt(c, &f);
    VectorXd xd;
    s.derivEval(xd);
    EXPECT_NEAR(f.sum(), g / (k == kAffine ? 4 : 9), 1e-10)
        << "Baraff & Witkin 1992 §5: total at first touch mg/(d+1)^2, " << kindName(k);
    pbm_test::Watchdog dog("rk4 of the resting body (flexContactForce, solveLcpDantzig)",
                           kWorldHint);
    for (int step = 0; step < 3000; ++step) dog([&] { rk4(s, 1e-3); });
    s.derivEval(xd);
    EXPECT_NEAR(f.sum(), g, 1e-6 * g) << "Baraff & Witkin 1992 §5: settled, the contacts carry mg, "
                                      << kindName(k) << ": got " << f.sum() / g << " mg";
    EXPECT_LT(s.qdot().norm(), 1e-6) << "settled: at rest";
    if (k == kAffine) {
      double sy = 1;  // Newton on s (1 - s^2) = mg / (2 mu)
      for (int i = 0; i < 30; ++i) sy -= (sy * (1 - sy * sy) - g / (2 * mu)) / (1 - 3 * sy * sy);
      EXPECT_NEAR(s.q()(1, 2), sy, 1e-7)
          << "Baraff & Witkin 1992 §4-§5: affine vertical stretch s (1 - s^2) = mg/(YV)";
    } else {
      const double want[3] = {1.0 / 6, 2.0 / 3, 1.0 / 6};
      for (int i = 0; i < 3; ++i)
        EXPECT_NEAR(f(i) / g, want[i], 2e-3)
            << "Baraff & Witkin 1992 §5: settled quadratic forces are Simpson's weights, vertex "
            << i << ": expected " << want[i] << " mg, got " << f(i) / g << " mg";
    }
  }
}

}  // namespace
