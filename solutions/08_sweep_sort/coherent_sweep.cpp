// Reference: the coherent sweep in 3D (RBII §7.2.2): three endpoint lists,
// re-sorted by insertion sort every frame, and a table of overlapping pairs
// changed only at exchanges.
#include <algorithm>

#include "pbm/collision/broadphase.h"
#include "pbm/core/errors.h"

namespace pbm {

namespace {
double endValue(const AABB& box, int axis, bool isEnd) {
  return isEnd ? box.hi[axis] : box.lo[axis];
}

// Strictly before by the key (value, isEnd): a begin before an end on ties.
bool before(const Endpoint& p, const Endpoint& q) {
  return p.value < q.value || (p.value == q.value && !p.isEnd && q.isEnd);
}
}  // namespace

void CoherentSweep3D::init(const std::vector<AABB>& boxes) {
  boxes_ = boxes;
  stats_ = Stats{};
  table_.clear();
  const int n = static_cast<int>(boxes.size());
  for (int a = 0; a < 3; ++a) {
    auto& list = axis_[a];
    list.clear();
    list.reserve(2 * n);
    for (int i = 0; i < n; ++i) {
      list.push_back({boxes[i].lo[a], i, false});
      list.push_back({boxes[i].hi[a], i, true});
    }
    std::sort(list.begin(), list.end(), before);
  }
  // The first frame (RBII §7.2.1): sweep x with an active list; every pair
  // that overlaps in x gets the 3D box test at once. Not sweepAndPrune1D: it
  // would store and sort every x-overlapping pair first (millions at 10^4
  // boxes), which made the first frame 15 times slower.
  std::vector<int> active, where(n, -1);
  for (const Endpoint& p : axis_[0]) {
    if (!p.isEnd) {
      for (int j : active)
        if (aabbOverlap(boxes_[p.box], boxes_[j])) table_.insert(key(p.box, j));
      where[p.box] = static_cast<int>(active.size());
      active.push_back(p.box);
    } else {
      const int slot = where[p.box];
      active[slot] = active.back();
      where[active[slot]] = slot;
      active.pop_back();
    }
  }
}

void CoherentSweep3D::update(const std::vector<AABB>& boxes) {
  if (boxes.size() != boxes_.size())
    throw UsageError("CoherentSweep3D::update: the number of boxes changed (call init)");
  boxes_ = boxes;
  stats_ = Stats{};
  for (int a = 0; a < 3; ++a) {
    std::vector<Endpoint>& list = axis_[a];
    for (Endpoint& p : list) p.value = endValue(boxes_[p.box], a, p.isEnd);
    // insertionSortEndpoints's sort, written out here so that each exchange
    // is a few inline lines rather than a call through a std::function (the
    // exchanges are most of a frame's work: the benchmark beside Bullet).
    // Item k moves towards the front, shifting what it passes up by one.
    long swaps = 0;
    for (std::size_t k = 1; k < list.size(); ++k) {
      const Endpoint moved = list[k];
      std::size_t j = k;
      for (; j > 0 && before(moved, list[j - 1]); --j, ++swaps) {
        const Endpoint& passed = list[j - 1];
        if (moved.isEnd != passed.isEnd && moved.box != passed.box) exchange(moved, passed);
        list[j] = passed;
      }
      list[j] = moved;
    }
    stats_.swaps[a] = swaps;
  }
}

// One b/e exchange (b/b and e/e change nothing): a begin passing below an end
// may start an overlap, so test in 3D; an end passing below a begin ends one
// on this axis, so remove the pair without a test.
void CoherentSweep3D::exchange(const Endpoint& moved, const Endpoint& passed) {
  ++stats_.beSwaps;
  const std::uint64_t k = key(moved.box, passed.box);
  if (!moved.isEnd) {
    ++stats_.boxTests;
    if (aabbOverlap(boxes_[moved.box], boxes_[passed.box]) && table_.insert(k).second)
      ++stats_.statusChanges;
  } else if (table_.erase(k)) {
    ++stats_.statusChanges;
  }
}

PairList CoherentSweep3D::overlaps() const {
  PairList pairs;
  pairs.reserve(table_.size());
  for (std::uint64_t k : table_)
    pairs.emplace_back(static_cast<int>(k >> 32), static_cast<int>(k & 0xffffffffu));
  std::sort(pairs.begin(), pairs.end());
  return pairs;
}

}  // namespace pbm
