// Chapter 08 library code: the coherent sweep-and-sort for many boxes
// (RBII §7.2.2); the layout and why: sweep_and_sort.h.
#include "pbm/collision/sweep_and_sort.h"

#include <algorithm>
#include <numeric>
#include <string>

#include "pbm/core/errors.h"

namespace pbm {

namespace {
// Strictly before by the key (value, isEnd): at equal values a begin comes
// before an end (the tie rule, broadphase.h), so equal keys never exchange.
inline bool before(double v, std::uint32_t id, double w, std::uint32_t other) {
  return v < w || (v == w && !(id & 1u) && (other & 1u));
}
}  // namespace

void SweepAndSort3D::copyBounds(const std::vector<AABB>& boxes) {
  const std::size_t n = boxes.size();
  for (int a = 0; a < 3; ++a) {
    bound_[a].resize(2 * n);
    double* b = bound_[a].data();
    for (std::size_t i = 0; i < n; ++i) {
      b[2 * i] = boxes[i].lo[a];
      b[2 * i + 1] = boxes[i].hi[a];
    }
  }
}

void SweepAndSort3D::init(const std::vector<AABB>& boxes) {
  const std::size_t n = boxes.size();
  copyBounds(boxes);
  stats_ = Stats{};
  table_.clear();
  for (int a = 0; a < 3; ++a) {
    std::vector<std::uint32_t>& id = id_[a];
    id.resize(2 * n);
    std::iota(id.begin(), id.end(), 0u);
    const double* b = bound_[a].data();
    std::sort(id.begin(), id.end(),
              [b](std::uint32_t p, std::uint32_t q) { return before(b[p], p, b[q], q); });
    value_[a].resize(2 * n);
    for (std::size_t k = 0; k < 2 * n; ++k) value_[a][k] = b[id[k]];
  }
  // The first frame's table (RBII §7.2.1): sweep x, keeping the boxes whose
  // x interval is open; each new one is box-tested against all of them.
  std::vector<std::uint32_t> active, where(n, 0);
  for (std::uint32_t e : id_[0]) {
    const std::uint32_t box = e >> 1;
    if (!(e & 1u)) {
      for (std::uint32_t j : active)
        if (aabbOverlap(boxes[box], boxes[j])) table_.insert(PairSet::key(int(box), int(j)));
      where[box] = static_cast<std::uint32_t>(active.size());
      active.push_back(box);
    } else {
      const std::uint32_t slot = where[box];
      active[slot] = active.back();
      where[active[slot]] = slot;
      active.pop_back();
    }
  }
}

// One pass over axis a: each endpoint takes this frame's value and moves
// towards the front past every endpoint it is strictly before (insertion
// sort, RBII §7.2.2), shifting them up; a b/e exchange of two boxes updates
// the table. Returns the number of exchanges.
long SweepAndSort3D::sortAxis(int a) {
  double* val = value_[a].data();
  std::uint32_t* id = id_[a].data();
  const double* bound = bound_[a].data();
  const std::size_t m = id_[a].size();
  long swaps = 0;
  // The refresh reads bound[] in box order, which along an axis is random:
  // each read may miss the cache. Asking for the value kAhead endpoints
  // ahead overlaps those misses with the sort (measured: issue 22).
  constexpr std::size_t kAhead = 32;
  for (std::size_t k = 0; k < m; ++k) {
    if (k + kAhead < m) __builtin_prefetch(bound + id[k + kAhead]);
    const std::uint32_t moved = id[k];
    const double v = bound[moved];
    std::size_t j = k;
    while (j > 0 && before(v, moved, val[j - 1], id[j - 1])) {
      const std::uint32_t passed = id[j - 1];
      // One begin, one end, of two boxes (a box's own pair exchanges only if lo > hi).
      if (((moved ^ passed) & 1u) && (moved >> 1) != (passed >> 1)) {
        ++stats_.beSwaps;
        const std::uint64_t key = PairSet::key(int(moved >> 1), int(passed >> 1));
        if (!(moved & 1u))  // b below e: an overlap may start (box-tested below)
          starts_.push_back(key);
        else  // e below b: the pair no longer overlaps on this axis
          ends_.push_back(key);
      }
      val[j] = val[j - 1];
      id[j] = passed;
      --j;
      ++swaps;
    }
    val[j] = v;
    if (j != k) id[j] = moved;
  }
  return swaps;
}

void SweepAndSort3D::update(const std::vector<AABB>& boxes) {
  if (2 * boxes.size() != id_[0].size())
    throw UsageError("SweepAndSort3D::update: the number of boxes changed (call init)");
  copyBounds(boxes);
  stats_ = Stats{};
  starts_.clear();
  ends_.clear();
  for (int a = 0; a < 3; ++a) stats_.swaps[a] = sortAxis(a);
  applyExchanges(boxes);
}

// The table's changes from this frame's b/e exchanges, made after the three
// passes rather than at each exchange. The table comes out the same: an
// exchange means its two endpoints are in that order at the end of the
// frame, so a pair with an e-below-b exchange does not overlap at the end
// and a pair that passes the box test (this frame's boxes, whenever it runs)
// has none; removals and insertions never meet, in whichever order. Batched,
// each hash slot and each box can be fetched kAhead exchanges early: at
// 5 10^4 boxes every one of them is otherwise a wait on memory.
void SweepAndSort3D::applyExchanges(const std::vector<AABB>& boxes) {
  constexpr std::size_t kAhead = 16;
  const std::size_t ne = ends_.size(), ns = starts_.size();
  for (std::size_t k = 0; k < ne; ++k) {
    if (k + kAhead < ne) table_.prefetch(ends_[k + kAhead]);
    if (table_.erase(ends_[k])) ++stats_.statusChanges;
  }
  for (std::size_t k = 0; k < ns; ++k) {
    if (k + kAhead < ns) {
      const std::uint64_t ahead = starts_[k + kAhead];
      for (const int box : {PairSet::first(ahead), PairSet::second(ahead)}) {
        // An AABB is 48 bytes: it may straddle two cache lines.
        __builtin_prefetch(&boxes[box]);
        __builtin_prefetch(reinterpret_cast<const char*>(&boxes[box]) + sizeof(AABB) - 1);
      }
      table_.prefetch(ahead);
    }
    const std::uint64_t key = starts_[k];
    ++stats_.boxTests;
    if (aabbOverlap(boxes[PairSet::first(key)], boxes[PairSet::second(key)]) && table_.insert(key))
      ++stats_.statusChanges;
  }
}

PairList SweepAndSort3D::overlaps() const {
  PairList pairs;
  pairs.reserve(table_.size());
  table_.forEach(
      [&](std::uint64_t k) { pairs.emplace_back(PairSet::first(k), PairSet::second(k)); });
  std::sort(pairs.begin(), pairs.end());
  return pairs;
}

}  // namespace pbm
