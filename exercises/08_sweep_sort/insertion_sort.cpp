// Exercise: insertion sort of a nearly sorted endpoint list (RBII §7.2.2).
// insertionSortEndpoints: each item moves towards the front until it meets a
//   smaller one, by the key (value, isEnd) (a begin before an end at equal
//   values). Equal keys never exchange: exactly one exchange per inversion.
//   Call onSwap(moved, passed) (if not empty) before every exchange; return
//   the number of exchanges.
// Tests: Ch08InsertionSort.*, Ch08Parity.*
#include "pbm/collision/broadphase.h"
#include "pbm/core/exercise.h"

namespace pbm {

long insertionSortEndpoints(std::vector<Endpoint>& /*list*/, const SwapCallback& /*onSwap*/) {
  PBM_TODO("insertionSortEndpoints",
           "RBII §7.2.2: move each item towards the front while it is strictly smaller by "
           "(value, isEnd) than its neighbour; onSwap(moved, passed) at every exchange");
}

}  // namespace pbm
