// Exercise 08 · CoherentSweep3D::init, update, overlaps (RBII §7.2.2)
//
// The coherent sweep in 3D.
// init: three endpoint lists (x, y, z), 2n entries each, sorted by
//   (value, isEnd) with any sort; the table (table_, keys from key(i, j)) of
//   every overlapping pair (a sweep, or brute force); stats_ cleared.
// update: write the boxes' new lo/hi into the kept lists, insertionSortEndpoints
//   each axis (stats_.swaps[axis]) and update the table at the exchanges:
//   a begin passing below an end: a box test (aabbOverlap, boxTests), insert
//   if it passes; an end passing below a begin: remove, no test; b/b and e/e:
//   nothing. Count beSwaps and statusChanges (each real insertion or removal).
//   Another number of boxes than init's: throw UsageError (pbm/core/errors.h)
//   before changing anything.
// overlaps: the table as sorted pairs (i < j).
//
// Symbols: boxes (std::vector<AABB>, n); three endpoint lists of 2n Endpoint; overlaps()
//   -> PairList (i < j, sorted)
// Tests: Ch08Coherent3D.*, Ch08Anchor.* (tests/08_sweep_sort_test_coherent.cpp)
//   build/bin/ch08_tests --gtest_filter='Ch08Coherent3D.*:Ch08Anchor.*'
#include "pbm/collision/broadphase.h"
#include "pbm/core/exercise.h"

namespace pbm {

void CoherentSweep3D::init(const std::vector<AABB>& /*boxes*/) {
  PBM_TODO("CoherentSweep3D::init",
           "RBII §7.2.1: sort each axis's endpoints by (value, isEnd) and build the table of "
           "overlapping pairs");
}

void CoherentSweep3D::update(const std::vector<AABB>& /*boxes*/) {
  PBM_TODO("CoherentSweep3D::update",
           "RBII §7.2.2: new values into the kept lists, insertion sort per axis; b below e: box "
           "test, insert; e below b: remove");
}

PairList CoherentSweep3D::overlaps() const {
  PBM_TODO("CoherentSweep3D::overlaps", "RBII §7.2.2: the table's pairs (i < j), sorted");
}

}  // namespace pbm
