// Chapter 08 benchmark: what finding the overlapping boxes costs, and what
// coherence buys (RBII §7.2), on the fully specified scene of anchor_boxes.h
// (n boxes, edges 0.5-1.5, in a cube of side 2 cbrt(n): about half a pair per
// box), and the separating-plane cache (RBII §7.1).
//
// BM_BrutePairs/n          all n(n-1)/2 AABB tests: O(n^2). Counters pairs, tests.
// BM_SweepInitial/n        CoherentSweep3D::init: sort the 3 x 2n endpoints and
//                          build the table, O(n log n + k). Counter pairs.
// BM_SweepIncremental/n/s  one frame of CoherentSweep3D::update after every box
//                          moved up to s per axis (s = 0.001 ... 1 mean edges
//                          per frame), or after `shuffle` (every box teleported:
//                          no coherence, insertion sort pays O(n^2)). The move
//                          itself is not timed. Counters swaps, be_swaps,
//                          box_tests, status_changes, swaps_per_n.
// BM_SepPlane/scratch|cached  box B approaching box A and turning (RBII §7.1,
//                          figures 15-17): findSeparatingPlane every frame
//                          against disjointWithCache, on 800 frames built
//                          beforehand. Counters candidates (scratch), hit_rate
//                          (cached).
// BM_MemoryStream/read|copy/KiB  a plain loop streaming KiB of doubles (sum,
//                          or copy): this machine's bandwidth from L2 (256), L3
//                          (8192) and DRAM (262144); the floor under a frame.
// BM_Anchor/<broadphase>/n/vmax  the comparison with Bullet: build (init, or
//                          Bullet's createProxy for all boxes), then 5 windows of
//                          100 frames; timed per frame: the AABBs and the pair
//                          update (ours: the AABBs + update; Bullet: setAabb for
//                          every proxy + calculateOverlappingPairs). After every
//                          window (untimed) the pairs found must equal the
//                          oracle's (ch08::pairsByX), else the row fails.
//                          <broadphase>: ours (the library's SweepAndSort3D),
//                          reference (the student's CoherentSweep3D as
//                          solutions/ writes it), and Bullet's btAxisSweep3,
//                          bt32BitAxisSweep3, btDbvtBroadphase when
//                          libbullet-dev was found (PBM_HAVE_BULLET). Counters
//                          ms_per_frame (median of the windows' means), build_ms,
//                          pairs (found after frame 100: ours, or the pairs in
//                          Bullet's cache that really overlap) and brute (the
//                          oracle's). n from 10^3 to 5 10^4; the axis sweeps
//                          (O(n^2) to build) and the reference beyond 10^4, and
//                          vmax 0.05, only with PBM_BENCH_SLOW=1.
#include <benchmark/benchmark.h>

#include <Eigen/Geometry>
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "anchor_boxes.h"
#include "pbm/collision/broadphase.h"
#include "pbm/collision/separating_plane.h"
#include "pbm/collision/sweep_and_sort.h"
#include "pbm/core/bench_timing.h"

#if defined(PBM_HAVE_BULLET)
#include <btBulletCollisionCommon.h>

#include <memory>
#endif

