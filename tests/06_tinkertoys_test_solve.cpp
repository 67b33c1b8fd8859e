// Chapter 06 tests, part: the linear algebra of the constraint solve (CD §4.2,
// §4.4): block-sparse products against dense ones, J W J^T and its rank, a
// solve that does not converge, CG and its least-squares variant against a
// dense solve, and the default solver's choice.
#include "06_tinkertoys_test.h"

namespace {

using namespace ch06_test;

TEST(Ch06BlockSparse, ProductsEqualDenseProducts) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> U(-1.0, 1.0);
  pbm::BlockSparseMatrix A;
  A.reset(9, 12);
  const int shapes[][4] = {{0, 0, 2, 2}, {0, 6, 2, 2}, {2, 2, 1, 2}, {3, 4, 2, 2}, {3, 10, 2, 2},
                           {5, 0, 1, 2}, {6, 8, 2, 2}, {8, 4, 1, 1}, {2, 10, 1, 2}};
  for (const auto& s : shapes) {
    const int k = A.createBlock(s[0], s[1], s[2], s[3]);
    A.blocks[k].data = pbm::BlockData::NullaryExpr(s[2], s[3], [&] { return U(rng); });
  }
  const MatrixXd D = A.toDense();
  const VectorXd x = VectorXd::NullaryExpr(12, [&] { return U(rng); });
  const VectorXd y = VectorXd::NullaryExpr(9, [&] { return U(rng); });
  VectorXd Ax = VectorXd::Constant(3, 7.0), Aty = VectorXd::Constant(2, 7.0);  // wrong sizes
  A.multiply(x, Ax);
  A.multiplyTranspose(y, Aty);
  EXPECT_VEC_REL(Ax, VectorXd(D * x), 1e-14)
      << "CD §4.2: the block-sparse product A x equals the dense one (output resized)";
  EXPECT_VEC_REL(Aty, VectorXd(D.transpose() * y), 1e-14)
      << "CD §4.2: the block-sparse product A^T y equals the dense one (output resized)";

  // A nail + N-rod chain: 2N + 1 blocks, nnz(J) = 4N + 4 (2D).
  Rig r;
  buildChain(r, 5, 1);
  r.cs.evaluate(r.ps);
  EXPECT_EQ(r.cs.J.blocks.size(), 11u) << "CD §4.2: a nail and 5 rods: 1 + 2 x 5 blocks";
  EXPECT_EQ(r.cs.J.nnz(), 24) << "CD §4.2: a nail and 5 rods: 4 + 4 x 5 non-zeros";
  const VectorXd z = VectorXd::NullaryExpr(r.cs.m(), [&] { return U(rng); });
  VectorXd Jtz;
  r.cs.J.multiplyTranspose(z, Jtz);
  EXPECT_VEC_REL(Jtz, VectorXd(r.cs.J.toDense().transpose() * z), 1e-14)
      << "CD §4.2: J^T z of the chain, block-sparse against dense";
}

// CD §4.4: J W J^T is symmetric positive semidefinite, the matrix-free product
// equals it, and its rank is rank J: a square with both diagonals has 6 rows
// and rank 5.
TEST(Ch06Solve, JWJtIsSymmetricPositiveSemidefinite) {
  Rig r;
  const double m[] = {1, 2, 1.5, 0.7};
  const Vector2d x[] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
  for (int i = 0; i < 4; ++i) r.particle(m[i], x[i]);
  for (int i = 0; i < 4; ++i) r.add<pbm::RodConstraint>(i, (i + 1) % 4, 1.0);
  r.add<pbm::RodConstraint>(0, 2, std::sqrt(2.0));
  r.add<pbm::RodConstraint>(1, 3, std::sqrt(2.0));
  r.cs.evaluate(r.ps);
  const MatrixXd J = r.cs.J.toDense();
  const VectorXd W = pbm::inverseMassVector(r.ps);
  const MatrixXd A = J * W.asDiagonal() * J.transpose();
  MatrixXd Aop(6, 6);
  for (int c = 0; c < 6; ++c) {
    VectorXd col;
    pbm::multiplyJWJt(r.cs.J, W, VectorXd::Unit(6, c), col);
    Aop.col(c) = col;
  }
  EXPECT_VEC_NEAR(Aop, A, 1e-14 * A.cwiseAbs().maxCoeff())
      << "CD §4.4: multiplyJWJt applied to the unit vectors gives the columns of J W J^T";
  EXPECT_VEC_NEAR(Aop, MatrixXd(Aop.transpose()), 1e-15) << "CD §4.4: J W J^T is symmetric";
  // The spectrum of J W J^T from the student's J: PSD, rank 5 of 6.
  const VectorXd ev = Eigen::SelfAdjointEigenSolver<MatrixXd>(A).eigenvalues();
  EXPECT_GE(ev.minCoeff(), -1e-12 * ev.maxCoeff())
      << "CD §4.4: J W J^T is positive semidefinite; eigenvalues " << ev.transpose();
  EXPECT_LE(std::abs(ev[0]), 1e-12 * ev.maxCoeff())
      << "CD §4.4: the second diagonal is redundant: one zero eigenvalue; eigenvalues "
      << ev.transpose();
  EXPECT_GT(ev[1], 1e-3 * ev.maxCoeff())
      << "CD §4.4: only one redundant row; eigenvalues " << ev.transpose();
  EXPECT_EQ(Eigen::FullPivLU<MatrixXd>(J).rank(), 5)
      << "CD §4.4: rank J = 5 for the square with both diagonals";
}

