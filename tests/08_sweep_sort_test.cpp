// Chapter 08 tests: the claims of Rigid Body Simulation II §7 (bounding
// boxes, sort and sweep, coherence, separating planes, contacts), each checked
// against an independent oracle (08_sweep_sort_test.h): brute-force pair
// sets, an O(n^2) inversion count, the parity of b/e exchanges, the
// vertex-by-vertex plane check, the penetration oracle, closed-form contact
// sets. Every test calls a student function, so each fails on the skeleton.
// Every loop is bounded. A failure names the section of the notes to read.
//
// This file: bounding boxes and the 1D sort and sweep (claims 1-5). Further
// parts: 08_sweep_sort_test_coherent.cpp (3D, the Bullet scene),
// 08_sweep_sort_test_planes.cpp (separating planes, penetration, contacts).
#include "08_sweep_sort_test.h"

namespace {

using namespace ch08_test;

// --- bounding boxes (RBII §7.2)

TEST(Ch08Aabb, RotatedBoxHasTheExtentOfItsCorners) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> u(0.1, 2.0);
  for (int k = 0; k < 200; ++k) {
    const Vector3d x(u(rng), -u(rng), u(rng)), h(u(rng), u(rng), u(rng));
    const Matrix3d R = randomRotation(rng);
    const AABB box = pbm::boxAabb(x, R, h);
    // Oracle: the min and max of the 8 corners.
    Vector3d lo = Vector3d::Constant(1e300), hi = Vector3d::Constant(-1e300);
    for (int c = 0; c < 8; ++c) {
      const Vector3d s((c & 1) ? 1 : -1, (c & 2) ? 1 : -1, (c & 4) ? 1 : -1);
      const Vector3d p = x + R * s.cwiseProduct(h);
      lo = lo.cwiseMin(p);
      hi = hi.cwiseMax(p);
    }
    ASSERT_VEC_NEAR(box.lo, lo, 1e-12) << "RBII §7.2: the AABB is x - |R| h ... x + |R| h";
    ASSERT_VEC_NEAR(box.hi, hi, 1e-12) << "RBII §7.2: the AABB is x - |R| h ... x + |R| h";
  }
}

TEST(Ch08Aabb, TouchingBoxesOverlapAndSeparatedOnesDoNot) {
  const AABB a{Vector3d(0, 0, 0), Vector3d(1, 1, 1)};
  for (int axis = 0; axis < 3; ++axis) {
    AABB b{Vector3d(0.2, 0.2, 0.2), Vector3d(0.8, 0.8, 0.8)};
    b.lo[axis] = 1.0;  // touching face: closed intervals overlap
    b.hi[axis] = 2.0;
    EXPECT_TRUE(pbm::aabbOverlap(a, b)) << "RBII §7.2 and the tie rule: closed intervals, axis "
                                        << axis << ": boxes that touch overlap (expected true)";
    EXPECT_TRUE(pbm::aabbOverlap(b, a)) << "the test is symmetric, axis " << axis;
    b.lo[axis] = std::nextafter(1.0, 2.0);
    EXPECT_FALSE(pbm::aabbOverlap(a, b))
        << "RBII §7.2: apart by one ulp on axis " << axis << " (expected false)";
    EXPECT_FALSE(pbm::aabbOverlap(b, a)) << "symmetric, axis " << axis;
  }
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> u(0.0, 4.0);
  for (int k = 0; k < 2000; ++k) {
    AABB p, q;
    for (int a = 0; a < 3; ++a) {
      // Rounded to halves: many exact touches.
      const double c1 = std::round(2 * u(rng)) / 2, c2 = std::round(2 * u(rng)) / 2;
      const double w1 = std::round(2 * u(rng)) / 4, w2 = std::round(2 * u(rng)) / 4;
      p.lo[a] = c1 - w1, p.hi[a] = c1 + w1, q.lo[a] = c2 - w2, q.hi[a] = c2 + w2;
    }
    ASSERT_EQ(pbm::aabbOverlap(p, q), closedOverlap3D(p, q))
        << "RBII §7.2: closed intervals on all three axes (case " << k << ")";
  }
}

// --- claim 1: the 1D sort and sweep reports the brute-force set (RBII §7.2.1)

std::vector<Interval> randomIntervals(std::mt19937& rng, int n, bool rounded) {
  std::uniform_real_distribution<double> c(0.0, 100.0), w(0.1, 2.0);
  std::vector<Interval> iv(n);
  for (auto& i : iv) {
    double m = c(rng), h = w(rng);
    if (rounded) m = std::round(m / 4.0), h = std::round(2.0 * h) / 2.0;  // exact ties
    i = {m - h, m + h};
  }
  return iv;
}

// The intervals themselves, when there are few enough to read.
std::string intervalsIfFew(const std::vector<Interval>& iv) {
  if (iv.size() > 10) return "";
  std::ostringstream s;
  s << "; the intervals:";
  for (const auto& i : iv) s << " [" << i.b << ", " << i.e << "]";
  return s.str();
}

