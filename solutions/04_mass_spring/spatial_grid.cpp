// Spatial interaction forces (PSD §4.3) may act on any pair, which costs
// O(n^2) if every pair is checked. When interactions are local (a cutoff),
// spatial buckets find the candidates: hash each particle into a grid cell of
// size cutoff; a partner closer than cutoff lies in one of the 3 x 3 cells around.
#include <algorithm>
#include <cmath>
#include <unordered_map>

#include "pbm/particles/forces.h"

namespace pbm {

std::vector<std::pair<int, int>> neighbourPairs(const std::vector<Eigen::Vector2d>& x,
                                                double cutoff) {
  auto key = [](long long cx, long long cy) { return (cx << 32) ^ (cy & 0xffffffffLL); };
  std::unordered_map<long long, std::vector<int>> cells;
  std::vector<std::pair<long long, long long>> cellOf(x.size());
  for (size_t i = 0; i < x.size(); ++i) {
    const long long cx = static_cast<long long>(std::floor(x[i].x() / cutoff));
    const long long cy = static_cast<long long>(std::floor(x[i].y() / cutoff));
    cellOf[i] = {cx, cy};
    cells[key(cx, cy)].push_back(static_cast<int>(i));
  }
  std::vector<std::pair<int, int>> pairs;
  const double c2 = cutoff * cutoff;
  for (size_t i = 0; i < x.size(); ++i) {
    const auto [cx, cy] = cellOf[i];
    for (long long dx = -1; dx <= 1; ++dx)
      for (long long dy = -1; dy <= 1; ++dy) {
        const auto it = cells.find(key(cx + dx, cy + dy));
        if (it == cells.end()) continue;
        for (int j : it->second)
          if (j > static_cast<int>(i) && (x[i] - x[j]).squaredNorm() < c2)
            pairs.emplace_back(static_cast<int>(i), j);
      }
  }
  std::sort(pairs.begin(), pairs.end());
  return pairs;
}

}  // namespace pbm
