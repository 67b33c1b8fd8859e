// Chapter 06 benchmarks (CD §4.4): the cost of one
// constraint-force evaluation (§4.1 step 3: evaluate the constraints, build
// eq (11)'s right-hand side, solve for lambda, scatter Qhat = J^T lambda) on
// a nail + N-rod chain, N = 8 ... 4096, by solver:
//   block_cg      matrix-free CG on the block list (the notes' way, §4.4)
//   block_jacobi  the same with Jacobi preconditioning (diag(J W J^T) is free)
//   block_cgls    CG on the normal equations (the notes' NR routine)
//   eigen_cg      J W J^T assembled as an Eigen SparseMatrix + Eigen::ConjugateGradient
//                 (Eigen's default Jacobi preconditioner)
//   eigen_ldlt    the same matrix, Eigen::SimplicialLDLT (the chain's matrix is banded: O(m))
//   dense_ldlt    dense J W J^T + Eigen LDLT, O(m^3), up to N = 1024
//   default       solveConstraintSystem with the default settings (auto: the
//                 sparse LDLT with its analysis reused, Jacobi-CG when redundant)
// Three shapes (`shape`): 0 a "swinging" chain (random angles and velocities),
// 1 a "straight" one (hanging at rest: the worst conditioning, iterations ~ m),
// 2 a "grid": a k x k lattice of rods (a mesh, N = k) nailed at one corner.
// BM_Matvec: one product J (W (J^T x)) from the block list vs Eigen's
// SparseMatrix product on the same J; BM_MatvecRatio times both in one run.
#include <benchmark/benchmark.h>

#include <Eigen/Dense>
#include <Eigen/IterativeLinearSolvers>
#include <Eigen/SparseCholesky>
#include <chrono>
#include <random>

#include "pbm/constraints/conjugate_gradient.h"
#include "pbm/constraints/constrained_system.h"

namespace {

using Eigen::Vector2d;
using Eigen::VectorXd;
using SpMat = Eigen::SparseMatrix<double>;

enum Variant { BlockCG, BlockJacobi, BlockCGLS, EigenCG, EigenLDLT, DenseLDLT, Default };
const char* kSeries[] = {"block_cg",   "block_jacobi", "block_cgls", "eigen_cg",
                         "eigen_ldlt", "dense_ldlt",   "default"};
enum Shape { Swinging, Straight, Grid };
// The grid has its own plot: its series keep the chain's names (and colours).
const char* kShapeSuffix[] = {"", "_straight", ""};
constexpr double kTol = 1e-10;

struct Chain {
  pbm::ParticleSystem ps;
  pbm::ConstraintSet cs;
  VectorXd gravity;  // Q: the applied forces
};

// Nail + N rods of total length 1, masses 1/N (CD §4).
void buildChain(Chain& c, int N, bool straight) {
  std::mt19937 rng(42);
  std::uniform_real_distribution<double> U(-1.0, 1.0);
  const double L = 1.0 / N, m = 1.0 / N;
  Vector2d x(0, 0), v(0, 0);
  auto add = [&] {
    pbm::Particle p;
    p.m = m;
    p.x = x;
    p.v = v;
    c.ps.add(p);
  };
  add();
  c.cs.add<pbm::NailConstraint>(c.ps, 0, x);
  for (int k = 1; k <= N; ++k) {
    const double th = straight ? 0.0 : 1.2 * U(rng);
    const Vector2d e(std::sin(th), -std::cos(th));
    x += L * e;
    if (!straight) v += 2.0 * U(rng) * Vector2d(-e.y(), e.x());
    add();
    c.cs.add<pbm::RodConstraint>(c.ps, k - 1, k, L);
  }
  c.gravity.resize(2 * c.ps.n());
  for (int i = 0; i < c.ps.n(); ++i) c.gravity.segment<2>(2 * i) = Vector2d(0, -9.81 * m);
}

// A k x k lattice of rods, spacing 1/k, masses 1/k^2, nailed at one corner,
// each particle moving at a small random velocity (CD §4: a mesh).
void buildGrid(Chain& c, int k) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> U(-1.0, 1.0);
  const double L = 1.0 / k, m = 1.0 / (k * k);
  for (int i = 0; i < k; ++i)
    for (int j = 0; j < k; ++j) {
      pbm::Particle p;
      p.m = m;
      p.x = Vector2d(j * L, -i * L);
      p.v = 0.1 * Vector2d(U(rng), U(rng));
      c.ps.add(p);
    }
  c.cs.add<pbm::NailConstraint>(c.ps, 0, Vector2d(0, 0));
  for (int i = 0; i < k; ++i)
    for (int j = 0; j < k; ++j) {
      if (j + 1 < k) c.cs.add<pbm::RodConstraint>(c.ps, i * k + j, i * k + j + 1, L);
      if (i + 1 < k) c.cs.add<pbm::RodConstraint>(c.ps, i * k + j, (i + 1) * k + j, L);
    }
  c.gravity.resize(2 * c.ps.n());
  for (int i = 0; i < c.ps.n(); ++i) c.gravity.segment<2>(2 * i) = Vector2d(0, -9.81 * m);
}