TEST(Ch08Sweep1D, EqualsBruteForceOnRandomIntervals) {
  for (bool rounded : {false, true})
    for (int n : {0, 1, 2, 10, 100, 1000})
      for (int seed = 0; seed < (n >= 1000 ? 5 : 50); ++seed) {
        std::mt19937 rng(1000 * n + seed);
        const auto iv = randomIntervals(rng, n, rounded);
        const PairList got = within::sweepAndPrune1D(iv);
        const PairList want = brutePairs1D(iv);
        ASSERT_EQ(got, want) << "RBII §7.2.1: sort and sweep = all pairs with b_i <= e_j and "
                             << "b_j <= e_i (n = " << n << ", seed " << seed
                             << (rounded ? ", rounded: ties" : "") << "): " << pairDiff(got, want)
                             << intervalsIfFew(iv);
      }
}

TEST(Ch08Sweep1D, TouchingEndsAndIdenticalIntervals) {
  const std::vector<Interval> touch{{0, 1}, {1, 2}, {2, 2}, {3, 4}};
  EXPECT_EQ(within::sweepAndPrune1D(touch), (PairList{{0, 1}, {1, 2}}))
      << "RBII §7.2.1 with the tie rule: b before e at equal values, so [0,1], [1,2] and the "
         "point [2,2] touch";
  const std::vector<Interval> same(7, Interval{-1.0, 1.0});
  const PairList got = within::sweepAndPrune1D(same);
  EXPECT_EQ(got.size(), 21u) << "RBII §7.2.1: 7 identical intervals give 7*6/2 = 21 pairs";
  EXPECT_EQ(got, brutePairs1D(same)) << "each pair once, (i < j), sorted";
}

// --- claims 2-3: insertion sort, one exchange per inversion (RBII §7.2.2)

std::vector<Endpoint> randomEndpoints(std::mt19937& rng, int n) {
  std::uniform_int_distribution<int> v(0, n / 3 + 1), b(0, 1);
  std::vector<Endpoint> list(n);
  for (int i = 0; i < n; ++i) list[i] = {double(v(rng)), i, b(rng) == 1};  // many equal values
  return list;
}

TEST(Ch08InsertionSort, OneExchangePerInversion) {
  std::mt19937 rng(11);
  std::uniform_int_distribution<int> size(0, 200);
  for (int k = 0; k < 200; ++k) {
    auto list = randomEndpoints(rng, size(rng));
    const auto input = list;
    const long inv = inversions(input);
    long calls = 0;
    bool orderedCalls = true;
    const long swaps =
        within::insertionSortEndpoints(list, [&](const Endpoint& moved, const Endpoint& passed) {
          ++calls;
          orderedCalls = orderedCalls && keyLess(moved, passed);
        });
    ASSERT_EQ(swaps, inv) << "RBII §7.2.2: insertion sort makes exactly one exchange per "
                             "inversion of (value, isEnd) (list "
                          << k << ", n = " << input.size() << ")";
    ASSERT_EQ(calls, swaps) << "onSwap is called once per exchange";
    ASSERT_TRUE(orderedCalls) << "onSwap(moved, passed): moved is strictly smaller by (value, "
                                 "isEnd) than the item it passes";
    ASSERT_EQ(inversions(list), 0) << "the list ends sorted by (value, isEnd): a b before an e "
                                      "at equal values";
    auto a = input, b = list;
    auto byBox = [](const Endpoint& p, const Endpoint& q) { return p.box < q.box; };
    std::sort(a.begin(), a.end(), byBox);
    std::sort(b.begin(), b.end(), byBox);
    for (std::size_t i = 0; i < a.size(); ++i)
      ASSERT_TRUE(a[i].value == b[i].value && a[i].isEnd == b[i].isEnd)
          << "the sort permutes the items, it does not change them";
  }
}

TEST(Ch08InsertionSort, SortedAndReversedInput) {
  const int n = 300;
  std::vector<Endpoint> sorted(n), reversed(n);
  for (int i = 0; i < n; ++i)
    sorted[i] = {0.5 * i, i, false}, reversed[i] = {0.5 * (n - i), i, true};
  EXPECT_EQ(within::insertionSortEndpoints(sorted, nullptr), 0)
      << "RBII §7.2.2: a sorted list costs no exchange (and the callback may be empty)";
  EXPECT_EQ(within::insertionSortEndpoints(reversed, {}), long(n) * (n - 1) / 2)
      << "RBII §7.2.2: a reversed list of distinct values has n(n-1)/2 inversions";
  std::vector<Endpoint> tie{{1.0, 0, true}, {1.0, 1, false}};
  EXPECT_EQ(within::insertionSortEndpoints(tie, {}), 1) << "the tie rule: at equal values a b goes "
                                                           "before an e (one exchange)";
  EXPECT_FALSE(tie[0].isEnd) << "the tie rule: after sorting the b is first";
  std::vector<Endpoint> same{{1.0, 0, false}, {1.0, 1, false}, {1.0, 2, true}, {1.0, 3, true}};
  EXPECT_EQ(within::insertionSortEndpoints(same, {}), 0) << "equal keys never exchange";
}

