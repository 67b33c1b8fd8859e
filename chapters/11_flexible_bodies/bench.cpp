// Chapter 11 benchmarks: why global deformations are not stiff (Baraff &
// Witkin 1992 §1), what the strain quadrature and the Monte Carlo mass matrix
// cost (§3-§4), and the energy an impact takes (§5). One material throughout:
// the unit square, rho = 1, mu = lambda = 50 (lambda = mu because a
// central-force lattice can only have that, see below).
//
//  BM_StableStepLattice/<N>, BM_StableStepFlex/<model>/<per_edge>: the
//    largest stable RK4 step h_crit,
//    found by bisection on blow-up: from a random 1e-6 perturbation of the
//    rest state (small amplitude: the linearised system), kSteps RK4 steps
//    at h; the run blew up when its energy grew past 1e4 times the start
//    (below the limit RK4 damps every mode, DEB §2; just above it the top
//    mode grows by |R(i h omega)|^2 ~ 1 + 14 (h/h_crit - 1) per step).
//    kBisections halvings after a bracket around the prediction: a resolution
//    (counter bracket) of 0.02 %. Models:
//    - lattice (N): chapter 04's particles and springs (PSD §4) as an N x N
//      square of the same material. Each particle is the centre of an a x a
//      cell, a = L/N, so its mass is rho a^2 and the N^2 particles weigh
//      rho L^2; structural springs k = 2 mu, diagonal springs k_d = mu. Why:
//      under a uniform small strain eps a cell (one structural spring each
//      way, two diagonals of length a sqrt 2) stores
//        1/2 k (eps_xx^2 + eps_yy^2) + k_d ((eps_xx + eps_yy)^2 / 2 + 2 eps_xy^2)
//      per area a^2 (spring constants in 2D are moduli, N/m); the isotropic
//      mu (eps_xx^2 + eps_yy^2 + 2 eps_xy^2) + lambda/2 (tr eps)^2 matches
//      it iff mu = lambda = k_d = k/2 (Cauchy's relation: a central-force
//      lattice has lambda = mu). Its fastest wave (the x-displacement
//      alternating along x) has omega^2 = (4k + 4k_d)/(rho a^2) =
//      12 mu / (rho a^2) in the bulk, an upper bound of the finite
//      lattice's spectrum: predicted h_crit = 2 sqrt 2 a sqrt(rho / (12 mu))
//      (0.1155 / N here), falling as 1/N. Counter h_crit_N = h_crit N.
//    - affine, quadratic (per_edge): the global bodies (3 x 3 Gauss
//      strain quadrature) with per_edge boundary pieces per edge. The
//      boundary is the collision polygon, which the free motion never reads:
//      h_crit is measured anyway, so independence of it is a measurement.
//      Predicted 2 sqrt 2 / omega_max from the spectrum: affine
//      omega^2 = 24 mu/rho, 24 (mu + lambda)/rho; quadratic adds the roots of
//      w^3 - (216 mu + 72 lambda) w^2 + (12960 mu^2 + 7920 lambda mu) w
//      - 172800 mu^2 (mu + lambda) = 0, w = rho omega^2.
//    Counters: resolution (N or per_edge), dof, h_crit, predicted,
//    h_over_predicted, bracket, trials (RK4 runs of the bisection), and one
//    simulated second at 0.9 h_crit: evals_per_s (derivative evaluations),
//    ms_per_s (CPU ms, the mean of repeated runs).
//  BM_PredictedStep/<model>/<resolution>: the predictions alone, drawn
//    dashed beside the measurements (series <model>_predicted).
//  BM_StableStepSummary: the spreads max/min - 1 of the rows above: h_crit
//    over per_edge (affine_spread, quadratic_spread) and h_crit N over N
//    (lattice_hN_spread).
//  BM_EvalCost/<model>_<rule>: one derivative evaluation of a free body at a
//    large deformation with the strain energy integrated by Gauss 1, 2 x 2,
//    3 x 3 or 64 Monte Carlo points (weights V/64). Counters points,
//    energy_error (relative, against 3 x 3 Gauss, exact: the quadratic
//    body's W is a degree-4 polynomial in u; the affine body's F is constant,
//    so every rule is exact), zero_modes (rest-state modes with
//    omega^2 < 1e-6 omega_max^2: 3 are rigid, more are hourglass modes).
//  BM_MassMonteCarlo/<N>: the quadratic unit square's M by N uniform samples
//    (the paper's precomputation, §3) against the closed-form moments:
//    error = RMS over kSeeds seeds of |M_N - M|_F / |M|_F; ms_per_matrix.
//    BM_MassMonteCarloSlope fits log error against log N: slope -1/2.
//  BM_ImpactLoss/<model>: a square moving down at v meets the floor flat
//    (§5). The least-error impulse stops only the contact points: the bottom
//    vertices (2 corners affine, corners and midpoint quadratic), which
//    carry the whole bottom edge's motion, so the square is the 1D rod of
//    degree d struck at its end. Simultaneous impulses (all contacts
//    approach alike, so the LCP's answer is the dense solve of
//    K(u_i, u_k) j_k = v, with j > 0 checked: j_min_over_mv). Counters loss
//    (fraction of the kinetic energy), expected = 1/(d+1)^2, vcom_ratio (COM
//    velocity after / before, 1 - 1/(d+1)^2); for contrast loss_staggered
//    (one flexCollisionImpulse per vertex in turn: the later ones push the
//    earlier ones off the floor, less is lost) and loss_mid (one impulse at
//    the bottom midpoint only, 1/(K m): 1/4 affine, 4/41 quadratic).
//  BM_RestingLcp/<vertices>: the resting-contact force LCP (§5, chapter 10's
//    solveLcpDantzig) of the quadratic unit square set down on its bottom
//    edge at rest, with per_edge = 2, 4, 8, 16 (3, 5, 9, 17 bottom
//    vertices, normals up): A = flexContactMatrix, b = flexContactBVector
//    of the free acceleration g e_0^T (every b_i = -g). On the line
//    y = -1/2 the quadratic basis spans only 1, x, x^2, so A has rank 3 for
//    any number of vertices: the LCP is degenerate (f is not unique) and
//    Dantzig's method must not clamp a dependent vertex. Timed: building A
//    and b and the solve. Counters vertices, rank (of A, FullPivLU at
//    1e-10 relative), pivots, ok, sum_f_over_mg (the first-touch total,
//    1/9 for any vertex count: a = 0 at the contacts fixes the body's
//    acceleration, A's range pins sum f) and max_a (the largest |a_i| at
//    the answer, 0 up to round-off).
#include <benchmark/benchmark.h>

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <ctime>
#include <functional>
#include <limits>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "pbm/core/counting_system.h"
#include "pbm/flexible/flex_body.h"
#include "pbm/flexible/flexible.h"
#include "pbm/integrators/methods.h"
#include "pbm/particles/forces.h"
#include "pbm/particles/particles.h"
#include "pbm/resting/lcp.h"

