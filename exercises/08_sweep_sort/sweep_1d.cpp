// Exercise 08 · sweepAndPrune1D (RBII §7.2.1, figure 18)
//
// The 1D sort and sweep.
// sweepAndPrune1D: make the 2n endpoints, sort them by (value, isEnd) (at equal
//   values a begin comes first: closed intervals), then sweep with an active
//   list: at b_i report i against every active interval and add i; at e_i
//   remove i. Return the pairs (i < j), sorted.
//
// Symbols: intervals (std::vector<Interval>, n)
//   -> PairList (std::vector<std::pair<int, int>>, i < j, sorted)
// Tests: Ch08Sweep1D.* (tests/08_sweep_sort_test.cpp)
//   build/bin/ch08_tests --gtest_filter='Ch08Sweep1D.*'
#include "pbm/collision/broadphase.h"
#include "pbm/core/exercise.h"

namespace pbm {

PairList sweepAndPrune1D(const std::vector<Interval>& /*intervals*/) {
  PBM_TODO("sweepAndPrune1D",
           "RBII §7.2.1: sort endpoints by (value, isEnd); at b_i report i with every active "
           "interval and add it; at e_i remove it");
}

}  // namespace pbm
