// Chapter 11 tests: the claims of Baraff & Witkin 1992 (flexible bodies as
// global deformations) that need no contact LCP, each checked against a
// closed form or an independent computation (11_flexible_bodies_test.h: the
// test's own basis, Gauss rules, Green's-theorem moments, RK4). Every test
// calls a student function, so each fails on the skeleton; every loop is
// bounded. A failure names the section of the paper to read.
//
// This file: the basis and the mass matrix (claim 1). Further parts:
// 11_flexible_bodies_test_elastic.cpp (forces, internal energy: claims 2-3),
// 11_flexible_bodies_test_dynamics.cpp (claims 4-6, 8-11),
// 11_flexible_bodies_test_contact.cpp (the impulse, bending, the inverse map:
// claims 12, 15).
#include <Eigen/Eigenvalues>

#include "11_flexible_bodies_test.h"

namespace {

using namespace ch11_test;

// --- the basis (Baraff & Witkin 1992 §3)

TEST(Ch11Basis, BasisGradientAndMapMatchTheMonomials) {
  std::mt19937_64 rng(1);
  for (DeformKind k : kKinds) {
    EXPECT_EQ(pbm::flexBasisSize(k), basisSize(k)) << "Baraff & Witkin 1992 §3: " << kindName(k);
    for (int it = 0; it < 50; ++it) {
      const Vector2d u = randomMatrix(1, rng).col(0);
      EXPECT_VEC_NEAR(pbm::flexBasis(k, u), basisRef(k, u), 1e-15)
          << "Baraff & Witkin 1992 §3: b(u) = (1, x, y[, x^2, xy, y^2]), constant first";
      // The gradient against central differences of the test's basis.
      MatrixX2d fd(basisSize(k), 2);
      for (int a = 0; a < 2; ++a) {
        const Vector2d e = 1e-6 * Vector2d::Unit(a);
        fd.col(a) = (basisRef(k, u + e) - basisRef(k, u - e)) / 2e-6;
      }
      EXPECT_VEC_NEAR(pbm::flexBasisGradient(k, u), fd, 1e-8)
          << "Baraff & Witkin 1992 §3: B = db/du (n x 2), " << kindName(k);
      const Matrix2Xd q = randomMatrix(basisSize(k), rng);
      EXPECT_VEC_NEAR(pbm::flexDeform(q, k, u), (q * basisRef(k, u)).eval(), 1e-14)
          << "Baraff & Witkin 1992 §3: x = q b(u)";
    }
    const Matrix2Xd q0 = pbm::flexRestState(k);
    for (int it = 0; it < 10; ++it) {
      const Vector2d u = randomMatrix(1, rng).col(0);
      EXPECT_VEC_NEAR((q0 * basisRef(k, u)).eval(), u, 1e-15)
          << "Baraff & Witkin 1992 §3: the rest state is the identity map x = u, " << kindName(k);
    }
  }
}

// --- the mass matrix (Baraff & Witkin 1992 §3, claim 1)

TEST(Ch11Mass, RectangleMatchesTheClosedMomentsAndIsSpd) {
  for (DeformKind k : kKinds)
    for (const auto& [L, H, rho] : {std::tuple{1.0, 1.0, 1.0}, {2.0, 0.5, 3.0}, {0.3, 1.7, 0.8}}) {
      const MatrixXd M = pbm::flexMassMatrixRect(k, L, H, rho);
      EXPECT_VEC_NEAR(M, massRef(k, L, H, rho), 1e-13 * (1 + L * L * H * H))
          << "Baraff & Witkin 1992 §3: M = integral rho b b^T (5 x 5 Gauss oracle), " << kindName(k)
          << " " << L << " x " << H << ", rho " << rho;
      EXPECT_NEAR(M(0, 0), rho * L * H, 1e-14) << "Baraff & Witkin 1992 §3: M_00 is the mass";
      Eigen::LLT<MatrixXd> llt(M);
      EXPECT_EQ(llt.info(), Eigen::Success) << "Baraff & Witkin 1992 §3: M is positive definite";
    }
  // Unit square, quadratic: the closed numbers (m = 1).
  const MatrixXd M = pbm::flexMassMatrixRect(kQuadratic, 1, 1, 1);
  Eigen::SelfAdjointEigenSolver<MatrixXd> es(M);
  EXPECT_NEAR(es.eigenvalues()(0), 0.0054790, 1e-7)
      << "Baraff & Witkin 1992 §3: smallest eigenvalue of the unit square's quadratic M";
  EXPECT_NEAR(M.determinant() * 671846400.0, 1.0, 1e-9)
      << "Baraff & Witkin 1992 §3: det M = 1/671846400 for the unit square";
}

TEST(Ch11Mass, PolygonMatchesGreensTheoremMoments) {
  const std::vector<std::vector<Vector2d>> polys = {
      {{0, 0}, {1, 0}, {1, 1}, {0, 1}},                                       // [0,1]^2
      {{-0.5, -0.5}, {0.5, -0.5}, {0.5, 0.5}, {-0.5, 0.5}},                   // centred square
      {{0.1, 0.2}, {1.3, -0.4}, {0.7, 0.9}},                                  // a triangle
      {{0, 0}, {0, 1}, {1, 1}, {1, 0}},                                       // clockwise
      {{0, 0}, {2, 0}, {2, 0.5}, {0.5, 0.5}, {0.5, 1.5}, {0, 1.5}},           // an L (star about 0)
      {{1, 0}, {0.5, 0.8}, {-0.5, 0.8}, {-1, 0}, {-0.5, -0.8}, {0.5, -0.8}},  // hexagon
  };
  for (DeformKind k : kKinds)
    for (size_t p = 0; p < polys.size(); ++p) {
      const MatrixXd M = pbm::flexMassMatrixPolygon(k, polys[p], 2.0);
      EXPECT_VEC_NEAR(M, polygonMassRef(k, polys[p], 2.0), 1e-13)
          << "Baraff & Witkin 1992 §3: polygon " << p << ", " << kindName(k)
          << ": the fan with the collapsed 3 x 3 Gauss rule is exact to degree 4";
    }
  // [0,1]^2, affine, m = 1: the closed form.
  MatrixXd want(3, 3);
  want << 1, 0.5, 0.5, 0.5, 1.0 / 3, 0.25, 0.5, 0.25, 1.0 / 3;
  EXPECT_VEC_NEAR(pbm::flexMassMatrixPolygon(kAffine, polys[0], 1.0), want, 1e-14)
      << "Baraff & Witkin 1992 §3: uncentred unit square, affine";
}

TEST(Ch11Mass, TwoByTwoGaussPointsGiveASingularQuadraticMass) {
  // The rank trap of a sampled M: 4 points cannot make a rank-6 sum, and 3 x 3
  // Gauss is exact.
  for (int n : {2, 3}) {
    std::vector<Vector2d> p;
    std::vector<double> w;
    rectRule(1, 1, n, p, w);
    MatrixXd M = MatrixXd::Zero(6, 6);
    for (size_t i = 0; i < p.size(); ++i) {
      const VectorXd b = pbm::flexBasis(kQuadratic, p[i]);
      M += w[i] * b * b.transpose();
    }
    Eigen::FullPivLU<MatrixXd> lu(M);
    lu.setThreshold(1e-10);
    if (n == 2) {
      EXPECT_EQ(lu.rank(), 4) << "Baraff & Witkin 1992 §3: 2 x 2 Gauss points give rank 4 < 6";
      FlexBody tmp;
      EXPECT_THROW(pbm::flexSetMassMatrix(tmp, M), pbm::SolverFailure)
          << "a singular M is a SolverFailure";
    } else {
      EXPECT_VEC_NEAR(M, pbm::flexMassMatrixRect(kQuadratic, 1, 1, 1), 1e-14)
          << "Baraff & Witkin 1992 §3: 3 x 3 Gauss is exact for the quadratic M";
    }
  }
}

TEST(Ch11Mass, MonteCarloIsWithinFiveSigmaOfTheExactMoments) {
  // sigma_ij = m std(b_i b_j) / sqrt(N), the std from exact moments (5 x 5 Gauss).
  const std::vector<Vector2d> sq = {{-0.5, -0.5}, {0.5, -0.5}, {0.5, 0.5}, {-0.5, 0.5}};
  std::vector<Vector2d> p;
  std::vector<double> w;
  rectRule(1, 1, 5, p, w);
  for (DeformKind k : kKinds)
    for (int N : {1000, 20000}) {
      std::mt19937_64 rng(7 + N);
      const MatrixXd M = pbm_test::withinSeconds("flexMassMatrixMonteCarlo", kSamplingHint, [&] {
        return pbm::flexMassMatrixMonteCarlo(k, sq, 1.0, N, rng);
      });
      const MatrixXd exact = massRef(k, 1, 1, 1);
      const int n = basisSize(k);
      ASSERT_EQ(M.rows(), n);
      ASSERT_EQ(M.cols(), n);
      for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
          double m2 = 0;
          for (size_t s = 0; s < p.size(); ++s) {
            const VectorXd b = basisRef(k, p[s]);
            m2 += w[s] * std::pow(b(i) * b(j), 2);
          }
          const double sigma = std::sqrt(std::max(0.0, m2 - exact(i, j) * exact(i, j)) / N);
          EXPECT_LE(std::abs(M(i, j) - exact(i, j)), 5 * sigma + 1e-14)
              << "Baraff & Witkin 1992 §3 (Monte Carlo M): entry (" << i << ", " << j
              << "), N = " << N << ", " << kindName(k) << ": expected " << exact(i, j)
              << " +- 5 sigma = " << 5 * sigma << ", got " << M(i, j);
        }
      // An L-shaped polygon: rejection sampling must stay inside it.
      const std::vector<Vector2d> ell = {{0, 0},     {2, 0},     {2, 0.5},
                                         {0.5, 0.5}, {0.5, 1.5}, {0, 1.5}};
      const MatrixXd Ml = pbm_test::withinSeconds("flexMassMatrixMonteCarlo", kSamplingHint, [&] {
        return pbm::flexMassMatrixMonteCarlo(k, ell, 1.0, N, rng);
      });
      const MatrixXd El = polygonMassRef(k, ell, 1.0);
      EXPECT_NEAR(Ml(0, 0), El(0, 0), 1e-12) << "Monte Carlo M_00 is rho V exactly";
      EXPECT_NEAR(Ml(0, 1), El(0, 1), 6 * 0.6 * El(0, 0) / std::sqrt(N))
          << "Baraff & Witkin 1992 §3: the L's first moment (points outside the L were kept?)";
    }
  std::mt19937_64 rng(3);
  EXPECT_THROW(pbm::flexMassMatrixMonteCarlo(kQuadratic, sq, 1.0, 5, rng), pbm::UsageError)
      << "fewer samples than basis functions";
}