namespace {

using Eigen::Matrix2Xd;
using Eigen::MatrixXd;
using Eigen::Vector2d;
using Eigen::VectorXd;

constexpr double kRho = 1.0, kMu = 50.0, kLambda = 50.0, kSide = 1.0;
constexpr int kSteps = 2000;         // RK4 steps per trial of the bisection
constexpr int kBisections = 12;      // bracket [0.6, 1.5] x predicted: 0.02 %
constexpr double kBlowUp = 1e4;      // energy ratio that counts as a blow-up
constexpr double kAmplitude = 1e-6;  // start: rest + kAmplitude x random

const pbm::MethodInfo& rk4() {
  return pbm::findMethod(pbm::integratorMethods(), "rk4");
}

// ------------------------------------------------------------- stable step

// A system under test: the ODE, its energy, and the perturbed start state.
struct Probe {
  pbm::OdeSystem* sys = nullptr;
  std::function<double()> energy;
  VectorXd x0;
};

bool blowsUp(Probe& p, double h, double e0) {
  p.sys->setState(p.x0, 0.0);
  const auto& step = rk4().step;
  for (int k = 1; k <= kSteps; ++k) {
    step(*p.sys, h);
    if (k % 50 == 0 || k == kSteps) {
      const double e = p.energy();
      if (!std::isfinite(e) || e > kBlowUp * e0) return true;
    }
  }
  return false;
}

struct StableStep {
  double h = 0;        // largest step found stable
  double bracket = 0;  // the smallest step found unstable is h + bracket
  int trials = 0;      // RK4 runs spent
};

// Bisection on blow-up, bounded: a bracket from the prediction (widened at
// most 8 times either way), then kBisections halvings.
StableStep bisectStableStep(Probe& p, double guess) {
  p.sys->setState(p.x0, 0.0);
  const double e0 = p.energy();
  StableStep r;
  auto unstable = [&](double h) {
    ++r.trials;
    return blowsUp(p, h, e0);
  };
  double lo = 0.6 * guess, hi = 1.5 * guess;
  for (int k = 0; k < 8 && unstable(lo); ++k) hi = lo, lo *= 0.5;
  for (int k = 0; k < 8 && !unstable(hi); ++k) lo = hi, hi *= 2.0;
  for (int k = 0; k < kBisections; ++k) {
    const double mid = 0.5 * (lo + hi);
    (unstable(mid) ? hi : lo) = mid;
  }
  r.h = lo;
  r.bracket = hi - lo;
  return r;
}

// One simulated second at h from the perturbed start, repeated until 50 ms
// of CPU time (at most 200 runs): evaluations and CPU ms per simulated second.
std::pair<long, double> costPerSecond(Probe& p, double h) {
  long evals = 0;
  std::clock_t spent = 0;
  int runs = 0;
  pbm::CountingSystem counted(*p.sys);
  const auto& step = rk4().step;
  const long steps = static_cast<long>(std::ceil(1.0 / h));
  while (runs < 200 && spent < CLOCKS_PER_SEC / 20) {
    p.sys->setState(p.x0, 0.0);
    counted.resetCounts();
    const std::clock_t start = std::clock();
    for (long k = 0; k < steps; ++k) step(counted, h);
    spent += std::clock() - start;
    evals = counted.evals();
    ++runs;
  }
  return {evals, 1e3 * static_cast<double>(spent) / CLOCKS_PER_SEC / runs};
}

// The lattice of the comment at the top: N x N particles of mass rho a^2,
// structural springs 2 mu, diagonals mu, no damping, gravity or drag.
void buildLattice(pbm::ParticleSystem& ps, int n) {
  const double a = kSide / n, k = 2.0 * kMu, kd = kMu;
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      pbm::Particle p;
      p.m = kRho * a * a;
      p.x = Vector2d(-0.5 * kSide + (c + 0.5) * a, -0.5 * kSide + (r + 0.5) * a);
      ps.add(p);
    }
  auto at = [n](int r, int c) { return r * n + c; };
  auto spring = [&](int i, int j, double ks) {
    ps.addForce<pbm::DampedSpring>(i, j, ks, 0.0, (ps.particles[i].x - ps.particles[j].x).norm());
  };
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      if (c + 1 < n) spring(at(r, c), at(r, c + 1), k);
      if (r + 1 < n) spring(at(r, c), at(r + 1, c), k);
      if (r + 1 < n && c + 1 < n) {
        spring(at(r, c), at(r + 1, c + 1), kd);
        spring(at(r, c + 1), at(r + 1, c), kd);
      }
    }
}

