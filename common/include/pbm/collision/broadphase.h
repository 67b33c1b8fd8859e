// Chapter 08 student functions, part 1: bounding boxes and sweep-and-sort
// (RBII §7.2). The tie rule (ours; the notes leave it open): intervals are
// CLOSED, so boxes that only touch overlap (what resting contact needs), and
// endpoints sort by the key (value, isEnd): at equal values a begin comes
// before an end.
#pragma once
#include <Eigen/Core>
#include <cstdint>
#include <functional>
#include <unordered_set>
#include <utility>
#include <vector>

namespace pbm {

struct Interval {
  double b = 0.0, e = 0.0;  // begin <= end
};
struct AABB {
  Eigen::Vector3d lo = Eigen::Vector3d::Zero(), hi = Eigen::Vector3d::Zero();
};
struct Endpoint {
  double value = 0.0;
  int box = 0;         // the interval or box it belongs to
  bool isEnd = false;  // false: a begin b_i; true: an end e_i
};
// Pairs (i, j) with i < j, sorted: the form every pair list is compared in.
using PairList = std::vector<std::pair<int, int>>;
// Called once per exchange of insertion sort: `moved` is the endpoint that
// moves towards the front, `passed` the one it moves past.
using SwapCallback = std::function<void(const Endpoint& moved, const Endpoint& passed)>;

// --- [aabb.cpp]
// The axis-aligned box around an oriented box (centre x, rotation R, half
// extents h): x +- |R| h, |R| taken entry by entry (RBII §7.2).
AABB boxAabb(const Eigen::Vector3d& x, const Eigen::Matrix3d& R, const Eigen::Vector3d& half);
// Closed intervals on all three axes: lo_a <= hi_b and lo_b <= hi_a.
bool aabbOverlap(const AABB& a, const AABB& b);

// --- [sweep_1d.cpp] RBII §7.2.1 (figure 18): sort the 2n endpoints, sweep with
// an active list: at b_i report i against every active interval and add it;
// at e_i remove it. O(n log n + k). Returns the overlapping pairs, sorted.
PairList sweepAndPrune1D(const std::vector<Interval>& intervals);

// --- [insertion_sort.cpp] RBII §7.2.2: insertion sort of a nearly sorted list
// by (value, isEnd), each item moving towards the front until it meets a
// smaller one; onSwap (may be empty) is called for every exchange. Exactly one
// exchange per inversion: returns the number of exchanges.
long insertionSortEndpoints(std::vector<Endpoint>& list, const SwapCallback& onSwap);

// --- [coherent_sweep.cpp] RBII §7.2.2 in 3D: three endpoint lists kept from
// frame to frame and re-sorted by insertion sort; the table of overlapping
// pairs changes only at exchanges. A b_i passing below an e_j may start an
// overlap: run the 3D box test (aabbOverlap) and insert the pair if it
// passes. An e_i passing below a b_j ends one: remove the pair, no test.
// b/b and e/e exchanges change nothing.
class CoherentSweep3D {
 public:
  struct Stats {
    long swaps[3] = {0, 0, 0};  // exchanges per axis, this update
    long beSwaps = 0;           // of them, between a begin and an end
    long boxTests = 0;          // aabbOverlap calls
    // Each insertion into the table and each removal from it: a pair inserted
    // and removed within one update counts 2 (intervals_1d's column counts the
    // net change of the frame instead).
    long statusChanges = 0;
  };
  // The first frame: sort the endpoints of every axis (any sort) and build
  // the table by brute force or a sweep; stats cleared.
  void init(const std::vector<AABB>& boxes);
  // A later frame, the same boxes moved: write the new endpoint values into
  // the kept lists, insertion-sort each axis, update the table at exchanges.
  // stats() then describes this update. Another number of boxes than init's
  // throws UsageError (call init) and changes nothing.
  void update(const std::vector<AABB>& boxes);
  PairList overlaps() const;  // the table, sorted
  Stats stats() const { return stats_; }

  // The pair (i, j) as one key of the table, in either order: (min << 32) | max
  // (chapter library), so overlaps() reads the pair back as (key >> 32, key & 0xffffffff).
  static std::uint64_t key(int i, int j);

 private:
  // A helper update may use (the reference does): the table and stats change
  // for one exchange of `moved` below `passed`, a begin and an end of two
  // different boxes. Left undefined when unused.
  void exchange(const Endpoint& moved, const Endpoint& passed);

  std::vector<AABB> boxes_;
  std::vector<Endpoint> axis_[3];
  std::unordered_set<std::uint64_t> table_;
  Stats stats_;
};

}  // namespace pbm
