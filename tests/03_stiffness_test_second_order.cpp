// Chapter 03 tests, part 3: the second-order step (IM §4): the penalty
// particle-on-line (C3.9), the reduced system against full backward Euler
// (C3.10), the oscillator's energy loss (C3.11) and the energy increments of
// implicit and explicit Euler (C3.12).
#include "03_stiffness_test.h"

namespace {

using namespace ch03_test;

// ---------------------------------------------------------------- C3.9
// IM slides, particle-on-line: k = f_max/epsilon; implicit Euler's fixed point
// is y* = f_y/k for every h, y_n = y* (1 - (1 + hk)^-n).
TEST(Ch03Penalty, ImplicitReachesTheEquilibriumForEveryH) {
  const double eps = 1e-3, fMax = 10.0, k = fMax / eps, yStar = fMax / k;
  Sparse A(1, 1);
  A.insert(0, 0) = -k;
  LinearSystem im(A, VectorXd::Constant(1, fMax), VectorXd::Zero(1));
  const double h = 0.1;
  for (int n = 1; n <= 5; ++n) {
    pbm::implicitEulerStep(im, h);
    ASSERT_NEAR(stateOf(im)[0], yStar * (1.0 - std::pow(1.0 + h * k, -n)), 1e-15)
        << "IM slides (particle on a line): y_n = y* (1 - (1 + hk)^-n); step " << n;
  }
  EXPECT_NEAR(stateOf(im)[0], eps, 1e-12)
      << "IM slides: implicit Euler settles at y* = f_max/k = epsilon for h = 0.1";
  // Explicit Euler beyond 2/k: |y - y*| grows by |1 - hk| = 1.1 per step.
  const double hBad = 2.1e-4;
  EXPECT_NEAR(std::abs(pbm::stabilityFunction(Scheme::Euler, -hBad * k)), 1.1, 1e-12)
      << "IM §2: |R(-hk)| = |1 - hk| = 1.1 for h = 2.1e-4, k = 1e4";
  LinearSystem ex(A, VectorXd::Constant(1, fMax), VectorXd::Zero(1));
  for (int n = 0; n < 100; ++n) pbm::eulerStep(ex, hBad);
  EXPECT_NEAR(std::abs(stateOf(ex)[0] - yStar), yStar * std::pow(1.1, 100),
              1e-9 * std::pow(1.1, 100))
      << "IM slides: explicit Euler beyond 2/k: |y - y*| = y* 1.1^100 after 100 steps";
  EXPECT_GT(std::abs(stateOf(ex)[0]), 1000 * eps) << "IM slides: explicit Euler blows up";
  // Below the slide's h < epsilon/f_max = 1/k explicit Euler never overshoots.
  LinearSystem slow(A, VectorXd::Constant(1, fMax), VectorXd::Zero(1));
  for (int n = 0; n < 50; ++n) {
    pbm::eulerStep(slow, 0.9 * eps / fMax);
    ASSERT_LE(stateOf(slow)[0], yStar * (1 + 1e-15))
        << "IM slides: below h = epsilon/f_max explicit Euler never overshoots y*; step " << n;
  }
}

TEST(Ch03Penalty, ParticleOnLineStaysWithinEpsilonUnderFmax) {
  // The scene's model: a drag clamped to f_max pulling straight down.
  const double eps = 0.02, fMax = 20.0, k = fMax / eps;
  pbm::PenaltySystem sys(k, 10.0, fMax, [](double) { return Vector2d(0.0, -100.0); }, {0.0, 0.0});
  for (int i = 0; i < 20; ++i) pbm::implicitEulerStep(sys, 0.05);  // h k = 50
  EXPECT_NEAR(sys.position().y(), -eps, 1e-6)
      << "IM slides: under f_max the penalty spring sags by epsilon = f_max/k = 0.02";
  EXPECT_GE(sys.position().y(), -eps * (1 + 1e-12))
      << "IM slides: implicit Euler never overshoots the equilibrium -epsilon";
}

// ---------------------------------------------------------------- C3.10
// IM §4: for linear f the reduced n x n system (4-5) equals backward Euler on
// the full 2n x 2n first-order system (4-2); (x1, v1) satisfies (4-3).
TEST(Ch03SecondOrder, ReducedSystemEqualsFullBackwardEuler) {
  std::mt19937 rng(7);
  const int n = 3;
  const double h = 0.37;
  const MatrixXd A = -randomSpd(n, rng), B = -randomSpd(n, rng, 0.1);  // dF/dx, dF/dv
  const VectorXd c = randomVector(n, rng), x0 = randomVector(n, rng), v0 = randomVector(n, rng);
  const VectorXd m = Eigen::Vector3d(1.0, 2.0, 0.5);
  const MatrixXd Minv = m.cwiseInverse().asDiagonal();
  auto F = [&](const VectorXd& x, const VectorXd& v) -> VectorXd { return A * x + B * v + c; };

  pbm::CgOptions opt;
  opt.tolerance = 1e-14;
  const pbm::SecondOrderStep s =
      secondOrderWithin(v0, F(x0, v0), A.sparseView(), B.sparseView(), m, h, opt);

  // Dense backward Euler on Y = (x, v), J = [[0, I], [M^-1 A, M^-1 B]].
  MatrixXd J = MatrixXd::Zero(2 * n, 2 * n);
  J.topRightCorner(n, n).setIdentity();
  J.bottomLeftCorner(n, n) = Minv * A;
  J.bottomRightCorner(n, n) = Minv * B;
  VectorXd f0(2 * n);
  f0 << v0, Minv * F(x0, v0);
  const VectorXd dY = (MatrixXd::Identity(2 * n, 2 * n) - h * J).partialPivLu().solve(h * f0);
  ASSERT_EQ(s.dx.size(), n) << "IM §4: dx has one entry per coordinate";
  ASSERT_EQ(s.dv.size(), n) << "IM §4: dv has one entry per coordinate";
  EXPECT_VEC_NEAR(s.dx, dY.head(n), 1e-12 * dY.norm())
      << "IM §4: dx of (4-5) equals backward Euler (4-2) on the 2n system, solved densely";
  EXPECT_VEC_NEAR(s.dv, dY.tail(n), 1e-12 * dY.norm())
      << "IM §4: dv of (4-5) equals backward Euler (4-2) on the 2n system, solved densely";

  // (4-3): dx = h (v0 + dv), M dv = h F(x0 + dx, v0 + dv).
  EXPECT_VEC_NEAR(s.dx, VectorXd(h * (v0 + s.dv)), 1e-14) << "IM §4 (4-3): dx = h (v0 + dv)";
  const VectorXd lhs = m.cwiseProduct(s.dv), rhs = h * F(x0 + s.dx, v0 + s.dv);
  EXPECT_VEC_NEAR(lhs, rhs, 1e-12 * rhs.norm()) << "IM §4 (4-3): M dv = h F(x0 + dx, v0 + dv)";

  // And chapter 03's first-order step (3-2) on the 2n system agrees.
  Sparse Jc = J.sparseView();
  VectorXd cFull = VectorXd::Zero(2 * n), y0(2 * n);
  cFull.tail(n) = Minv * c;
  y0 << x0, v0;
  LinearSystem full(Jc, cFull, y0);
  pbm::implicitEulerStep(full, h);
  EXPECT_VEC_NEAR(VectorXd(stateOf(full) - y0), dY, 1e-12 * dY.norm())
      << "IM §3 (3-2): the first-order step on the 2n system gives the same dY";
}

// ---------------------------------------------------------------- C3.11
// IM §4: x'' = -w^2 x - g v gives v1 = (v0 - h w^2 x0)/(1 + h g + h^2 w^2), x1 = x0 + h v1.
TEST(Ch03SecondOrder, ScalarOscillatorLosesEnergyByOnePlusH2W2) {
  auto stepOsc = [](double w, double g, double h, double x0, double v0) {
    Sparse K(1, 1), D(1, 1);
    K.insert(0, 0) = -w * w;
    D.insert(0, 0) = -g;
    pbm::CgOptions opt;
    opt.tolerance = 1e-15;
    return secondOrderWithin(VectorXd::Constant(1, v0), VectorXd::Constant(1, -w * w * x0 - g * v0),
                             K, D, VectorXd::Ones(1), h, opt);
  };
  // (Explicit Euler from the same state goes to (1, -10), energy 100: it doubles.)
  const pbm::SecondOrderStep s = stepOsc(10.0, 0.0, 0.1, 1.0, 0.0);
  ASSERT_EQ(s.dx.size(), 1) << "IM §4: one coordinate";
  ASSERT_EQ(s.dv.size(), 1) << "IM §4: one coordinate";
  const double x1 = 1.0 + s.dx[0], v1 = s.dv[0];
  EXPECT_NEAR(x1, 0.5, 1e-15) << "IM §4: x1 = x0 + h v1 for w = 10, h = 0.1 from (1, 0)";
  EXPECT_NEAR(v1, -5.0, 1e-14) << "IM §4: v1 = -h w^2 x0 / (1 + h^2 w^2)";
  EXPECT_NEAR(0.5 * v1 * v1 + 0.5 * 100 * x1 * x1, 25.0, 1e-12)  // 50 / (1 + h^2 w^2)
      << "IM §4: the energy 50 falls to 50 / (1 + h^2 w^2) = 25";

  const double w = 3.0, g = 0.7, h = 0.2, x0 = 0.3, v0 = 2.0;
  const pbm::SecondOrderStep d = stepOsc(w, g, h, x0, v0);
  ASSERT_EQ(d.dv.size(), 1) << "IM §4: one coordinate";
  const double want = (v0 - h * w * w * x0) / (1 + h * g + h * h * w * w);
  EXPECT_NEAR(v0 + d.dv[0], want, 1e-14)
      << "IM §4: with damping v1 = (v0 - h w^2 x0) / (1 + h g + h^2 w^2)";
  EXPECT_NEAR(x0 + d.dx[0], x0 + h * want, 1e-14) << "IM §4 (4-3): x1 = x0 + h v1";
}

// ---------------------------------------------------------------- C3.12
// IM §4 (derived), "rock stable" made precise: with F = -K x, implicit Euler
// loses exactly 1/2 dv^T M dv + 1/2 dx^T K dx per step, explicit Euler gains it.
TEST(Ch03Energy, ImplicitLosesExplicitGainsTheIncrementNorms) {
  std::mt19937 rng(12);
  const int n = 3;
  const double h = 0.37;
  const MatrixXd K = randomSpd(n, rng);
  const VectorXd m = Eigen::Vector3d(0.7, 1.3, 2.0), x0 = randomVector(n, rng),
                 v0 = randomVector(n, rng);
  auto E = [&](const VectorXd& x, const VectorXd& v) {
    return 0.5 * v.dot(m.cwiseProduct(v)) + 0.5 * x.dot(K * x);
  };
  auto increments = [&](const VectorXd& dx, const VectorXd& dv) {
    return 0.5 * dv.dot(m.cwiseProduct(dv)) + 0.5 * dx.dot(K * dx);
  };
  pbm::CgOptions opt;
  opt.tolerance = 1e-14;
  Sparse zero(n, n);
  const pbm::SecondOrderStep s =
      secondOrderWithin(v0, -K * x0, Sparse(-K.sparseView()), zero, m, h, opt);
  ASSERT_EQ(s.dx.size(), n) << "IM §4: one dx per coordinate";
  ASSERT_EQ(s.dv.size(), n) << "IM §4: one dv per coordinate";
  const double lost = E(x0, v0) - E(x0 + s.dx, v0 + s.dv);
  EXPECT_GT(lost, 0.0) << "IM §4: implicit Euler loses energy on F = -K x";
  const double want = increments(s.dx, s.dv);
  EXPECT_NEAR(lost, want, 1e-10 * want)
      << "IM §4 (derived): implicit Euler loses exactly 1/2 dv^T M dv + 1/2 dx^T K dx";

  // Explicit Euler (chapter 01's eulerStep on the 2n first-order system) gains
  // exactly the same form of its own increments.
  MatrixXd Jfull = MatrixXd::Zero(2 * n, 2 * n);
  Jfull.topRightCorner(n, n).setIdentity();
  Jfull.bottomLeftCorner(n, n) = -(m.cwiseInverse().asDiagonal() * K);
  VectorXd y0(2 * n);
  y0 << x0, v0;
  LinearSystem ex(Jfull, y0);
  pbm::eulerStep(ex, h);
  const VectorXd y1 = stateOf(ex);
  const VectorXd dxE = y1.head(n) - x0, dvE = y1.tail(n) - v0;
  const double gained = E(y1.head(n), y1.tail(n)) - E(x0, v0), wantE = increments(dxE, dvE);
  EXPECT_NEAR(gained, wantE, 1e-12 * wantE)
      << "IM §4 (derived): explicit Euler gains exactly 1/2 dv^T M dv + 1/2 dx^T K dx";
}

TEST(Ch03Energy, PinnedChainWithGravityAndDragLosesEnergyEveryStep) {
  // With gravity (constant force) and drag D the identity gains h v1^T D v1.
  pbm::SpringNetwork net = pbm::makeChain(8, 0.1, 50.0);
  net.drag = 0.2;
  net.assemble();
  VectorXd x = pbm::pluckedChain(8, 4.0, 0.8), v = VectorXd::Zero(16);
  pbm::CgOptions opt;
  opt.tolerance = 1e-14;
  const double h = 0.05;
  for (int step = 0; step < 20; ++step) {
    const double e0 = net.kinetic(v) + net.potential(x);
    const pbm::SecondOrderStep s =
        pbm_test::withinSeconds("implicitEulerSecondOrder (through implicitNetworkStep)", kCgHint,
                                [&] { return pbm::implicitNetworkStep(net, x, v, h, opt); });
    const double e1 = net.kinetic(v) + net.potential(x);
    ASSERT_EQ(s.dx.size(), 16) << "IM §4: one dx per coordinate";
    ASSERT_EQ(s.dv.size(), 16) << "IM §4: one dv per coordinate";
    double want = 0.5 * s.dx.dot(net.stiffness() * s.dx) + net.kinetic(s.dv);
    for (int i = 0; i < 16; ++i)
      if (!net.pinned(i)) want += h * net.drag * v[i] * v[i];
    ASSERT_GE(e0 - e1, 0.0) << "IM §4: implicit Euler with drag loses energy; step " << step;
    ASSERT_NEAR(e0 - e1, want, 1e-9 * std::max(1.0, std::abs(e0)))
        << "IM §4 (derived): the loss is 1/2 dx^T K dx + 1/2 dv^T M dv + h v1^T D v1; step "
        << step;
  }
}

}  // namespace