TEST(Ch11Mass, MonteCarloOnSlantedEdgesIsWithinFiveSigmaOfGreensMoments) {
  // The rectangle and the L above have only vertical and horizontal edges,
  // where the crossing of a horizontal ray with an edge is at the edge's
  // vertex x; a slanted edge crosses it elsewhere, so the inside test must
  // interpolate. sigma_ij = sqrt((V integral (b_i b_j)^2 - M_ij^2) / N), every
  // moment by Green's theorem (degree <= 8, exact).
  const int e[6][2] = {{0, 0}, {1, 0}, {0, 1}, {2, 0}, {1, 1}, {0, 2}};
  const std::vector<std::vector<Vector2d>> polys = {
      {{0.1, 0.2}, {1.3, -0.4}, {0.7, 0.9}},                                  // a triangle
      {{1, 0}, {0.5, 0.8}, {-0.5, 0.8}, {-1, 0}, {-0.5, -0.8}, {0.5, -0.8}},  // hexagon
  };
  const int N = 20000;
  for (DeformKind k : kKinds)
    for (size_t p = 0; p < polys.size(); ++p) {
      std::mt19937_64 rng(41 + p);
      const MatrixXd M = pbm_test::withinSeconds("flexMassMatrixMonteCarlo", kSamplingHint, [&] {
        return pbm::flexMassMatrixMonteCarlo(k, polys[p], 1.0, N, rng);
      });
      const MatrixXd exact = polygonMassRef(k, polys[p], 1.0);
      const double V = exact(0, 0);
      const int n = basisSize(k);
      ASSERT_EQ(M.rows(), n);
      ASSERT_EQ(M.cols(), n);
      for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
          const double m2 =
              std::abs(polygonMoment(polys[p], 2 * (e[i][0] + e[j][0]), 2 * (e[i][1] + e[j][1])));
          const double sigma = std::sqrt(std::max(0.0, V * m2 - exact(i, j) * exact(i, j)) / N);
          EXPECT_LE(std::abs(M(i, j) - exact(i, j)), 5 * sigma + 1e-14)
              << "flexMassMatrixMonteCarlo, Baraff & Witkin 1992 §3: polygon " << p
              << " (slanted edges), entry (" << i << ", " << j << "), " << kindName(k)
              << ": expected " << exact(i, j) << " +- 5 sigma = " << 5 * sigma << ", got "
              << M(i, j) << " (is a point inside when a ray from it crosses an odd number of "
              << "edges, each crossing at the x interpolated along the edge?)";
        }
    }
}

TEST(Ch11Mass, KineticEnergyIsTheIntegralOverTheBody) {
  // 1/2 integral rho |q' b(u)|^2 (5 x 5 Gauss) = flexKineticEnergy; M does not depend on q.
  std::mt19937_64 rng(11);
  std::vector<Vector2d> p;
  std::vector<double> w;
  rectRule(2, 0.5, 5, p, w);
  for (DeformKind k : kKinds) {
    const FlexBody b = pbm::makeFlexRect(k, 2, 0.5, FlexMaterial{3.0, 1, 0, 0});
    for (int it = 0; it < 10; ++it) {
      const Matrix2Xd qd = randomMatrix(basisSize(k), rng);
      double T = 0;
      for (size_t s = 0; s < p.size(); ++s)
        T += 0.5 * 3.0 * w[s] * (qd * basisRef(k, p[s])).squaredNorm();
      EXPECT_NEAR(pbm::flexKineticEnergy(b, qd), T, 1e-12 * (1 + T))
          << "Baraff & Witkin 1992 §3: T = 1/2 tr(q' M q'^T) = 1/2 integral rho |x'|^2";
    }
  }
}

}  // namespace
