// Chapter 10 benchmark: what the contact-force LCP costs (RBII §9), Dantzig's
// pivoting method (Baraff 1994 §4) beside the brute force, a dense LU, a
// projected Gauss-Seidel, and ODE's steppers on the anchor's pyramid.
//
// BM_Pyramid/<stepper>/<base>/<gap>  the anchor scene: unit cubes of 1 kg,
//     row r = 0 ... b - 1 holds b - r cubes, cube j of row r at
//     x = (j - (b - r - 1)/2) 1.1, y = 0.5 + (1 + gap) r (ODE: z up), on the
//     ground y = 0; h = 0.01, 200 steps. Timed per step, contact generation
//     excluded on both sides:
//       ours_dantzig   gravity, A and b (computeAMatrix, computeBVector),
//                      solveLcpDantzig, the forces applied, one
//                      symplectic-Euler step: the work dWorldStep does;
//       ours_pgs       the same with b and 100 sweeps of solveLcpPgs on the
//                      contact Jacobian (no A): the work of dWorldQuickStep.
//                      Warm-started from the last step's forces (while the
//                      contact list keeps its length): from f = 0 every step
//                      the acceleration-level error accumulates in the
//                      velocities, which nothing corrects, and the pyramid
//                      sinks. cold_complementarity and cold_min_a are step
//                      0's, from f = 0 as QuickStep starts;
//       dWorldStep, dWorldQuickStep (100 iterations): ODE 0.16 exactly as
//                      the anchor runs it (ERP 0.2, CFM 1e-5, dHashSpace, at
//                      most 4 points per pair, surface mode 0, dRandSetSeed(0)),
//                      only when libode-dev was found (PBM_HAVE_ODE).
//     Ours finds the contacts within gap + 0.1 mm, so with a gap the rows are
//     held 1 mm apart from the first step (ODE's fall 1 mm in two steps and
//     then hold the same 4 contacts per touching pair). Counters: ms_per_step
//     (the mean over the 200 steps; the median over `runs` runs),
//     cpu_ms_per_step (the same in this thread's CPU time), contacts
//     (the last step's), pivots (mean per step), complementarity (the worst
//     step's max |f_i a_i| / (|f|_inf max(1, |b|_inf))), min_a (the worst
//     a_i / max(1, |b|_inf), < 0 where PGS leaves a contact approaching),
//     top_dz (the top cube's height after 2 s minus 0.5 + (b - 1), the
//     anchor's sag), top_moved (its displacement since t = 0), ode_messages
//     (ODE's "LCP internal error" and other messages, counted by
//     dSetMessageHandler). A failed Dantzig solve is reported as an error
//     with its reason.
// BM_Dantzig/<system>/<incremental|refactor>/<n>  one solve of n contacts:
//     stacks of cubes, the pyramid at gap 0 (4 b^2 contacts, degenerate), and
//     random A = J M^-1 J^T with 4, 12 or 30 contacts per body (b = J w, so
//     feasible). refactor re-factors A_CC after every pivot (O(n^3) each).
//     Counters n, pivots, pivots_per_n, complementarity.
// BM_DenseLU/<n>       Eigen's PartialPivLU of an n x n system and one solve.
// BM_BruteForceLCP/<n> solveLcpBruteForce on its worst case (every contact
//     clamped, b = -A 1: all 2^n active sets tried), n <= 12.
//
// PBM_BENCH_REPS=N runs each pyramid case N times (default: 5, 1 for the
// two dense Dantzig steppers at base 10, whose 200 steps take seconds).
#include <benchmark/benchmark.h>

#include <Eigen/Geometry>
#include <Eigen/LU>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "pbm/core/bench_timing.h"
#include "pbm/core/split_mix64.h"
#include "pbm/resting/contact_forces.h"
#include "pbm/resting/lcp.h"
#include "pbm/resting/pgs.h"
#include "pbm/resting/resting_world.h"
#include "pbm/rigid/rigid.h"

#if defined(PBM_HAVE_ODE)
#include <ode/ode.h>

#include <cstdarg>
#endif

namespace {

using Eigen::MatrixXd;
using Eigen::Vector3d;
using Eigen::VectorXd;

constexpr double kG = 9.81, kH = 0.01;
constexpr int kSteps = 200, kSweeps = 100;

using pbm::bench::median;
using pbm::bench::now;

// This thread's CPU time: on 2 shared cores the wall clock also counts the
// time other processes held the core.
double cpuNow() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}
int repsFromEnv(int fallback) {
  const char* s = std::getenv("PBM_BENCH_REPS");
  return s && std::atoi(s) > 0 ? std::atoi(s) : fallback;
}
std::string gapName(double g) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", g);
  return buf;
}

