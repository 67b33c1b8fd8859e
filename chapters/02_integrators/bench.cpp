// Chapter 02 benchmark: the step-size trade-off (DEB §2.1 "Euler's method
// isn't even efficient", §3 adaptive step sizes) as a work-precision table:
// error against derivative evaluations (and time) for Euler, midpoint, RK4 and
// adaptive Euler, on one revolution of the rotation field and one period of a
// Kepler orbit (e = 0.5), beside Boost.Odeint's runge_kutta4 and controlled
// runge_kutta_dopri5 on the same problems. Then the cost of one RK4 step on a
// 10^5-unknown spring chain, ours against odeint's.
//
// Names: BM_<Problem>/<series>/<evals or tol index>; label series=NAME;
// counters h (mean step), evals (derivative evaluations), error.
#include <benchmark/benchmark.h>

#include <Eigen/Core>
#include <boost/numeric/odeint.hpp>
#include <cmath>
#include <cstdlib>
#include <numbers>
#include <string>
#include <vector>

#include "pbm/integrators/adaptive_run.h"
#include "pbm/integrators/integrators.h"

namespace {

namespace odeint = boost::numeric::odeint;
using Eigen::VectorXd;
using State = std::vector<double>;
constexpr double kTwoPi = 2 * std::numbers::pi;

// ------------------------------------------------------------ the problems
// Both as plain functions of (x, t) so ours and odeint's evaluate the same code.

struct Problem {
  const char* name;
  int dim;
  std::vector<double> x0;
  double tEnd;
  void (*f)(const double* x, double* dxdt);
};

void rotationF(const double* x, double* d) {
  d[0] = -x[1];
  d[1] = x[0];
}

// Kepler, mu = 1: (x, y, vx, vy)' = (vx, vy, -r/|r|^3).
void keplerF(const double* s, double* d) {
  const double r = std::hypot(s[0], s[1]), r3 = r * r * r;
  d[0] = s[2];
  d[1] = s[3];
  d[2] = -s[0] / r3;
  d[3] = -s[1] / r3;
}

// Rotation: one revolution from (1, 0). Kepler: a = 1, e = 0.5, from perihelion
// r = 0.5 with speed sqrt((1 + e)/(1 - e)) = sqrt 3; period 2 pi.
const Problem kRotation{"Rotation", 2, {1.0, 0.0}, kTwoPi, rotationF};
const Problem kKepler{"Kepler", 4, {0.5, 0.0, 0.0, std::sqrt(3.0)}, kTwoPi, keplerF};

// Error after one period: distance of the final state from the start (the
// exact solution is periodic), position and velocity together.
double periodError(const Problem& p, const double* x) {
  double s = 0;
  for (int i = 0; i < p.dim; ++i) s += (x[i] - p.x0[i]) * (x[i] - p.x0[i]);
  return std::sqrt(s);
}

// The problem as an OdeSystem that can evaluate f anywhere (derivEvalAt),
// lends its state in place (stateView) and takes a new one by swapping
// buffers (swapState), so a step costs no copies of the state.
// It counts its evaluations itself, as odeint's right-hand side below does: a
// CountingSystem wrapper would add a virtual call to every call.
class ProblemSystem : public pbm::OdeSystem {
 public:
  explicit ProblemSystem(const Problem& p)
      : p_(p), x_(Eigen::Map<const VectorXd>(p.x0.data(), p.dim)) {}
  int dim() const override { return p_.dim; }
  void getState(VectorXd& x, double& t) const override { x = x_, t = t_; }
  void setState(const VectorXd& x, double t) override { x_ = x, t_ = t; }
  void derivEval(VectorXd& xdot) override { derivEvalAt(x_, t_, xdot); }
  void derivEvalAt(const VectorXd& x, double, VectorXd& xdot) override {
    ++evals_;
    xdot.resize(p_.dim);
    p_.f(x.data(), xdot.data());
  }
  const VectorXd* stateView(double& t) const override { return t = t_, &x_; }
  void swapState(VectorXd& x, double t) override { x_.swap(x), t_ = t; }
  const VectorXd& x() const { return x_; }
  double t() const { return t_; }
  long evals() const { return evals_; }