// CD §4.4: CG on J W J^T matches a dense solve on swinging chains of 4 ... 256
// rods; b = 0 gives 0 iterations; no constraints give Qhat = 0.

// Bad input (CD §4.4): a solve that does not converge is never silent:
// SolverFailure naming the solver state, or (with the fallback) the
// least-squares answer.
TEST(Ch06Solve, NonConvergenceIsNeverSilent) {
  Rig r;
  buildChain(r, 32, 4, true);
  r.finish(100, 20);
  r.cf->settings.maxIterations = 3;
  r.cf->settings.fallback = false;
  try {
    r.accelerations();
    ADD_FAILURE() << "CD §4.4: a 3-iteration CG on a 34-row chain claimed convergence";
  } catch (const pbm::SolverFailure& e) {
    EXPECT_NE(std::string(e.what()).find("CG 3 iterations"), std::string::npos)
        << "CD §4.4: the message names the solver and its iterations; got: " << e.what();
  }
  r.cf->settings.fallback = true;
  EXPECT_THROW(r.accelerations(), pbm::SolverFailure)
      << "CD §4.4: the least-squares fallback (conjugateGradientLeastSquares, called by "
         "applyConstraintForces) with 3 iterations cannot converge either: SolverFailure expected";
  r.cf->settings.maxIterations = 0;
  const VectorXd a = r.accelerations();
  EXPECT_TRUE(a.allFinite()) << "CD §4.4: a finite answer with the default iteration limit";
  EXPECT_TRUE(r.cf->last.result.converged) << "CD §4.4: the default limit converges";
  // A hanging straight chain at rest stays at rest: every acceleration 0.
  EXPECT_VEC_NEAR(a, VectorXd(VectorXd::Zero(a.size())), 1e-8 * std::sqrt(a.size()))
      << "CD §3: a straight chain hanging at rest stays at rest";
}