// The complementarity measure: max |f_i a_i| / (|f|_inf max(1, |b|_inf)).
double complementarity(const pbm::LcpResult& r, const VectorXd& b) {
  const double fmax = r.f.lpNorm<Eigen::Infinity>();
  if (fmax == 0.0) return 0.0;
  const double bmax = std::max(1.0, b.lpNorm<Eigen::Infinity>());
  return r.f.cwiseProduct(r.a).cwiseAbs().maxCoeff() / (fmax * bmax);
}
double minA(const pbm::LcpResult& r, const VectorXd& b) {
  if (r.a.size() == 0) return 0.0;
  return std::min(0.0, r.a.minCoeff()) / std::max(1.0, b.lpNorm<Eigen::Infinity>());
}

// ------------------------------------------------------------ our worlds

// The ground (the half-space y >= 0) is body 0.
void addGround(pbm::RestingWorld& w) {
  w.add(pbm::makeFixedBlock(Vector3d::Constant(0.1)),
        pbm::Shape::halfSpace(Vector3d::UnitY(), 0.0));
}
void addCube(pbm::RestingWorld& w, const Vector3d& x) {
  pbm::RigidBody c = pbm::makeBlock(1.0, Vector3d::Ones());
  c.x = x;
  w.add(c, pbm::Shape::box());
}
// The anchor's pyramid (y up).
void buildPyramid(pbm::RestingWorld& w, int base, double gap) {
  addGround(w);
  for (int r = 0; r < base; ++r)
    for (int j = 0; j < base - r; ++j)
      addCube(w, Vector3d((j - (base - r - 1) / 2.0) * 1.1, 0.5 + (1.0 + gap) * r, 0.0));
}
// k unit cubes on each other, shifted +-0.05 in x in turn (4 contacts per pair).
void buildStack(pbm::RestingWorld& w, int k) {
  addGround(w);
  for (int i = 0; i < k; ++i) addCube(w, Vector3d(i % 2 ? 0.05 : -0.05, 0.5 + i, 0.0));
}

void addGravityAll(std::vector<pbm::RigidBody>& bodies) {
  for (pbm::RigidBody& B : bodies) {
    pbm::clearForces(B);
    pbm::addGravity(B, Vector3d(0, -kG, 0));
  }
}
void applyForces(const std::vector<pbm::Contact>& contacts, const VectorXd& f) {
  for (size_t i = 0; i < contacts.size(); ++i) {
    const pbm::Contact& c = contacts[i];
    const Vector3d F = f(static_cast<Eigen::Index>(i)) * c.n;
    if (c.a) pbm::addForceAtPoint(*c.a, F, c.p);
    if (c.b) pbm::addForceAtPoint(*c.b, -F, c.p);
  }
}
// Symplectic Euler (the kind of step dWorldStep takes): momenta first, then
// positions and the quaternion (RBI §4, q' = 1/2 [0, omega] q) with the new
// velocities.
void symplecticEuler(std::vector<pbm::RigidBody>& bodies, double h) {
  for (pbm::RigidBody& B : bodies) {
    if (pbm::isFixedBody(B)) continue;
    B.P += h * B.force;
    B.L += h * B.torque;
    const Vector3d v = B.invMass * B.P, w = B.Iinv * B.L;
    B.x += h * v;
    const Eigen::Quaterniond qdot = Eigen::Quaterniond(0.0, w.x(), w.y(), w.z()) * B.q;
    B.q.coeffs() += 0.5 * h * qdot.coeffs();
    B.q.normalize();
    pbm::computeAuxiliary(B);
  }
}

// ------------------------------------------------------------ the pyramid

struct PyramidRun {
  double msPerStep = 0, cpuMsPerStep = 0, topDz = 0, topMoved = 0, complementarity = 0, minA = 0,
         pivots = 0;
  double maxDepth = 0, maxSpeed = 0;
  double coldComplementarity = 0, coldMinA = 0;  // PGS: step 0, 100 sweeps from f = 0
  int contacts = 0, messages = 0;
  bool ok = true;
  std::string why;
};

enum class Ours { Dantzig, Pgs };

