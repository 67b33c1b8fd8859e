// Chapter 04 benchmarks.
//  BM_ClothSecond/<n>/<method>: one simulated second of an n x n cloth (spacing
//    0.1 m, the same material at every n). Explicit methods run at their
//    largest stable h, found from the eigenvalues mu of the linearised system
//    [[0, I], [M^-1 dF/dx, M^-1 dF/dv]] of a 20 x 20 sheet (the stiffest modes
//    are local, so the limit does not depend on n): the largest h with
//    |R(h mu)| <= 1 for every mu, R the method's stability function (chapter
//    03), times 0.9. The implicit (4-5) step runs at h = 1/60 (Implicit
//    Methods §4, Baraff & Witkin 1998). An explicit step costs the same at
//    every t (fixed h, fixed work), so by default the explicit methods
//    simulate only the first 0.05 s and their counters are scaled to one
//    second (simulated_s says how much ran); PBM_BENCH_SLOW=1 runs the whole
//    second (some 3 minutes at 64 x 64 on 2 busy cores). The implicit step always
//    runs its 60 steps. Counters, per simulated second: h, steps, evals,
//    cg_iterations, ms (CPU); simulated_s; stable (1: the run stayed finite and
//    bounded for as long as it ran).
//  BM_DerivEval/<n>: one derivative evaluation of an n x n cloth through the
//    force objects (PSD §3-4): time_per_spring (s), expected flat (linear cost).
//  BM_SpatialPairs/<grid|brute>/<n>: neighbour pairs within a cutoff, spatial
//    buckets vs all pairs (PSD §4.3): time (s per search), O(n) vs O(n^2).
#include <benchmark/benchmark.h>

#include <Eigen/Dense>
#include <cmath>
#include <cstdlib>
#include <ctime>
#include <random>
#include <string>

#include "pbm/core/counting_system.h"
#include "pbm/core/stepping.h"
#include "pbm/integrators/methods.h"
#include "pbm/particles/cloth.h"
#include "pbm/particles/forces.h"
#include "pbm/particles/particles.h"
#include "pbm/stiffness/stability.h"