TEST(Ch06Cg, MatchesDenseSolveOnChains) {
  for (int N : {4, 16, 64, 256}) {
    SCOPED_TRACE("a nail and " + std::to_string(N) + " rods");
    Rig r;
    buildChain(r, N, 11 + N);
    r.finish(100.0, 20.0);
    const DenseSystem d = denseSystem(r, 100.0, 20.0);
    const VectorXd exact = d.A.ldlt().solve(d.b);
    const VectorXd b = pbm::constraintRhs(r.cs.J, r.cs.Jdot, pbm::velocityVector(r.ps), d.W,
                                          r.appliedForces(), r.cs.C, r.cs.Cdot, 100.0, 20.0);
    EXPECT_VEC_REL(b, d.b, 1e-13)
        << "CD §3 eq 11: b = -Jdot qdot - J W Q - ks C - kd Cdot, against the dense assembly";
    const pbm::LinearOperator A = [&](const VectorXd& in, VectorXd& out) {
      pbm::multiplyJWJt(r.cs.J, d.W, in, out);
    };
    const int m = r.cs.m();
    VectorXd lambda = VectorXd::Zero(m);
    const long budget = 4 * (3 * m + 10) + 20;
    const pbm::CgResult res = cgWithin("conjugateGradient", budget, [&](auto budgeted) {
      return pbm::conjugateGradient(budgeted(A), b, lambda, 1e-10, 3 * m + 10);
    });
    EXPECT_TRUE(res.converged) << "CD §4.4: CG converges within 3m + 10 iterations; it took "
                               << res.iterations << ", residual " << res.relativeResidual;
    EXPECT_LE(res.relativeResidual, 1e-10) << "CD §4.4: the reported residual meets the tolerance";
    EXPECT_NEAR(res.relativeResidual, (d.b - d.A * lambda).norm() / d.b.norm(), 1e-12)
        << "CD §4.4: the reported residual is the true |b - A lambda| / |b|";
    EXPECT_VEC_REL(lambda, exact, 1e-8) << "CD §4.4: CG's lambda against a dense LDLT solve";
    VectorXd inv = d.A.diagonal().cwiseInverse(), lj = VectorXd::Zero(m);
    EXPECT_TRUE(cgWithin("jacobiConjugateGradient", budget,
                         [&](auto budgeted) {
                           return pbm::jacobiConjugateGradient(budgeted(A), inv, b, lj, 1e-10,
                                                               3 * m + 10);
                         })
                    .converged)
        << "CD §4.4: Jacobi-preconditioned CG converges within 3m + 10 iterations";
    EXPECT_VEC_REL(lj, exact, 1e-8)
        << "CD §4.4: Jacobi-preconditioned CG's lambda against a dense LDLT solve";
  }
  // maxIter is a cap: 2 iterations on an 8 x 8 SPD system stop after 2, not
  // converged, with the true residual reported (CD §4.4).
  {
    std::mt19937 rng(8);
    std::uniform_real_distribution<double> U(-1.0, 1.0);
    const MatrixXd B = MatrixXd::NullaryExpr(8, 8, [&] { return U(rng); });
    const MatrixXd S = B * B.transpose() + 0.1 * MatrixXd::Identity(8, 8);
    const VectorXd bs = VectorXd::NullaryExpr(8, [&] { return U(rng); });
    const pbm::LinearOperator op = [&](const VectorXd& in, VectorXd& out) { out = S * in; };
    VectorXd xs = VectorXd::Zero(8);
    const pbm::CgResult capped = cgWithin("conjugateGradient", 4 * 2 + 20, [&](auto budgeted) {
      return pbm::conjugateGradient(budgeted(op), bs, xs, 1e-12, 2);
    });
    EXPECT_LE(capped.iterations, 2) << "CD §4.4: maxIter = 2 allows at most 2 iterations";
    EXPECT_FALSE(capped.converged) << "CD §4.4: 2 iterations cannot reach 1e-12 on 8 x 8";
    EXPECT_NEAR(capped.relativeResidual, (bs - S * xs).norm() / bs.norm(), 1e-12)
        << "CD §4.4: the reported residual is the true |b - A x| / |b|";
  }
  // b = 0: lambda = 0 at once.
  const pbm::LinearOperator I = [](const VectorXd& in, VectorXd& out) { out = in; };
  VectorXd x = VectorXd::Ones(5);
  const pbm::CgResult zero = cgWithin("conjugateGradient", 100, [&](auto budgeted) {
    return pbm::conjugateGradient(budgeted(I), VectorXd::Zero(5), x, 1e-10, 20);
  });
  EXPECT_EQ(zero.iterations, 0) << "CD §4.4: b = 0 needs no iteration";
  EXPECT_TRUE(zero.converged) << "CD §4.4: b = 0 is converged at once";
  EXPECT_VEC_NEAR(x, VectorXd(VectorXd::Zero(5)), 0.0)
      << "CD §4.4: b = 0 gives lambda = 0 whatever the start";
  // No constraints: Qhat = 0, accelerations W Q = g.
  Rig free;
  free.particle(2.0, Vector2d(1, 2), Vector2d(3, 4));
  free.finish();
  EXPECT_VEC_NEAR(free.accelerations(), Vector2d(0, -kG), 1e-15)
      << "CD §4.1: without constraints Qhat = 0 and the particle falls at g";
}

// conjugateGradientLeastSquares from x = 0 with operators applying A and At
// (500 iterations, tol 1e-12), under cgWithin's budget.
pbm::CgResult leastSquaresCg(const MatrixXd& A, const MatrixXd& At, const VectorXd& b,
                             VectorXd& x) {
  const pbm::LinearOperator op = [&](const VectorXd& in, VectorXd& out) { out = A * in; };
  const pbm::LinearOperator opT = [&](const VectorXd& in, VectorXd& out) { out = At * in; };
  x = VectorXd::Zero(b.size());
  return cgWithin("conjugateGradientLeastSquares", 4 * 2 * 500 + 20, [&](auto budgeted) {
    return pbm::conjugateGradientLeastSquares(budgeted(op), budgeted(opT), b, x, 1e-12, 500);
  });
}