PyramidRun oursRun(int base, double gap, Ours solver) {
  pbm::RestingWorld w;
  buildPyramid(w, base, gap);
  const double tol = gap + 1e-4;
  const double y0 = w.bodies.back().x.y();
  PyramidRun out;
  double timed = 0, cpu = 0, pivots = 0;
  VectorXd last;  // PGS: the last step's forces, the warm start
  for (int k = 0; k < kSteps; ++k) {
    std::vector<pbm::Contact> contacts = w.contacts(tol);  // not timed
    const double t0 = now(), c0 = cpuNow();
    addGravityAll(w.bodies);
    pbm::LcpResult r;
    VectorXd b;
    if (solver == Ours::Dantzig) {
      const MatrixXd A = pbm::computeAMatrix(contacts);
      b = pbm::computeBVector(contacts);
      r = pbm::solveLcpDantzig(A, b);
      if (!r.ok) {
        out.ok = false;
        out.why = "step " + std::to_string(k) + ", " + std::to_string(contacts.size()) +
                  " contacts: solveLcpDantzig failed (" + r.why + ")";
        return out;
      }
    } else {
      b = pbm::computeBVector(contacts);
      // The velocity-level form: a_i >= -v_i / h keeps every contact from
      // approaching at the end of the step, so an inexact solve's error does
      // not pile up in the velocities.
      for (size_t i = 0; i < contacts.size(); ++i) {
        const pbm::Contact& c = contacts[i];
        Vector3d v = Vector3d::Zero();
        if (c.a) v += pbm::pointVelocity(*c.a, c.p);
        if (c.b) v -= pbm::pointVelocity(*c.b, c.p);
        b(static_cast<Eigen::Index>(i)) += c.n.dot(v) / kH;
      }
      r = pbm::solveLcpPgs(
          contacts, b, kSweeps,
          last.size() == static_cast<Eigen::Index>(contacts.size()) ? last : VectorXd());
    }
    applyForces(contacts, r.f);
    symplecticEuler(w.bodies, kH);
    timed += now() - t0;
    cpu += cpuNow() - c0;
    pivots += r.pivots;
    last = r.f;
    if (k == 0) out.coldComplementarity = complementarity(r, b), out.coldMinA = minA(r, b);
    out.complementarity = std::max(out.complementarity, complementarity(r, b));
    out.minA = std::min(out.minA, minA(r, b));
    out.contacts = static_cast<int>(contacts.size());
  }
  out.msPerStep = timed * 1e3 / kSteps;
  out.cpuMsPerStep = cpu * 1e3 / kSteps;
  out.pivots = pivots / kSteps;
  const Vector3d top = w.bodies.back().x;
  out.topDz = top.y() - (0.5 + (base - 1));
  out.topMoved = top.y() - y0;
  for (const pbm::RigidBody& B : w.bodies) out.maxSpeed = std::max(out.maxSpeed, B.v.norm());
  return out;
}

#if defined(PBM_HAVE_ODE)
// ODE exactly as ode_anchor.cpp runs it.
struct OdeWorld {
  dWorldID world;
  dSpaceID space;
  dJointGroupID contacts;
  std::vector<dBodyID> bodies;
  int npoints = 0;
  double maxDepth = 0;
};

int gOdeMessages = 0;
void countMessage(int, const char*, va_list) {
  ++gOdeMessages;
}

void odeNear(void* data, dGeomID a, dGeomID b) {
  OdeWorld& w = *static_cast<OdeWorld*>(data);
  dBodyID ba = dGeomGetBody(a), bb = dGeomGetBody(b);
  if (ba && bb && dAreConnected(ba, bb)) return;
  dContact c[4];
  const int n = dCollide(a, b, 4, &c[0].geom, sizeof(dContact));
  for (int i = 0; i < n; ++i) {
    c[i].surface.mode = 0;
    c[i].surface.mu = 0;
    dJointID j = dJointCreateContact(w.world, w.contacts, &c[i]);
    dJointAttach(j, ba, bb);
    w.maxDepth = std::max(w.maxDepth, double(c[i].geom.depth));
  }
  w.npoints += n;
}
void odeCollide(OdeWorld& w) {
  dJointGroupEmpty(w.contacts);
  w.npoints = 0;
  w.maxDepth = 0;
  dSpaceCollide(w.space, &w, odeNear);
}

void odeInit() {
  static const bool done = [] {
    dInitODE2(0);
    dAllocateODEDataForThread(dAllocateMaskAll);
    dSetMessageHandler(countMessage);
    return true;
  }();
  (void)done;
}

