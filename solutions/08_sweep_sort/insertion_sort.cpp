// Reference: insertion sort of a nearly sorted endpoint list (RBII §7.2.2).
#include "pbm/collision/broadphase.h"

namespace pbm {

namespace {
// Strictly smaller by (value, isEnd): equal keys never exchange, so there is
// exactly one exchange per inversion.
bool precedes(const Endpoint& p, const Endpoint& q) {
  return p.value < q.value || (p.value == q.value && !p.isEnd && q.isEnd);
}
}  // namespace

long insertionSortEndpoints(std::vector<Endpoint>& list, const SwapCallback& onSwap) {
  long swaps = 0;
  for (std::size_t k = 1; k < list.size(); ++k) {
    // Item k moves towards the front until it meets a smaller one.
    for (std::size_t j = k; j > 0 && precedes(list[j], list[j - 1]); --j) {
      if (onSwap) onSwap(list[j], list[j - 1]);
      std::swap(list[j], list[j - 1]);
      ++swaps;
    }
  }
  return swaps;
}

}  // namespace pbm
