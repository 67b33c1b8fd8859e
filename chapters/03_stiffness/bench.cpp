// Chapter 03 benchmarks (Implicit Methods §2-§4):
//  BM_StiffSweep/<method>/<k>: eq. (2-1) from (1, 1) to T = 5, each explicit
//    method at (just under) its largest stable step, implicit Euler at h = 0.1.
//    Explicit cost grows like k, implicit cost is flat (IM §2-3).
//  BM_ImplicitSolve/<backend>/<n> and BM_ImplicitSolveGrid/<backend>/<n>: one
//    mass-weighted implicit step (4-5) of a pinned chain / a grid of n
//    particles, solved by our conjugate gradients, Eigen's SimplicialLDLT
//    (analyse + factorise each step, or the pattern analysed once), Eigen's
//    ConjugateGradient, and dense PartialPivLU (small n only).
#include <benchmark/benchmark.h>

#include <Eigen/Dense>
#include <Eigen/IterativeLinearSolvers>
#include <Eigen/SparseCholesky>
#include <cmath>
#include <cstdio>
#include <string>
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
    ch03::StiffBowlSystem sys(k, {1.0, 1.0});
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
  ch03::SpringNetwork net;
  VectorXd x, v;
};

Problem chainProblem(int n) {
  Problem p{ch03::makeChain(n, kMass, kKs), ch03::pluckedChain(n, 4.0, 0.8), {}};
  p.net.drag = kDrag;
  p.net.assemble();
  p.v = VectorXd::Zero(p.net.coords());
  return p;
}

Problem gridProblem(int n) {
  const int side = static_cast<int>(std::lround(std::sqrt(n)));
  Problem p{ch03::makeGrid(side, kMass, kKs), ch03::gridPositions(side, 2.0), {}};
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

enum class Backend { Cg, Ldlt, LdltReuse, EigenCg, DenseLu };

void implicitSolve(benchmark::State& state, Backend backend, const char* series, bool grid, int n) {
  const Problem p = grid ? gridProblem(n) : chainProblem(n);
  Sparse S;
  VectorXd b, dv;
  assemble(p, S, b);
  const double nnz = static_cast<double>(S.nonZeros());
  double iterations = 0;
  pbm::CgOptions opt;  // tolerance 1e-10 on the true relative residual
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
    }
    benchmark::DoNotOptimize(dv.data());
  }
  // Every backend must solve the same system: report its residual.
  assemble(p, S, b);
  state.SetLabel(std::string("series=") + series);
  state.counters["n"] = n;
  state.counters["nnz"] = nnz;
  state.counters["cg_iterations"] = iterations;
  state.counters["residual"] = (b - S * dv).norm() / b.norm();
}

const bool registered = [] {
  const SweepCase sweeps[] = {{"euler", 1.9}, {"midpoint", 1.9}, {"rk4", 2.7}, {"implicit", 0.0}};
  for (const SweepCase& c : sweeps)
    for (double k : {1e1, 1e2, 1e3, 1e4, 1e5})
      benchmark::RegisterBenchmark(
          ("BM_StiffSweep/" + std::string(c.name) + "/" + std::to_string(static_cast<int>(k)))
              .c_str(),
          [c, k](benchmark::State& s) { stiffSweep(s, c, k); })
          ->Unit(benchmark::kMillisecond);

  struct B {
    Backend backend;
    const char* name;
    int maxN;
  };
  const B backends[] = {{Backend::Cg, "cg", 1 << 30},
                        {Backend::Ldlt, "ldlt", 1 << 30},
                        {Backend::LdltReuse, "ldlt_reuse_pattern", 1 << 30},
                        {Backend::EigenCg, "eigen_cg", 1 << 30},
                        {Backend::DenseLu, "dense_lu", 1000}};
  for (const B& b : backends)
    for (bool grid : {false, true}) {
      const std::string base = grid ? "BM_ImplicitSolveGrid/" : "BM_ImplicitSolve/";
      for (int n : {100, 400, 1600, 6400, 25600, 102400}) {
        if (n > b.maxN) continue;
        benchmark::RegisterBenchmark(
            (base + b.name + "/" + std::to_string(n)).c_str(),
            [b, grid, n](benchmark::State& s) { implicitSolve(s, b.backend, b.name, grid, n); })
            ->Unit(benchmark::kMillisecond);
      }
    }
  return true;
}();

}  // namespace

BENCHMARK_MAIN();
