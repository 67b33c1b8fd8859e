// Chapter 11 tests, part: the dynamics q'' M = Q (Baraff & Witkin 1992
// §2-§4; claims 4-11): least squares, momentum, gravity, the dust cloud,
// energy, the steady spin, the spectrum and RK4's stability limit. Stepped by
// the test's own RK4 on pbm::FlexSystem; every energy and momentum is
// measured with the test's own M and strain integral.
#include <Eigen/QR>

#include "11_flexible_bodies_test.h"

namespace {

using namespace ch11_test;

double energyRef(const pbm::FlexSystem& s, double L, double H) {
  const FlexBody& b = s.body();
  const MatrixXd M = massRef(b.kind, L, H, b.material.rho);
  const double T = 0.5 * (s.qdot() * M * s.qdot().transpose()).trace();
  const Vector2d c = s.q() * M.col(0);  // m times the centre of mass
  return T + strainRef(b.kind, L, H, b.material.mu, b.material.lambda, s.q()) - s.gravity.dot(c);
}

TEST(Ch11Dynamics, AccelerationIsTheMassWeightedLeastSquaresFit) {
  // Gauss's least constraint (Baraff & Witkin 1992 §2): q'' minimises
  // integral rho |q'' b - f/rho|^2; oracle: a dense QR least-squares solve.
  std::vector<Vector2d> p;
  std::vector<double> w;
  rectRule(2, 0.5, 5, p, w);
  const double rho = 3;
  for (DeformKind k : kKinds) {
    const FlexBody b = pbm::makeFlexRect(k, 2, 0.5, FlexMaterial{rho, 1, 0, 0});
    const int n = basisSize(k);
    MatrixXd A(p.size(), n), rhs(p.size(), 2);
    Matrix2Xd Q = Matrix2Xd::Zero(2, n);
    for (size_t s = 0; s < p.size(); ++s) {
      const Vector2d u = p[s];
      const Vector2d a(std::sin(3 * u.x()) + u.y() * u.y() * u.y(),
                       std::cos(u.x() * u.y()) - u.x());
      const VectorXd bs = basisRef(k, u);
      A.row(s) = std::sqrt(rho * w[s]) * bs.transpose();
      rhs.row(s) = std::sqrt(rho * w[s]) * a.transpose();
      Q += rho * w[s] * a * bs.transpose();  // Q = integral f b^T, f = rho a
    }
    const MatrixXd ls = A.colPivHouseholderQr().solve(rhs).transpose();
    EXPECT_VEC_NEAR(pbm::flexAcceleration(b, Q), Matrix2Xd(ls), 1e-12)
        << "Baraff & Witkin 1992 §2: q'' = Q M^-1 is the mass-weighted least-squares fit of "
           "f/rho, "
        << kindName(k);
  }
}

TEST(Ch11Dynamics, LinearMomentumIsConservedToRoundoff) {
  std::mt19937_64 rng(12);
  for (DeformKind k : kKinds) {
    pbm::FlexSystem s(unitSquare(k, 50, 20, 1.5));
    s.q() = randomNearRest(k, rng, 0.15);
    s.qdot() = randomMatrix(basisSize(k), rng, 1.0);
    const MatrixXd M = massRef(k, 1, 1, 1);
    const Vector2d P0 = s.qdot() * M.col(0), c0 = s.q() * M.col(0);
    for (int i = 0; i < 500; ++i) rk4(s, 0.002);
    EXPECT_VEC_NEAR(Vector2d(s.qdot() * M.col(0)), P0, 1e-12)
        << "Baraff & Witkin 1992 §4: internal forces have no net force, P = q' M e_0 is constant";
    EXPECT_VEC_NEAR(Vector2d(s.q() * M.col(0)), Vector2d(c0 + P0 * 1.0), 1e-11)
        << "the centre of mass moves on a straight line at P/m";
    EXPECT_VEC_NEAR(pbm::flexMomentum(s.body(), s.qdot()), P0, 1e-12)
        << "Baraff & Witkin 1992 §3: flexMomentum = q' M e_0";
    EXPECT_VEC_NEAR(pbm::flexCenterOfMass(s.body(), s.q()), Vector2d(c0 + P0), 1e-11)
        << "Baraff & Witkin 1992 §3: flexCenterOfMass = q M e_0 / m";
    // A body whose mass is not 1: c = q M e_0 / m.
    const FlexBody heavy = pbm::makeFlexRect(k, 2, 0.5, FlexMaterial{3, 1, 0, 0});
    const Matrix2Xd qh = randomNearRest(k, rng, 0.3);
    EXPECT_VEC_NEAR(pbm::flexCenterOfMass(heavy, qh),
                    Vector2d(qh * massRef(k, 2, 0.5, 3).col(0) / 3.0), 1e-13)
        << "Baraff & Witkin 1992 §3: c = q M e_0 / m with m = rho L H = 3";
  }
}

TEST(Ch11Dynamics, GravityMovesEveryPointLikeAParticle) {
  // q'' = g e_0^T exactly; RK4 integrates a quadratic in t exactly.
  for (DeformKind k : kKinds) {
    pbm::FlexSystem s(unitSquare(k, 500, 100, 0.5));
    s.gravity = Vector2d(0, -9.81);
    const Vector2d v0(0.5, 1.0);
    s.qdot().col(0) = v0;
    const Matrix2Xd q0 = s.q();
    for (int i = 0; i < 100; ++i) rk4(s, 0.01);
    Matrix2Xd want = q0;
    want.col(0) += v0 + 0.5 * s.gravity;
    EXPECT_VEC_NEAR(s.q(), want, 1e-13)
        << "Baraff & Witkin 1992 §3: Q = g (M e_0)^T gives q'' = g e_0^T, " << kindName(k);
    EXPECT_LT(strainRef(k, 1, 1, 500, 100, s.q()), 1e-20) << "the shape is untouched by gravity";
  }
}

TEST(Ch11Dynamics, ZeroStiffnessSpinAreaGrowsAsOnePlusOmegaSquaredTSquared) {
  // mu = lambda = 0: every point moves on a straight line, A(t) = A0 + t A0'.
  const double w = 2.0;
  for (DeformKind k : kKinds) {
    pbm::FlexSystem s(unitSquare(k, 0, 0));
    s.qdot().col(1) = Vector2d(0, w);
    s.qdot().col(2) = Vector2d(-w, 0);
    for (int i = 0; i < 150; ++i) rk4(s, 0.01);
    const Matrix2d A = s.q().block<2, 2>(0, 1);
    EXPECT_NEAR(A.determinant(), 1 + w * w * 1.5 * 1.5, 1e-12)
        << "Baraff & Witkin 1992 §2: no stress, no centripetal force: det A = 1 + w^2 t^2, "
        << kindName(k);
    EXPECT_NEAR(pbm::flexAngularMomentum(s.body(), s.q(), s.qdot()), w / 6.0, 1e-12)
        << "Baraff & Witkin 1992 §3: L = W_xy - W_yx is conserved (I0 w = w/6)";
  }
}

TEST(Ch11Dynamics, EnergyErrorIsFourthOrderAndDampingNeverRaisesIt) {
  std::mt19937_64 rng(13);
  const Matrix2Xd q0 = randomNearRest(kQuadratic, rng, 0.1);
  const Matrix2Xd qd0 = randomMatrix(6, rng, 0.5);
  double drift[2];
  for (int r = 0; r < 2; ++r) {
    pbm::FlexSystem s(unitSquare(kQuadratic, 50, 20));
    s.gravity = Vector2d(0, -9.81);
    s.q() = q0;
    s.qdot() = qd0;
    const double H0 = energyRef(s, 1, 1), h = r == 0 ? 0.004 : 0.002;
    drift[r] = 0;
    for (int i = 0; i < int(std::lround(1.0 / h)); ++i) {
      rk4(s, h);
      drift[r] = std::max(drift[r], std::abs(energyRef(s, 1, 1) - H0));
    }
  }
  EXPECT_GT(drift[0], 1e-12) << "the coarse run must show some drift";
  EXPECT_GE(drift[0] / drift[1], 12.0)
      << "Baraff & Witkin 1992 §4 with RK4 (DEB §2): halving h cuts the energy error by ~2^4; "
         "expected >= 12, got "
      << drift[0] / drift[1] << " (" << drift[0] << " -> " << drift[1] << ")";
  // Damped: H never increases between steps.
  pbm::FlexSystem s(unitSquare(kQuadratic, 50, 20, 2.0));
  s.q() = q0;
  s.qdot() = qd0;
  double H = energyRef(s, 1, 1);
  const double Hstart = H;
  for (int i = 0; i < 2000; ++i) {
    rk4(s, 0.002);
    const double Hn = energyRef(s, 1, 1);
    ASSERT_LE(Hn, H + 1e-12) << "Baraff & Witkin 1992 §4: damping only dissipates; step " << i;
    H = Hn;
  }
  EXPECT_LT(H, 0.9 * Hstart) << "the damping (nu = 2) dissipates the vibration";
}

TEST(Ch11Dynamics, SteadySpinStretchMatchesTheClosedForm) {
  // A = s R(wt), s^2 = 1 + w^2 I0 / (2 V (mu + lambda)) (unit square, StVK).
  const double mu = 50, lambda = 20, w = 3;
  const double st = std::sqrt(1 + w * w / (12 * (mu + lambda)));
  ASSERT_NEAR(st, 1.005343, 1e-6);
  pbm::FlexSystem s(unitSquare(kQuadratic, mu, lambda, 2.0));
  s.q().col(1) = Vector2d(st, 0);
  s.q().col(2) = Vector2d(0, st);
  s.qdot().col(1) = Vector2d(0, w * st);
  s.qdot().col(2) = Vector2d(-w * st, 0);
  const double H0 = energyRef(s, 1, 1);
  for (int i = 0; i < 1000; ++i) rk4(s, 0.002);
  const Matrix2d want = st * rotation(w * 2.0);
  EXPECT_VEC_NEAR(Matrix2d(s.q().block<2, 2>(0, 1)), want, 1e-6)
      << "Baraff & Witkin 1992 §4 (our StVK): the steady spin holds the stretch s = " << st;
  EXPECT_LT(s.q().rightCols(3).norm(), 1e-9) << "the quadratic coefficients stay 0";
  EXPECT_NEAR(energyRef(s, 1, 1), H0, 1e-10)
      << "Baraff & Witkin 1992 §4: damping of the metric's rate takes nothing from a steady spin";
}

TEST(Ch11Spectrum, SmallOscillationFrequenciesMatchTheClosedForms) {
  const double mu = 50, rho = 1;
  // Affine, lambda = 20: {0,0,0, 24 mu, 24 mu, 24 (mu + lambda)} / rho.
  VectorXd a(6);
  a << 0, 0, 0, 24 * mu, 24 * mu, 24 * (mu + 20);
  EXPECT_VEC_NEAR(pbm::flexModes(unitSquare(kAffine, mu, 20)), a, 1e-4 * a.norm())
      << "Baraff & Witkin 1992 §4 (our StVK): affine omega^2 = 24 mu/rho (x2), 24 (mu+lambda)/rho";
  // Quadratic, lambda = 0: adds the doubly degenerate (48 -+ 12 sqrt 6) mu and 120 mu.
  VectorXd q(12);
  const double lo = (48 - 12 * std::sqrt(6.0)) * mu, hi = (48 + 12 * std::sqrt(6.0)) * mu;
  q << 0, 0, 0, lo, lo, 24 * mu, 24 * mu, 24 * mu, hi, hi, 120 * mu, 120 * mu;
  EXPECT_VEC_NEAR(pbm::flexModes(unitSquare(kQuadratic, mu, 0)), q / rho, 1e-4 * q.norm())
      << "Baraff & Witkin 1992 §4: quadratic, lambda = 0: bending (48 - 12 sqrt 6) mu is lowest";
  // Quadrature: one point leaves 6 spurious zero modes, 2 x 2 and 3 x 3 none.
  for (int pts : {1, 2, 3}) {
    const VectorXd m = pbm::flexModes(unitSquare(kQuadratic, mu, 20, 0, pts));
    int zeros = 0;
    for (int i = 0; i < m.size(); ++i) zeros += std::abs(m(i)) < 1e-3 * mu;
    EXPECT_EQ(zeros, pts == 1 ? 9 : 3)
        << "Baraff & Witkin 1992 §4: zero modes with " << pts << " x " << pts << " points";
  }
}

TEST(Ch11Spectrum, DilationPeriodMatchesTheEigenvalue) {
  const double mu = 50, lambda = 20;
  const double T = 2 * kPi / std::sqrt(24 * (mu + lambda));
  ASSERT_NEAR(T, 0.153294, 1e-6);
  pbm::FlexSystem s(unitSquare(kAffine, mu, lambda));
  s.q().col(1) *= 1 + 1e-4;
  s.q().col(2) *= 1 + 1e-4;
  const double h = 2e-4;
  std::vector<double> down;
  double prev = s.q()(0, 1) - 1;
  for (int i = 1; i <= 1000 && down.size() < 2; ++i) {
    rk4(s, h);
    const double cur = s.q()(0, 1) - 1;
    if (prev > 0 && cur <= 0) down.push_back(h * (i - 1 + prev / (prev - cur)));
    prev = cur;
  }
  ASSERT_EQ(down.size(), 2u) << "the dilation must oscillate";
  EXPECT_NEAR(down[1] - down[0], T, 1e-4 * T)
      << "Baraff & Witkin 1992 §4: the dilation's period is 2 pi / sqrt(24 (mu + lambda)/rho)";
}

TEST(Ch11Spectrum, Rk4IsStableBelowTwoRootTwoOverOmegaMax) {
  // Global DOFs: the limit is set by the body, not a mesh. Affine, mu = 50,
  // lambda = 20: omega_max^2 = 24 (mu + lambda) (the dilation).
  const double hc = 2 * std::sqrt(2.0) / std::sqrt(24 * 70.0);
  double growth[2];
  for (int r = 0; r < 2; ++r) {
    pbm::FlexSystem s(unitSquare(kAffine, 50, 20));
    s.q().col(1) *= 1 + 1e-7;
    s.q().col(2) *= 1 + 1e-7;
    const Matrix2Xd rest = pbm::flexRestState(kAffine);
    const double d0 = (s.q() - rest).norm();
    for (int i = 0; i < 3000; ++i) rk4(s, (r == 0 ? 0.97 : 1.03) * hc);
    growth[r] = (s.q() - rest).norm() / d0;
  }
  EXPECT_LT(growth[0], 2.0) << "Baraff & Witkin 1992 §1 with RK4: stable at 0.97 h_crit";
  EXPECT_GT(growth[1], 1e3) << "Baraff & Witkin 1992 §1 with RK4: grows at 1.03 h_crit (h_crit = "
                            << hc << ")";
}

}  // namespace
