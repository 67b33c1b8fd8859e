#include "anchor_boxes.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace ch08 {

AnchorBoxes::AnchorBoxes(int n_, double vmax, std::uint64_t seed)
    : n(n_), L(2.0 * std::cbrt(static_cast<double>(n_))), c(n_), s(n_), v(n_) {
  SplitMix64 rng(seed);
  for (int i = 0; i < n; ++i) {
    for (int a = 0; a < 3; ++a) c[i][a] = L * rng.uniform();
    for (int a = 0; a < 3; ++a) s[i][a] = 0.5 + rng.uniform();
    for (int a = 0; a < 3; ++a) v[i][a] = vmax * (2.0 * rng.uniform() - 1.0);
  }
}

void AnchorBoxes::step() {
  for (int i = 0; i < n; ++i)
    for (int a = 0; a < 3; ++a) {
      double& x = c[i][a];
      x += v[i][a];
      if (x < 0.0) x = -x, v[i][a] = -v[i][a];
      if (x > L) x = 2.0 * L - x, v[i][a] = -v[i][a];
    }
}

void AnchorBoxes::shuffle(SplitMix64& rng) {
  for (auto& x : c)
    for (int a = 0; a < 3; ++a) x[a] = L * rng.uniform();
}

pbm::AABB AnchorBoxes::aabb(int i) const {
  pbm::AABB b;
  b.lo = c[i] - 0.5 * s[i];
  b.hi = c[i] + 0.5 * s[i];
  return b;
}

void AnchorBoxes::aabbs(std::vector<pbm::AABB>& out) const {
  out.resize(n);
  for (int i = 0; i < n; ++i) out[i] = aabb(i);
}

namespace {
bool closedOverlap(const pbm::AABB& a, const pbm::AABB& b) {
  for (int k = 0; k < 3; ++k)
    if (a.lo[k] > b.hi[k] || b.lo[k] > a.hi[k]) return false;
  return true;
}
}  // namespace

pbm::PairList brutePairs(const std::vector<pbm::AABB>& boxes) {
  pbm::PairList out;
  const int n = static_cast<int>(boxes.size());
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j)
      if (closedOverlap(boxes[i], boxes[j])) out.emplace_back(i, j);
  return out;
}

pbm::PairList pairsByX(const std::vector<pbm::AABB>& boxes) {
  const int n = static_cast<int>(boxes.size());
  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(),
            [&](int a, int b) { return boxes[a].lo.x() < boxes[b].lo.x(); });
  pbm::PairList out;
  for (int p = 0; p < n; ++p) {
    const pbm::AABB& a = boxes[order[p]];
    for (int q = p + 1; q < n && boxes[order[q]].lo.x() <= a.hi.x(); ++q)
      if (closedOverlap(a, boxes[order[q]]))
        out.emplace_back(std::min(order[p], order[q]), std::max(order[p], order[q]));
  }
  std::sort(out.begin(), out.end());
  return out;
}

long brutePairCount(const std::vector<pbm::AABB>& boxes) {
  long count = 0;
  const int n = static_cast<int>(boxes.size());
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) count += closedOverlap(boxes[i], boxes[j]);
  return count;
}

}  // namespace ch08