// CD §4.4: CG least squares (the notes' Numerical Recipes routine) on a small
// SPD system equals the dense solve.
TEST(Ch06Cg, LeastSquaresVariantMatchesDenseSolve) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> U(-1.0, 1.0);
  const MatrixXd B = MatrixXd::NullaryExpr(8, 8, [&] { return U(rng); });
  const MatrixXd A = B * B.transpose() + 0.5 * MatrixXd::Identity(8, 8);
  const VectorXd b = VectorXd::NullaryExpr(8, [&] { return U(rng); });
  VectorXd x;
  const pbm::CgResult res = leastSquaresCg(A, A, b, x);
  EXPECT_TRUE(res.converged) << "CD §4.4: CG least squares converges within 500 iterations; "
                             << res.iterations << " taken, residual " << res.relativeResidual;
  EXPECT_VEC_REL(x, VectorXd(A.ldlt().solve(b)), 1e-9)
      << "CD §4.4: CG least squares against a dense LDLT solve";
}

// CD §4.4: CG least squares takes A and A^T as two routines (the contradictory
// constraints' fallback solves J W J^T's normal equations, where they are the
// same; a general A is not symmetric): on a non-symmetric A it must apply At
// where A^T belongs. Against a dense LU solve of A x = b.
TEST(Ch06Cg, LeastSquaresVariantUsesTheTransposeItIsGiven) {
  std::mt19937 rng(6);
  std::uniform_real_distribution<double> U(-1.0, 1.0);
  const MatrixXd A =
      MatrixXd::NullaryExpr(8, 8, [&] { return U(rng); }) + 3.0 * MatrixXd::Identity(8, 8);
  ASSERT_GT((A - A.transpose()).norm(), 1.0) << "the test's own A must not be symmetric";
  const VectorXd b = VectorXd::NullaryExpr(8, [&] { return U(rng); });
  VectorXd x;
  const pbm::CgResult res = leastSquaresCg(A, A.transpose(), b, x);
  EXPECT_TRUE(res.converged) << "CD §4.4: CG least squares converges within 500 iterations; "
                             << res.iterations << " taken, residual " << res.relativeResidual;
  EXPECT_VEC_REL(x, VectorXd(A.partialPivLu().solve(b)), 1e-9)
      << "CD §4.4: CG least squares on a non-symmetric A against a dense LU solve (A^T r, not "
         "A r, is the normal equations' residual)";
}

// The three CG routines of conjugate_gradient.h under one signature, for the
// header rules every one of them must keep: `At` is used by the least-squares
// variant only, `invDiag` by Jacobi's.
struct CgRoutine {
  const char* name;
  std::function<pbm::CgResult(const pbm::LinearOperator& A, const pbm::LinearOperator& At,
                              const VectorXd& invDiag, const VectorXd& b, VectorXd& x,
                              double relTol, int maxIter)>
      call;
};
const CgRoutine kCgRoutines[] = {
    {"conjugateGradient",
     [](const pbm::LinearOperator& A, const pbm::LinearOperator&, const VectorXd&,
        const VectorXd& b, VectorXd& x, double tol,
        int maxIter) { return pbm::conjugateGradient(A, b, x, tol, maxIter); }},
    {"jacobiConjugateGradient",
     [](const pbm::LinearOperator& A, const pbm::LinearOperator&, const VectorXd& invDiag,
        const VectorXd& b, VectorXd& x, double tol,
        int maxIter) { return pbm::jacobiConjugateGradient(A, invDiag, b, x, tol, maxIter); }},
    {"conjugateGradientLeastSquares",
     [](const pbm::LinearOperator& A, const pbm::LinearOperator& At, const VectorXd&,
        const VectorXd& b, VectorXd& x, double tol,
        int maxIter) { return pbm::conjugateGradientLeastSquares(A, At, b, x, tol, maxIter); }}};

// A 30 x 30 symmetric positive definite system with eigenvalues from 1 to
// 100 (condition number 1e2: CG needs tens of iterations from x = 0, and CG
// least squares, whose normal equations square it, still converges to 1e-10)
// and its right-hand side.
struct SpdSystem {
  MatrixXd A;
  VectorXd b;
};
SpdSystem spdSystem(unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> U(-1.0, 1.0);
  const int n = 30;
  const MatrixXd Qr =
      MatrixXd::NullaryExpr(n, n, [&] { return U(rng); }).householderQr().householderQ();
  VectorXd ev(n);
  for (int i = 0; i < n; ++i) ev[i] = std::pow(100.0, double(i) / (n - 1));
  SpdSystem s;
  s.A = Qr * ev.asDiagonal() * Qr.transpose();
  s.A = 0.5 * (s.A + s.A.transpose());
  s.b = VectorXd::NullaryExpr(n, [&] { return U(rng); });
  return s;
}