struct Outcome {
  int iterations = 0;
  double residual = 0;
};

// One constraint-force evaluation with the chosen solver.
Outcome evaluateOnce(Chain& c, Variant v, VectorXd& lambda) {
  pbm::ConstraintSet& cs = c.cs;
  cs.evaluate(c.ps);
  const VectorXd W = pbm::inverseMassVector(c.ps), qdot = pbm::velocityVector(c.ps);
  const VectorXd b = pbm::constraintRhs(cs.J, cs.Jdot, qdot, W, c.gravity, cs.C, cs.Cdot, 100, 20);
  const int m = cs.m();
  Outcome out;
  const pbm::LinearOperator A = [&](const VectorXd& in, VectorXd& y) {
    pbm::multiplyJWJt(cs.J, W, in, y);
  };
  lambda = VectorXd::Zero(m);
  pbm::CgResult r;
  switch (v) {
    case BlockCG:
      r = pbm::conjugateGradient(A, b, lambda, kTol, 3 * m + 10);
      break;
    case BlockJacobi: {
      const VectorXd inv = pbm::jwjtDiagonal(cs.J, W).cwiseInverse();
      r = pbm::jacobiConjugateGradient(A, inv, b, lambda, kTol, 3 * m + 10);
      break;
    }
    case BlockCGLS:
      r = pbm::conjugateGradientLeastSquares(A, A, b, lambda, kTol, 20 * m + 50);
      break;
    case EigenCG:
    case EigenLDLT: {
      const SpMat J = cs.J.toSparse();
      const SpMat JWJt = SpMat(J * W.asDiagonal() * J.transpose());
      if (v == EigenCG) {
        Eigen::ConjugateGradient<SpMat, Eigen::Lower | Eigen::Upper> cg(JWJt);
        cg.setTolerance(kTol);
        cg.setMaxIterations(3 * m + 10);
        lambda = cg.solve(b);
        r.iterations = static_cast<int>(cg.iterations());
      } else {
        Eigen::SimplicialLDLT<SpMat> ldlt(JWJt);
        lambda = ldlt.solve(b);
      }
      break;
    }
    case Default: {
      pbm::ConstraintSolverSettings settings;  // as every scene's default
      settings.tolerance = kTol;
      r = pbm::solveConstraintSystem(cs.J, W, b, lambda, settings).result;
      break;
    }
    case DenseLDLT: {
      const Eigen::MatrixXd J = cs.J.toDense();
      const Eigen::MatrixXd JWJt = J * W.asDiagonal() * J.transpose();
      lambda = JWJt.ldlt().solve(b);
      break;
    }
  }
  cs.J.multiplyTranspose(lambda, cs.Qhat);  // scatter would add Qhat to the accumulators
  out.iterations = r.iterations;
  VectorXd Al;
  A(lambda, Al);
  out.residual = (b - Al).norm() / b.norm();
  return out;
}

