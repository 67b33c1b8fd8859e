// Chapter 01 benchmarks (DEB §2.1, §4).
//
// BM_EulerTrace: one revolution of the rotation field with Euler's method for a
//   range of h. The error shrinks like h (DEB §2.1, "bigger steps, bigger
//   errors") while the cost, in derivative evaluations, grows like 1/h: the
//   first step-size trade-off. error x evals stays near 2 pi^2.
// BM_DerivEvalInterface: what the modular solver interface (DEB §4) costs per
//   derivative evaluation: through the virtual OdeSystem (dynamic vectors,
//   get/set copies, a std::function field), by a direct call of the field
//   function, and inlined with fixed-size vectors.
// BM_GlyphGrid: one frame's hedgehog, a 64 x 48 grid of field evaluations.
#include <benchmark/benchmark.h>

#include <Eigen/Core>
#include <cmath>
#include <numbers>

#include "pbm/core/counting_system.h"
#include "pbm/fields/euler.h"
#include "pbm/fields/field_point.h"
#include "pbm/fields/fields.h"

namespace {

using Eigen::Vector2d;
constexpr double kTwoPi = 2.0 * std::numbers::pi;

// h = 1e-4 * range(0); one revolution in n = ceil(2 pi / h) equal steps of 2 pi / n.
void BM_EulerTrace(benchmark::State& state) {
  const double hNominal = 1e-4 * static_cast<double>(state.range(0));
  const int n = static_cast<int>(std::ceil(kTwoPi / hNominal - 1e-9));
  const double h = kTwoPi / n;
  pbm::FieldPoint point([](const Vector2d& x, double t) { return pbm::rotationField(x, t); },
                        Vector2d(1.0, 0.0));
  pbm::CountingSystem counted(point);
  Vector2d last(0.0, 0.0);
  for (auto _ : state) {
    counted.setState(Vector2d(1.0, 0.0), 0.0);
    counted.resetCounts();
    const auto vertices = pbm::traceIntegralCurve(counted, h, n);
    last = vertices.back();
    benchmark::DoNotOptimize(last.data());
  }
  // After one revolution the exact point is back at (1, 0) (DEB §2.1, Fig. 4).
  const double error = (last - Vector2d(1.0, 0.0)).norm();
  state.counters["h"] = h;
  state.counters["evals"] = static_cast<double>(counted.evals());
  state.counters["error"] = error;
  state.counters["radius_error"] = std::abs(last.norm() - 1.0);
  state.counters["predicted"] = std::pow(1.0 + h * h, 0.5 * n) - 1.0;  // (1+h^2)^{n/2} - 1
  state.counters["error_x_evals"] = error * static_cast<double>(counted.evals());
  state.SetItemsProcessed(state.iterations() * n);
  state.SetLabel("series=euler");
}
BENCHMARK(BM_EulerTrace)->Arg(1000)->Arg(300)->Arg(100)->Arg(30)->Arg(10);

enum class Route { VirtualOdeSystem, DirectCall, Inlined };

// One Euler step per iteration, so each evaluation depends on the last one and
// cannot be hoisted; h is small so the state stays near the unit circle.
void BM_DerivEvalInterface(benchmark::State& state, Route route) {
  const double h = 1e-6;
  double t = 0.0;
  if (route == Route::VirtualOdeSystem) {
    pbm::FieldPoint point([](const Vector2d& x, double tt) { return pbm::rotationField(x, tt); },
                          Vector2d(1.0, 0.0));
    pbm::OdeSystem& sys = point;  // the solver's view: DEB §4's generic operations
    Eigen::VectorXd x(2), xdot(2);
    for (auto _ : state) {
      sys.getState(x, t);
      sys.derivEval(xdot);
      x += h * xdot;
      sys.setState(x, t + h);
    }
    sys.getState(x, t);
    benchmark::DoNotOptimize(x.data());
  } else if (route == Route::DirectCall) {
    Vector2d x(1.0, 0.0);
    for (auto _ : state) {
      x += h * pbm::rotationField(x, t);  // a call into the student library, fixed-size
      t += h;
      benchmark::DoNotOptimize(x.data());
    }
  } else {
    Vector2d x(1.0, 0.0);
    for (auto _ : state) {
      x += h * Vector2d(-x.y(), x.x());  // the same field, visible to the optimiser
      t += h;
      benchmark::DoNotOptimize(x.data());
    }
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["evals_per_s"] =
      benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK_CAPTURE(BM_DerivEvalInterface, virtual_odesystem, Route::VirtualOdeSystem);
BENCHMARK_CAPTURE(BM_DerivEvalInterface, direct_call, Route::DirectCall);
BENCHMARK_CAPTURE(BM_DerivEvalInterface, inlined_fixed_size, Route::Inlined);

// The viewer's per-frame field evaluations for a 64 x 48 hedgehog.
template <class Field>
void BM_GlyphGrid(benchmark::State& state, Field field) {
  const int nx = 64, ny = 48;
  for (auto _ : state) {
    double sum = 0.0;
    for (int i = 0; i < nx; ++i)
      for (int j = 0; j < ny; ++j) {
        const Vector2d p(-3.0 + 6.0 * i / (nx - 1), -2.0 + 4.0 * j / (ny - 1));
        sum += field(p, 0.5).norm();
      }
    benchmark::DoNotOptimize(sum);
  }
  state.counters["arrows"] = nx * ny;
  state.SetItemsProcessed(state.iterations() * nx * ny);
}
BENCHMARK_CAPTURE(BM_GlyphGrid, rotation,
                  [](const Vector2d& x, double t) { return pbm::rotationField(x, t); });
BENCHMARK_CAPTURE(BM_GlyphGrid, rotating_wind,
                  [](const Vector2d& x, double t) { return pbm::rotatingWindField(x, t, 1.5); });
BENCHMARK_CAPTURE(BM_GlyphGrid, pendulum_phase, [](const Vector2d& x, double t) {
  return pbm::phasePlaneField(x, t, 1.0, [](double p, double, double) { return -std::sin(p); });
});

}  // namespace

BENCHMARK_MAIN();