// The bulk lattice's fastest wave: omega^2 = 12 mu / (rho a^2).
double latticePredicted(int n) {
  const double a = kSide / n;
  return 2.0 * std::sqrt(2.0) / std::sqrt(12.0 * kMu / (kRho * a * a));
}

// The largest rho omega^2 of the unit square's spectrum (the stiffest mode).
double flexOmegaMaxSquared(pbm::DeformKind kind) {
  double w = 24.0 * std::max(kMu, kMu + kLambda);
  if (kind == pbm::DeformKind::Quadratic) {
    // The bending cubic's largest root, by Newton from above (its roots are
    // real and positive, so their sum 216 mu + 72 lambda bounds them).
    const double c2 = -(216.0 * kMu + 72.0 * kLambda);
    const double c1 = 12960.0 * kMu * kMu + 7920.0 * kLambda * kMu;
    const double c0 = -172800.0 * kMu * kMu * (kMu + kLambda);
    double x = -c2;
    for (int k = 0; k < 100; ++k) {
      const double f = ((x + c2) * x + c1) * x + c0, df = (3.0 * x + 2.0 * c2) * x + c1;
      if (df == 0) break;
      x -= f / df;
    }
    w = std::max(w, x);
  }
  return w / kRho;
}

std::map<std::string, double>& stableResults() {
  static std::map<std::string, double> results;  // "model/resolution" -> h_crit
  return results;
}