// iters = 0: dWorldStep; > 0: dWorldQuickStep with that many iterations.
PyramidRun odeRun(int base, double gap, int iters) {
  odeInit();
  dRandSetSeed(0);
  gOdeMessages = 0;
  OdeWorld w;
  w.world = dWorldCreate();
  w.space = dHashSpaceCreate(nullptr);
  w.contacts = dJointGroupCreate(0);
  dWorldSetGravity(w.world, 0, 0, -kG);
  dWorldSetERP(w.world, 0.2);
  dWorldSetCFM(w.world, 1e-5);
  dCreatePlane(w.space, 0, 0, 1, 0);
  for (int r = 0; r < base; ++r)
    for (int j = 0; j < base - r; ++j) {
      dBodyID b = dBodyCreate(w.world);
      dMass m;
      dMassSetBoxTotal(&m, 1.0, 1, 1, 1);
      dBodySetMass(b, &m);
      dBodySetPosition(b, (j - 0.5 * (base - r - 1)) * 1.1, 0, 0.5 + (1.0 + gap) * r);
      dGeomID g = dCreateBox(w.space, 1, 1, 1);
      dGeomSetBody(g, b);
      w.bodies.push_back(b);
    }
  if (iters > 0) dWorldSetQuickStepNumIterations(w.world, iters);
  const double z0 = dBodyGetPosition(w.bodies.back())[2];
  double timed = 0, cpu = 0;
  for (int k = 0; k < kSteps; ++k) {
    odeCollide(w);  // not timed
    const double t0 = now(), c0 = cpuNow();
    if (iters > 0)
      dWorldQuickStep(w.world, kH);
    else
      dWorldStep(w.world, kH);
    timed += now() - t0;
    cpu += cpuNow() - c0;
  }
  odeCollide(w);  // the final state's contacts
  PyramidRun out;
  out.msPerStep = timed * 1e3 / kSteps;
  out.cpuMsPerStep = cpu * 1e3 / kSteps;
  out.contacts = w.npoints;
  out.maxDepth = w.maxDepth;
  const double z = dBodyGetPosition(w.bodies.back())[2];
  out.topDz = z - (0.5 + (base - 1));
  out.topMoved = z - z0;
  for (dBodyID b : w.bodies) {
    const dReal* v = dBodyGetLinearVel(b);
    out.maxSpeed =
        std::max(out.maxSpeed, std::sqrt(double(v[0] * v[0] + v[1] * v[1] + v[2] * v[2])));
  }
  out.messages = gOdeMessages;
  dJointGroupDestroy(w.contacts);
  dSpaceDestroy(w.space);
  dWorldDestroy(w.world);
  return out;
}
#endif

enum class Stepper { OursDantzig, OursPgs, OdeStep, OdeQuick };
const char* stepperName(Stepper s) {
  switch (s) {
    case Stepper::OursDantzig:
      return "ours_dantzig";
    case Stepper::OursPgs:
      return "ours_pgs";
    case Stepper::OdeStep:
      return "dWorldStep";
    default:
      return "dWorldQuickStep";
  }
}

PyramidRun runOnce(Stepper s, int base, double gap) {
  switch (s) {
    case Stepper::OursDantzig:
      return oursRun(base, gap, Ours::Dantzig);
    case Stepper::OursPgs:
      return oursRun(base, gap, Ours::Pgs);
#if defined(PBM_HAVE_ODE)
    case Stepper::OdeStep:
      return odeRun(base, gap, 0);
    case Stepper::OdeQuick:
      return odeRun(base, gap, kSweeps);
#endif
    default:
      return {};
  }
}

