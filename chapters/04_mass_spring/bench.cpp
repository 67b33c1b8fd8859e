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
//  BM_ClothEqualAccuracy/<method>/<kd>/<n>: the same comparison at equal
//    accuracy, across the stretch damping kd (0.5, 5, 20, 100; ks as above):
//    0.5 s (30 frames) of the cloth, each method at the fewest steps per frame
//    that keep every frame within 1 mm RMS of an RK4 reference at a tiny h
//    (a table found once with PBM_BENCH_FIND_H=1; explicit methods are also
//    held to their stability limit, as a run that blows up fails). 20 x 20 by
//    default, 40 x 40 too with PBM_BENCH_SLOW=1. Counters: h, steps, error
//    (the largest RMS distance over the frames, m), cg_iterations, ms (median
//    CPU time of up to 3 runs, per simulated second), runs, and on the
//    implicit row speedup: the best explicit method's ms over the implicit's,
//    both measured in this run.
//  BM_DerivEval/<n>: one derivative evaluation of an n x n cloth through the
//    force objects (PSD §3-4): time_per_spring (s), expected flat (linear cost).
//  BM_SpatialPairs/<grid|brute>/<n>: neighbour pairs within a cutoff, spatial
//    buckets vs all pairs (PSD §4.3): time (s per search), O(n) vs O(n^2).
#include <benchmark/benchmark.h>

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <limits>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "pbm/core/counting_system.h"
#include "pbm/core/errors.h"
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
pbm::ClothSpec benchCloth(int n) {
  pbm::ClothSpec s;
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
    pbm::buildCloth(ps, benchCloth(20));
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

bool slowRun() {
  const char* slow = std::getenv("PBM_BENCH_SLOW");
  return slow != nullptr && std::string(slow) == "1";
}

// The simulated time of an explicit run: 0.05 s, or 1 s with PBM_BENCH_SLOW=1.
double explicitWindow() {
  return slowRun() ? 1.0 : 0.05;
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
    pbm::buildCloth(ps, benchCloth(n));
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

// ------------------------------------------------------------ equal accuracy
// The same cloth at stretch damping kd, started flat and at rest, run for
// kFrames frames of 1/60 s; a method passes when at every frame the RMS
// distance of the particles from a reference run is within kAccTol. Every
// frame, not only the last: for kd >= 20 the sheet has settled into its sag by
// 0.5 s, where any damped method ends up, however wrong its transient.
// The reference is RK4 at many more steps than any method below needs: RK4's
// error falls as h^4 (DEB §2), so it converges in few extra steps, where a
// converged implicit Euler run (first order, inexact CG solves) would need a
// far smaller h and still carry its solver's error.
constexpr int kFrames = 30;            // 0.5 s at 60 Hz
constexpr double kFrame = 1.0 / 60.0;  // s
constexpr double kAccTol = 1e-3;       // m: 1 mm RMS, 1 % of the spacing

pbm::ClothSpec accuracyCloth(int n, double kd) {
  pbm::ClothSpec s = benchCloth(n);
  s.kd = kd;
  return s;
}

struct AccuracyRun {
  std::vector<Eigen::VectorXd> frames;  // positions at each frame, 2 per particle
  double ms = 0;                        // CPU time of the steps
  long cg = 0;                          // CG iterations (implicit)
  bool finite = true;
};

// kFrames frames of `perFrame` equal steps each, by `method` (euler, midpoint,
// rk4, or implicit: eq. (4-5) with CG to 1e-3, as in BM_ClothSecond).
AccuracyRun runFrames(const std::string& method, int n, double kd, long perFrame) {
  pbm::ParticleSystem ps;
  pbm::buildCloth(ps, accuracyCloth(n, kd));
  const double h = kFrame / static_cast<double>(perFrame);
  AccuracyRun r;
  pbm::CgOptions options;
  options.tolerance = 1e-3;
  const pbm::StepFunction* step = nullptr;
  if (method != "implicit") step = &pbm::findMethod(pbm::integratorMethods(), method).step;
  Eigen::VectorXd x(2 * ps.n());
  std::clock_t spent = 0;
  for (int f = 0; f < kFrames && r.finite; ++f) {
    const std::clock_t start = std::clock();
    try {
      for (long k = 0; k < perFrame; ++k) {
        if (step != nullptr)
          (*step)(ps, h);
        else
          r.cg += pbm::implicitParticleStep(ps, h, options).iterations;
      }
    } catch (const pbm::SolverFailure&) {
      r.finite = false;  // CG found the system indefinite: the run failed
    }
    spent += std::clock() - start;
    for (int i = 0; i < ps.n(); ++i) x.segment<2>(2 * i) = ps.particles[i].x;
    r.finite = r.finite && x.allFinite();
    r.frames.push_back(x);
  }
  r.ms = 1e3 * static_cast<double>(spent) / CLOCKS_PER_SEC;
  return r;
}

// The largest RMS distance (per particle) between two runs over the frames;
// infinite when either failed.
double frameError(const AccuracyRun& a, const AccuracyRun& b) {
  if (!a.finite || !b.finite) return std::numeric_limits<double>::infinity();
  double worst = 0;
  for (int f = 0; f < kFrames; ++f) {
    const double rms = std::sqrt((a.frames[f] - b.frames[f]).squaredNorm() /
                                 static_cast<double>(a.frames[f].size() / 2));
    worst = std::max(worst, rms);
  }
  return worst;
}

// RK4 steps per frame of the reference: inside its stability limit at every
// kd (h = 16 us at kd = 100, where the damping limits RK4 to ~28 us), and
// converged: PBM_BENCH_FIND_H=1 prints the distance to a rerun at twice the
// steps, 1e-12 m or less.
long referencePerFrame(double kd) {
  return kd >= 100 ? 1024 : kd >= 20 ? 256 : 128;
}

const AccuracyRun& referenceRun(int n, double kd) {
  static std::map<std::pair<int, double>, AccuracyRun> cache;
  auto it = cache.find({n, kd});
  if (it == cache.end())
    it = cache.emplace(std::make_pair(n, kd), runFrames("rk4", n, kd, referencePerFrame(kd))).first;
  return it->second;
}

// The fewest steps per frame meeting kAccTol, by doubling then bisection to
// 2 % (PBM_BENCH_FIND_H=1). Near an explicit method's stability limit the
// error need not fall monotonically with h: the bench reports the error it
// measures at the step it uses.
long fewestStepsPerFrame(const std::string& method, int n, double kd, long start) {
  const AccuracyRun& ref = referenceRun(n, kd);
  auto ok = [&](long perFrame) {
    return frameError(runFrames(method, n, kd, perFrame), ref) <= kAccTol;
  };
  long hi = start;
  if (ok(hi)) {
    while (hi > 1 && ok(hi / 2)) hi /= 2;  // walk down from a hint that passes
  } else {
    do hi *= 2;
    while (!ok(hi));
  }
  if (hi == 1) return 1;
  long lo = hi / 2;  // fails, hi passes
  while (hi - lo > std::max(1L, lo / 50)) {
    const long mid = (lo + hi) / 2;
    (ok(mid) ? hi : lo) = mid;
  }
  return hi;
}

// PBM_BENCH_FIND_H=1: per n and kd, the reference's convergence and each
// method's fewest steps per frame (the table kAccuracyCases below).
void BM_ClothFindSteps(benchmark::State& state, int n, double kd, const long* hints) {
  for (auto _ : state) {
    const long s = referencePerFrame(kd);
    std::fprintf(stderr, "n=%d kd=%g reference: rk4 at %ld vs %ld steps per frame: %.3g m\n", n, kd,
                 s, 2 * s, frameError(referenceRun(n, kd), runFrames("rk4", n, kd, 2 * s)));
    int k = 0;
    for (const char* m : {"euler", "midpoint", "rk4", "implicit"}) {
      const long steps = fewestStepsPerFrame(m, n, kd, hints != nullptr ? hints[k] : 1);
      ++k;
      std::fprintf(stderr, "n=%d kd=%g %s: %ld steps per frame (h = %.3g s)\n", n, kd, m, steps,
                   kFrame / static_cast<double>(steps));
    }
  }
}

// The fewest steps per frame at which each method keeps every frame within
// kAccTol of the reference, found once by PBM_BENCH_FIND_H=1 (2 % resolution;
// explicit methods are further limited by stability: a run that blows up
// fails). Filled in from that run's output.
struct AccuracyCase {
  int n;
  double kd;
  long euler, midpoint, rk4, implicit;
  long perFrame(const std::string& m) const {
    return m == "euler" ? euler : m == "midpoint" ? midpoint : m == "rk4" ? rk4 : implicit;
  }
};
// clang-format off
const AccuracyCase kAccuracyCases[] = {
    // n   kd   euler midpoint rk4 implicit: steps per frame
    {20, 0.5,    53,  13,   7, 29},
    {20, 5,      40,  40,  29, 17},
    {20, 20,    166, 166, 120,  5},
    {20, 100,   832, 832, 600,  1},
    {40, 0.5,    52,  13,   7, 32},
    {40, 5,      41,  41,  30, 28},
    {40, 20,    171, 171, 123, 17},
    {40, 100,   845, 845, 609,  5},
};
// clang-format on

// Runs `perFrame` steps per frame until 3 runs or 2 s of CPU time, and
// reports the median CPU time of the runs done (a shared, noisy machine).
void BM_ClothEqualAccuracy(benchmark::State& state, const std::string& method,
                           const AccuracyCase& c) {
  // The best explicit CPU time so far per (n, kd): the explicit cases run
  // before the implicit one, in this same process.
  static std::map<std::pair<int, double>, double> bestExplicit;
  const long perFrame = c.perFrame(method);
  const AccuracyRun& ref = referenceRun(c.n, c.kd);
  AccuracyRun run;
  std::vector<double> ms;
  for (auto _ : state) {
    double total = 0;
    while (ms.size() < 3 && total < 2000) {
      run = runFrames(method, c.n, c.kd, perFrame);
      ms.push_back(run.ms);
      total += run.ms;
    }
  }
  std::sort(ms.begin(), ms.end());
  const size_t k = ms.size() / 2;
  const double median = ms.size() % 2 == 1 ? ms[k] : 0.5 * (ms[k - 1] + ms[k]);
  const auto key = std::make_pair(c.n, c.kd);
  if (method != "implicit") {
    auto [it, fresh] = bestExplicit.emplace(key, median);
    if (!fresh) it->second = std::min(it->second, median);
  }
  state.SetLabel("series=" + method);
  state.counters["particles"] = c.n * c.n;
  state.counters["kd"] = c.kd;
  state.counters["h"] = kFrame / static_cast<double>(perFrame);
  state.counters["steps"] = static_cast<double>(kFrames * perFrame);
  state.counters["error"] = frameError(run, ref);
  state.counters["cg_iterations"] = static_cast<double>(run.cg);
  state.counters["ms"] = median / (kFrames * kFrame);  // per simulated second, as BM_ClothSecond
  state.counters["runs"] = static_cast<double>(ms.size());
  if (method == "implicit" && bestExplicit.count(key) != 0)
    state.counters["speedup"] = bestExplicit[key] / median;
}

void BM_DerivEval(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  pbm::ParticleSystem ps;
  const pbm::ClothCounts counts = pbm::buildCloth(ps, benchCloth(n));
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
std::string kdName(double kd) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", kd);
  return buf;
}

// Equal accuracy: 20 x 20 by default, 40 x 40 with PBM_BENCH_SLOW=1; with
// PBM_BENCH_FIND_H=1 the search for the table instead.
const bool accuracyRegistered = [] {
  const char* find = std::getenv("PBM_BENCH_FIND_H");
  if (find != nullptr && std::string(find) == "1") {
    for (const AccuracyCase& c : kAccuracyCases)
      for (int n : {20, 40}) {
        if (c.n != 20) continue;
        // 40 x 40 starts from the 20 x 20 answers (the stiff modes are local).
        const long* hints = n == 20 ? nullptr : &c.euler;
        benchmark::RegisterBenchmark(
            ("BM_ClothFindSteps/" + std::to_string(n) + "/" + std::to_string(c.kd)).c_str(),
            [n, c, hints](benchmark::State& s) { BM_ClothFindSteps(s, n, c.kd, hints); })
            ->Iterations(1);
      }
    return true;
  }
  for (const AccuracyCase& c : kAccuracyCases) {
    if (c.n > 20 && !slowRun()) continue;
    for (const char* m : {"euler", "midpoint", "rk4", "implicit"})
      benchmark::RegisterBenchmark(("BM_ClothEqualAccuracy/" + std::string(m) + "/" + kdName(c.kd) +
                                    "/" + std::to_string(c.n))
                                       .c_str(),
                                   [m, &c](benchmark::State& s) { BM_ClothEqualAccuracy(s, m, c); })
          ->Iterations(1)
          ->Unit(benchmark::kMillisecond);
  }
  return true;
}();

BENCHMARK(BM_DerivEval)->Arg(10)->Arg(20)->Arg(40)->Arg(70)->Arg(100);
BENCHMARK_CAPTURE(BM_SpatialPairs, grid, true)->RangeMultiplier(4)->Range(128, 8192);
BENCHMARK_CAPTURE(BM_SpatialPairs, brute, false)->RangeMultiplier(4)->Range(128, 8192);

BENCHMARK_MAIN();
