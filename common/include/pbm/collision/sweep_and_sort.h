// Chapter 08 library code: the coherent sweep-and-sort of RBII §7.2.2 for
// many boxes, the one the benchmark sets beside Bullet's broadphases. The
// same algorithm and tie rule as the student's CoherentSweep3D
// (broadphase.h): three endpoint lists kept sorted by insertion sort from
// frame to frame, the table of overlapping pairs changed only at b/e
// exchanges (a b passing below an e: the 3D box test, aabbOverlap; an e
// passing below a b: removal, no test). What differs is the memory layout:
//   - each axis's list is two arrays (values, and box ids with the isEnd bit),
//     so the sort moves 12 bytes per exchange and streams through memory;
//   - this frame's bounds are copied once into one array per axis indexed by
//     the same id, so refreshing an endpoint is one load from a small array;
//   - the refresh and the insertion sort are one pass per axis;
//   - the table is a flat hash set (pair_set.h), not std::unordered_set;
//   - the table's changes of a frame are made after its three passes, in
//     batches whose hash slots and boxes are fetched ahead (the same table:
//     sweep_and_sort.cpp).
#pragma once
#include <cstdint>
#include <vector>

#include "pbm/collision/broadphase.h"
#include "pbm/collision/pair_set.h"

namespace pbm {

class SweepAndSort3D {
 public:
  using Stats = CoherentSweep3D::Stats;
  // The first frame: sort each axis, then sweep x with an active list and
  // box-test the pairs that overlap in x (RBII §7.2.1).
  void init(const std::vector<AABB>& boxes);
  // A later frame, the same boxes moved (RBII §7.2.2). Throws UsageError if
  // the number of boxes changed.
  void update(const std::vector<AABB>& boxes);
  PairList overlaps() const;  // the table, sorted
  std::size_t pairCount() const { return table_.size(); }
  Stats stats() const { return stats_; }

 private:
  void copyBounds(const std::vector<AABB>& boxes);
  long sortAxis(int axis);
  void applyExchanges(const std::vector<AABB>& boxes);

  std::vector<std::uint64_t> starts_;  // this frame's b-below-e pairs: box-test, insert
  std::vector<std::uint64_t> ends_;    // this frame's e-below-b pairs: remove
  std::vector<double> value_[3];       // axis a's endpoint values, sorted
  std::vector<std::uint32_t> id_[3];   // 2 box + isEnd, in the same order
  std::vector<double> bound_[3];       // bound_[a][2 box + isEnd]: lo or hi on a
  PairSet table_;
  Stats stats_;
};

}  // namespace pbm