// Header rule (conjugate_gradient.h): "All three start from the x passed in".
// Given the dense solution itself, 1e-15 from exact, and one iteration at
// most, each routine must report convergence and leave x where it was; one
// that starts from 0 cannot converge in one iteration on this system
// (condition number 1e2). The constraint solver's warm start relies on it.
TEST(Ch06Cg, StartsFromTheXPassedIn) {
  const SpdSystem s = spdSystem(21);
  const VectorXd exact = s.A.ldlt().solve(s.b), inv = s.A.diagonal().cwiseInverse();
  const pbm::LinearOperator op = [&](const VectorXd& in, VectorXd& out) { out = s.A * in; };
  ASSERT_LE((s.b - s.A * exact).norm(), 1e-13 * s.b.norm()) << "the test's own dense solve";
  for (const CgRoutine& cg : kCgRoutines) {
    VectorXd x = exact;
    const pbm::CgResult res = cgWithin(cg.name, 20, [&](auto budgeted) {
      return cg.call(budgeted(op), budgeted(op), inv, s.b, x, 1e-10, 1);
    });
    EXPECT_TRUE(res.converged && res.iterations <= 1 && (x - exact).norm() <= 1e-9 * exact.norm())
        << cg.name << " (conjugate_gradient.h: \"start from the x passed in\", CD §4.4): x passed "
        << "in is the dense solution of a 30 x 30 SPD system (residual 1e-15), maxIter = 1, "
        << "relTol = 1e-10; expected converged after 0 or 1 iterations with x unchanged; got "
        << "converged = " << res.converged << " after " << res.iterations
        << " iterations, reported residual " << res.relativeResidual
        << ", |x - x_in| = " << (x - exact).norm() << " (|x_in| = " << exact.norm()
        << "): does it set x = 0 first?";
  }
}

// Header rule (conjugate_gradient.h, and the exercise's "b = 0 or an empty
// system: x = 0, converged, 0 iterations") for all three routines: from x = 1
// on the identity, b = 0 must give x = 0 at once. For CG least squares b = 0
// makes A^T b = 0, the scale of its relative residual: iterating would divide
// by 0.
TEST(Ch06Cg, ZeroRightHandSideGivesZeroAtOnce) {
  const pbm::LinearOperator I = [](const VectorXd& in, VectorXd& out) { out = in; };
  const VectorXd ones = VectorXd::Ones(5);
  for (const CgRoutine& cg : kCgRoutines) {
    VectorXd x = ones;
    const pbm::CgResult res = cgWithin(cg.name, 100, [&](auto budgeted) {
      return cg.call(budgeted(I), budgeted(I), ones, VectorXd::Zero(5), x, 1e-10, 20);
    });
    EXPECT_TRUE(res.converged && res.iterations == 0 && x == VectorXd::Zero(5))
        << cg.name << " (conjugate_gradient.h: b = 0 gives x = 0, 0 iterations, converged; CD "
        << "§4.4): identity operator, b = 0, x passed in = (1, ..., 1); got converged = "
        << res.converged << " after " << res.iterations << " iterations, reported residual "
        << res.relativeResidual << ", |x| = " << x.norm();
  }
}

