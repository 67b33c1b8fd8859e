// Chapter 05 benchmarks (CD §1-§2): accuracy per unit cost.
//  BM_Drift               drift max|C| and energy error of a 10 s pendulum vs h,
//                         Euler / midpoint / RK4, feedback off ("euler") and on
//                         ("fb_euler", ks = 100, kd = 20). Slopes 1, 2, 4 without
//                         feedback (CD §2.2); with it the drift is absorbed.
//  BM_PenaltyVsConstraint derivative evaluations per simulated second needed to
//                         keep the bead within epsilon of the wire: a penalty
//                         spring (k = 3 m g / eps, so the sag under the bottom
//                         tension 3 m g is eps; RK4 stability h sqrt(k/m) < 2.8)
//                         against the constrained bead with feedback (CD §1).
//  BM_DerivEval           time of one derivative evaluation, constrained vs penalty.
#include <benchmark/benchmark.h>

#include <cmath>
#include <string>

#include "pbm/bead/bead.h"
#include "pbm/integrators/methods.h"

namespace {

using Eigen::Vector2d;
constexpr double kG = 9.81;

// The pendulum of the scenes: m = 1, r = 1, released at rest from horizontal.
template <class Sys>
void setUp(Sys& s) {
  s.wire = pbm::CircleWire{Vector2d::Zero(), 1.0};
  s.bead = pbm::Bead{Vector2d(1, 0), Vector2d::Zero(), 1.0};
  s.forces.g = Vector2d(0, -kG);
}

struct Run {
  double maxRadialError = 0, maxAbsC = 0, maxEnergyError = 0;
  long evals = 0;
  bool finite = true;
};

// Fixed steps of h for T seconds; stops early once the radial error passes `giveUp`.
template <class Sys>
Run simulate(Sys& s, const pbm::MethodInfo& m, double h, double T, double giveUp = 1.0) {
  Run out;
  const double E0 = s.energy(), scale = s.bead.m * kG * s.wire.r;
  const long n = std::lround(T / h);
  for (long i = 0; i < n; ++i) {
    m.step(s, h);
    out.evals += m.evalsPerStep;
    const double rho = (s.bead.x - s.wire.c).norm();
    if (!std::isfinite(rho) || !s.bead.v.allFinite()) {
      out.finite = false;
      return out;
    }
    out.maxRadialError = std::max(out.maxRadialError, std::abs(rho - s.wire.r));
    out.maxAbsC = std::max(out.maxAbsC, std::abs(pbm::beadC(s.bead.x, s.wire)));
    out.maxEnergyError = std::max(out.maxEnergyError, std::abs(s.energy() - E0) / scale);
    if (out.maxRadialError > giveUp) return out;
  }
  return out;
}

void BM_Drift(benchmark::State& state) {
  const pbm::MethodInfo& method = pbm::integratorMethods().at(static_cast<size_t>(state.range(0)));
  const bool feedback = state.range(1) != 0;
  const double h = 0.04 / std::pow(2.0, static_cast<double>(state.range(2)));
  Run run;
  for (auto _ : state) {
    pbm::BeadSystem b;
    setUp(b);
    if (feedback) b.feedback = {100, 20};
    run = simulate(b, method, h, 10.0, 10.0);
    benchmark::DoNotOptimize(run);
  }
  state.SetLabel(std::string("series=") + (feedback ? "fb_" : "") + method.name);
  if (!run.finite || run.maxRadialError > 1.0) {
    state.SkipWithError("the bead left the wire (Euler with feedback: energy blow-up, CD §2.2)");
    return;
  }
  state.counters["h"] = h;
  state.counters["evals"] = static_cast<double>(run.evals);
  state.counters["max_abs_c"] = run.maxAbsC;
  state.counters["energy_error"] = run.maxEnergyError;
}
BENCHMARK(BM_Drift)
    ->ArgsProduct({{0, 1, 2}, {0, 1}, {0, 1, 2, 3, 4, 5, 6}})
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);

// The largest h from 0.1 / sqrt(2)^j that keeps the bead within eps for 5 s.
template <class Make>
double largestH(Make make, double eps, Run& best) {
  for (int j = 0; j < 60; ++j) {
    const double h = 0.1 / std::pow(std::sqrt(2.0), j);
    auto s = make();
    const Run r = simulate(s, pbm::findMethod(pbm::integratorMethods(), "rk4"), h, 5.0, 2 * eps);
    if (r.finite && r.maxRadialError <= eps) {
      best = r;
      return h;
    }
  }
  return 0;
}

void BM_PenaltyVsConstraint(benchmark::State& state) {
  const double eps = std::pow(10.0, -0.5 * static_cast<double>(state.range(0)) - 1.0);
  const bool penalty = state.range(1) != 0;
  // The sag under the largest load (3 m g at the bottom) is eps / 2; the rest of
  // the budget goes to the dynamics.
  const double k = 2 * 3 * kG / eps;
  double h = 0;
  Run run;
  for (auto _ : state) {
    if (penalty)
      h = largestH(
          [&] {
            pbm::PenaltyBead p;
            setUp(p);
            p.k = k;
            p.d = 2 * std::sqrt(k * p.bead.m);  // critically damped along the spoke
            return p;
          },
          eps, run);
    else
      h = largestH(
          [&] {
            pbm::BeadSystem b;
            setUp(b);
            b.feedback = {100, 20};
            return b;
          },
          eps, run);
  }
  state.SetLabel(penalty ? "series=penalty" : "series=constraint");
  state.counters["epsilon"] = eps;
  state.counters["k"] = penalty ? k : 0.0;
  state.counters["h"] = h;
  state.counters["evals_per_s"] = h > 0 ? 4.0 / h : 0.0;
  state.counters["max_radial_error"] = run.maxRadialError;
}
BENCHMARK(BM_PenaltyVsConstraint)
    ->ArgsProduct({{0, 1, 2, 3, 4, 5, 6, 7, 8}, {0, 1}})
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);

void BM_DerivEval(benchmark::State& state) {
  pbm::BeadSystem b;
  pbm::PenaltyBead p;
  setUp(b);
  setUp(p);
  b.bead.v = p.bead.v = Vector2d(0.3, 2.0);
  b.feedback = {100, 20};
  Eigen::VectorXd d(4);
  for (auto _ : state) {
    if (state.range(0) == 0)
      b.derivEval(d);
    else
      p.derivEval(d);
    benchmark::DoNotOptimize(d.data());
  }
  state.SetLabel(state.range(0) == 0 ? "constrained bead (eq 7 + feedback)" : "penalty spring");
}
BENCHMARK(BM_DerivEval)->Arg(0)->Arg(1);

}  // namespace

BENCHMARK_MAIN();
