// Chapter 07 benchmark: what rigid bodies cost and where the two state
// representations differ (RBI §3-§4).
//
// BM_RigidStep/<quat|matrix>/<euler|midpoint|rk4>/N
//     one step of N torque-free blocks through the OdeSystem path the scenes
//     use (RigidWorld or RigidWorldMatrix, a rigidMethods() step with its
//     renormalisation); items = body-steps; counter time_per_body_step (s).
//     quat_plain/rk4: the quaternion world with renormalizeAfterStep off.
// BM_FusedRk4/N
//     the same RK4 step written by hand over the same bodies: each body's
//     four stages in registers, no state arrays, no virtual calls, and the
//     reference functions' arithmetic in their order, so that it computes
//     the world's numbers bit for bit (counter differing_numbers: 0). The
//     ratio BM_RigidStep/quat/rk4/N : BM_FusedRk4/N is what the modular
//     solver interface (DEB §4, RBI §3) costs.
// BM_FusedRk4EigenRotation/N
//     the hand-fused step with Eigen's rotation matrix instead of the notes'
//     formula: cheaper arithmetic, other last bits. Beside BM_FusedRk4 it
//     shows what the arithmetic costs, apart from the interface.
// BM_Renormalize/<quat_normalize|gram_schmidt|svd_polar>
//     restoring a drifted orientation: |q| = 1 (RBI §4) against making a
//     3x3 matrix orthonormal by Gram-Schmidt or by the SVD polar factor.
// BM_Drift/<quat|matrix>/<method>/k, h = 0.1 / 2^k
//     20 s of block B1 (1 x 2 x 3, M = 6) spinning at omega_b = (1, 0.5, 2):
//     counters h, energy_drift |dE/E0|, norm_err (| |q| - 1 | or
//     ||R^T R - 1||); BM_DriftSlope/<state>/<method> fits the slope of
//     log |dE/E0| against log h over the five steps (those that did not blow
//     up) and reports the largest h with |dE/E0| < 1e-6.
#include <benchmark/benchmark.h>

#include <Eigen/Dense>
#include <Eigen/Geometry>
#include <cmath>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "pbm/rigid/methods.h"
#include "pbm/rigid/rigid.h"
#include "pbm/rigid/rigid_world.h"
#include "pbm/rigid/rigid_world_matrix.h"