void pyramid(benchmark::State& state, Stepper s, int base, double gap) {
  const bool dense = s == Stepper::OursDantzig || s == Stepper::OdeStep;
  const int runs = repsFromEnv(dense && base >= 8 ? 1 : 5);
  for (auto _ : state) {
    std::vector<double> ms, cpuMs;
    PyramidRun r;
    for (int k = 0; k < runs; ++k) {
      r = runOnce(s, base, gap);
      if (!r.ok) break;
      ms.push_back(r.msPerStep);
      cpuMs.push_back(r.cpuMsPerStep);
    }
    if (!r.ok) {
      state.SkipWithError(r.why.c_str());
      break;
    }
    r.msPerStep = median(ms);
    r.cpuMsPerStep = median(cpuMs);
    state.SetIterationTime(r.msPerStep * 1e-3);
    state.SetLabel(std::string("series=") + stepperName(s));
    state.counters["base"] = base;
    state.counters["gap"] = gap;
    state.counters["runs"] = runs;
    state.counters["ms_per_step"] = r.msPerStep;
    state.counters["cpu_ms_per_step"] = r.cpuMsPerStep;
    state.counters["contacts"] = r.contacts;
    state.counters["top_dz"] = r.topDz;
    state.counters["top_moved"] = r.topMoved;
    state.counters["max_speed"] = r.maxSpeed;
    if (s == Stepper::OursDantzig || s == Stepper::OursPgs) {
      state.counters["pivots"] = r.pivots;
      state.counters["complementarity"] = r.complementarity;
      state.counters["min_a"] = r.minA;
      if (s == Stepper::OursPgs) {
        state.counters["cold_complementarity"] = r.coldComplementarity;
        state.counters["cold_min_a"] = r.coldMinA;
      }
    } else {
      state.counters["max_depth"] = r.maxDepth;
      state.counters["ode_messages"] = r.messages;
    }
  }
}

// ------------------------------------------------------------ single LCPs

struct System {
  MatrixXd A;
  VectorXd b;
};

// A and b of a world's contacts under gravity, at rest.
System worldSystem(pbm::RestingWorld& w) {
  std::vector<pbm::Contact> contacts = w.contacts(1e-6);
  addGravityAll(w.bodies);
  return {pbm::computeAMatrix(contacts), pbm::computeBVector(contacts)};
}

// A = J M^-1 J^T for n contacts between m = 2n / perBody unit cubes (at least
// 2), each contact between two random bodies with a random normal and lever
// arms; b = J w for a random w, so that no z >= 0 with A z = 0 has z.b < 0
// (the LCP is feasible) while about half the a_i start negative.
System randomSystem(int n, int perBody, uint64_t seed) {
  pbm::SplitMix64 rng(seed);
  const int m = std::max(2, (2 * n + perBody - 1) / perBody);
  MatrixXd J = MatrixXd::Zero(n, 6 * m);
  for (int i = 0; i < n; ++i) {
    const int a = static_cast<int>(rng.next() % m);
    int b = static_cast<int>(rng.next() % (m - 1));
    if (b >= a) ++b;
    Vector3d nrm = rng.uniform3<Vector3d>(-1, 1);
    nrm.normalize();
    const Vector3d ra = rng.uniform3<Vector3d>(-.5, .5);
    const Vector3d rb = rng.uniform3<Vector3d>(-.5, .5);
    J.block<1, 3>(i, 6 * a) = nrm.transpose();
    J.block<1, 3>(i, 6 * a + 3) = ra.cross(nrm).transpose();
    J.block<1, 3>(i, 6 * b) = -nrm.transpose();
    J.block<1, 3>(i, 6 * b + 3) = -rb.cross(nrm).transpose();
  }
  VectorXd Minv(6 * m), w(6 * m);
  for (int k = 0; k < m; ++k) Minv.segment<6>(6 * k) << 1, 1, 1, 6, 6, 6;  // unit cube, 1 kg
  for (int k = 0; k < 6 * m; ++k) w(k) = rng.uniform(-1, 1);
  return {J * Minv.asDiagonal() * J.transpose(), J * w};
}

// family: "stack", "pyramid", "random4", "random12", "random30"; size: cubes
// (stack), base (pyramid), contacts (random).
const System& system(std::string_view familyName, int size) {
  static std::map<std::pair<std::string, int>, System> cache;
  const std::string family(familyName);
  auto it = cache.find({family, size});
  if (it != cache.end()) return it->second;
  System s;
  if (family == "stack" || family == "pyramid") {
    pbm::RestingWorld w;
    if (family == "stack")
      buildStack(w, size);
    else
      buildPyramid(w, size, 0.0);
    s = worldSystem(w);
  } else {
    s = randomSystem(size, std::stoi(family.substr(6)), 1000 + size);
  }
  return cache.emplace(std::make_pair(family, size), std::move(s)).first->second;
}

