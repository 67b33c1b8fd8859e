// Reference: the 1D sort and sweep (RBII §7.2.1, figure 18).
#include <algorithm>

#include "pbm/collision/broadphase.h"

namespace pbm {

PairList sweepAndPrune1D(const std::vector<Interval>& intervals) {
  const int n = static_cast<int>(intervals.size());
  std::vector<Endpoint> list;
  list.reserve(2 * n);
  for (int i = 0; i < n; ++i) {
    list.push_back({intervals[i].b, i, false});
    list.push_back({intervals[i].e, i, true});
  }
  // Key (value, isEnd): at equal values a begin comes first, so closed
  // intervals that only touch are reported.
  std::sort(list.begin(), list.end(), [](const Endpoint& p, const Endpoint& q) {
    return p.value < q.value || (p.value == q.value && !p.isEnd && q.isEnd);
  });
  PairList pairs;
  std::vector<int> active, where(n, -1);  // where[i]: i's slot in active
  for (const Endpoint& p : list) {
    if (!p.isEnd) {
      for (int j : active) pairs.emplace_back(std::min(j, p.box), std::max(j, p.box));
      where[p.box] = static_cast<int>(active.size());
      active.push_back(p.box);
    } else {
      // Remove by moving the last active interval into the hole: O(1).
      const int slot = where[p.box];
      active[slot] = active.back();
      where[active[slot]] = slot;
      active.pop_back();
      where[p.box] = -1;
    }
  }
  std::sort(pairs.begin(), pairs.end());
  return pairs;
}

}  // namespace pbm
