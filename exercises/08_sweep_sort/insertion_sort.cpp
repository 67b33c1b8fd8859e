// Exercise 08 · insertionSortEndpoints (RBII §7.2.2)
//
// Insertion sort of a nearly sorted endpoint list.
// insertionSortEndpoints: each item moves towards the front until it meets a
//   smaller one, by the key (value, isEnd) (a begin before an end at equal
//   values). Equal keys never exchange: exactly one exchange per inversion.
//   Call onSwap(moved, passed) (if not empty) before every exchange; return
//   the number of exchanges.
//
// Symbols: list (std::vector<Endpoint {value, box, isEnd}>, sorted in place)
//   -> the exchanges (long)
// Tests: Ch08InsertionSort.*, Ch08Parity.* (tests/08_sweep_sort_test.cpp)
//   build/bin/ch08_tests --gtest_filter='Ch08InsertionSort.*:Ch08Parity.*'
#include "pbm/collision/broadphase.h"
#include "pbm/core/exercise.h"

namespace pbm {

long insertionSortEndpoints(std::vector<Endpoint>& /*list*/, const SwapCallback& /*onSwap*/) {
  PBM_TODO("insertionSortEndpoints",
           "RBII §7.2.2: move each item towards the front while it is strictly smaller by "
           "(value, isEnd) than its neighbour; onSwap(moved, passed) at every exchange");
}

}  // namespace pbm
