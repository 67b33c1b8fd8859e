// Chapter 03 benchmarks (Implicit Methods §2-§4):
//  BM_StiffSweep/<method>/<k>: eq. (2-1) from (1, 1) to T = 5, each explicit
//    method at (just under) its largest stable step, implicit Euler at h = 0.1.
//    Explicit cost grows like k, implicit cost is flat (IM §2-3).
//  BM_ImplicitSolve/<backend>/<n> and BM_ImplicitSolveGrid/<backend>/<n>: one
//    mass-weighted implicit step (4-5) of a pinned chain / a grid of n
//    particles, solved by our conjugate gradients, Eigen's SimplicialLDLT
//    (analyse + factorise each step, or the pattern analysed once), Eigen's
//    ConjugateGradient, and dense PartialPivLU (small n only). The CGs at
//    1e-10 and at 1e-3, chapter 04's tolerance. Counters: residual, and
//    dv_error, |dv - dv_exact| / |dv_exact| against LDLT plus refinement.
//  BM_ImplicitRun/<backend>/1600 and BM_ImplicitRunGrid/...: one second (60
//    steps) with each solver: solver_error (RMS m per particle against the
//    same run with exact solves) beside euler_error (that run against the
//    true motion), ms_per_step, cg_iterations per step.
//  Each case runs 0.1 s (Google Benchmark's 0.5 s with PBM_BENCH_SLOW=1).
#include <benchmark/benchmark.h>

#include <Eigen/Dense>
#include <Eigen/IterativeLinearSolvers>
#include <Eigen/SparseCholesky>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "pbm/core/counting_system.h"
#include "pbm/core/stepping.h"
#include "pbm/stiffness/methods.h"
#include "pbm/stiffness/spring_network.h"
#include "pbm/stiffness/stiff_systems.h"