namespace {

using Eigen::Matrix3d;
using Eigen::Quaterniond;
using Eigen::Vector3d;

constexpr double kH = 0.01;
const char* const kMethodNames[3] = {"euler", "midpoint", "rk4"};

// N blocks B1 at random orientations and spins (seeded: the same every run).
std::vector<pbm::RigidBody> blocks(long n) {
  std::mt19937 rng(11);
  std::normal_distribution<double> normal(0.0, 1.0);
  std::vector<pbm::RigidBody> out;
  for (long i = 0; i < n; ++i) {
    pbm::RigidBody b = pbm::makeBlock(6.0, Vector3d(1.0, 2.0, 3.0));
    b.x = Vector3d(normal(rng), normal(rng), normal(rng));
    b.q = Quaterniond(normal(rng), normal(rng), normal(rng), normal(rng)).normalized();
    b.P = b.mass * Vector3d(normal(rng), normal(rng), normal(rng));
    pbm::computeAuxiliary(b);
    pbm::setBodyOmega(b, Vector3d(normal(rng), normal(rng), normal(rng)));
    out.push_back(b);
  }
  return out;
}

const pbm::MethodInfo& method(int m) {
  return pbm::findMethod(pbm::rigidMethods(), kMethodNames[m]);
}

// ------------------------------------------------------------ one step, N bodies

// What every one-step benchmark reports: items = body-steps, the series for
// the plot, the body count, and the seconds per body-step (the inverse of a
// rate, so the console prints it with its SI prefix, e.g. 317ns; the plot
// shows it in ns).
void reportBodySteps(benchmark::State& state, long n, const char* series) {
  state.SetItemsProcessed(state.iterations() * n);
  state.SetLabel(std::string("series=") + series);
  state.counters["bodies"] = static_cast<double>(n);
  state.counters["time_per_body_step"] =
      benchmark::Counter(static_cast<double>(state.iterations() * n),
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

template <class World>
void rigidStep(benchmark::State& state, int m, const char* series, bool renormalize = true) {
  const long n = state.range(0);
  World world;
  for (const auto& b : blocks(n)) world.add(b);
  if constexpr (std::is_same_v<World, pbm::RigidWorld>) world.renormalizeAfterStep = renormalize;
  const auto& step = method(m).step;
  for (auto _ : state) {
    step(world, kH);
    benchmark::ClobberMemory();
  }
  reportBodySteps(state, n, series);
}

// The RK4 step by hand, body by body (torque-free bodies do not interact):
// each body's four stages in registers, no state arrays, no virtual calls.
// No force or torque acts, so P and L keep their values through the step
// and x-dot = P / M at every stage: the fused step skips those stages, which
// the world must form (a force may act there).
struct Fused {
  Vector3d x, P, L;
  Quaterniond q;
  Matrix3d IbodyInv;
  double invMass;
};

// R(q) by the notes' formula (RBI §4), as the reference quaternionToMatrix
// computes it. Written out rather than called: the fused step keeps it
// inline, and a call into the student's function is part of what the
// world's ratio measures.
inline Matrix3d notesRotation(const Quaterniond& q) {
  const double s = q.w(), x = q.x(), y = q.y(), z = q.z();
  Matrix3d R;
  R << 1 - 2 * y * y - 2 * z * z, 2 * x * y - 2 * s * z, 2 * x * z + 2 * s * y,  //
      2 * x * y + 2 * s * z, 1 - 2 * x * x - 2 * z * z, 2 * y * z - 2 * s * x,   //
      2 * x * z - 2 * s * y, 2 * y * z + 2 * s * x, 1 - 2 * x * x - 2 * y * y;
  return R;
}

// dq/dt = 1/2 [0, omega] q (4-2) with omega = R Ibody^-1 R^T L (2-40), R from
// q / |q|. NotesArithmetic: the reference functions' operations in their
// order (the notes' R, Iinv assigned as computeAuxiliary assigns it), so the
// step computes the world's numbers bit for bit; otherwise Eigen's rotation
// matrix, which costs less and rounds differently.
template <bool NotesArithmetic>
inline Quaterniond fusedQdot(const Fused& b, const Quaterniond& q) {
  // q.normalized() divides by |q| as computeAuxiliary does (the same bits).
  const Quaterniond unit = q.normalized();
  const Matrix3d R = NotesArithmetic ? notesRotation(unit) : unit.toRotationMatrix();
  Matrix3d Iinv;
  Iinv = R * b.IbodyInv * R.transpose();
  const Vector3d omega = Iinv * b.L;
  const Quaterniond wq = Quaterniond(0.0, omega.x(), omega.y(), omega.z()) * q;
  return Quaterniond(0.5 * wq.w(), 0.5 * wq.x(), 0.5 * wq.y(), 0.5 * wq.z());
}

// One RK4 step and |q| = 1, the stages and the final sum in chapter 02's
// order (x0 + h/2 f1, ..., x0 + h/6 f1 + h/3 f2 + h/3 f3 + h/6 f4).
template <bool NotesArithmetic>
inline void fusedRk4Step(Fused& b, double h) {
  const Vector3d v = b.invMass * b.P;
  const Quaterniond k1 = fusedQdot<NotesArithmetic>(b, b.q);
  Quaterniond qs;
  qs.coeffs() = b.q.coeffs() + h / 2 * k1.coeffs();
  const Quaterniond k2 = fusedQdot<NotesArithmetic>(b, qs);
  qs.coeffs() = b.q.coeffs() + h / 2 * k2.coeffs();
  const Quaterniond k3 = fusedQdot<NotesArithmetic>(b, qs);
  qs.coeffs() = b.q.coeffs() + h * k3.coeffs();
  const Quaterniond k4 = fusedQdot<NotesArithmetic>(b, qs);
  const double b1 = h / 6, b2 = h / 3, b3 = h / 3, b4 = h / 6;
  b.x = b.x + b1 * v + b2 * v + b3 * v + b4 * v;
  b.q.coeffs() =
      b.q.coeffs() + b1 * k1.coeffs() + b2 * k2.coeffs() + b3 * k3.coeffs() + b4 * k4.coeffs();
  b.q.normalize();  // renormalize's q / |q|
}

// Numbers (x, q, P, L of every body) in which 5 fused steps and 5 world
// steps from the same bodies differ: 0 when the fused step does the world's
// arithmetic, so that the ratio of their times is what the interface costs.
// (Built on your own functions, the world does your arithmetic: then it can
// differ, and the counter says so.)
double differingNumbers(const std::vector<pbm::RigidBody>& start, std::vector<Fused> fused) {
  pbm::RigidWorld world;
  for (const auto& b : start) world.add(b);
  for (int k = 0; k < 5; ++k) {
    method(2).step(world, kH);
    for (auto& b : fused) fusedRk4Step<true>(b, kH);
  }
  double differ = 0;
  for (size_t k = 0; k < fused.size(); ++k) {
    const pbm::RigidBody& w = world.bodies[k];
    const Fused& f = fused[k];
    differ += (w.x.array() != f.x.array()).count() + (w.P.array() != f.P.array()).count() +
              (w.L.array() != f.L.array()).count() +
              (w.q.coeffs().array() != f.q.coeffs().array()).count();
  }
  return differ;
}

template <bool NotesArithmetic>
void fusedRk4(benchmark::State& state, const char* series) {
  const long n = state.range(0);
  const std::vector<pbm::RigidBody> start = blocks(n);
  std::vector<Fused> bodies;
  for (const auto& b : start) bodies.push_back({b.x, b.P, b.L, b.q, b.IbodyInv, b.invMass});
  if constexpr (NotesArithmetic)
    state.counters["differing_numbers"] = differingNumbers(start, bodies);
  for (auto _ : state) {
    for (auto& b : bodies) fusedRk4Step<NotesArithmetic>(b, kH);
    benchmark::ClobberMemory();
  }
  reportBodySteps(state, n, series);
}

void BM_FusedRk4(benchmark::State& state) {
  fusedRk4<true>(state, "hand_fused");
}
void BM_FusedRk4EigenRotation(benchmark::State& state) {
  fusedRk4<false>(state, "hand_fused_eigen_rotation");
}

void bodyCounts(benchmark::internal::Benchmark* b) {
  for (long n : {1, 16, 256, 4096}) b->Arg(n);
}

BENCHMARK(BM_FusedRk4)->Name("BM_FusedRk4")->Apply(bodyCounts);
BENCHMARK(BM_FusedRk4EigenRotation)->Name("BM_FusedRk4EigenRotation")->Apply(bodyCounts);
// The quaternion world without the renormalisation after each step (which
// recomputes every body's auxiliaries once more): what |q| = 1 costs.
void BM_QuatPlainRk4(benchmark::State& state) {
  rigidStep<pbm::RigidWorld>(state, 2, "quat_without_renormalize", false);
}
BENCHMARK(BM_QuatPlainRk4)->Name("BM_RigidStep/quat_plain/rk4")->Apply(bodyCounts);

// ------------------------------------------------------------ renormalisation

constexpr int kBatch = 1024;

// Orientations that drifted a little off (as after steps without renormalising).
std::vector<Matrix3d> driftedMatrices() {
  std::mt19937 rng(5);
  std::normal_distribution<double> normal(0.0, 1.0);
  std::vector<Matrix3d> out;
  for (int i = 0; i < kBatch; ++i) {
    const Quaterniond q =
        Quaterniond(normal(rng), normal(rng), normal(rng), normal(rng)).normalized();
    out.push_back(q.toRotationMatrix() + 1e-3 * Matrix3d::Random());
  }
  return out;
}

void BM_RenormalizeQuat(benchmark::State& state) {
  std::mt19937 rng(5);
  std::normal_distribution<double> normal(0.0, 1.0);
  std::vector<Quaterniond> qs;
  for (int i = 0; i < kBatch; ++i)
    qs.emplace_back(Quaterniond(normal(rng), normal(rng), normal(rng), normal(rng)));
  for (auto _ : state) {
    for (auto& q : qs) {
      q.normalize();
      q.coeffs() *= 1.0 + 1e-9;  // off again, so the next pass does the same work
    }
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * kBatch);
  state.SetLabel("series=quat_normalize");
}

void BM_RenormalizeGramSchmidt(benchmark::State& state) {
  const std::vector<Matrix3d> in = driftedMatrices();
  std::vector<Matrix3d> out(in.size());
  for (auto _ : state) {
    for (size_t i = 0; i < in.size(); ++i) out[i] = pbm::gramSchmidt(in[i]);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * kBatch);
  state.SetLabel("series=gram_schmidt");
}

void BM_RenormalizeSvdPolar(benchmark::State& state) {
  const std::vector<Matrix3d> in = driftedMatrices();
  std::vector<Matrix3d> out(in.size());
  for (auto _ : state) {
    for (size_t i = 0; i < in.size(); ++i) {
      // The nearest rotation in the Frobenius norm: U V^T of R = U S V^T.
      const Eigen::JacobiSVD<Matrix3d> svd(in[i], Eigen::ComputeFullU | Eigen::ComputeFullV);
      out[i] = svd.matrixU() * svd.matrixV().transpose();
    }
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * kBatch);
  state.SetLabel("series=svd_polar");
}

BENCHMARK(BM_RenormalizeQuat)->Name("BM_Renormalize/quat_normalize");
BENCHMARK(BM_RenormalizeGramSchmidt)->Name("BM_Renormalize/gram_schmidt");
BENCHMARK(BM_RenormalizeSvdPolar)->Name("BM_Renormalize/svd_polar");

// ------------------------------------------------------------ drift against h

constexpr double kDriftT = 20.0;
constexpr int kDriftSteps = 5;  // h = 0.1, 0.05, 0.025, 0.0125, 0.00625

struct DriftResult {
  double energy, norm;
};

double energyOf(const pbm::RigidBody& b) {
  return 0.5 * b.omega.dot(b.L);  // no translation: P = 0
}

// 20 s of B1 at omega_b = (1, 0.5, 2) (E0 = 8.875 J) with the chosen state and method.
template <class World>
DriftResult drift(int m, double h) {
  pbm::RigidBody b = pbm::makeBlock(6.0, Vector3d(1.0, 2.0, 3.0));
  pbm::setBodyOmega(b, Vector3d(1.0, 0.5, 2.0));
  World world;
  world.add(b);
  const double e0 = energyOf(world.bodies[0]);
  const auto& step = method(m).step;
  const long n = std::lround(kDriftT / h);
  for (long k = 0; k < n; ++k) step(world, h);
  const auto& e = world.bodies[0];
  const double norm = std::is_same_v<World, pbm::RigidWorld> ? std::abs(e.q.norm() - 1.0)
                                                             : pbm::orthonormalityError(e.R);
  return {std::abs(energyOf(e) - e0) / e0, norm};
}

double driftH(int k) {
  return 0.1 / std::pow(2.0, k);
}

template <class World>
void BM_Drift(benchmark::State& state, int m, const char* series) {
  const double h = driftH(static_cast<int>(state.range(0)));
  DriftResult r{};
  for (auto _ : state) r = drift<World>(m, h);
  state.SetLabel(std::string("series=") + series);
  state.counters["h"] = h;
  state.counters["energy_drift"] = r.energy;
  state.counters["norm_err"] = r.norm;
}

template <class World>
void BM_DriftSlope(benchmark::State& state, int m, const char* series) {
  double slope = 0, hOk = 0;
  int points = 0;
  for (auto _ : state) {
    // Least squares of log |dE/E0| on log h over the five steps.
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    hOk = 0;
    points = 0;
    for (int k = 0; k < kDriftSteps; ++k) {
      const double h = driftH(k), e = drift<World>(m, h).energy;
      if (!(std::isfinite(e) && e > 0.0)) continue;  // blown up (matrix Euler at large h)
      const double x = std::log(h), y = std::log(e);
      sx += x, sy += y, sxx += x * x, sxy += x * y;
      ++points;
      if (e < 1e-6 && h > hOk) hOk = h;
    }
    const double n = points;
    slope = points >= 2 ? (n * sxy - sx * sy) / (n * sxx - sx * sx) : std::nan("");
  }
  state.SetLabel(std::string("series=") + series);
  state.counters["slope"] = slope;
  state.counters["h_max_1e-6"] = hOk;  // 0: none of the five reaches it
  state.counters["points"] = points;   // the steps that did not blow up
}

void driftSteps(benchmark::internal::Benchmark* b) {
  for (int k = 0; k < kDriftSteps; ++k) b->Arg(k);
  b->Iterations(1)->Unit(benchmark::kMillisecond);
}

// Registered by hand: a template's name cannot go through BENCHMARK_CAPTURE.
int registerStateBenchmarks() {
  for (int m = 0; m < 3; ++m) {
    const std::string method = kMethodNames[m];
    for (const std::string state : {"quat", "matrix"}) {
      // The plots draw a series named like a method (euler) solid in its
      // colour, and <something>_<method> dashed: quaternion solid, matrix dashed.
      const std::string series = state == "quat" ? method : state + "_" + method;
      const bool quat = state == "quat";
      benchmark::RegisterBenchmark(("BM_RigidStep/" + state + "/" + method).c_str(),
                                   [=](benchmark::State& st) {
                                     if (quat)
                                       rigidStep<pbm::RigidWorld>(st, m, series.c_str());
                                     else
                                       rigidStep<pbm::RigidWorldMatrix>(st, m, series.c_str());
                                   })
          ->Apply(bodyCounts);
      benchmark::RegisterBenchmark(("BM_Drift/" + state + "/" + method).c_str(),
                                   [=](benchmark::State& st) {
                                     if (quat)
                                       BM_Drift<pbm::RigidWorld>(st, m, series.c_str());
                                     else
                                       BM_Drift<pbm::RigidWorldMatrix>(st, m, series.c_str());
                                   })
          ->Apply(driftSteps);
      benchmark::RegisterBenchmark(("BM_DriftSlope/" + state + "/" + method).c_str(),
                                   [=](benchmark::State& st) {
                                     if (quat)
                                       BM_DriftSlope<pbm::RigidWorld>(st, m, series.c_str());
                                     else
                                       BM_DriftSlope<pbm::RigidWorldMatrix>(st, m, series.c_str());
                                   })
          ->Iterations(1)
          ->Unit(benchmark::kMillisecond);
    }
  }
  return 0;
}
const int kRegistered = registerStateBenchmarks();

}  // namespace

BENCHMARK_MAIN();