// The exercise's "when the recursive residual says done and the true one does
// not, restart from the true residual", for CG least squares, at any scale of
// b. One product of A (the 4th) off by 1e-3 of its size: the recursive
// residual r = b' - A x then belongs to a b' 1e-3 away from b, and CG least
// squares drives it to relTol while |A^T (b - A x)| stays near 1e-3 |A^T b|;
// a restart from the true residual (exact products from then on) converges.
// A is 30 x 30 SPD with eigenvalues 1 to 10, so the normal equations
// (condition number 1e2) converge in tens of iterations. b is scaled by 1e-4,
// 1 and 1e4: the restart rule compares residuals with each other, not with a
// number, so the scale must not change the answer (up to the scale).
TEST(Ch06Cg, LeastSquaresVariantRestartsWhenTheRecursiveResidualIsFooled) {
  std::mt19937 rng(31);
  std::uniform_real_distribution<double> U(-1.0, 1.0);
  const int n = 30;
  const MatrixXd Qr =
      MatrixXd::NullaryExpr(n, n, [&] { return U(rng); }).householderQr().householderQ();
  VectorXd ev(n);
  for (int i = 0; i < n; ++i) ev[i] = std::pow(10.0, double(i) / (n - 1));
  MatrixXd A = Qr * ev.asDiagonal() * Qr.transpose();
  A = 0.5 * (A + A.transpose());
  const VectorXd b0 = VectorXd::NullaryExpr(n, [&] { return U(rng); });
  const double tol = 1e-10;
  const int maxIter = 300;
  for (double scale : {1e-4, 1.0, 1e4}) {
    const VectorXd b = scale * b0, exact = A.ldlt().solve(b);
    long applied = 0;
    const pbm::LinearOperator glitch = [&](const VectorXd& in, VectorXd& out) {
      out = A * in;
      if (++applied == 4) out[0] += 1e-3 * out.norm();
    };
    const pbm::LinearOperator At = [&](const VectorXd& in, VectorXd& out) { out = A * in; };
    VectorXd x = VectorXd::Zero(n);
    const pbm::CgResult res =
        cgWithin("conjugateGradientLeastSquares", 4 * maxIter + 20, [&](auto budgeted) {
          return pbm::conjugateGradientLeastSquares(budgeted(glitch), budgeted(At), b, x, tol,
                                                    maxIter);
        });
    const double truth = (A * (b - A * x)).norm() / (A * b).norm();
    EXPECT_TRUE(res.converged && truth <= tol)
        << "conjugateGradientLeastSquares (CD §4.4; the exercise: restart from the true residual "
        << "when the recursive one says done), b scaled by " << scale << ": one product of A was "
        << "off by 1e-3, so the recursive residual left |A^T (b - A x)|; expected converged with "
        << "true residual <= " << tol << " within " << maxIter
        << " iterations; got converged = " << res.converged << ", reported residual "
        << res.relativeResidual << ", true residual " << truth << " after " << res.iterations
        << " iterations (does the restart rule depend on "
        << "the size of b?)";
    EXPECT_VEC_REL(x, exact, 1e-7) << "conjugateGradientLeastSquares (CD §4.4), b scaled by "
                                   << scale << ": x against a dense LDLT solve";
  }
}

// maxIter bounds the work, restarts included (CD §4.4; the exercise: stop
// after maxIter iterations): a run that cannot take a step must not be
// restarted for ever. A = diag(1e-100, 1), b = (1e-50, 0): A^T b = (1e-150, 0)
// is a normal double, but the first step's q = A p = (1e-250, 0) has
// |q|^2 = 1e-500, which underflows to 0, so CG least squares cannot take a
// step (alpha = |s|^2 / |q|^2) and a restart from the same x changes nothing.
// Expected: it returns, within its budget of operator applications, after at
// most maxIter iterations, with the true residual reported and converged
// only if that residual is <= relTol.
TEST(Ch06Cg, LeastSquaresVariantEndsWhenItCannotTakeAStep) {
  const pbm::LinearOperator A = [](const VectorXd& in, VectorXd& out) {
    out = in;
    out[0] *= 1e-100;
  };
  const VectorXd b = Vector2d(1e-50, 0.0);
  VectorXd x = VectorXd::Zero(2);
  const int maxIter = 20;
  const pbm::CgResult res =
      cgWithin("conjugateGradientLeastSquares", 4 * maxIter + 20, [&](auto budgeted) {
        return pbm::conjugateGradientLeastSquares(budgeted(A), budgeted(A), b, x, 1e-10, maxIter);
      });
  ASSERT_TRUE(x.allFinite())
      << "conjugateGradientLeastSquares (CD §4.4): x = " << x.transpose()
      << " is not finite: a step with |A p|^2 = 0 (alpha = |s|^2 / 0) must not be taken";
  // |A^T (b - A x)| / |A^T b| by hypot, which does not underflow.
  const double truth = std::hypot(1e-100 * (1e-50 - 1e-100 * x[0]), x[1]) / 1e-150;
  EXPECT_LE(res.iterations, maxIter)
      << "conjugateGradientLeastSquares (CD §4.4): maxIter = " << maxIter << " allows at most "
      << maxIter << " iterations";
  EXPECT_NEAR(res.relativeResidual, truth, 1e-12)
      << "conjugateGradientLeastSquares (conjugate_gradient.h: relativeResidual is the true "
         "|A^T (b - A x)| / |A^T b| at the end, CD §4.4)";
  EXPECT_EQ(res.converged, truth <= 1e-10)
      << "conjugateGradientLeastSquares (conjugate_gradient.h: converged means the true "
         "residual <= relTol, CD §4.4): true residual "
      << truth;
}