void dantzig(benchmark::State& state, const std::string& family, int size, bool refactor) {
  const System& s = system(family, size);
  const int n = static_cast<int>(s.b.size());
  pbm::LcpOptions opt;
  opt.refactor = refactor;
  pbm::LcpResult r;
  for (auto _ : state) {
    r = pbm::solveLcpDantzig(s.A, s.b, opt);
    if (!r.ok) {
      state.SkipWithError(
          (std::to_string(n) + " contacts: solveLcpDantzig failed (" + r.why + ")").c_str());
      break;
    }
    benchmark::DoNotOptimize(r.f.data());
  }
  state.SetLabel("series=" + family + (refactor ? "_refactor" : "_incremental"));
  state.counters["n"] = n;
  state.counters["pivots"] = r.pivots;
  state.counters["pivots_per_n"] = static_cast<double>(r.pivots) / n;
  if (r.ok) state.counters["complementarity"] = complementarity(r, s.b);
}

void BM_DenseLU(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  const System& s = system("random12", n);
  const MatrixXd M = s.A + MatrixXd::Identity(n, n);  // A is singular; the cost is the same
  VectorXd x;
  for (auto _ : state) {
    x = Eigen::PartialPivLU<MatrixXd>(M).solve(s.b);
    benchmark::DoNotOptimize(x.data());
  }
  state.SetLabel("series=dense_lu");
  state.counters["n"] = n;
}
BENCHMARK(BM_DenseLU)
    ->RangeMultiplier(2)
    ->Range(4, 256)
    ->Unit(benchmark::kMicrosecond)
    ->MinTime(0.05);

// The worst case of the enumeration: b = -A 1, so the answer f = 1 clamps
// every contact and is the last of the 2^n sets tried.
void BM_BruteForceLCP(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  const MatrixXd& A = system("random4", n).A;
  const VectorXd b = -A * VectorXd::Ones(n);
  pbm::LcpResult r;
  for (auto _ : state) {
    r = pbm::solveLcpBruteForce(A, b);
    benchmark::DoNotOptimize(r.f.data());
  }
  if (!r.ok) state.SkipWithError(("solveLcpBruteForce failed (" + r.why + ")").c_str());
  state.SetLabel("series=brute_force");
  state.counters["n"] = n;
  state.counters["subsets"] = r.pivots + 1.0;  // the sets tried: mask + 1
}
BENCHMARK(BM_BruteForceLCP)->DenseRange(2, 12, 2)->Unit(benchmark::kMicrosecond)->MinTime(0.05);

int registerBenchmarks() {
  // The anchor's pyramid: base 4 (10 cubes) and 10 (55 cubes), gap 1 mm; and
  // the degenerate gap 0 with the two dense steppers.
  for (const double gap : {0.001, 0.0})
    for (const int base : {4, 10})
      for (const Stepper s :
           {Stepper::OursDantzig, Stepper::OdeStep, Stepper::OursPgs, Stepper::OdeQuick}) {
#if !defined(PBM_HAVE_ODE)
        if (s == Stepper::OdeStep || s == Stepper::OdeQuick) continue;
#endif
        if (gap == 0.0 && (s == Stepper::OursPgs || s == Stepper::OdeQuick)) continue;
        std::string name = "BM_Pyramid/";
        name += stepperName(s);
        name += "/";  // appends: GCC 12 warns (-Wrestrict) on "/" + string
        name += std::to_string(base);
        name += "/";
        name += gapName(gap);
        benchmark::RegisterBenchmark(name.c_str(),
                                     [=](benchmark::State& st) { pyramid(st, s, base, gap); })
            ->Iterations(1)
            ->UseManualTime()
            ->Unit(benchmark::kMillisecond);
      }
  // Single solves by size: n = 4 ... 256 contacts.
  struct Family {
    std::string name;
    std::vector<int> sizes;
  };
  const std::vector<Family> families = {
      {"stack", {1, 2, 4, 8, 16, 32, 64}},        // 4 k contacts
      {"pyramid", {1, 2, 3, 4, 5, 6, 8}},         // 4 b^2 contacts
      {"random4", {4, 8, 16, 32, 64, 128, 256}},  // n contacts
      {"random12", {4, 8, 16, 32, 64, 128, 256}}, {"random30", {4, 8, 16, 32, 64, 128, 256}},
  };
  for (const bool refactor : {false, true})
    for (const Family& f : families)
      for (const int size : f.sizes) {
        std::string name = "BM_Dantzig/" + f.name;
        name += refactor ? "/refactor/" : "/incremental/";
        name += std::to_string(size);
        benchmark::RegisterBenchmark(
            name.c_str(), [=](benchmark::State& st) { dantzig(st, f.name, size, refactor); })
            ->Unit(benchmark::kMicrosecond)
            ->MinTime(0.05);
      }
  return 0;
}
const int kRegistered = registerBenchmarks();

}  // namespace

BENCHMARK_MAIN();