namespace {

using ch08::AnchorBoxes;
using Eigen::Matrix3d;
using Eigen::Vector3d;

using pbm::bench::median;
using pbm::bench::now;

bool slow() {
  const char* s = std::getenv("PBM_BENCH_SLOW");
  return s && std::string(s) == "1";
}

// ------------------------------------------------------------ all pairs

void BM_BrutePairs(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  const AnchorBoxes boxes(n, 0.01);
  std::vector<pbm::AABB> bx;
  boxes.aabbs(bx);
  long pairs = 0;
  for (auto _ : state) {
    pairs = ch08::brutePairCount(bx);
    benchmark::DoNotOptimize(pairs);
  }
  state.SetLabel("series=brute");
  state.counters["n"] = n;
  state.counters["pairs"] = static_cast<double>(pairs);
  state.counters["tests"] = 0.5 * n * (n - 1.0);
}
BENCHMARK(BM_BrutePairs)->RangeMultiplier(4)->Range(64, 16384)->Unit(benchmark::kMillisecond);

// ------------------------------------------------------------ the first frame

void BM_SweepInitial(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  const AnchorBoxes boxes(n, 0.01);
  std::vector<pbm::AABB> bx;
  boxes.aabbs(bx);
  pbm::CoherentSweep3D sweep;
  for (auto _ : state) {
    sweep.init(bx);
    benchmark::ClobberMemory();
  }
  state.SetLabel("series=initial");
  state.counters["n"] = n;
  state.counters["pairs"] = static_cast<double>(sweep.overlaps().size());
}
BENCHMARK(BM_SweepInitial)->RangeMultiplier(4)->Range(64, 65536)->Unit(benchmark::kMillisecond);

// ------------------------------------------------------------ later frames

// speed: the largest move per axis per frame, in mean box edges (1 m); < 0: shuffle.
void sweepIncremental(benchmark::State& state, double speed, const std::string& series) {
  const int n = static_cast<int>(state.range(0));
  AnchorBoxes boxes(n, std::max(speed, 0.0));
  ch08::SplitMix64 rng(7);
  std::vector<pbm::AABB> bx;
  boxes.aabbs(bx);
  pbm::CoherentSweep3D sweep;
  sweep.init(bx);
  double swaps = 0, be = 0, tests = 0, changes = 0, frames = 0;
  for (auto _ : state) {
    // Timed by hand around update alone: Pause/ResumeTiming would cost more
    // than a small frame.
    if (speed < 0.0)
      boxes.shuffle(rng);
    else
      boxes.step();
    boxes.aabbs(bx);
    const double t0 = now();
    sweep.update(bx);
    state.SetIterationTime(now() - t0);
    const auto s = sweep.stats();
    swaps += static_cast<double>(s.swaps[0] + s.swaps[1] + s.swaps[2]);
    be += static_cast<double>(s.beSwaps);
    tests += static_cast<double>(s.boxTests);
    changes += static_cast<double>(s.statusChanges);
    ++frames;
  }
  state.SetLabel("series=" + series);
  state.counters["n"] = n;
  state.counters["swaps"] = swaps / frames;
  state.counters["be_swaps"] = be / frames;
  state.counters["box_tests"] = tests / frames;
  state.counters["status_changes"] = changes / frames;
  state.counters["swaps_per_n"] = swaps / frames / n;
}

// ------------------------------------------------------------ separating planes

// Claim 12's set-up (RBII figures 16-17): A at the origin, B approaching
// along -x at 0.02 per frame from x = 3 while both turn 0.03 rad per frame,
// until B's centre is 1.4 from A's (still apart); then it starts over.
struct PlanePair {
  Vector3d hA{0.5, 0.4, 0.3}, hB{0.4, 0.4, 0.6};
  Matrix3d RA = Matrix3d::Identity(), RB = Matrix3d::Identity();
  Vector3d xB{3.0, 0.2, 0.1};
  Matrix3d turnA = Eigen::AngleAxisd(0.03, Vector3d(1, 2, 3).normalized()).toRotationMatrix();
  Matrix3d turnB = Eigen::AngleAxisd(0.03, Vector3d(-2, 1, 1).normalized()).toRotationMatrix();
  void step() {
    RA = turnA * RA;
    RB = turnB * RB;
    xB.x() -= 0.02;
    if (xB.x() < 1.4) xB.x() = 3.0;
  }
  pbm::ConvexPolyhedron A() const { return pbm::boxPolyhedron(Vector3d::Zero(), RA, hA); }
  pbm::ConvexPolyhedron B() const { return pbm::boxPolyhedron(xB, RB, hB); }
};
constexpr double kPlaneTol = 1e-9;

// The frames, built before timing (Pause/ResumeTiming would cost more than a query).
const std::vector<std::pair<pbm::ConvexPolyhedron, pbm::ConvexPolyhedron>>& planeFrames() {
  static const auto frames = [] {
    std::vector<std::pair<pbm::ConvexPolyhedron, pbm::ConvexPolyhedron>> out;
    PlanePair pp;
    for (int k = 0; k < 800; ++k, pp.step()) out.emplace_back(pp.A(), pp.B());
    return out;
  }();
  return frames;
}

void BM_SepPlane_scratch(benchmark::State& state) {
  const auto& frames = planeFrames();
  size_t k = 0;
  double candidates = 0, queries = 0;
  for (auto _ : state) {
    const auto& [A, B] = frames[k++ % frames.size()];
    int tried = 0;
    benchmark::DoNotOptimize(pbm::findSeparatingPlane(A, B, kPlaneTol, &tried));
    candidates += tried;
    ++queries;
  }
  state.SetLabel("series=scratch");
  state.counters["candidates"] = candidates / queries;
}
BENCHMARK(BM_SepPlane_scratch)->Name("BM_SepPlane/scratch");

void BM_SepPlane_cached(benchmark::State& state) {
  const auto& frames = planeFrames();
  size_t k = 0;
  std::optional<pbm::Witness> cache;
  double hits = 0, queries = 0;
  for (auto _ : state) {
    const auto& [A, B] = frames[k++ % frames.size()];
    const auto before = cache;
    benchmark::DoNotOptimize(pbm::disjointWithCache(A, B, cache, kPlaneTol));
    // A hit keeps the witness; a miss replaces it (a failed one is never found again).
    hits += before && cache && before->kind == cache->kind && before->i == cache->i &&
            before->j == cache->j;
    ++queries;
  }
  state.SetLabel("series=cached");
  state.counters["hit_rate"] = hits / queries;
}
BENCHMARK(BM_SepPlane_cached)->Name("BM_SepPlane/cached");

// ------------------------------------------------------------ memory bandwidth

// The floor under a frame that streams through memory: a plain loop reading
// (sum) or copying `kib` KiB of doubles, again and again. At 256 KiB the data
// stays in L2, at 8 MiB in L3, at 256 MiB it comes from DRAM. Counter gb_per_s
// (bytes read + written per second, 1e9).
void BM_MemoryStream(benchmark::State& state, bool copy) {
  const std::size_t n = static_cast<std::size_t>(state.range(0)) * 1024 / sizeof(double);
  std::vector<double> a(n, 1.0), b(copy ? n : 0, 0.0);
  for (auto _ : state) {
    if (copy) {
      std::copy(a.begin(), a.end(), b.begin());
      benchmark::DoNotOptimize(b.data());
    } else {
      double s0 = 0, s1 = 0, s2 = 0, s3 = 0;  // four sums: no chain of dependent adds
      for (std::size_t i = 0; i + 3 < n; i += 4) {
        s0 += a[i];
        s1 += a[i + 1];
        s2 += a[i + 2];
        s3 += a[i + 3];
      }
      benchmark::DoNotOptimize(s0 + s1 + s2 + s3);
    }
    benchmark::ClobberMemory();
  }
  const double bytes = static_cast<double>(n * sizeof(double)) * (copy ? 2 : 1);
  state.SetBytesProcessed(static_cast<std::int64_t>(bytes) * state.iterations());
  state.SetLabel(copy ? "series=copy" : "series=read");
  state.counters["kib"] = static_cast<double>(state.range(0));
  state.counters["gb_per_s"] =
      benchmark::Counter(bytes * 1e-9 * state.iterations(), benchmark::Counter::kIsRate);
}
BENCHMARK_CAPTURE(BM_MemoryStream, read, false)->Arg(256)->Arg(8192)->Arg(262144);
BENCHMARK_CAPTURE(BM_MemoryStream, copy, true)->Arg(256)->Arg(8192)->Arg(262144);

// ------------------------------------------------------------ against Bullet

constexpr int kWindows = 5, kFrames = 100;

struct AnchorResult {
  double buildMs = 0, msPerFrame = 0, timedS = 0;
  long pairs = 0, oracle = 0, cachePairs = -1;
  std::string error;  // the first window whose pairs differ from the oracle's
};

// The frame loop the anchor times: every box moves (not timed), then `update`
// (timed). After each window, untimed, `found` lists the pairs found (i < j,
// sorted) and they must equal the oracle's (ch08::pairsByX: every pair whose
// x intervals overlap gets the closed 3D test, so none is missed).
template <class Update, class Found>
AnchorResult windows(AnchorBoxes& boxes, Update update, Found found) {
  AnchorResult r;
  std::vector<double> means;
  std::vector<pbm::AABB> bx;
  for (int w = 0; w < kWindows; ++w) {
    double s = 0;
    for (int f = 0; f < kFrames; ++f) {
      boxes.step();
      const double a = now();
      update();
      s += now() - a;
    }
    means.push_back(s * 1e3 / kFrames);
    r.timedS += s;
    boxes.aabbs(bx);
    const pbm::PairList want = ch08::pairsByX(bx), got = found(r);
    if (w == 0) r.pairs = static_cast<long>(got.size()), r.oracle = static_cast<long>(want.size());
    if (got != want && r.error.empty())
      r.error = "after frame " + std::to_string((w + 1) * kFrames) + ": " +
                std::to_string(got.size()) + " pairs found, " + std::to_string(want.size()) +
                " overlap (RBII §7.2.2: the table must equal brute force)";
  }
  r.msPerFrame = median(means);
  return r;
}

void report(benchmark::State& state, const AnchorResult& r, const std::string& series, int n,
            double vmax) {
  if (!r.error.empty()) state.SkipWithError(r.error.c_str());
  state.SetIterationTime(r.timedS);
  state.SetLabel("series=" + series);
  state.counters["n"] = n;
  state.counters["vmax"] = vmax;
  state.counters["ms_per_frame"] = r.msPerFrame;
  state.counters["build_ms"] = r.buildMs;
  state.counters["pairs"] = static_cast<double>(r.pairs);
  if (r.cachePairs >= 0) state.counters["cache_pairs"] = static_cast<double>(r.cachePairs);
  state.counters["brute"] = static_cast<double>(r.oracle);
}

// Ours: the library's SweepAndSort3D (series "ours"), or the student's
// CoherentSweep3D as the reference solution writes it (series "reference").
template <class Sweep>
void anchorSweep(benchmark::State& state, int n, double vmax, const std::string& series) {
  for (auto _ : state) {
    AnchorBoxes boxes(n, vmax);
    std::vector<pbm::AABB> bx;
    Sweep sweep;
    const double t0 = now();
    boxes.aabbs(bx);
    sweep.init(bx);
    const double buildMs = (now() - t0) * 1e3;
    AnchorResult r = windows(
        boxes,
        [&] {
          boxes.aabbs(bx);
          sweep.update(bx);
        },
        [&](AnchorResult&) { return sweep.overlaps(); });
    r.buildMs = buildMs;
    report(state, r, series, n, vmax);
  }
}

#if defined(PBM_HAVE_BULLET)
enum class Bullet { Sweep16, Sweep32, Dbvt };
const char* const kBulletNames[3] = {"btAxisSweep3", "bt32BitAxisSweep3", "btDbvtBroadphase"};

void anchorBullet(benchmark::State& state, Bullet kind, int n, double vmax) {
  btDefaultCollisionConfiguration config;
  btCollisionDispatcher dispatcher(&config);
  for (auto _ : state) {
    AnchorBoxes boxes(n, vmax);
    // The world encloses every AABB: centres in [0, L], half edges < 0.75.
    const btVector3 lo(-1, -1, -1);
    const btVector3 hi(btScalar(boxes.L + 1), btScalar(boxes.L + 1), btScalar(boxes.L + 1));
    std::unique_ptr<btBroadphaseInterface> bp;
    if (kind == Bullet::Sweep16)
      bp =
          std::make_unique<btAxisSweep3>(lo, hi, static_cast<unsigned short>(n + 2), nullptr, true);
    else if (kind == Bullet::Sweep32)
      bp = std::make_unique<bt32BitAxisSweep3>(lo, hi, static_cast<unsigned>(n + 2), nullptr, true);
    else
      bp = std::make_unique<btDbvtBroadphase>();
    auto bmin = [&](int i) {
      const pbm::AABB b = boxes.aabb(i);
      return btVector3(btScalar(b.lo.x()), btScalar(b.lo.y()), btScalar(b.lo.z()));
    };
    auto bmax = [&](int i) {
      const pbm::AABB b = boxes.aabb(i);
      return btVector3(btScalar(b.hi.x()), btScalar(b.hi.y()), btScalar(b.hi.z()));
    };
    std::vector<btBroadphaseProxy*> proxy(n);
    const double t0 = now();
    for (int i = 0; i < n; ++i)
      proxy[i] =
          bp->createProxy(bmin(i), bmax(i), BOX_SHAPE_PROXYTYPE,
                          reinterpret_cast<void*>(static_cast<intptr_t>(i)), 1, -1, &dispatcher);
    bp->calculateOverlappingPairs(&dispatcher);
    const double buildMs = (now() - t0) * 1e3;
    AnchorResult r = windows(
        boxes,
        [&] {
          for (int i = 0; i < n; ++i) bp->setAabb(proxy[i], bmin(i), bmax(i), &dispatcher);
          bp->calculateOverlappingPairs(&dispatcher);
        },
        [&](AnchorResult& res) {
          // Bullet's cache may hold extra pairs (rounded or fattened bounds):
          // the ones that really overlap must be exactly the oracle's.
          btOverlappingPairCache* cache = bp->getOverlappingPairCache();
          btBroadphasePairArray& pairs = cache->getOverlappingPairArray();
          if (res.cachePairs < 0) res.cachePairs = cache->getNumOverlappingPairs();
          pbm::PairList found;
          for (int p = 0; p < pairs.size(); ++p) {
            int i =
                static_cast<int>(reinterpret_cast<intptr_t>(pairs[p].m_pProxy0->m_clientObject));
            int j =
                static_cast<int>(reinterpret_cast<intptr_t>(pairs[p].m_pProxy1->m_clientObject));
            const pbm::AABB a = boxes.aabb(i), b = boxes.aabb(j);
            if (i > j) std::swap(i, j);
            if ((a.lo.array() <= b.hi.array()).all() && (b.lo.array() <= a.hi.array()).all())
              found.emplace_back(i, j);
          }
          std::sort(found.begin(), found.end());
          return found;
        });
    r.buildMs = buildMs;
    for (int i = 0; i < n; ++i) bp->destroyProxy(proxy[i], &dispatcher);
    report(state, r, kBulletNames[static_cast<int>(kind)], n, vmax);
  }
}
#endif

std::string vmaxName(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

int registerBenchmarks() {
  // Coherence: speeds in mean box edges per frame, and shuffle.
  for (const double s : {0.001, 0.01, 0.1, 1.0, -1.0}) {
    const std::string series = s < 0 ? "shuffle" : "speed_" + vmaxName(s);
    auto* b = benchmark::RegisterBenchmark(
        ("BM_SweepIncremental/" + (s < 0 ? std::string("shuffle") : vmaxName(s))).c_str(),
        [=](benchmark::State& st) { sweepIncremental(st, s, series); });
    // 65536 boxes at the high speeds take ~10 s each: PBM_BENCH_SLOW=1.
    const long nMax = s < 0 ? 4096 : (s >= 0.1 && !slow() ? 16384 : 65536);
    for (long n = 64; n <= nMax; n *= 4) b->Arg(n);
    b->UseManualTime()->Unit(benchmark::kMillisecond);
  }
  // The anchor scene, ours and Bullet's: n from 10^3 to 5 10^4 at vmax 0.01
  // (the plot ch08_bullet; 10^4 at most by default) and 0.001
  // (ch08_bullet_slow).
  struct Case {
    int n;
    double vmax;
  };
  for (const Case c :
       {Case{1000, 0.01}, Case{3000, 0.01}, Case{10000, 0.01}, Case{30000, 0.01}, Case{50000, 0.01},
        Case{1000, 0.001}, Case{10000, 0.001}, Case{50000, 0.001}, Case{10000, 0.05}}) {
    // 3 10^4 boxes, 5 10^4 at vmax 0.01 (~45 s with Dbvt beside) and vmax
    // 0.05: PBM_BENCH_SLOW=1 (with them the default run took 146 s here).
    if ((c.vmax > 0.02 || c.n == 30000 || (c.n == 50000 && c.vmax > 0.005)) && !slow()) continue;
    std::string tail = "/";  // built by appends: GCC 12 warns (-Wrestrict) on "/" + string
    tail += std::to_string(c.n);
    tail += "/";
    tail += vmaxName(c.vmax);
    auto add = [&](const std::string& name, auto fn) {
      benchmark::RegisterBenchmark(("BM_Anchor/" + name + tail).c_str(), fn)
          ->Iterations(1)
          ->UseManualTime()
          ->Unit(benchmark::kMillisecond);
    };
    add("ours",
        [=](benchmark::State& st) { anchorSweep<pbm::SweepAndSort3D>(st, c.n, c.vmax, "ours"); });
    // The reference solution's CoherentSweep3D (what a student's sweep costs):
    // up to 10^4 boxes; beyond, ~35 ms a frame: PBM_BENCH_SLOW=1.
    if (c.n <= 10000 || slow())
      add("reference", [=](benchmark::State& st) {
        anchorSweep<pbm::CoherentSweep3D>(st, c.n, c.vmax, "reference");
      });
#if defined(PBM_HAVE_BULLET)
    for (const Bullet k : {Bullet::Sweep16, Bullet::Sweep32, Bullet::Dbvt}) {
      // The axis sweeps build by inserting one proxy at a time into sorted
      // lists, O(n^2): 4 s at 10^4, ~100 s at 5 10^4 (PBM_BENCH_SLOW=1).
      // btAxisSweep3's 16-bit handles stop at 32767 boxes.
      if (k == Bullet::Sweep16 && (c.n > 30000 || (c.n > 10000 && !slow()))) continue;
      if (k == Bullet::Sweep32 && c.n > 10000 && !slow()) continue;
      add(kBulletNames[static_cast<int>(k)],
          [=](benchmark::State& st) { anchorBullet(st, k, c.n, c.vmax); });
    }
#endif
  }
  return 0;
}
const int kRegistered = registerBenchmarks();

}  // namespace

BENCHMARK_MAIN();