// Header rule (conjugate_gradient.h): "judge convergence by the TRUE residual
// |b - A x|, never only by the recursive one", and the exercise's "when the
// recursive residual says done and the true one does not, restart from the
// true residual". The recursive residual r_{k+1} = r_k - alpha A p drifts
// from b - A x by the round-off of every product (CD §4.4); two operators
// make the drift large enough to see:
//  (a) exact but for one product early on (the 4th), off by 1e-3 of its size:
//      the recursive residual falls to relTol while the true one stays near
//      1e-4; a restart from the true residual then converges. Expected:
//      converged, x equal to the dense solution, the true residual reported.
//      For the two CG routines only: CG least squares recomputes A^T r at
//      every step, so one bad product stalls its recursive residual instead
//      of fooling it (it never says done).
//  (b) every product rounded to single precision: the true residual cannot
//      fall below ~1e-7 while the recursive one can. Expected: not converged
//      at relTol = 1e-10, and the reported residual is |b - A x| / |b| of the
//      x returned (for the least-squares variant |A^T (b - A x)| / |A^T b|).
TEST(Ch06Cg, JudgesConvergenceByTheTrueResidual) {
  const SpdSystem s = spdSystem(22);
  const VectorXd exact = s.A.ldlt().solve(s.b), inv = s.A.diagonal().cwiseInverse();
  const double tol = 1e-10;
  const int maxIter = 300;
  for (const CgRoutine& cg : kCgRoutines) {
    const bool ls = std::string(cg.name) == "conjugateGradientLeastSquares";
    // The true residual the header defines, with the exact A.
    auto trueResidual = [&](const VectorXd& x) {
      const VectorXd r = s.b - s.A * x;
      return ls ? (s.A.transpose() * r).norm() / (s.A.transpose() * s.b).norm()
                : r.norm() / s.b.norm();
    };
    if (!ls) {
      SCOPED_TRACE(std::string(cg.name) + ": one product off by 1e-3");
      long applied = 0;
      const pbm::LinearOperator glitch = [&](const VectorXd& in, VectorXd& out) {
        out = s.A * in;
        if (++applied == 4) out[0] += 1e-3 * out.norm();
      };
      VectorXd x = VectorXd::Zero(s.b.size());
      const pbm::CgResult res = cgWithin(cg.name, 4 * maxIter + 20, [&](auto budgeted) {
        return cg.call(budgeted(glitch), budgeted(glitch), inv, s.b, x, tol, maxIter);
      });
      const double truth = trueResidual(x);
      EXPECT_TRUE(res.converged && truth <= tol)
          << cg.name << " (conjugate_gradient.h: judge convergence by the true residual; restart "
          << "from it when the recursive one says done, CD §4.4): one product was off by 1e-3, "
          << "so the recursive residual drifted from |b - A x|; expected a converged answer with "
          << "true residual <= " << tol << " within " << maxIter
          << " iterations; got converged = " << res.converged << ", reported residual "
          << res.relativeResidual << ", true residual " << truth << " after " << res.iterations
          << " iterations";
      EXPECT_NEAR(res.relativeResidual, truth, 1e-3 * std::max(truth, tol))
          << cg.name << " (conjugate_gradient.h: relativeResidual is the true residual at the "
          << "end): expected the true " << truth << ", got " << res.relativeResidual
          << " (the recursive residual?)";
      EXPECT_VEC_REL(x, exact, 1e-7) << cg.name << " (CD §4.4): x against a dense LDLT solve";
    }
    {
      SCOPED_TRACE(std::string(cg.name) + ": every product rounded to single precision");
      const pbm::LinearOperator rounded = [&](const VectorXd& in, VectorXd& out) {
        out = (s.A * in).cast<float>().cast<double>();
      };
      VectorXd x = VectorXd::Zero(s.b.size());
      const pbm::CgResult res = cgWithin(cg.name, 4 * maxIter + 20, [&](auto budgeted) {
        return cg.call(budgeted(rounded), budgeted(rounded), inv, s.b, x, tol, maxIter);
      });
      VectorXd Ax, r, Atr, Atb;
      rounded(x, Ax);
      r = s.b - Ax;
      double truth = r.norm() / s.b.norm();
      if (ls) {
        rounded(r, Atr);
        rounded(s.b, Atb);
        truth = Atr.norm() / Atb.norm();
      }
      EXPECT_NEAR(res.relativeResidual, truth, 1e-2 * truth)
          << cg.name << " (conjugate_gradient.h: relativeResidual is the true residual |b - A x| "
          << "/ |b| at the end, for CG least squares |A^T (b - A x)| / |A^T b|, never the "
             "recursive "
          << "one): A's products rounded to single precision; expected the true " << truth
          << ", got " << res.relativeResidual;
      EXPECT_EQ(res.converged, truth <= tol)
          << cg.name << " (conjugate_gradient.h: converged means the true residual <= relTol): "
          << "true residual " << truth << ", relTol " << tol
          << ", got converged = " << res.converged;
    }
  }
}