void report(benchmark::State& state, const std::string& model, int resolution, int dof,
            const StableStep& s, double predicted, Probe& p) {
  const auto [evals, ms] = costPerSecond(p, 0.9 * s.h);
  state.SetLabel("series=" + model);
  state.counters["resolution"] = resolution;
  state.counters["dof"] = dof;
  state.counters["h_crit"] = s.h;
  state.counters["predicted"] = predicted;
  state.counters["h_over_predicted"] = s.h / predicted;
  state.counters["bracket"] = s.bracket;
  state.counters["trials"] = s.trials;
  state.counters["evals_per_s"] = static_cast<double>(evals);
  state.counters["ms_per_s"] = ms;
  stableResults()[model + "/" + std::to_string(resolution)] = s.h;
}

void BM_StableStepLattice(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  pbm::ParticleSystem ps;
  buildLattice(ps, n);
  Probe p;
  p.sys = &ps;
  p.energy = [&ps] { return ps.kineticEnergy() + ps.potentialEnergy(pbm::EnergyKind::Spring); };
  double t0;
  ps.getState(p.x0, t0);
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int i = 0; i < ps.n(); ++i)
    for (int c = 0; c < 2; ++c) p.x0(4 * i + c) += kAmplitude * (kSide / n) * u(rng);
  StableStep s;
  for (auto _ : state) s = bisectStableStep(p, latticePredicted(n));
  report(state, "lattice", n, 2 * n * n, s, latticePredicted(n), p);
  state.counters["h_crit_N"] = s.h * n;
}

void BM_StableStepFlex(benchmark::State& state, pbm::DeformKind kind) {
  const int perEdge = static_cast<int>(state.range(0));
  pbm::FlexSystem sys(pbm::makeFlexRect(kind, kSide, kSide, {kRho, kMu, kLambda, 0.0}, 3, perEdge));
  Probe p;
  p.sys = &sys;
  p.energy = [&sys] {
    return pbm::flexKineticEnergy(sys.body(), sys.qdot()) +
           pbm::flexStrainEnergy(sys.body(), sys.q());
  };
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int j = 0; j < sys.q().cols(); ++j)
    for (int c = 0; c < 2; ++c) sys.q()(c, j) += kAmplitude * u(rng);
  double t0;
  sys.getState(p.x0, t0);
  const double predicted = 2.0 * std::sqrt(2.0) / std::sqrt(flexOmegaMaxSquared(kind));
  StableStep s;
  for (auto _ : state) s = bisectStableStep(p, predicted);
  const std::string model = kind == pbm::DeformKind::Affine ? "affine" : "quadratic";
  report(state, model, perEdge, 2 * sys.body().n(), s, predicted, p);
}

// max/min - 1 of the values stored under model/<r> for the resolutions rs,
// each scaled by r when byResolution (h_crit N); -1 when one is missing.
double spread(const std::string& model, const std::vector<int64_t>& rs, bool byResolution) {
  double lo = std::numeric_limits<double>::infinity(), hi = 0;
  for (int64_t r : rs) {
    const auto it = stableResults().find(model + "/" + std::to_string(r));
    if (it == stableResults().end()) return -1;
    const double v = byResolution ? it->second * static_cast<double>(r) : it->second;
    lo = std::min(lo, v), hi = std::max(hi, v);
  }
  return hi / lo - 1.0;
}

const std::vector<int64_t> kLatticeN = {4, 6, 8, 12, 16, 24, 32};
const std::vector<int64_t> kPerEdge = {1, 2, 4, 8, 16};

void BM_StableStepSummary(benchmark::State& state) {
  for (auto _ : state) {
  }
  state.counters["affine_spread"] = spread("affine", kPerEdge, false);
  state.counters["quadratic_spread"] = spread("quadratic", kPerEdge, false);
  state.counters["lattice_hN_spread"] = spread("lattice", kLatticeN, true);
}