namespace {

using Eigen::VectorXd;
using Sparse = Eigen::SparseMatrix<double>;

// ------------------------------------------------------------ stiff sweep
struct SweepCase {
  const char* name;  // the method's name in the registry
  double hTimesK;    // explicit: h = hTimesK / k; implicit: fixed h
};

void stiffSweep(benchmark::State& state, SweepCase c, double k) {
  const double T = 5.0;
  const pbm::MethodInfo& method = pbm::findMethod(pbm::stiffnessMethods(), c.name);
  const double h = pbm::isImplicitEuler(method) ? 0.1 : c.hTimesK / k;
  long steps = 0, evals = 0, jacobians = 0;
  double x = 0.0;
  for (auto _ : state) {
    pbm::StiffBowlSystem sys(k, {1.0, 1.0});
    pbm::CountingSystem counter(sys);  // evaluations and Jacobians, whatever the method
    pbm::Stepper stepper;
    stepper.reset(method, h);
    while (stepper.time() < T) stepper.step(counter, stepper.plan(T));
    steps = stepper.steps();
    x = sys.position().x();
    evals = counter.evals();
    jacobians = counter.jacobians();
    benchmark::ClobberMemory();  // (DoNotOptimize on a double lvalue miscompiles with this GCC)
  }
  state.SetLabel(std::string("series=") + c.name);
  state.counters["k"] = k;
  state.counters["h"] = h;
  state.counters["steps"] = static_cast<double>(steps);
  state.counters["evals"] = static_cast<double>(evals);
  state.counters["jacobians"] = static_cast<double>(jacobians);
  state.counters["error"] = std::abs(x - std::exp(-T));
}

// ------------------------------------------------------------ implicit solve
constexpr double kH = 1.0 / 60.0;  // a frame
constexpr double kKs = 1e3, kMass = 0.01, kDrag = 0.05;

struct Problem {
  pbm::SpringNetwork net;
  VectorXd x, v;
};

Problem chainProblem(int n) {
  Problem p{pbm::makeChain(n, kMass, kKs), pbm::pluckedChain(n, 4.0, 0.8), {}};
  p.net.drag = kDrag;
  p.net.assemble();
  p.v = VectorXd::Zero(p.net.coords());
  return p;
}

Problem gridProblem(int n) {
  const int side = static_cast<int>(std::lround(std::sqrt(n)));
  Problem p{pbm::makeGrid(side, kMass, kKs), pbm::gridPositions(side, 2.0), {}};
  p.net.drag = kDrag;
  p.net.assemble();
  p.v = VectorXd::Zero(p.net.coords());
  return p;
}

// The same (4-5) system for the library solvers: S = M - h dF/dv - h^2 dF/dx,
// b = h (F0 + h dF/dx v0), pinned rows and columns replaced by the identity.
void assemble(const Problem& p, Sparse& S, VectorXd& b) {
  const auto& net = p.net;
  const int n = net.coords();
  Sparse M(n, n);
  M.setIdentity();
  for (int i = 0; i < n; ++i) M.coeffRef(i, i) = net.pinned(i) ? 1.0 : net.mass[i];
  S = M - kH * net.dFdv() - (kH * kH) * net.dFdx();
  S.prune([&](Eigen::Index i, Eigen::Index j, double) {
    return i == j || (!net.pinned(static_cast<int>(i)) && !net.pinned(static_cast<int>(j)));
  });
  for (int i = 0; i < n; ++i)
    if (net.pinned(i)) S.coeffRef(i, i) = 1.0;
  b = kH * (net.force(p.x, p.v) + kH * (net.dFdx() * p.v));
  for (int i = 0; i < n; ++i)
    if (net.pinned(i)) b[i] = 0.0;
}

// Exact: LDLT and two rounds of iterative refinement (the reference).
enum class Backend { Cg, Ldlt, LdltReuse, EigenCg, DenseLu, Exact };

// The reference dv of a problem: SimplicialLDLT plus two rounds of iterative
// refinement, so it is exact to rounding (S is symmetric positive definite and
// well conditioned: M + h^2 K with k_s h^2 / m = 28). Computed once per
// problem and kept, so the big grids pay for it once.
const VectorXd& referenceDv(bool grid, int n) {
  static std::map<std::pair<bool, int>, VectorXd> cache;
  auto it = cache.find({grid, n});
  if (it != cache.end()) return it->second;
  const Problem p = grid ? gridProblem(n) : chainProblem(n);
  Sparse S;
  VectorXd b;
  assemble(p, S, b);
  Eigen::SimplicialLDLT<Sparse> ldlt(S);
  VectorXd dv = ldlt.solve(b);
  for (int k = 0; k < 2; ++k) dv += ldlt.solve(b - S * dv);
  return cache.emplace(std::make_pair(grid, n), dv).first->second;
}

void implicitSolve(benchmark::State& state, Backend backend, double tolerance, const char* series,
                   bool grid, int n) {
  const Problem p = grid ? gridProblem(n) : chainProblem(n);
  Sparse S;
  VectorXd b, dv;
  assemble(p, S, b);
  const double nnz = static_cast<double>(S.nonZeros());
  double iterations = 0;
  pbm::CgOptions opt;
  opt.tolerance = tolerance;  // on the true relative residual |b - S dv| / |b|
  Eigen::SimplicialLDLT<Sparse> reused;
  if (backend == Backend::LdltReuse) reused.analyzePattern(S);
  for (auto _ : state) {
    switch (backend) {
      case Backend::Cg: {
        const pbm::SecondOrderStep s = pbm::implicitEulerSecondOrder(
            p.v, p.net.force(p.x, p.v), p.net.dFdx(), p.net.dFdv(), p.net.mass, kH, opt);
        dv = s.dv;
        iterations = s.iterations;
        break;
      }
      case Backend::Ldlt: {
        assemble(p, S, b);
        Eigen::SimplicialLDLT<Sparse> ldlt(S);
        dv = ldlt.solve(b);
        break;
      }
      case Backend::LdltReuse: {
        assemble(p, S, b);
        reused.factorize(S);
        dv = reused.solve(b);
        break;
      }
      case Backend::EigenCg: {
        assemble(p, S, b);
        Eigen::ConjugateGradient<Sparse, Eigen::Lower | Eigen::Upper> cg;
        cg.setTolerance(opt.tolerance);
        cg.compute(S);
        dv = cg.solve(b);
        iterations = static_cast<double>(cg.iterations());
        break;
      }
      case Backend::DenseLu: {
        assemble(p, S, b);
        dv = Eigen::MatrixXd(S).partialPivLu().solve(b);
        break;
      }
      case Backend::Exact:
        dv = referenceDv(grid, n);
        break;
    }
    benchmark::DoNotOptimize(dv.data());
  }
  // Every backend must solve the same system: its residual, and how far its
  // dv lies from the exact one (relative), the accuracy bought for the time.
  assemble(p, S, b);
  const VectorXd& exact = referenceDv(grid, n);
  state.SetLabel(std::string("series=") + series);
  state.counters["n"] = n;
  state.counters["nnz"] = nnz;
  state.counters["tolerance"] = tolerance;
  state.counters["cg_iterations"] = iterations;
  state.counters["residual"] = (b - S * dv).norm() / b.norm();
  state.counters["dv_error"] = (dv - exact).norm() / exact.norm();
}

// ------------------------------------------------------------ run accuracy
// 60 steps (one second) of (4-5) with each solver: how far the positions end
// from the same run with exact solves (the solver's error), next to how far
// that exact-solve run ends from the true motion (implicit Euler's own error,
// the true motion from RK4 at h = 1e-4 s, far inside its stability limit and
// 1e-9-converged: DEB §2). The network is linear, so S is the same every step.
constexpr int kRunSteps = 60;

VectorXd solveStep(Backend backend, double tolerance, const Problem& p,
                   Eigen::SimplicialLDLT<Sparse>& reused, bool& analysed, int& iterations) {
  Sparse S;
  VectorXd b;
  switch (backend) {
    case Backend::Cg: {
      pbm::CgOptions opt;
      opt.tolerance = tolerance;
      const pbm::SecondOrderStep s = pbm::implicitEulerSecondOrder(
          p.v, p.net.force(p.x, p.v), p.net.dFdx(), p.net.dFdv(), p.net.mass, kH, opt);
      iterations += s.iterations;
      return s.dv;
    }
    case Backend::Ldlt: {
      assemble(p, S, b);
      Eigen::SimplicialLDLT<Sparse> ldlt(S);
      return ldlt.solve(b);
    }
    case Backend::LdltReuse: {
      assemble(p, S, b);
      if (!analysed) reused.analyzePattern(S), analysed = true;  // once per run
      reused.factorize(S);
      return reused.solve(b);
    }
    default: {  // Exact (EigenCg and DenseLu are not run here)
      assemble(p, S, b);
      Eigen::SimplicialLDLT<Sparse> ldlt(S);
      VectorXd dv = ldlt.solve(b);
      for (int k = 0; k < 2; ++k) dv += ldlt.solve(b - S * dv);
      return dv;
    }
  }
}

// Positions after kRunSteps steps, and the CPU ms per step.
VectorXd runSteps(Backend backend, double tolerance, bool grid, int n, double* msPerStep,
                  int* iterations) {
  Problem p = grid ? gridProblem(n) : chainProblem(n);
  Eigen::SimplicialLDLT<Sparse> reused;
  bool analysed = false;
  int its = 0;
  const std::clock_t start = std::clock();
  for (int k = 0; k < kRunSteps; ++k) {
    const VectorXd dv = solveStep(backend, tolerance, p, reused, analysed, its);
    p.x += kH * (p.v + dv);
    p.v += dv;
  }
  if (msPerStep != nullptr)
    *msPerStep = 1e3 * static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC / kRunSteps;
  if (iterations != nullptr) *iterations = its;
  return p.x;
}

double rmsPerParticle(const VectorXd& a, const VectorXd& b) {
  return std::sqrt((a - b).squaredNorm() / static_cast<double>(a.size() / 2));
}

void implicitRun(benchmark::State& state, Backend backend, double tolerance, const char* series,
                 bool grid, int n) {
  double ms = 0;
  int iterations = 0;
  VectorXd x;
  for (auto _ : state) x = runSteps(backend, tolerance, grid, n, &ms, &iterations);
  const VectorXd exactSolves = runSteps(Backend::Exact, 0, grid, n, nullptr, nullptr);
  // The true motion: RK4 on the first-order network system.
  const Problem p = grid ? gridProblem(n) : chainProblem(n);
  pbm::NetworkSystem sys(p.net, p.x, p.v);
  const pbm::MethodInfo& rk4 = pbm::findMethod(pbm::stiffnessMethods(), "rk4");
  const int fine = 10000;  // h = 1e-4 s over kRunSteps / 60 s
  for (int k = 0; k < fine; ++k) rk4.step(sys, kH * kRunSteps / fine);
  state.SetLabel(std::string("series=") + series);
  state.counters["n"] = n;
  state.counters["tolerance"] = tolerance;
  state.counters["ms_per_step"] = ms;
  state.counters["cg_iterations"] = static_cast<double>(iterations) / kRunSteps;
  state.counters["solver_error"] = rmsPerParticle(x, exactSolves);
  state.counters["euler_error"] = rmsPerParticle(exactSolves, sys.positions());
}

// Google Benchmark's default 0.5 s per case made the default run 77 s; 0.1 s
// still averages many iterations of every small case (the large ones run
// once either way). PBM_BENCH_SLOW=1 restores 0.5 s.
double minTime() {
  const char* slow = std::getenv("PBM_BENCH_SLOW");
  return slow != nullptr && std::string(slow) == "1" ? 0.5 : 0.1;
}

const bool registered = [] {
  const double kMinTime = minTime();
  const SweepCase sweeps[] = {{"euler", 1.9}, {"midpoint", 1.9}, {"rk4", 2.7}, {"implicit", 0.0}};
  for (const SweepCase& c : sweeps)
    for (double k : {1e1, 1e2, 1e3, 1e4, 1e5})
      benchmark::RegisterBenchmark(
          ("BM_StiffSweep/" + std::string(c.name) + "/" + std::to_string(static_cast<int>(k)))
              .c_str(),
          [c, k](benchmark::State& s) { stiffSweep(s, c, k); })
          ->Unit(benchmark::kMillisecond)
          ->MinTime(kMinTime);

  struct B {
    Backend backend;
    const char* name;
    double tolerance;  // the iterative solvers' relative residual
    int maxN;
  };
  // cg_1e-3 and eigen_cg_1e-3: the tolerance chapter 04's implicit cloth step
  // uses (Baraff & Witkin 1998 solve loosely: a large step is itself inexact).
  const B backends[] = {{Backend::Cg, "cg", 1e-10, 1 << 30},
                        {Backend::Cg, "cg_1e-3", 1e-3, 1 << 30},
                        {Backend::Ldlt, "ldlt", 0, 1 << 30},
                        {Backend::LdltReuse, "ldlt_reuse_pattern", 0, 1 << 30},
                        {Backend::EigenCg, "eigen_cg", 1e-10, 1 << 30},
                        {Backend::EigenCg, "eigen_cg_1e-3", 1e-3, 1 << 30},
                        {Backend::DenseLu, "dense_lu", 0, 1000}};
  for (const B& b : backends)
    for (bool grid : {false, true}) {
      const std::string base = grid ? "BM_ImplicitSolveGrid/" : "BM_ImplicitSolve/";
      for (int n : {100, 400, 1600, 6400, 25600, 102400}) {
        if (n > b.maxN) continue;
        benchmark::RegisterBenchmark((base + b.name + "/" + std::to_string(n)).c_str(),
                                     [b, grid, n](benchmark::State& s) {
                                       implicitSolve(s, b.backend, b.tolerance, b.name, grid, n);
                                     })
            ->Unit(benchmark::kMillisecond)
            ->MinTime(kMinTime);
      }
    }
  // The run accuracy: the step's own tolerance against both LDLT variants.
  const B runs[] = {{Backend::Cg, "cg", 1e-10, 0},
                    {Backend::Cg, "cg_1e-3", 1e-3, 0},
                    {Backend::Ldlt, "ldlt", 0, 0},
                    {Backend::LdltReuse, "ldlt_reuse_pattern", 0, 0}};
  for (const B& b : runs)
    for (bool grid : {false, true}) {
      const std::string base = grid ? "BM_ImplicitRunGrid/" : "BM_ImplicitRun/";
      constexpr int n = 1600;
      benchmark::RegisterBenchmark((base + b.name + "/" + std::to_string(n)).c_str(),
                                   [b, grid](benchmark::State& s) {
                                     implicitRun(s, b.backend, b.tolerance, b.name, grid, n);
                                   })
          ->Unit(benchmark::kMillisecond)
          ->Iterations(1);
    }
  return true;
}();

}  // namespace

BENCHMARK_MAIN();
