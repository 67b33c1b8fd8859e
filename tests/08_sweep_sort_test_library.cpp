// Chapter 08 tests, part 5: the library's SweepAndSort3D, the coherent sweep
// of RBII §7.2.2 laid out for many boxes (the one the benchmark sets beside
// Bullet): its table against brute force after every frame, its exchanges
// against an O(n^2) inversion count, and a frame with no coherence left.
// Its box test is the student's aabbOverlap, so these fail until that is done.
#include "08_sweep_sort_test.h"
#include "pbm/collision/sweep_and_sort.h"
#include "pbm/core/errors.h"

namespace {

using namespace ch08_test;

// n boxes of half sizes 0.1-0.6 in [0, world]^3, drifting (sigma per frame
// per axis) and reflected at the walls.
struct Drift {
  std::vector<Vector3d> c, v, h;
  double world = 10.0;
  Drift(int n, double sigma, double w, unsigned seed) : world(w) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> uc(0.0, w), uh(0.1, 0.6);
    std::normal_distribution<double> uv(0.0, sigma);
    for (int i = 0; i < n; ++i) {
      c.emplace_back(uc(rng), uc(rng), uc(rng));
      v.emplace_back(uv(rng), uv(rng), uv(rng));
      h.emplace_back(uh(rng), uh(rng), uh(rng));
    }
  }
  std::vector<AABB> aabbs() const {
    std::vector<AABB> out;
    for (std::size_t i = 0; i < c.size(); ++i) out.push_back({c[i] - h[i], c[i] + h[i]});
    return out;
  }
  void step() {
    for (std::size_t i = 0; i < c.size(); ++i)
      for (int a = 0; a < 3; ++a) {
        c[i][a] += v[i][a];
        if (c[i][a] < 0.0) c[i][a] = -c[i][a], v[i][a] = -v[i][a];
        if (c[i][a] > world) c[i][a] = 2.0 * world - c[i][a], v[i][a] = -v[i][a];
      }
  }
};

// Axis a's endpoints of `boxes` in the order `order` (box, isEnd) with this
// frame's values: insertion sort exchanges exactly once per inversion.
std::vector<Endpoint> inOrder(const std::vector<AABB>& boxes, const std::vector<Endpoint>& order,
                              int a) {
  std::vector<Endpoint> out = order;
  for (Endpoint& p : out) p.value = p.isEnd ? boxes[p.box].hi[a] : boxes[p.box].lo[a];
  return out;
}

TEST(Ch08SweepAndSort, TableEqualsBruteForceAndExchangesEqualInversions) {
  for (double sigma : {0.002, 0.02, 0.2}) {
    Drift s(150, sigma, 10.0, 57);
    std::vector<AABB> boxes = s.aabbs();
    pbm::SweepAndSort3D sweep;
    sweep.init(boxes);
    ASSERT_EQ(sweep.overlaps(), brutePairs3D(boxes)) << "RBII §7.2.1: the first frame's table";
    // The test's own copy of each axis's order, sorted by the previous frame's keys.
    std::vector<Endpoint> order[3];
    for (int a = 0; a < 3; ++a) {
      for (int i = 0; i < int(boxes.size()); ++i)
        order[a].push_back({0.0, i, false}), order[a].push_back({0.0, i, true});
      order[a] = inOrder(boxes, order[a], a);
      std::sort(order[a].begin(), order[a].end(), keyLess);
    }
    long changes = 0;
    for (int frame = 1; frame <= 60; ++frame) {
      s.step();
      boxes = s.aabbs();
      sweep.update(boxes);
      const PairList got = sweep.overlaps(), want = brutePairs3D(boxes);
      ASSERT_EQ(got, want) << "RBII §7.2.2: the table after frame " << frame << ", sigma " << sigma
                           << ": " << pairDiff(got, want);
      ASSERT_EQ(sweep.pairCount(), want.size()) << "pairCount is the table's size";
      const auto st = sweep.stats();
      for (int a = 0; a < 3; ++a) {
        order[a] = inOrder(boxes, order[a], a);
        EXPECT_EQ(st.swaps[a], inversions(order[a]))
            << "RBII §7.2.2: insertion sort exchanges once per inversion (axis " << a << ", frame "
            << frame << ", sigma " << sigma << ")";
        std::stable_sort(order[a].begin(), order[a].end(), keyLess);
      }
      EXPECT_LE(st.boxTests, st.beSwaps) << "RBII §7.2.2: a box test only at a b/e exchange";
      changes += st.statusChanges;
    }
    EXPECT_GT(changes, 0) << "the motion must start and end overlaps (sigma " << sigma << ")";
  }
}

TEST(Ch08SweepAndSort, ExactTiesAndTeleports) {
  // Boxes on a grid of halves touch exactly (the tie rule: closed intervals,
  // a begin before an end); every 10th frame every box jumps to a new cell
  // (no coherence: most of the table is removed and rebuilt).
  std::mt19937 rng(77);
  std::uniform_int_distribution<int> cell(0, 24), half(1, 2), step(-1, 1);
  const int n = 120;
  std::vector<Vector3d> centre(n), size(n);
  for (int i = 0; i < n; ++i) {
    centre[i] = 0.5 * Vector3d(cell(rng), cell(rng), cell(rng));
    size[i] = 0.5 * Vector3d(half(rng), half(rng), half(rng));
  }
  auto boxesNow = [&] {
    std::vector<AABB> out(n);
    for (int i = 0; i < n; ++i) out[i] = {centre[i] - size[i], centre[i] + size[i]};
    return out;
  };
  pbm::SweepAndSort3D sweep;
  sweep.init(boxesNow());
  ASSERT_EQ(sweep.overlaps(), brutePairs3D(boxesNow())) << "RBII §7.2.1: the first frame";
  long touching = 0, removed = 0;
  for (int frame = 1; frame <= 80; ++frame) {
    const std::size_t before = sweep.pairCount();
    for (int i = 0; i < n; ++i) {
      if (frame % 10 == 0)
        centre[i] = 0.5 * Vector3d(cell(rng), cell(rng), cell(rng));
      else
        centre[i] += 0.5 * Vector3d(step(rng), step(rng), step(rng));
    }
    const std::vector<AABB> boxes = boxesNow();
    sweep.update(boxes);
    const PairList got = sweep.overlaps(), want = brutePairs3D(boxes);
    ASSERT_EQ(got, want) << "RBII §7.2.2 and the tie rule (touching boxes overlap): frame " << frame
                         << ": " << pairDiff(got, want);
    if (frame % 10 == 0) removed += long(before);
    for (const auto& [i, j] : want)
      for (int a = 0; a < 3; ++a)
        touching += (boxes[i].hi[a] == boxes[j].lo[a] || boxes[j].hi[a] == boxes[i].lo[a]);
  }
  EXPECT_GT(touching, 100) << "the grid must produce touching boxes for the test to mean anything";
  EXPECT_GT(removed, 100) << "the teleports must clear a full table for the test to mean anything";
  EXPECT_THROW(sweep.update(std::vector<AABB>(n + 1)), pbm::UsageError)
      << "a changed number of boxes is refused (call init)";
}

}  // namespace