// Rows for the plot only: the predicted h_crit, a dashed line beside each model.
void BM_PredictedStep(benchmark::State& state, const std::string& model) {
  const int r = static_cast<int>(state.range(0));
  for (auto _ : state) {
  }
  double h = 0;
  if (model == "lattice")
    h = latticePredicted(r);
  else
    h = 2.0 * std::sqrt(2.0) /
        std::sqrt(flexOmegaMaxSquared(model == "affine" ? pbm::DeformKind::Affine
                                                        : pbm::DeformKind::Quadratic));
  state.SetLabel("series=" + model + "_predicted");
  state.counters["resolution"] = r;
  state.counters["h_crit"] = h;
}

// ------------------------------------------------------ evaluation cost

// The body with its strain quadrature replaced by `samples` uniform random
// points of weight V/samples.
pbm::FlexBody monteCarloQuadrature(pbm::FlexBody b, int samples) {
  b.quadU.clear(), b.quadW.clear(), b.quadB.clear(), b.quadGrad.clear();
  std::mt19937_64 rng(64);
  std::uniform_real_distribution<double> u(-0.5 * kSide, 0.5 * kSide);
  for (int k = 0; k < samples; ++k)
    pbm::flex_detail::addQuadPoint(b, {u(rng), u(rng)}, b.area / samples);
  return b;
}

// A large deformation: stretched, sheared, bent, turned.
Matrix2Xd largeDeformation(pbm::DeformKind kind) {
  Matrix2Xd q = pbm::flexRestState(kind);
  q.col(1) = Vector2d(1.2, 0.3);
  q.col(2) = Vector2d(-0.2, 0.8);
  if (kind == pbm::DeformKind::Quadratic) {
    q.col(3) = Vector2d(0.1, 0.4);
    q.col(4) = Vector2d(-0.3, 0.2);
    q.col(5) = Vector2d(0.2, -0.25);
  }
  return q;
}