 private:
  const Problem& p_;
  VectorXd x_;
  double t_ = 0;
  long evals_ = 0;
};

// ------------------------------------------------------------ fixed-step, ours

void fixedStep(benchmark::State& state, const Problem& p, pbm::Method m, const char* series) {
  const long evalBudget = state.range(0);
  const long steps = evalBudget / pbm::methodEvals(m);
  const double h = p.tEnd / steps;
  double error = 0;
  long evals = 0;
  for (auto _ : state) {
    ProblemSystem sys(p);
    pbm::integrate(sys, m, h, p.tEnd);
    error = periodError(p, sys.x().data());
    evals = sys.evals();
    benchmark::DoNotOptimize(error);
  }
  state.SetLabel(std::string("series=") + series);
  state.counters["h"] = h;
  state.counters["evals"] = static_cast<double>(evals);
  state.counters["error"] = error;
}

// ------------------------------------------------------------ adaptive Euler, ours

// tol = 10^-(arg/2): arg 2..14 gives 1e-1 .. 1e-7.
double tolFromArg(long arg) {
  return std::pow(10.0, -0.5 * static_cast<double>(arg));
}

void adaptiveEuler(benchmark::State& state, const Problem& p) {
  const double tol = tolFromArg(state.range(0));
  double error = 0;
  pbm::AdaptiveStats stats;
  for (auto _ : state) {
    ProblemSystem sys(p);
    pbm::AdaptiveRun run;  // the last step is clipped to land on tEnd
    run.reset(1e-2);
    while (run.time() < p.tEnd) run.advance(sys, p.tEnd, tol);
    stats = run.stats();
    error = periodError(p, sys.x().data());
    benchmark::DoNotOptimize(error);
  }
  state.SetLabel("series=adaptive_euler");
  state.counters["tol"] = tol;
  state.counters["h"] = p.tEnd / static_cast<double>(stats.accepted);
  state.counters["evals"] = static_cast<double>(stats.evals);
  state.counters["error"] = error;
  state.counters["accepted"] = static_cast<double>(stats.accepted);
  state.counters["rejected"] = static_cast<double>(stats.rejected);
  state.counters["h_min"] = stats.hMin;
  state.counters["h_max"] = stats.hMax;
}

// ------------------------------------------------------------ odeint

struct OdeintRhs {
  const Problem* p;
  long* evals;
  void operator()(const State& x, State& dxdt, double) const {
    ++*evals;
    p->f(x.data(), dxdt.data());
  }
};

void odeintRk4(benchmark::State& state, const Problem& p) {
  const long steps = state.range(0) / 4;
  const double h = p.tEnd / steps;
  double error = 0;
  long evals = 0;
  for (auto _ : state) {
    State x = p.x0;
    evals = 0;
    odeint::runge_kutta4<State> rk4;
    odeint::integrate_n_steps(rk4, OdeintRhs{&p, &evals}, x, 0.0, h, static_cast<size_t>(steps));
    error = periodError(p, x.data());
    benchmark::DoNotOptimize(error);
  }
  state.SetLabel("series=odeint_rk4");
  state.counters["h"] = h;
  state.counters["evals"] = static_cast<double>(evals);
  state.counters["error"] = error;
}

void odeintDopri5(benchmark::State& state, const Problem& p) {
  const double tol = tolFromArg(state.range(0));
  double error = 0;
  long evals = 0;
  size_t steps = 0;
  for (auto _ : state) {
    State x = p.x0;
    evals = 0;
    // Absolute and relative tolerance both tol; integrate_adaptive clips the
    // last step to land on tEnd.
    steps = odeint::integrate_adaptive(
        odeint::make_controlled<odeint::runge_kutta_dopri5<State>>(tol, tol), OdeintRhs{&p, &evals},
        x, 0.0, p.tEnd, 1e-2);
    error = periodError(p, x.data());
    benchmark::DoNotOptimize(error);
  }
  state.SetLabel("series=odeint_dopri5");
  state.counters["tol"] = tol;
  state.counters["h"] = p.tEnd / static_cast<double>(steps);
  state.counters["evals"] = static_cast<double>(evals);
  state.counters["error"] = error;
}

// Evaluation budgets 64, 256, ..., 65536 (every method's steps divide them).
// The work-precision plots draw error against evaluations, which do not
// depend on the timing: 0.1 s per case instead of Google Benchmark's 0.5 s
// (the default run: 73 s before) still times the small cases over many
// iterations. PBM_BENCH_SLOW=1 restores 0.5 s.
double minTime() {
  const char* slow = std::getenv("PBM_BENCH_SLOW");
  return slow != nullptr && std::string(slow) == "1" ? 0.5 : 0.1;
}
void evalBudgets(benchmark::internal::Benchmark* b) {
  for (long e = 64; e <= 65536; e *= 4) b->Arg(e);
  b->MinTime(minTime());
}
void tolerances(benchmark::internal::Benchmark* b) {
  for (long a = 2; a <= 14; a += 2) b->Arg(a);  // tol 1e-1 .. 1e-7
  b->MinTime(minTime());
}

#define PBM_WORK_PRECISION(PROBLEM)                                                               \
  BENCHMARK_CAPTURE(fixedStep, PROBLEM##_euler, k##PROBLEM, pbm::Method::Euler, "euler")          \
      ->Name("BM_" #PROBLEM "/euler")                                                             \
      ->Apply(evalBudgets);                                                                       \
  BENCHMARK_CAPTURE(fixedStep, PROBLEM##_midpoint, k##PROBLEM, pbm::Method::Midpoint, "midpoint") \
      ->Name("BM_" #PROBLEM "/midpoint")                                                          \
      ->Apply(evalBudgets);                                                                       \
  BENCHMARK_CAPTURE(fixedStep, PROBLEM##_rk4, k##PROBLEM, pbm::Method::RK4, "rk4")                \
      ->Name("BM_" #PROBLEM "/rk4")                                                               \
      ->Apply(evalBudgets);                                                                       \
  BENCHMARK_CAPTURE(odeintRk4, PROBLEM, k##PROBLEM)                                               \
      ->Name("BM_" #PROBLEM "/odeint_rk4")                                                        \
      ->Apply(evalBudgets);                                                                       \
  BENCHMARK_CAPTURE(adaptiveEuler, PROBLEM, k##PROBLEM)                                           \
      ->Name("BM_" #PROBLEM "/adaptive_euler")                                                    \
      ->Apply(tolerances);                                                                        \
  BENCHMARK_CAPTURE(odeintDopri5, PROBLEM, k##PROBLEM)                                            \
      ->Name("BM_" #PROBLEM "/odeint_dopri5")                                                     \
      ->Apply(tolerances)

PBM_WORK_PRECISION(Rotation);
PBM_WORK_PRECISION(Kepler);

// ------------------------------------------------------------ one RK4 step, 10^5 unknowns

// A chain of n unit masses joined by unit springs, both ends tied to walls:
// x_i'' = x_{i+1} - 2 x_i + x_{i-1}. First-order state (x_0..x_{n-1}, v_0..v_{n-1}).
void chainF(const double* s, double* d, long n) {
  const double* x = s;
  const double* v = s + n;
  double* a = d + n;
  for (long i = 0; i < n; ++i) d[i] = v[i];
  for (long i = 0; i < n; ++i) {
    const double left = i > 0 ? x[i - 1] : 0.0, right = i + 1 < n ? x[i + 1] : 0.0;
    a[i] = left - 2 * x[i] + right;
  }
}

State chainStart(long n) {
  State s(2 * n, 0.0);
  for (long i = 0; i < n; ++i) s[i] = std::sin(0.001 * static_cast<double>(i));
  return s;
}

// Like ProblemSystem: no copies of the state, so ours and odeint's step make
// the same passes over memory.
class ChainSystem : public pbm::OdeSystem {
 public:
  explicit ChainSystem(long n) : n_(n), x_(2 * n) {
    const State s = chainStart(n);
    x_ = Eigen::Map<const VectorXd>(s.data(), 2 * n);
  }
  int dim() const override { return static_cast<int>(2 * n_); }
  void getState(VectorXd& x, double& t) const override { x = x_, t = t_; }
  void setState(const VectorXd& x, double t) override { x_ = x, t_ = t; }
  void derivEval(VectorXd& xdot) override { derivEvalAt(x_, t_, xdot); }
  void derivEvalAt(const VectorXd& x, double, VectorXd& xdot) override {
    xdot.resize(2 * n_);
    chainF(x.data(), xdot.data(), n_);
  }
  const VectorXd* stateView(double& t) const override { return t = t_, &x_; }
  void swapState(VectorXd& x, double t) override { x_.swap(x), t_ = t; }

 private:
  long n_;
  VectorXd x_;
  double t_ = 0;
};

void BM_Rk4StepLarge_ours(benchmark::State& state) {
  const long n = state.range(0) / 2;
  ChainSystem sys(n);
  for (auto _ : state) {
    pbm::rk4Step(sys, 1e-3);
    benchmark::ClobberMemory();
  }
  state.SetLabel("series=ours");
  state.counters["unknowns"] = static_cast<double>(2 * n);
}

void BM_Rk4StepLarge_odeint(benchmark::State& state) {
  const long n = state.range(0) / 2;
  State x = chainStart(n);
  odeint::runge_kutta4<State> rk4;
  auto rhs = [n](const State& s, State& d, double) { chainF(s.data(), d.data(), n); };
  double t = 0;
  for (auto _ : state) {
    rk4.do_step(rhs, x, t, 1e-3);
    t += 1e-3;
    benchmark::ClobberMemory();
  }
  state.SetLabel("series=odeint");
  state.counters["unknowns"] = static_cast<double>(2 * n);
}

BENCHMARK(BM_Rk4StepLarge_ours)->Arg(100000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Rk4StepLarge_odeint)->Arg(100000)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
