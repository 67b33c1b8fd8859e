// Chapter 11 tests, part: generalized forces and internal forces (Baraff &
// Witkin 1992 §3-§4; claims 2-3). Our energy is St Venant-Kirchhoff in the
// metric tensor; the oracles are its formula, finite differences and
// rotations. See 11_flexible_bodies_test.cpp for the plan.
#include "11_flexible_bodies_test.h"

namespace {

using namespace ch11_test;

TEST(Ch11Forces, PointForcePowerIdentityAndGravity) {
  // tr(Q q'^T) = f . x'(u) for every q' (Q = J^T f).
  std::mt19937_64 rng(2);
  for (DeformKind k : kKinds) {
    for (int it = 0; it < 30; ++it) {
      const Vector2d u = randomMatrix(1, rng).col(0), f = randomMatrix(1, rng, 3).col(0);
      const Matrix2Xd qd = randomMatrix(basisSize(k), rng);
      const Matrix2Xd Q = pbm::flexPointForce(k, u, f);
      ASSERT_EQ(Q.cols(), basisSize(k));
      const double want = f.dot(qd * basisRef(k, u));
      EXPECT_NEAR((Q * qd.transpose()).trace(), want, 1e-13 * (1 + std::abs(want)))
          << "Baraff & Witkin 1992 §3: the power of Q = f b(u)^T is f . x'(u)";
    }
    // Gravity: integral rho g b^T over the 2 x 0.5 rectangle (5 x 5 Gauss).
    const MatrixXd M = massRef(k, 2, 0.5, 3);
    const Vector2d g(0.3, -9.81);
    std::vector<Vector2d> p;
    std::vector<double> w;
    rectRule(2, 0.5, 5, p, w);
    Matrix2Xd want = Matrix2Xd::Zero(2, basisSize(k));
    for (size_t s = 0; s < p.size(); ++s) want += 3 * w[s] * g * basisRef(k, p[s]).transpose();
    EXPECT_VEC_NEAR(pbm::flexGravity(M, g), want, 1e-12)
        << "Baraff & Witkin 1992 §3: Q_gravity = integral rho g b^T = g (M e_0)^T, " << kindName(k);
  }
}

TEST(Ch11Elastic, StvkDensityAndPiolaMatchTheFormulaAndItsDerivative) {
  // Uniaxial stretch F = diag(s, 1): W = mu (s^2-1)^2/4 + lambda/2 ((s^2-1)/2)^2.
  for (double s : {0.8, 1.0, 1.3})
    for (double lambda : {0.0, 20.0}) {
      const double e = 0.5 * (s * s - 1);
      Matrix2d F = Matrix2d::Identity();
      F(0, 0) = s;
      EXPECT_NEAR(pbm::stvkDensity(F, 50, lambda), 50 * e * e + 0.5 * lambda * e * e, 1e-13)
          << "Baraff & Witkin 1992 §4 (our StVK): W of a uniaxial stretch s = " << s;
      EXPECT_NEAR(pbm::stvkDensity(rotation(0.7) * F, 50, lambda),
                  50 * e * e + 0.5 * lambda * e * e, 1e-13)
          << "Baraff & Witkin 1992 §4: W depends on F only through G = F^T F";
    }
  std::mt19937_64 rng(4);
  for (int it = 0; it < 30; ++it) {
    const Matrix2d F = Matrix2d::Identity() + 0.4 * Matrix2d(randomMatrix(2, rng));
    const Matrix2d P = pbm::stvkPiola(F, 50, 20);
    Matrix2d fd;
    for (int i = 0; i < 4; ++i) {
      Matrix2d Fp = F, Fm = F;
      Fp.data()[i] += 1e-6;
      Fm.data()[i] -= 1e-6;
      fd.data()[i] = (stvkRef(Fp, 50, 20) - stvkRef(Fm, 50, 20)) / 2e-6;
    }
    EXPECT_VEC_NEAR(P, fd, 1e-6 * (1 + fd.norm()))
        << "Baraff & Witkin 1992 §4 (our StVK): P = dW/dF = F (2 mu E + lambda tr E I)";
  }
}

TEST(Ch11Elastic, StrainEnergyIsTheIntegralOfTheDensity) {
  std::mt19937_64 rng(5);
  for (DeformKind k : kKinds) {
    const FlexBody b = pbm::makeFlexRect(k, 2, 0.5, FlexMaterial{1, 50, 20, 0});
    for (int it = 0; it < 10; ++it) {
      const Matrix2Xd q = randomNearRest(k, rng, 0.3);
      const double want = strainRef(k, 2, 0.5, 50, 20, q);
      EXPECT_NEAR(pbm::flexStrainEnergy(b, q), want, 1e-11 * (1 + want))
          << "Baraff & Witkin 1992 §4: E = integral W(q B(u)) dV (5 x 5 Gauss oracle), "
          << kindName(k);
    }
  }
}

TEST(Ch11Elastic, ElasticForceIsMinusTheEnergyGradient) {
  std::mt19937_64 rng(6);
  for (DeformKind k : kKinds) {
    const FlexBody b = unitSquare(k, 50, 20);
    for (int it = 0; it < 10; ++it) {
      const Matrix2Xd q = randomNearRest(k, rng, 0.3);
      const Matrix2Xd Q = pbm::flexElasticForce(b, q);
      Matrix2Xd fd(2, basisSize(k));
      for (int i = 0; i < q.size(); ++i) {
        Matrix2Xd qp = q, qm = q;
        qp.data()[i] += 1e-6;
        qm.data()[i] -= 1e-6;
        fd.data()[i] = -(strainRef(k, 1, 1, 50, 20, qp) - strainRef(k, 1, 1, 50, 20, qm)) / 2e-6;
      }
      EXPECT_VEC_NEAR(Q, fd, 1e-6 * (1 + fd.norm()))
          << "Baraff & Witkin 1992 §4: Q_el = -dE/dq (central differences), " << kindName(k);
    }
  }
}

TEST(Ch11Elastic, EnergyAndForceAreRigidInvariant) {
  // E(Rq + t e_0^T) = E(q); E = 0 on rigid placements; no net force or
  // torque; Q_el(Rq) = R Q_el(q).
  std::mt19937_64 rng(8);
  for (DeformKind k : kKinds) {
    const FlexBody b = unitSquare(k, 50, 20);
    for (int it = 0; it < 10; ++it) {
      const Matrix2Xd q = randomNearRest(k, rng, 0.3);
      const Matrix2d R = rotation(0.3 + it);
      Matrix2Xd moved = R * q;
      moved.col(0) += Vector2d(1.5, -2.0);
      const double E = pbm::flexStrainEnergy(b, q);
      ASSERT_GT(E, 1e-6) << "a deformed body has strain energy";
      EXPECT_NEAR(pbm::flexStrainEnergy(b, moved), E, 1e-12 * E)
          << "Baraff & Witkin 1992 §4: an energy of the metric tensor ignores rigid motion";
      const Matrix2Xd Q = pbm::flexElasticForce(b, q);
      EXPECT_LE(Q.col(0).norm(), 1e-12 * Q.norm())
          << "Baraff & Witkin 1992 §4: no net internal force (the constant column of Q_el is 0)";
      const Matrix2d T = Q * q.transpose();
      EXPECT_LE(std::abs(T(0, 1) - T(1, 0)), 1e-12 * Q.norm() * q.norm())
          << "Baraff & Witkin 1992 §4: no net internal torque (Q_el q^T symmetric)";
      EXPECT_VEC_NEAR(pbm::flexElasticForce(b, moved), (R * Q).eval(), 1e-11 * Q.norm())
          << "Baraff & Witkin 1992 §4: the force of the rotated body is the rotated force";
      Matrix2Xd rigid = R * pbm::flexRestState(k);
      rigid.col(0) = Vector2d(0.4, 7.0);
      EXPECT_LT(pbm::flexStrainEnergy(b, rigid), 1e-24)
          << "Baraff & Witkin 1992 §4: E = 0 on every rigid placement of the rest shape";
      EXPECT_LT(pbm::flexElasticForce(b, rigid).norm(), 1e-12) << "no force at a rigid placement";
    }
  }
}

TEST(Ch11Elastic, DampingIsMinusTheRayleighGradientAndIgnoresRigidMotion) {
  // R = nu integral |E'|^2, E' = (F'^T F + F^T F')/2 (5 x 5 Gauss oracle).
  std::mt19937_64 rng(9);
  const double nu = 2.0;
  std::vector<Vector2d> p;
  std::vector<double> w;
  rectRule(1, 1, 5, p, w);
  for (DeformKind k : kKinds) {
    const FlexBody b = unitSquare(k, 50, 20, nu);
    const auto rayleigh = [&](const Matrix2Xd& q, const Matrix2Xd& qd) {
      double r = 0;
      for (size_t s = 0; s < p.size(); ++s) {
        const Matrix2d F = q * gradRef(k, p[s]), Fd = qd * gradRef(k, p[s]);
        r += nu * w[s] * (0.5 * (Fd.transpose() * F + F.transpose() * Fd)).squaredNorm();
      }
      return r;
    };
    for (int it = 0; it < 10; ++it) {
      const Matrix2Xd q = randomNearRest(k, rng, 0.3), qd = randomMatrix(basisSize(k), rng);
      const Matrix2Xd Q = pbm::flexDampingForce(b, q, qd);
      Matrix2Xd fd(2, basisSize(k));
      for (int i = 0; i < qd.size(); ++i) {
        Matrix2Xd a = qd, c = qd;
        a.data()[i] += 1e-6;
        c.data()[i] -= 1e-6;
        fd.data()[i] = -(rayleigh(q, a) - rayleigh(q, c)) / 2e-6;
      }
      EXPECT_VEC_NEAR(Q, fd, 1e-6 * (1 + fd.norm()))
          << "Baraff & Witkin 1992 §4: Q_damp = -dR/dq' (central differences), " << kindName(k);
      // A rigid velocity of the current placement: q' = Omega q, Omega skew.
      const Matrix2d Om{{0, -1.7}, {1.7, 0}};
      Matrix2Xd rigidVel = Om * q;
      rigidVel.col(0) += Vector2d(3, -1);
      EXPECT_LT(pbm::flexDampingForce(b, q, rigidVel).norm(), 1e-12 * (1 + Q.norm()))
          << "Baraff & Witkin 1992 §4: the metric's rate is 0 for rigid motion: no damping";
    }
  }
}

}  // namespace