void BM_EvalCost(benchmark::State& state, pbm::DeformKind kind, int rule) {
  const pbm::FlexMaterial mat{kRho, kMu, kLambda, 0.0};
  const pbm::FlexBody exact = pbm::makeFlexRect(kind, kSide, kSide, mat, 3);
  const pbm::FlexBody body =
      rule > 0 ? pbm::makeFlexRect(kind, kSide, kSide, mat, rule) : monteCarloQuadrature(exact, 64);
  pbm::FlexSystem sys(body);
  sys.q() = largeDeformation(kind);
  sys.qdot() = 0.1 * sys.q();
  VectorXd d;
  for (auto _ : state) {
    sys.derivEval(d);
    benchmark::DoNotOptimize(d.data());
  }
  const double e = pbm::flexStrainEnergy(exact, sys.q());
  const VectorXd w2 = pbm::flexModes(body);
  int zero = 0;
  for (int i = 0; i < w2.size(); ++i) zero += w2(i) < 1e-6 * w2.maxCoeff();
  state.SetLabel(std::string("series=") +
                 (kind == pbm::DeformKind::Affine ? "affine" : "quadratic"));
  state.counters["points"] = static_cast<double>(body.quadU.size());
  state.counters["energy_error"] = std::abs(pbm::flexStrainEnergy(body, sys.q()) - e) / e;
  state.counters["zero_modes"] = zero;
  state.counters["time_per_eval"] = benchmark::Counter(  // seconds per evaluation
      1.0, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

// ------------------------------------------------ Monte Carlo mass matrix

constexpr int kSeeds = 32;
const std::vector<int64_t> kSamples = {100, 316, 1000, 3162, 10000, 31623, 100000};

struct McResult {
  double error = 0, ms = 0;
};

McResult monteCarloError(int samples) {
  static std::map<int, McResult> cache;
  if (auto it = cache.find(samples); it != cache.end()) return it->second;
  const std::vector<Vector2d> square = {{-0.5, -0.5}, {0.5, -0.5}, {0.5, 0.5}, {-0.5, 0.5}};
  const MatrixXd exact = pbm::flexMassMatrixRect(pbm::DeformKind::Quadratic, kSide, kSide, kRho);
  double sum2 = 0;
  const std::clock_t start = std::clock();
  for (int s = 0; s < kSeeds; ++s) {
    std::mt19937_64 rng(1000 + s);
    const MatrixXd M =
        pbm::flexMassMatrixMonteCarlo(pbm::DeformKind::Quadratic, square, kRho, samples, rng);
    sum2 += (M - exact).squaredNorm() / exact.squaredNorm();
  }
  McResult r;
  r.ms = 1e3 * static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC / kSeeds;
  r.error = std::sqrt(sum2 / kSeeds);
  cache[samples] = r;
  return r;
}

void BM_MassMonteCarlo(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  McResult r;
  for (auto _ : state) r = monteCarloError(n);
  state.SetLabel("series=monte_carlo");
  state.counters["N"] = n;
  state.counters["error"] = r.error;
  state.counters["ms_per_matrix"] = r.ms;
}

// Least-squares slope of log error against log N over kSamples.
void BM_MassMonteCarloSlope(benchmark::State& state) {
  double slope = 0;
  for (auto _ : state) {
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    const double m = static_cast<double>(kSamples.size());
    for (int64_t n : kSamples) {
      const double x = std::log(static_cast<double>(n));
      const double y = std::log(monteCarloError(static_cast<int>(n)).error);
      sx += x, sy += y, sxx += x * x, sxy += x * y;
    }
    slope = (m * sxy - sx * sy) / (m * sxx - sx * sx);
  }
  state.counters["slope"] = slope;
  state.counters["expected"] = -0.5;
}

// ------------------------------------------------------------ impact loss

void BM_ImpactLoss(benchmark::State& state, pbm::DeformKind kind) {
  const int degree = kind == pbm::DeformKind::Affine ? 1 : 2;
  // per_edge = degree: the bottom edge's vertices determine its motion.
  const pbm::FlexBody body =
      pbm::makeFlexRect(kind, kSide, kSide, {kRho, kMu, kLambda, 0.0}, 3, degree);
  const Vector2d up(0.0, 1.0);
  const double v = 1.0, ke0 = 0.5 * body.mass * v * v;
  std::vector<Vector2d> bottom;
  for (const auto& u : body.boundaryU)
    if (std::abs(u.y() + 0.5 * kSide) < 1e-12) bottom.push_back(u);
  const int m = static_cast<int>(bottom.size());
  auto falling = [&] {
    Matrix2Xd qdot = Matrix2Xd::Zero(2, body.n());
    qdot.col(0) = Vector2d(0.0, -v);
    return qdot;
  };
  Matrix2Xd together, staggered, mid;
  VectorXd j;
  for (auto _ : state) {
    // Simultaneous: every bottom vertex approaches at v, so the impulse LCP's
    // answer is the solution of A j = v 1 with A_ik = K(u_i, u_k), if j > 0.
    MatrixXd A(m, m);
    for (int i = 0; i < m; ++i)
      for (int k = 0; k < m; ++k) A(i, k) = pbm::flexResponse(body, bottom[i], bottom[k]);
    j = A.ldlt().solve(VectorXd::Constant(m, v));
    Matrix2Xd Q = Matrix2Xd::Zero(2, body.n());
    for (int i = 0; i < m; ++i) Q += pbm::flexPointForce(kind, bottom[i], j(i) * up);
    together = falling() + pbm::flexAcceleration(body, Q);  // impulse / M
    // Staggered: one single-point impulse per vertex, left to right.
    staggered = falling();
    for (const auto& u : bottom) pbm::flexCollisionImpulse(body, staggered, u, up);
    // One point: the bottom midpoint.
    mid = falling();
    pbm::flexCollisionImpulse(body, mid, Vector2d(0.0, -0.5 * kSide), up);
  }
  state.SetLabel(std::string("series=") + (degree == 1 ? "affine" : "quadratic"));
  state.counters["degree"] = degree;
  state.counters["contacts"] = m;
  state.counters["j_min_over_mv"] = j.minCoeff() / (body.mass * v);
  state.counters["loss"] = 1.0 - pbm::flexKineticEnergy(body, together) / ke0;
  state.counters["expected"] = 1.0 / ((degree + 1) * (degree + 1));
  state.counters["vcom_ratio"] = -pbm::flexMomentum(body, together).y() / (body.mass * v);
  state.counters["loss_staggered"] = 1.0 - pbm::flexKineticEnergy(body, staggered) / ke0;
  state.counters["loss_mid"] = 1.0 - pbm::flexKineticEnergy(body, mid) / ke0;
}

// ---------------------------------------------------- resting-contact LCP

void BM_RestingLcp(benchmark::State& state) {
  const int perEdge = static_cast<int>(state.range(0));
  const double g = 9.81;
  const pbm::FlexBody body = pbm::makeFlexRect(pbm::DeformKind::Quadratic, kSide, kSide,
                                               {kRho, kMu, kLambda, 0.0}, 3, perEdge);
  std::vector<pbm::FlexContact> contacts;
  for (const auto& u : body.boundaryU)
    if (std::abs(u.y() + 0.5 * kSide) < 1e-12) contacts.push_back({u, Vector2d(0.0, 1.0)});
  const Matrix2Xd qddFree =
      pbm::flexAcceleration(body, pbm::flexGravity(body.M, Vector2d(0.0, -g)));
  MatrixXd A;
  VectorXd b;
  pbm::LcpResult r;
  for (auto _ : state) {
    A = pbm::flexContactMatrix(body, contacts);
    b = pbm::flexContactBVector(body, contacts, qddFree);
    r = pbm::solveLcpDantzig(A, b);
    benchmark::DoNotOptimize(r.f.data());
  }
  Eigen::FullPivLU<MatrixXd> lu(A);
  lu.setThreshold(1e-10);
  state.counters["vertices"] = static_cast<double>(contacts.size());
  state.counters["rank"] = lu.rank();
  state.counters["pivots"] = r.pivots;
  state.counters["ok"] = r.ok ? 1 : 0;
  state.counters["sum_f_over_mg"] = r.ok ? r.f.sum() / (body.mass * g) : NAN;
  state.counters["max_a"] = r.ok ? r.a.cwiseAbs().maxCoeff() : NAN;
  state.SetLabel("series=quadratic");
}

}  // namespace

BENCHMARK(BM_RestingLcp)->Arg(2)->Arg(4)->Arg(8)->Arg(16);
BENCHMARK(BM_StableStepLattice)
    ->ArgsProduct({kLatticeN})
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_StableStepFlex, affine, pbm::DeformKind::Affine)
    ->ArgsProduct({kPerEdge})
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_StableStepFlex, quadratic, pbm::DeformKind::Quadratic)
    ->ArgsProduct({kPerEdge})
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_StableStepSummary)->Iterations(1);
BENCHMARK_CAPTURE(BM_PredictedStep, lattice, std::string("lattice"))
    ->ArgsProduct({kLatticeN})
    ->Iterations(1);