TEST(Ch08InsertionSort, CoherenceMattersRandomVersusPerturbed) {
  // A random permutation: n(n-1)/4 exchanges expected (claim 3, RBII §7.2.2).
  const int n = 2000;
  double mean = 0.0;
  for (int seed = 0; seed < 10; ++seed) {
    std::mt19937 rng(seed);
    std::vector<Endpoint> list(n);
    for (int i = 0; i < n; ++i) list[i] = {double(i), i, false};
    std::shuffle(list.begin(), list.end(), rng);
    mean += double(within::insertionSortEndpoints(list, {})) / 10.0;
  }
  const double want = n * (n - 1) / 4.0;
  EXPECT_NEAR(mean, want, 0.03 * want) << "RBII §7.2.2: insertion sort is O(n^2) on unsorted "
                                          "input: mean exchanges over 10 random permutations";
  // A sorted list moved by up to a tenth of the spacing: O(n).
  const int m = 10000;
  std::mt19937 rng(17);
  std::uniform_real_distribution<double> d(-0.1, 0.1);
  std::vector<Endpoint> list(m);
  for (int i = 0; i < m; ++i) list[i] = {i + d(rng), i, false};
  const long swaps = within::insertionSortEndpoints(list, {});
  EXPECT_LE(swaps, 2L * m) << "RBII §7.2.2: a nearly sorted list costs O(n + c)";
  EXPECT_EQ(swaps, 0) << "moves below half the spacing keep the order: no exchange";
}

// --- claims 4-5: 1D status changes are the pairs with an odd number of b/e
// exchanges (RBII §7.2.2), and a table kept that way equals brute force.

struct Drift1D {
  std::vector<Interval> iv;
  std::vector<double> vel;
  std::vector<Endpoint> list;
};

TEST(Ch08Parity, StatusChangesAreOddBeExchanges) {
  const int n = 80;
  std::mt19937 rng(23);
  std::uniform_real_distribution<double> c(0.0, 10.0), w(0.1, 0.6);
  std::normal_distribution<double> v(0.0, 0.02);
  Drift1D s;
  for (int i = 0; i < n; ++i) {
    const double m = c(rng), h = w(rng);
    s.iv.push_back({m - h, m + h});
    s.vel.push_back(v(rng));
  }
  for (int i = 0; i < n; ++i)
    s.list.push_back({s.iv[i].b, i, false}), s.list.push_back({s.iv[i].e, i, true});
  within::insertionSortEndpoints(s.list, {});
  PairList prev = brutePairs1D(s.iv);
  std::vector<PairList> table{prev};  // the table kept by parity
  long be = 0, same = 0, changes = 0;
  for (int frame = 0; frame < 200; ++frame) {
    const int mode = frame % 50;  // 40 drifting frames, 5 still, 5 with one jump-over
    for (int i = 0; i < n; ++i) {
      double dx = mode < 40 ? s.vel[i] : 0.0;
      if (mode >= 45 && i == frame % n) dx = 3.0;  // passes completely over its neighbours
      s.iv[i].b += dx, s.iv[i].e += dx;
    }
    for (auto& p : s.list) p.value = p.isEnd ? s.iv[p.box].e : s.iv[p.box].b;
    std::vector<int> odd(n * n, 0);
    const long swaps =
        within::insertionSortEndpoints(s.list, [&](const Endpoint& moved, const Endpoint& passed) {
          if (moved.isEnd == passed.isEnd) {
            ++same;
            return;
          }
          ++be;
          const int i = std::min(moved.box, passed.box), j = std::max(moved.box, passed.box);
          odd[i * n + j] ^= 1;
        });
    if (mode >= 40 && mode < 45) {
      EXPECT_EQ(swaps, 0) << "RBII §7.2.2: a still frame exchanges nothing";
    }
    const PairList now = brutePairs1D(s.iv);
    PairList changed, flagged;
    std::set_symmetric_difference(prev.begin(), prev.end(), now.begin(), now.end(),
                                  std::back_inserter(changed));
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j)
        if (odd[i * n + j]) flagged.emplace_back(i, j);
    ASSERT_EQ(flagged, changed) << "RBII §7.2.2: the pairs whose status changed are exactly those "
                                   "with an odd number of b/e exchanges (frame "
                                << frame << "): " << pairDiff(flagged, changed);
    // Claim 5: the table updated only at exchanges equals brute force.
    PairList next;
    std::set_symmetric_difference(table.back().begin(), table.back().end(), flagged.begin(),
                                  flagged.end(), std::back_inserter(next));
    ASSERT_EQ(next, now) << "RBII §7.2.2: the table changed at exchanges = brute force (frame "
                         << frame << ")";
    table.push_back(next);
    changes += long(changed.size());
    prev = now;
  }
  EXPECT_GT(be, 100) << "the drift must exchange b/e pairs for the test to mean anything";
  EXPECT_GT(same, 100) << "and b/b, e/e pairs (which change nothing)";
  EXPECT_LE(changes, be) << "RBII §7.2.2: every status change costs at least one b/e exchange";
}

}  // namespace