// CD §3 eq (11): accelerations are legal and equal the dense KKT solution
// [[M, -J^T], [J, 0]] (qdd, lambda) = (Q, -Jdot qdot - ks C - kd Cdot).

// CD §4.4: the default solver (auto) picks from the system: Jacobi-CG for a
// small one (m <= 32), a sparse LDLT of J W J^T on a longer chain (definite),
// Jacobi-CG from 0 on a braced lattice (semidefinite: redundant diagonals).
// Its lambda against a dense LDLT solve, its motion against the rigid one.
TEST(Ch06Solver, AutoSolvesChainsDirectlyAndRedundantSetsByCg) {
  for (int N : {8, 40, 256}) {
    SCOPED_TRACE("a nail and " + std::to_string(N) + " rods");
    Rig r;
    buildChain(r, N, 5 + N);
    r.finish(100.0, 20.0, true, ConstraintSolver::Auto);
    const DenseSystem d = denseSystem(r, 100.0, 20.0);
    const VectorXd exact = d.A.ldlt().solve(d.b);
    r.accelerations();
    const ConstraintSolver expected = r.cs.m() <= pbm::kAutoIterativeMaxRows
                                          ? ConstraintSolver::JacobiCG
                                          : ConstraintSolver::LDLT;
    EXPECT_EQ(r.cf->last.used, expected)
        << "CD §4.4: m = " << r.cs.m() << ": auto should take " << pbm::solverName(expected)
        << ", got " << pbm::solverName(r.cf->last.used);
    EXPECT_TRUE(r.cf->last.result.converged) << "CD §4.4: the solve meets the tolerance";
    EXPECT_NEAR(r.cf->last.result.relativeResidual, (d.b - d.A * r.cs.lambda).norm() / d.b.norm(),
                1e-12)
        << "CD §4.4: the reported residual is the true |b - A lambda| / |b|";
    EXPECT_VEC_REL(r.cs.lambda, exact, 1e-9) << "CD §4.4: auto's lambda against a dense LDLT solve";
  }
  // A 4 x 4 lattice, every cell braced by both diagonals: 42 rows, 9 of them
  // redundant; spinning, it must move rigidly.
  Rig g;
  const int k = 4;
  for (int i = 0; i < k; ++i)
    for (int j = 0; j < k; ++j) g.particle(1.0 + 0.1 * (i + 2 * j), Vector2d(j, -i));
  auto id = [&](int i, int j) { return i * k + j; };
  for (int i = 0; i < k; ++i)
    for (int j = 0; j < k; ++j) {
      if (j + 1 < k) g.add<pbm::RodConstraint>(id(i, j), id(i, j + 1), 1.0);
      if (i + 1 < k) g.add<pbm::RodConstraint>(id(i, j), id(i + 1, j), 1.0);
      if (i + 1 < k && j + 1 < k) {
        g.add<pbm::RodConstraint>(id(i, j), id(i + 1, j + 1), std::sqrt(2.0));
        g.add<pbm::RodConstraint>(id(i, j + 1), id(i + 1, j), std::sqrt(2.0));
      }
    }
  spin(g.ps, 1.7, Vector2d(0.2, -0.1));
  g.finish(100.0, 20.0, true, ConstraintSolver::Auto);
  ASSERT_GT(g.cs.m(), pbm::kAutoIterativeMaxRows) << "the lattice must be past the small rule";
  const VectorXd a = g.accelerations();
  EXPECT_EQ(g.cf->last.used, ConstraintSolver::JacobiCG)
      << "CD §4.4: redundant diagonals make J W J^T singular: auto takes Jacobi-CG, got "
      << pbm::solverName(g.cf->last.used);
  EXPECT_FALSE(g.cf->last.fellBack) << "CD §4.4: consistent: no least-squares fallback";
  EXPECT_VEC_NEAR(a, rigidAccelerations(g.ps, 1.7, Vector2d::Zero(), -1), 1e-9)
      << "CD §3: the spinning braced lattice moves rigidly";
}

}  // namespace