namespace {

// A stiff cloth whose stretching is strongly damped (kd / m = 1e4 per spring):
// the regime Baraff & Witkin's implicit step is for. Explicit methods are then
// limited by the damping, h < ~2 / (c kd / m), not only by omega_max.
ch04::ClothSpec benchCloth(int n) {
  ch04::ClothSpec s;
  s.n = n;
  s.spacing = 0.1;
  s.mass = 0.01;
  s.ks = 2000.0;
  s.kd = 100.0;
  s.drag = 0.002;
  s.topLeft = Eigen::Vector2d(-0.05 * (n - 1), 0.0);
  return s;
}

struct Limits {
  double euler = 0, midpoint = 0, rk4 = 0, omegaMax = 0;
};

double largestStableStep(pbm::Scheme scheme, const Eigen::VectorXcd& mu) {
  auto stable = [&](double h) {
    for (const auto& m : mu)
      if (std::abs(pbm::stabilityFunction(scheme, h * m)) > 1.0 + 1e-12) return false;
    return true;
  };
  double lo = 0, hi = 1e-6;
  while (stable(hi)) lo = hi, hi *= 1.25;  // first loss of stability along the rays
  for (int k = 0; k < 60; ++k) {
    const double mid = 0.5 * (lo + hi);
    (stable(mid) ? lo : hi) = mid;
  }
  return lo;
}

const Limits& explicitLimits() {
  static const Limits limits = [] {
    pbm::ParticleSystem ps;
    ch04::buildCloth(ps, benchCloth(20));
    ps.filter = pbm::JacobianFilter::Full;
    Eigen::SparseMatrix<double> J;
    ps.jacobian(J);  // 4n x 4n at the flat rest state
    // Drop the nailed particles' (zero) rows and columns.
    std::vector<int> keep;
    for (int i = 0; i < ps.n(); ++i)
      if (!ps.particles[i].control.controlled())
        for (int c = 0; c < 4; ++c) keep.push_back(4 * i + c);
    const Eigen::MatrixXd full(J);
    Eigen::MatrixXd A(keep.size(), keep.size());
    for (size_t r = 0; r < keep.size(); ++r)
      for (size_t c = 0; c < keep.size(); ++c) A(r, c) = full(keep[r], keep[c]);
    const Eigen::VectorXcd mu = Eigen::EigenSolver<Eigen::MatrixXd>(A, false).eigenvalues();
    Limits l;
    for (const auto& m : mu) l.omegaMax = std::max(l.omegaMax, std::abs(m));
    l.euler = 0.9 * largestStableStep(pbm::Scheme::Euler, mu);
    l.midpoint = 0.9 * largestStableStep(pbm::Scheme::Midpoint, mu);
    l.rk4 = 0.9 * largestStableStep(pbm::Scheme::RK4, mu);
    return l;
  }();
  return limits;
}

// The simulated time of an explicit run: 0.05 s, or 1 s with PBM_BENCH_SLOW=1.
double explicitWindow() {
  const char* slow = std::getenv("PBM_BENCH_SLOW");
  return slow != nullptr && std::string(slow) == "1" ? 1.0 : 0.05;
}

void BM_ClothSecond(benchmark::State& state, const std::string& method) {
  const int n = static_cast<int>(state.range(0));
  const Limits& lim = explicitLimits();
  const double h = method == "euler"      ? lim.euler
                   : method == "midpoint" ? lim.midpoint
                   : method == "rk4"      ? lim.rk4
                                          : 1.0 / 60;
  long steps = 0, evals = 0, cg = 0;
  double ms = 0, simulated = 1.0;
  bool stable = true;
  for (auto _ : state) {
    pbm::ParticleSystem ps;
    ch04::buildCloth(ps, benchCloth(n));
    pbm::CountingSystem counted(ps);
    pbm::CgOptions options;
    options.tolerance = 1e-3;  // B&W: a loose CG tolerance is enough for a large step
    const std::clock_t start = std::clock();  // CPU time: robust on a shared machine
    if (method == "implicit") {
      for (steps = 0; steps < 60; ++steps)
        cg += pbm::implicitParticleStep(ps, h, options).iterations;
      evals = steps;
    } else {
      simulated = explicitWindow();
      pbm::Stepper stepper;
      stepper.reset(pbm::findMethod(pbm::integratorMethods(), method), h);
      while (stepper.time() < simulated) stepper.step(counted, stepper.plan(simulated));
      steps = stepper.steps();
      evals = counted.evals();
    }
    ms = 1e3 * static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
    if (simulated < 1.0) {
      // Per simulated second: a whole second takes ceil(1 / h) steps of the
      // same work each (the last one clipped), so the CPU time and the
      // evaluations scale with the steps.
      const double scale = std::ceil(1.0 / h) / static_cast<double>(steps);
      ms *= scale;
      evals = std::lround(static_cast<double>(evals) * scale);
      steps = static_cast<long>(std::ceil(1.0 / h));
    }
    for (const auto& p : ps.particles)
      if (!p.x.allFinite() || p.v.norm() > 100) stable = false;
  }
  state.SetLabel("series=" + method);
  state.counters["particles"] = n * n;
  state.counters["h"] = h;
  state.counters["h_omega_max"] = h * lim.omegaMax;
  state.counters["steps"] = static_cast<double>(steps);
  state.counters["evals"] = static_cast<double>(evals);
  state.counters["cg_iterations"] = static_cast<double>(cg);
  state.counters["ms"] = ms;
  state.counters["simulated_s"] = simulated;
  state.counters["stable"] = stable ? 1 : 0;
}

void BM_DerivEval(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  pbm::ParticleSystem ps;
  const ch04::ClothCounts counts = ch04::buildCloth(ps, benchCloth(n));
  Eigen::VectorXd d;
  for (auto _ : state) {
    ps.derivEval(d);
    benchmark::DoNotOptimize(d.data());
  }
  state.SetLabel("series=force_objects");
  state.counters["particles"] = n * n;
  state.counters["springs"] = counts.springs();
  // Seconds per spring: the inverse of an iteration-invariant rate of
  // springs, so the console prints it with its SI prefix (e.g. 12.3ns).
  state.counters["time_per_spring"] =
      benchmark::Counter(counts.springs(), benchmark::Counter::kIsIterationInvariantRate |
                                               benchmark::Counter::kInvert);
}

void BM_SpatialPairs(benchmark::State& state, bool grid) {
  const int n = static_cast<int>(state.range(0));
  std::mt19937 rng(1);
  const double side = std::sqrt(n / 4.0);  // about 4 particles per unit area
  std::uniform_real_distribution<double> u(0, side);
  std::vector<Eigen::Vector2d> x(n);
  for (auto& p : x) p = Eigen::Vector2d(u(rng), u(rng));
  const double cutoff = 0.5;
  size_t pairs = 0;
  for (auto _ : state) {
    if (grid) {
      pairs = pbm::neighbourPairs(x, cutoff).size();
    } else {
      pairs = 0;
      for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) pairs += (x[i] - x[j]).squaredNorm() < cutoff * cutoff;
    }
    benchmark::DoNotOptimize(pairs);
  }
  state.SetLabel(grid ? "series=grid" : "series=brute_force");
  state.counters["n"] = n;
  state.counters["pairs"] = static_cast<double>(pairs);
  state.counters["time"] = benchmark::Counter(  // seconds per search
      1.0, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

}  // namespace

BENCHMARK_CAPTURE(BM_ClothSecond, euler, std::string("euler"))
    ->Arg(20)
    ->Arg(64)
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ClothSecond, midpoint, std::string("midpoint"))
    ->Arg(20)
    ->Arg(64)
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ClothSecond, rk4, std::string("rk4"))
    ->Arg(20)
    ->Arg(64)
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ClothSecond, implicit, std::string("implicit"))
    ->Arg(20)
    ->Arg(64)
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DerivEval)->Arg(10)->Arg(20)->Arg(40)->Arg(70)->Arg(100);
BENCHMARK_CAPTURE(BM_SpatialPairs, grid, true)->RangeMultiplier(4)->Range(128, 8192);
BENCHMARK_CAPTURE(BM_SpatialPairs, brute, false)->RangeMultiplier(4)->Range(128, 8192);

BENCHMARK_MAIN();
