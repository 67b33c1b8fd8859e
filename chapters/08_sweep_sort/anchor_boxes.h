// The workload chapter 08 shares between its viewer (coherent_boxes), its
// tests and its benchmark, and that Bullet's broadphases are timed on: N
// axis-aligned boxes drifting in a cube, fully specified so that any
// implementation can rebuild it number for number.
//   SplitMix64, seed 42; world side L = 2 cbrt(N) (1/8 box per unit volume);
//   per box, in this draw order: centre L u (x, y, z), edges 0.5 + u (x, y,
//   z), velocity vmax (2u - 1) per frame (x, y, z); each frame c += v,
//   reflected at 0 and L; AABB c +- s/2. Plus the O(n^2) oracle every
//   incremental pair list is compared with (RBII §7.2).
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <vector>

#include "pbm/collision/broadphase.h"
#include "pbm/core/split_mix64.h"

namespace ch08 {

// The generator the scene is specified with (its one copy, pbm/core).
using pbm::SplitMix64;

struct AnchorBoxes {
  AnchorBoxes(int n, double vmax, std::uint64_t seed = 42);
  void step();  // one frame: c += v, reflected at 0 and L
  // Every box's centre moved to a fresh random point (edges and velocities
  // kept): the frame after this has no coherence left.
  void shuffle(SplitMix64& rng);
  pbm::AABB aabb(int i) const;
  void aabbs(std::vector<pbm::AABB>& out) const;

  int n = 0;
  double L = 0.0;
  std::vector<Eigen::Vector3d> c, s, v;  // centre, edge lengths, velocity per frame
};

// The pairs (i < j, sorted) whose closed boxes overlap on all three axes, by
// testing all n(n-1)/2 pairs: written here on purpose rather than with
// aabbOverlap, so it checks the student's functions independently.
pbm::PairList brutePairs(const std::vector<pbm::AABB>& boxes);
long brutePairCount(const std::vector<pbm::AABB>& boxes);
// The same pairs without testing the ones that cannot overlap: boxes sorted
// by lo.x, each tested (closed, all three axes) against those after it that
// start at or before its hi.x. A pair overlapping in 3D overlaps in x, so
// none is missed; O(n log n + pairs overlapping in x). The oracle of the
// benchmark's anchor rows, where O(n^2) would take seconds per check.
pbm::PairList pairsByX(const std::vector<pbm::AABB>& boxes);

}  // namespace ch08
