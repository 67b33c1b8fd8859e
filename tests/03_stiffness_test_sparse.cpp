// Chapter 03 tests, part 4: the sparse system of (4-5) (IM §3-§4, Baraff &
// Witkin): its blocks follow the springs (C3.15), and the CG solve against a
// dense LDLT with pinned coordinates and bounded iterations.
#include "03_stiffness_test.h"

namespace {

using namespace ch03_test;

// ---------------------------------------------------------------- C3.15
// IM §3, "f' will have a structure which matches the connectivity". The matrix
// the student's step solves on the free coordinates, S = M - h dF/dv - h^2 dF/dx
// of (4-5), is recovered from the step itself: with v0 = 0 and F0 = e_j / h the
// right-hand side is e_j, so dv = S^-1 e_j; inverted densely it must equal S
// assembled here, with a non-zero 2x2 block (i, j) only for i = j or a spring
// i-j: 3N - 2 blocks for the N = n - 2 free particles of a chain pinned at
// both ends.
TEST(Ch03Sparsity, SystemMatrixBlocksFollowTheSprings) {
  const int n = 10;
  const double h = 0.01;
  pbm::SpringNetwork net = pbm::makeChain(n, 0.1, 100.0);
  net.drag = 0.5;
  net.assemble();
  std::vector<int> freeIdx;
  for (int i = 0; i < 2 * n; ++i)
    if (!net.pinned(i)) freeIdx.push_back(i);
  const int nf = static_cast<int>(freeIdx.size());
  ASSERT_EQ(nf, 2 * (n - 2)) << "makeChain pins both ends";

  pbm::CgOptions opt;
  opt.tolerance = 1e-14;
  MatrixXd Sinv(nf, nf);
  for (int a = 0; a < nf; ++a) {
    VectorXd F0 = VectorXd::Zero(2 * n);
    F0[freeIdx[a]] = 1.0 / h;
    const pbm::SecondOrderStep s =
        secondOrderWithin(VectorXd::Zero(2 * n), F0, net.dFdx(), net.dFdv(), net.mass, h, opt);
    ASSERT_EQ(s.dv.size(), 2 * n) << "IM §4: one dv per coordinate";
    for (int c = 0; c < nf; ++c) Sinv(c, a) = s.dv[freeIdx[c]];
    for (int i = 0; i < 2 * n; ++i)
      if (net.pinned(i)) {
        ASSERT_EQ(s.dv[i], 0.0) << "IM §4: a pinned (infinite-mass) coordinate keeps dv = 0";
      }
  }
  const MatrixXd S = Sinv.inverse();
  MatrixXd want(nf, nf);
  for (int a = 0; a < nf; ++a)
    for (int c = 0; c < nf; ++c)
      want(a, c) = (a == c ? net.mass[freeIdx[a]] : 0.0) -
                   h * net.dFdv().coeff(freeIdx[a], freeIdx[c]) -
                   h * h * net.dFdx().coeff(freeIdx[a], freeIdx[c]);
  EXPECT_VEC_NEAR(S, want, 1e-9 * want.norm())
      << "IM §4 (4-5): the step solves (M - h dF/dv - h^2 dF/dx) dv = h (F0 + h dF/dx v0)";
  int blocks = 0;
  const double zero = 1e-9 * want.cwiseAbs().maxCoeff();
  for (int i = 0; i < nf / 2; ++i)
    for (int j = 0; j < nf / 2; ++j) {
      const bool nonzero = S.block<2, 2>(2 * i, 2 * j).cwiseAbs().maxCoeff() > zero;
      blocks += nonzero;
      if (nonzero) {
        ASSERT_LE(std::abs(i - j), 1)
            << "IM §3: block (" << i << ", " << j << ") couples free particles no spring joins";
      }
    }
  EXPECT_EQ(blocks, 3 * (n - 2) - 2)
      << "IM §3: a chain of N = 8 free particles gives 3N - 2 = 22 non-zero blocks";
}

// ---------------------------------------------------------------- CG
// IM §3-4 with Baraff & Witkin: the CG solve of (4-5) against Eigen's dense
// LDLT; fixed (infinite-mass) coordinates keep dv = 0; bounded iterations.
TEST(Ch03Cg, MatchesDenseLdltAndKeepsPinnedCoordinatesFixed) {
  const int n = 50;
  const double h = 0.02;
  pbm::SpringNetwork net = pbm::makeChain(n, 0.01, 1e3);
  net.drag = 0.3;
  net.assemble();
  std::mt19937 rng(5);
  const VectorXd x0 = pbm::pluckedChain(n, 4.0, 0.8);
  VectorXd v0 = randomVector(2 * n, rng);
  v0.head<2>() << 0.5, -0.25;  // a controlled (moving) pinned particle
  const VectorXd F0 = net.force(x0, v0);
  pbm::CgOptions opt;
  opt.tolerance = 1e-12;
  const pbm::SecondOrderStep s =
      secondOrderWithin(v0, F0, net.dFdx(), net.dFdv(), net.mass, h, opt);

  // Reference: the same system with fixed rows/columns replaced by identity.
  MatrixXd S = -h * MatrixXd(net.dFdv()) - h * h * MatrixXd(net.dFdx());
  VectorXd b = h * (F0 + h * (net.dFdx() * v0));
  for (int i = 0; i < 2 * n; ++i) {
    if (net.pinned(i)) {
      S.row(i).setZero();
      S.col(i).setZero();
      S(i, i) = 1.0;
      b[i] = 0.0;
    } else {
      S(i, i) += net.mass[i];
    }
  }
  const VectorXd dv = S.ldlt().solve(b);
  ASSERT_EQ(s.dv.size(), 2 * n) << "IM §4: one dv per coordinate";
  ASSERT_EQ(s.dx.size(), 2 * n) << "IM §4: one dx per coordinate";
  EXPECT_VEC_NEAR(s.dv, dv, 1e-9 * dv.norm())
      << "IM §4 (4-5): the CG solve must match a dense LDLT solve of the same system";
  for (int i : {0, 1, 2 * n - 2, 2 * n - 1}) {
    ASSERT_EQ(s.dv[i], 0.0) << "IM §4: a pinned coordinate keeps dv = 0; coordinate " << i;
    ASSERT_EQ(s.dx[i], h * v0[i])
        << "IM §4: a pinned coordinate moves by h v0 (its prescribed velocity); coordinate " << i;
  }
  EXPECT_VEC_NEAR(s.dx, VectorXd(h * (v0 + s.dv)), 1e-15 * s.dx.norm() + 1e-300)
      << "IM §4 (4-3): dx = h (v0 + dv)";
  // The reported residual is the true one.
  EXPECT_LE(s.residual, opt.tolerance) << "IM §4: the reported residual meets the tolerance";
  EXPECT_NEAR((b - S * s.dv).norm() / b.norm(), s.residual, 1e-13)
      << "IM §4: the reported residual is the true |b - S dv| / |b|";
  EXPECT_GT(s.iterations, 0) << "IM §4: a non-zero right-hand side needs CG iterations";
  EXPECT_LE(s.iterations, 4 * n) << "IM §4: CG converges in about n iterations, not more";
}

TEST(Ch03Cg, GivesUpAfterMaxIterationsWithSolverFailure) {
  pbm::SpringNetwork net = pbm::makeChain(200, 0.01, 1e5);
  const VectorXd x0 = pbm::pluckedChain(200, 4.0, 0.8), v0 = VectorXd::Zero(400);
  pbm::CgOptions opt;
  opt.tolerance = 1e-12;
  opt.maxIterations = 3;
  EXPECT_THROW(
      secondOrderWithin(v0, net.force(x0, v0), net.dFdx(), net.dFdv(), net.mass, 0.05, opt),
      pbm::SolverFailure)
      << "IM §4: 3 CG iterations cannot reach 1e-12 on a 200-particle chain: SolverFailure";
}

// IM §4: a tolerance below round-off (1e-30 of |b|) cannot be met; CG must
// stop after options.maxIterations (0: 2 n = 200) with SolverFailure. A loop
// without that cap never ends (the deadline names it).
TEST(Ch03Cg, GivesUpWhenTheToleranceIsBelowRoundOff) {
  const int n = 50;
  pbm::SpringNetwork net = pbm::makeChain(n, 0.01, 1e3);
  net.drag = 0.3;
  net.assemble();
  const VectorXd x0 = pbm::pluckedChain(n, 4.0, 0.8), v0 = VectorXd::Zero(2 * n);
  pbm::CgOptions opt;
  opt.tolerance = 1e-30;
  EXPECT_THROW(
      secondOrderWithin(v0, net.force(x0, v0), net.dFdx(), net.dFdv(), net.mass, 0.02, opt),
      pbm::SolverFailure)
      << "IM §4: |b - S dv| <= 1e-30 |b| is below round-off: after 2 n = 200 iterations CG must "
         "throw SolverFailure";
}

}  // namespace