void BM_ConstraintForce(benchmark::State& state) {
  const int N = static_cast<int>(state.range(0));
  const auto v = static_cast<Variant>(state.range(1));
  const auto shape = static_cast<Shape>(state.range(2));
  Chain c;
  if (shape == Grid)
    buildGrid(c, N);
  else
    buildChain(c, N, shape == Straight);
  VectorXd lambda;
  Outcome out;
  for (auto _ : state) {
    out = evaluateOnce(c, v, lambda);
    benchmark::DoNotOptimize(lambda.data());
  }
  state.counters["m"] = c.cs.m();
  state.counters["nnz"] = static_cast<double>(c.cs.J.nnz());
  state.counters["cg_iterations"] = out.iterations;
  state.counters["residual"] = out.residual;
  // Seconds per evaluation (the inverse of a rate, so the console prints it
  // with its SI prefix, e.g. 3.43us).
  state.counters["time_per_eval"] = benchmark::Counter(
      1.0, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
  state.SetLabel(std::string("series=") + kSeries[v] + kShapeSuffix[shape]);
}

void sweep(benchmark::internal::Benchmark* b) {
  for (int v : {BlockCG, BlockJacobi, EigenCG, EigenLDLT, DenseLDLT, BlockCGLS, Default})
    for (int N : {8, 32, 128, 512, 1024, 2048, 4096}) {
      if (v == DenseLDLT && N > 1024) continue;
      if (v == BlockCGLS && N > 512) continue;  // squared condition number: slow
      b->Args({N, v, Swinging});
    }
  for (int v : {BlockCG, BlockJacobi, EigenLDLT, Default})
    for (int N : {8, 32, 128, 512}) b->Args({N, v, Straight});
  for (int v : {BlockCG, BlockJacobi, EigenLDLT, Default})
    for (int k : {4, 8, 16, 32, 45}) b->Args({k, v, Grid});  // m = 2 + 2 k (k - 1), up to 3962
}
BENCHMARK(BM_ConstraintForce)
    ->Apply(sweep)
    ->Unit(benchmark::kMillisecond)
    ->MinTime(0.05)
    ->ArgNames({"N", "variant", "shape"});

// One matrix-free product J (W (J^T x)): block list vs Eigen's SparseMatrix.
void BM_Matvec(benchmark::State& state) {
  const int N = static_cast<int>(state.range(0));
  const bool eigen = state.range(1) != 0;
  Chain c;
  buildChain(c, N, false);
  c.cs.evaluate(c.ps);
  const VectorXd W = pbm::inverseMassVector(c.ps);
  const SpMat J = c.cs.J.toSparse();
  const SpMat Jt = J.transpose();
  const VectorXd x = VectorXd::Ones(c.cs.m());
  VectorXd y(c.cs.m()), t(2 * c.ps.n());
  for (auto _ : state) {
    if (eigen) {
      t.noalias() = Jt * x;
      t = W.cwiseProduct(t);
      y.noalias() = J * t;
    } else {
      pbm::multiplyJWJt(c.cs.J, W, x, y);
    }
    benchmark::DoNotOptimize(y.data());
  }
  state.counters["nnz"] = static_cast<double>(c.cs.J.nnz());
  state.counters["time_per_matvec"] = benchmark::Counter(  // seconds per product
      1.0, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
  state.SetLabel(eigen ? "series=eigen_sparse" : "series=block_list");
}
BENCHMARK(BM_Matvec)
    ->ArgsProduct({{8, 64, 512, 4096}, {0, 1}})
    ->MinTime(0.05)
    ->ArgNames({"N", "eigen"});

// Both products in one run, alternating, at N = 4096: ratio = block / Eigen.
void BM_MatvecRatio(benchmark::State& state) {
  Chain c;
  buildChain(c, 4096, false);
  c.cs.evaluate(c.ps);
  const VectorXd W = pbm::inverseMassVector(c.ps);
  const SpMat J = c.cs.J.toSparse();
  const SpMat Jt = J.transpose();
  const VectorXd x = VectorXd::Ones(c.cs.m());
  VectorXd y(c.cs.m()), t(2 * c.ps.n());
  using Clock = std::chrono::steady_clock;
  double block = 0, eigen = 0;
  for (auto _ : state) {
    auto t0 = Clock::now();
    for (int k = 0; k < 20; ++k) {
      pbm::multiplyJWJt(c.cs.J, W, x, y);
      benchmark::DoNotOptimize(y.data());
    }
    auto t1 = Clock::now();
    for (int k = 0; k < 20; ++k) {
      t.noalias() = Jt * x;
      t = W.cwiseProduct(t);
      y.noalias() = J * t;
      benchmark::DoNotOptimize(y.data());
    }
    auto t2 = Clock::now();
    block += std::chrono::duration<double>(t1 - t0).count();
    eigen += std::chrono::duration<double>(t2 - t1).count();
  }
  state.counters["block_over_eigen"] = block / eigen;
}
BENCHMARK(BM_MatvecRatio)->MinTime(0.2);

}  // namespace

BENCHMARK_MAIN();
