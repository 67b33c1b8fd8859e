// Chapter 11 tests, part: the single-point impulse and the response kernel
// (Baraff & Witkin 1992 §5; claims 12, 15), bending, the inverse map and the
// polyhedral boundary (§6). The multi-contact impulse and resting-contact
// LCP tests come with chapter 10 as a dependency.
#include <Eigen/LU>

#include "11_flexible_bodies_test.h"

namespace {

using namespace ch11_test;

// K(u, v) = b(u)^T M^-1 b(v) with the test's own M and a dense LU solve.
double kernelRef(DeformKind k, double L, double H, const Vector2d& u, const Vector2d& v) {
  const MatrixXd M = massRef(k, L, H, 1);
  return basisRef(k, u).dot(M.lu().solve(basisRef(k, v)));
}

TEST(Ch11Collision, EffectiveInverseMassesAtCornerAndEdgeMidpoint) {
  // Unit square, m = 1: K m = 7 / 26 at a corner, 4 / 41/4 at an edge midpoint.
  const double corner[2] = {7, 26}, mid[2] = {4, 41.0 / 4};
  for (int i = 0; i < 2; ++i) {
    const FlexBody b = unitSquare(kKinds[i]);
    EXPECT_NEAR(pbm::flexResponse(b, {0.5, 0.5}, {0.5, 0.5}), corner[i], 1e-12)
        << "Baraff & Witkin 1992 §5: K(u, u) m at a corner, " << kindName(kKinds[i]);
    EXPECT_NEAR(pbm::flexResponse(b, {0, -0.5}, {0, -0.5}), mid[i], 1e-12)
        << "Baraff & Witkin 1992 §5: K(u, u) m at an edge midpoint, " << kindName(kKinds[i]);
  }
  std::mt19937_64 rng(21);
  for (DeformKind k : kKinds) {
    const FlexBody b = pbm::makeFlexRect(k, 2, 0.5, FlexMaterial{1, 1, 0, 0});
    for (int it = 0; it < 10; ++it) {
      const Vector2d u = randomMatrix(1, rng, 0.5).col(0), v = randomMatrix(1, rng, 0.5).col(0);
      EXPECT_NEAR(pbm::flexResponse(b, u, v), kernelRef(k, 2, 0.5, u, v), 1e-12)
          << "Baraff & Witkin 1992 §5: K(u, v) = b(u)^T M^-1 b(v) (dense solve)";
    }
  }
}

TEST(Ch11Collision, AffineCannotBendUnderAnImpulseQuadraticCan) {
  // Upward impulse at the bottom centre of an L x H bar (m = 1): the
  // velocities K(u, v) m at normalised points are the same for every L x H.
  const double L = 2, H = 0.5;
  const Vector2d v(0, -H / 2);
  const Vector2d pts[4] = {{0, -H / 2}, {L / 2, -H / 2}, {0, H / 2}, {L / 2, H / 2}};
  const double want[2][4] = {{4, 4, -2, -2}, {41.0 / 4, 13.0 / 2, 17.0 / 4, 1.0 / 2}};
  const char* name[4] = {"bottom centre", "bottom end", "top centre", "top end"};
  for (int i = 0; i < 2; ++i) {
    const FlexBody b = pbm::makeFlexRect(kKinds[i], L, H, FlexMaterial{1 / (L * H), 1, 0, 0});
    for (int p = 0; p < 4; ++p)
      EXPECT_NEAR(pbm::flexResponse(b, pts[p], v), want[i][p], 1e-12)
          << "Baraff & Witkin 1992 §5: the " << name[p] << "'s velocity per unit impulse at the "
          << "bottom centre, " << kindName(kKinds[i]) << (i ? " (the bar bends)" : " (no bending)");
  }
}

TEST(Ch11Collision, ImpulseStopsThePointAndLosesHalfMeffVSquared) {
  std::mt19937_64 rng(22);
  for (DeformKind k : kKinds) {
    const FlexBody b = pbm::makeFlexRect(k, 1.5, 0.8, FlexMaterial{2, 1, 0, 0});
    const MatrixXd M = massRef(k, 1.5, 0.8, 2);
    for (int it = 0; it < 20; ++it) {
      const Vector2d u = randomMatrix(1, rng, 0.5).col(0);
      const double a = 0.3 * it;
      const Vector2d n(std::sin(a), std::cos(a));
      Matrix2Xd qd = randomMatrix(basisSize(k), rng);
      const VectorXd bu = basisRef(k, u);
      const double v0 = n.dot(qd * bu);
      qd.col(0) -= (v0 + 1.0) * n;  // approaching at 1 along -n
      const double vminus = n.dot(qd * bu);
      const Matrix2Xd before = qd;
      const double T0 = 0.5 * (qd * M * qd.transpose()).trace();
      const double K = bu.dot(M.lu().solve(bu));
      const double j = pbm::flexCollisionImpulse(b, qd, u, n);
      EXPECT_NEAR(j, -vminus / K, 1e-12) << "Baraff & Witkin 1992 §5: j = -v-/K(u,u)";
      EXPECT_NEAR(n.dot(qd * bu), 0.0, 1e-13)
          << "Baraff & Witkin 1992 §5: the least-error impulse stops the contact point (no bounce)";
      const Matrix2Xd want = before + (j * n) * M.lu().solve(bu).transpose();
      EXPECT_VEC_NEAR(qd, want, 1e-12) << "Baraff & Witkin 1992 §5: q'+ = q'- + j n b^T M^-1";
      const double T1 = 0.5 * (qd * M * qd.transpose()).trace();
      EXPECT_NEAR(T0 - T1, vminus * vminus / (2 * K), 1e-12)
          << "Baraff & Witkin 1992 §5: the impulse loses (v-)^2 / (2 K)";
      // A separating point gets nothing.
      Matrix2Xd sep = before;
      sep.col(0) += 3.0 * n;
      const Matrix2Xd sep0 = sep;
      EXPECT_EQ(pbm::flexCollisionImpulse(b, sep, u, n), 0.0) << "separating: no impulse";
      EXPECT_VEC_NEAR(sep, sep0, 0.0) << "separating: q' unchanged";
    }
    // Falling straight onto a corner: the loss fraction is 1/(K m) = 1/7, 1/26.
    const FlexBody sq = unitSquare(k);
    Matrix2Xd qd = Matrix2Xd::Zero(2, basisSize(k));
    qd.col(0) = Vector2d(0, -2);
    pbm::flexCollisionImpulse(sq, qd, {-0.5, -0.5}, {0, 1});
    const MatrixXd Ms = massRef(k, 1, 1, 1);
    const double frac = 1 - 0.5 * (qd * Ms * qd.transpose()).trace() / 2.0;
    EXPECT_NEAR(frac, k == kAffine ? 1.0 / 7 : 1.0 / 26, 1e-12)
        << "Baraff & Witkin 1992 §5: more DOFs, less loss (rigid 2/5, affine 1/7, quadratic 1/26)";
  }
}

// --- geometry (Baraff & Witkin 1992 §6)

TEST(Ch11Geometry, AffineKeepsLinesStraightQuadraticBends) {
  std::mt19937_64 rng(23);
  for (int it = 0; it < 50; ++it) {
    const Vector2d u1 = randomMatrix(1, rng).col(0), u2 = randomMatrix(1, rng).col(0);
    const Matrix2Xd qa = randomMatrix(3, rng), qq = randomMatrix(6, rng);
    const Vector2d mid = 0.5 * (u1 + u2), d = u2 - u1;
    EXPECT_VEC_NEAR(pbm::flexDeform(qa, kAffine, mid),
                    Vector2d(0.5 * (qa * basisRef(kAffine, u1) + qa * basisRef(kAffine, u2))),
                    1e-14)
        << "Baraff & Witkin 1992 §5: an affine map keeps midpoints (lines stay straight)";
    const Vector2d Q2 =
        qq.col(3) * d.x() * d.x() + qq.col(4) * d.x() * d.y() + qq.col(5) * d.y() * d.y();
    const Vector2d chord = 0.5 * (qq * basisRef(kQuadratic, u1) + qq * basisRef(kQuadratic, u2));
    EXPECT_VEC_NEAR(pbm::flexDeform(qq, kQuadratic, mid), Vector2d(chord - 0.25 * Q2), 1e-13)
        << "Baraff & Witkin 1992 §5: a quadratic map bends: the midpoint is off the chord by "
           "-Q2(d)/4";
  }
}

TEST(Ch11Geometry, InverseMapRecoversTheMaterialPoint) {
  std::mt19937_64 rng(24);
  for (DeformKind k : kKinds)
    for (int it = 0; it < 30; ++it) {
      Matrix2Xd q = randomNearRest(k, rng, 0.1);
      q.col(0) += Vector2d(2, -1);
      const Vector2d u = randomMatrix(1, rng, 0.5).col(0);
      const Vector2d x = q * basisRef(k, u);
      const Vector2d got = pbm_test::withinSeconds("flexInverseDeform", kNewtonHint, [&] {
        return pbm::flexInverseDeform(k, q, x, Vector2d::Zero(), 20, 1e-13);
      });
      EXPECT_VEC_NEAR(got, u, 1e-12)
          << "Baraff & Witkin 1992 §6: Newton on q b(u) = x recovers u, " << kindName(k);
    }
  Matrix2Xd flat = Matrix2Xd::Zero(2, 3);
  EXPECT_THROW(pbm_test::withinSeconds("flexInverseDeform", kNewtonHint,
                                       [&] {
                                         return pbm::flexInverseDeform(kAffine, flat,
                                                                       Vector2d(1, 1),
                                                                       Vector2d::Zero(), 20, 1e-12);
                                       }),
               pbm::SolverFailure)
      << "Baraff & Witkin 1992 §6: a collapsed body (F singular) has no inverse map";
  // A bent body, the guess u = 0 far from the answer: on a quadratic map one
  // Newton step leaves an error of the order of the bend times the squared
  // distance, far above tol, so maxIter = 1 must give up.
  Matrix2Xd bent = randomNearRest(kQuadratic, rng, 0.3);
  const Vector2d x = bent * basisRef(kQuadratic, Vector2d(0.45, -0.4));
  EXPECT_THROW(
      pbm_test::withinSeconds(
          "flexInverseDeform", kNewtonHint,
          [&] { return pbm::flexInverseDeform(kQuadratic, bent, x, Vector2d::Zero(), 1, 1e-12); }),
      pbm::SolverFailure)
      << "flexInverseDeform(maxIter = 1) on a bent body from a far guess: one Newton step does "
         "not reach tol, so it must throw SolverFailure (the header's contract: no convergence "
         "in maxIter steps); does the loop count its steps?";
}

TEST(Ch11Geometry, InverseMapMayConvergeOnItsLastAllowedStep) {
  // maxIter counts Newton steps and the residual is checked after each, the
  // last one included: SolverFailure only when maxIter steps leave
  // |q b(u) - x| > tol (flexible.h). On an affine map Newton is exact in one
  // step, so maxIter = 1 must return u; a guess that already is the answer
  // needs no step, so maxIter = 0 must return it. Dyadic numbers: x is exact.
  Matrix2Xd q(2, 3);
  q << 0.5, 1.25, -0.5, -1.0, 0.25, 0.75;
  const Vector2d u(0.375, -0.625);
  const Vector2d x = q * basisRef(kAffine, u);
  for (int maxIter : {1, 2}) {
    Vector2d got(NAN, NAN);
    EXPECT_NO_THROW(got = pbm_test::withinSeconds("flexInverseDeform", kNewtonHint,
                                                  [&] {
                                                    return pbm::flexInverseDeform(kAffine, q, x,
                                                                                  Vector2d::Zero(),
                                                                                  maxIter, 1e-12);
                                                  }))
        << "flexInverseDeform, Baraff & Witkin 1992 §6: on an affine map one Newton step lands "
           "on u, so maxIter = "
        << maxIter << " must return it (is the residual checked after the last step?)";
    EXPECT_VEC_NEAR(got, u, 1e-14)
        << "flexInverseDeform, Baraff & Witkin 1992 §6: maxIter = " << maxIter;
  }
  Vector2d got(NAN, NAN);
  EXPECT_NO_THROW(got = pbm_test::withinSeconds(
                      "flexInverseDeform", kNewtonHint,
                      [&] { return pbm::flexInverseDeform(kAffine, q, x, u, 0, 1e-12); }))
      << "flexInverseDeform, Baraff & Witkin 1992 §6: the guess is the answer, so maxIter = 0 "
         "(no Newton step) must return it (is the residual checked before the first step?)";
  EXPECT_VEC_NEAR(got, u, 0.0)
      << "flexInverseDeform, Baraff & Witkin 1992 §6: maxIter = 0, the guess already exact";
}

TEST(Ch11Geometry, SubdividedBoundaryKeepsTheVerticesInOrder) {
  const std::vector<Vector2d> sq = {{-0.5, -0.5}, {0.5, -0.5}, {0.5, 0.5}, {-0.5, 0.5}};
  for (int per : {1, 3, 8}) {
    const std::vector<Vector2d> b = pbm::subdivideBoundary(sq, per);
    ASSERT_EQ(b.size(), sq.size() * per) << "Baraff & Witkin 1992 §6: perEdge pieces per edge";
    for (size_t e = 0; e < sq.size(); ++e)
      for (int k = 0; k < per; ++k) {
        const Vector2d want = sq[e] + (sq[(e + 1) % 4] - sq[e]) * (double(k) / per);
        EXPECT_VEC_NEAR(b[e * per + k], want, 1e-15)
            << "Baraff & Witkin 1992 §6: vertex " << k << " of edge " << e << ", " << per
            << " per edge";
      }
  }
  EXPECT_THROW(pbm::subdivideBoundary(sq, 0), pbm::UsageError) << "perEdge < 1";
}

}  // namespace