BENCHMARK_CAPTURE(BM_PredictedStep, affine, std::string("affine"))
    ->ArgsProduct({kPerEdge})
    ->Iterations(1);
BENCHMARK_CAPTURE(BM_PredictedStep, quadratic, std::string("quadratic"))
    ->ArgsProduct({kPerEdge})
    ->Iterations(1);
BENCHMARK_CAPTURE(BM_EvalCost, affine_gauss1, pbm::DeformKind::Affine, 1);
BENCHMARK_CAPTURE(BM_EvalCost, affine_gauss2, pbm::DeformKind::Affine, 2);
BENCHMARK_CAPTURE(BM_EvalCost, affine_gauss3, pbm::DeformKind::Affine, 3);
BENCHMARK_CAPTURE(BM_EvalCost, affine_mc64, pbm::DeformKind::Affine, 0);
BENCHMARK_CAPTURE(BM_EvalCost, quadratic_gauss1, pbm::DeformKind::Quadratic, 1);
BENCHMARK_CAPTURE(BM_EvalCost, quadratic_gauss2, pbm::DeformKind::Quadratic, 2);
BENCHMARK_CAPTURE(BM_EvalCost, quadratic_gauss3, pbm::DeformKind::Quadratic, 3);
BENCHMARK_CAPTURE(BM_EvalCost, quadratic_mc64, pbm::DeformKind::Quadratic, 0);
BENCHMARK(BM_MassMonteCarlo)->ArgsProduct({kSamples})->Iterations(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_MassMonteCarloSlope)->Iterations(1)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ImpactLoss, affine, pbm::DeformKind::Affine);
BENCHMARK_CAPTURE(BM_ImpactLoss, quadratic, pbm::DeformKind::Quadratic);

BENCHMARK_MAIN();
