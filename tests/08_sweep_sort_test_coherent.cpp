// Chapter 08 tests, part 2: the coherent sweep in 3D (RBII §7.2.2): claims
// 6-7 and the Bullet comparison scene (SplitMix64 seed 42), the table against
// brute force after every frame.
#include "08_sweep_sort_test.h"
#include "pbm/core/errors.h"

namespace {

using namespace ch08_test;

struct MovingBoxes {
  std::vector<Vector3d> c, v, h;
  double world;
  std::vector<AABB> aabbs() const {
    std::vector<AABB> out;
    for (std::size_t i = 0; i < c.size(); ++i) out.push_back({c[i] - h[i], c[i] + h[i]});
    return out;
  }
  void step() {  // reflect at the walls of [0, world]^3
    for (std::size_t i = 0; i < c.size(); ++i)
      for (int a = 0; a < 3; ++a) {
        c[i][a] += v[i][a];
        if (c[i][a] < 0.0) c[i][a] = -c[i][a], v[i][a] = -v[i][a];
        if (c[i][a] > world) c[i][a] = 2.0 * world - c[i][a], v[i][a] = -v[i][a];
      }
  }
};

MovingBoxes randomBoxes(int n, double sigma, double world, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> c(0.0, world), h(0.1, 0.6);
  std::normal_distribution<double> v(0.0, sigma);
  MovingBoxes s{{}, {}, {}, world};
  for (int i = 0; i < n; ++i) {
    s.c.emplace_back(c(rng), c(rng), c(rng));
    s.v.emplace_back(v(rng), v(rng), v(rng));
    s.h.emplace_back(h(rng), h(rng), h(rng));
  }
  return s;
}

// --- claim 6: the incremental 3D table equals brute force (RBII §7.2.2)

TEST(Ch08Coherent3D, TableEqualsBruteForceEveryFrame) {
  for (double sigma : {0.001, 0.01, 0.1}) {
    MovingBoxes s = randomBoxes(60, sigma, 10.0, 31);
    pbm::CoherentSweep3D sweep;
    within::init(sweep, s.aabbs());
    ASSERT_EQ(sweep.overlaps(), brutePairs3D(s.aabbs()))
        << "RBII §7.2.1: the first frame's table: "
        << pairDiff(sweep.overlaps(), brutePairs3D(s.aabbs()));
    long tests = 0, be = 0;
    for (int frame = 1; frame <= 100; ++frame) {
      s.step();
      const auto boxes = s.aabbs();
      within::update(sweep, boxes);
      const PairList got = sweep.overlaps(), want = brutePairs3D(boxes);
      ASSERT_EQ(got, want) << "RBII §7.2.2: table after frame " << frame << ", sigma " << sigma
                           << ": " << pairDiff(got, want);
      const auto st = sweep.stats();
      EXPECT_LE(st.boxTests, st.beSwaps) << "RBII §7.2.2: a box test only at a b/e exchange";
      EXPECT_LE(st.beSwaps, st.swaps[0] + st.swaps[1] + st.swaps[2])
          << "b/e swaps are swaps; stats() counts this update's "
             "exchanges only (zero them as update starts)";
      tests += st.boxTests, be += st.beSwaps;
    }
    EXPECT_GT(be, 0) << "the motion must exchange endpoints (sigma " << sigma << ")";
    EXPECT_LT(tests, be) << "RBII §7.2.2: an e passing below a b removes WITHOUT a box test, so "
                            "box tests < b/e exchanges (sigma "
                         << sigma << ")";
  }
}

TEST(Ch08Coherent3D, ExactTiesOnAGrid) {
  // Centres and half sizes on a grid of halves, moved by whole halves: boxes
  // touch exactly and often (the tie rule: touching boxes overlap).
  std::mt19937 rng(41);
  std::uniform_int_distribution<int> c(0, 16), h(1, 2), step(-1, 1);
  const int n = 40;
  std::vector<AABB> boxes(n);
  std::vector<Vector3d> centre(n), half(n);
  for (int i = 0; i < n; ++i) {
    centre[i] = 0.5 * Vector3d(c(rng), c(rng), c(rng));
    half[i] = 0.5 * Vector3d(h(rng), h(rng), h(rng));
  }
  auto make = [&] {
    for (int i = 0; i < n; ++i) boxes[i] = {centre[i] - half[i], centre[i] + half[i]};
  };
  make();
  pbm::CoherentSweep3D sweep;
  within::init(sweep, boxes);
  ASSERT_EQ(sweep.overlaps(), brutePairs3D(boxes))
      << "RBII §7.2.1: the first frame, with ties: "
      << pairDiff(sweep.overlaps(), brutePairs3D(boxes));
  long touching = 0;
  for (int frame = 1; frame <= 60; ++frame) {
    for (int i = 0; i < n; ++i)
      if (i % 3 == frame % 3) centre[i] += 0.5 * Vector3d(step(rng), step(rng), step(rng));
    make();
    within::update(sweep, boxes);
    const PairList got = sweep.overlaps(), want = brutePairs3D(boxes);
    ASSERT_EQ(got, want) << "RBII §7.2.2 and the tie rule (closed intervals; b before e on "
                            "ties): frame "
                         << frame << ": " << pairDiff(got, want);
    for (const auto& [i, j] : want)
      for (int a = 0; a < 3; ++a)
        touching += (boxes[i].hi[a] == boxes[j].lo[a] || boxes[j].hi[a] == boxes[i].lo[a]);
  }
  EXPECT_GT(touching, 50) << "the grid must produce touching boxes for the test to mean anything";
}

// update keeps init's lists (RBII §7.2.2): their entries name the boxes by
// index, so a frame with another number of boxes cannot be sorted into them;
// broadphase.h promises a UsageError (call init), and the table unchanged.
TEST(Ch08Coherent3D, UpdateWithAnotherNumberOfBoxesThrows) {
  const std::vector<AABB> three = {{Vector3d(0, 0, 0), Vector3d(1, 1, 1)},
                                   {Vector3d(0.5, 0.5, 0.5), Vector3d(2, 2, 2)},
                                   {Vector3d(5, 5, 5), Vector3d(6, 6, 6)}};
  pbm::CoherentSweep3D sweep;
  within::init(sweep, three);
  const PairList want = brutePairs3D(three);
  ASSERT_EQ(sweep.overlaps(), want)
      << "RBII §7.2.1: init's table: " << pairDiff(sweep.overlaps(), want);
  std::vector<AABB> four = three;
  four.push_back({Vector3d(0.2, 0.2, 0.2), Vector3d(0.4, 0.4, 0.4)});  // overlaps box 0
  std::vector<AABB> two(three.begin(), three.begin() + 2);
  for (const auto* boxes : {&four, &two}) {
    bool threw = false;
    try {
      within::update(sweep, *boxes);
    } catch (const pbm::UsageError&) {
      threw = true;
    }
    EXPECT_TRUE(threw) << "CoherentSweep3D::update (RBII §7.2.2, broadphase.h): init had 3 boxes, "
                          "this frame has "
                       << boxes->size() << ": expected a UsageError (call init), got none";
    EXPECT_EQ(sweep.overlaps(), want)
        << "CoherentSweep3D::update: a refused frame leaves the table as it was: "
        << pairDiff(sweep.overlaps(), want);
  }
}

// --- claim 7: a still frame costs no exchange and no box test (RBII §7.2.2)

TEST(Ch08Coherent3D, StillFrameCostsNothingAndSlowMotionLittle) {
  MovingBoxes s = randomBoxes(80, 0.003, 10.0, 43);
  for (auto& h : s.h) h = Vector3d::Constant(0.5);  // unit boxes
  pbm::CoherentSweep3D sweep;
  within::init(sweep, s.aabbs());
  const PairList before = sweep.overlaps();
  within::update(sweep, s.aabbs());
  const auto st = sweep.stats();
  EXPECT_EQ(st.swaps[0] + st.swaps[1] + st.swaps[2], 0)
      << "RBII §7.2.2: nothing moved, no exchange";
  EXPECT_EQ(st.boxTests, 0) << "RBII §7.2.2: nothing moved, no box test";
  EXPECT_EQ(st.statusChanges, 0) << "RBII §7.2.2: nothing moved, no status change";
  EXPECT_EQ(sweep.overlaps(), before) << "the table is unchanged";
  double swaps = 0.0;
  const int frames = 100;
  for (int f = 0; f < frames; ++f) {
    s.step();
    within::update(sweep, s.aabbs());
    const auto t = sweep.stats();
    swaps += double(t.swaps[0] + t.swaps[1] + t.swaps[2]) / frames;
  }
  EXPECT_LE(swaps, 80 / 2.0) << "RBII §7.2.2: at 0.003 per frame (unit boxes) the coherent "
                                "sweep costs O(n + c) with c << n^2 = 6400; swaps per frame";
  EXPECT_GT(swaps, 0.0) << "the boxes move, so some exchange happens";
}

// --- the Bullet comparison scene (SplitMix64 seed 42; issue #9)

TEST(Ch08Anchor, BulletSceneEqualsBruteForceAnd496PairsAfterFrame100) {
  const int n = 1000;
  const double vmax = 0.01, L = 2.0 * std::cbrt(double(n));
  SplitMix64 rng(42);
  MovingBoxes s{{}, {}, {}, L};
  for (int i = 0; i < n; ++i) {
    Vector3d c, e, v;
    for (int a = 0; a < 3; ++a) c[a] = L * rng.uniform();
    for (int a = 0; a < 3; ++a) e[a] = 0.5 + rng.uniform();
    for (int a = 0; a < 3; ++a) v[a] = vmax * (2.0 * rng.uniform() - 1.0);
    s.c.push_back(c), s.h.push_back(0.5 * e), s.v.push_back(v);
  }
  ASSERT_NEAR(s.c[0].x(), 14.831297575436464, 1e-12) << "the generator (check value of box 0)";
  ASSERT_NEAR(s.v[0].z(), -0.003201379221659588, 1e-15) << "the generator (box 0's velocity)";
  pbm::CoherentSweep3D sweep;
  within::init(sweep, s.aabbs());
  ASSERT_EQ(sweep.overlaps(), brutePairs3D(s.aabbs()))
      << "RBII §7.2.1: frame 0: " << pairDiff(sweep.overlaps(), brutePairs3D(s.aabbs()));
  for (int frame = 1; frame <= 100; ++frame) {
    s.step();
    const auto boxes = s.aabbs();
    within::update(sweep, boxes);
    const PairList got = sweep.overlaps(), want = brutePairs3D(boxes);
    ASSERT_EQ(got, want) << "RBII §7.2.2: frame " << frame << ": " << pairDiff(got, want);
  }
  EXPECT_EQ(sweep.overlaps().size(), 496u)
      << "the Bullet scene at N = 1000, vmax 0.01: 496 overlapping pairs after frame 100 (brute "
         "force and Bullet's sweeps agree)";
}

}  // namespace
