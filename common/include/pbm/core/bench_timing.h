// Wall-clock timing for the benchmarks that time a whole run by hand beside
// Google Benchmark (chapters 08 and 10): a clock and the median of repeated
// runs, which one slow run on shared cores does not move.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <vector>

namespace pbm::bench {

// Seconds on a monotonic clock (only differences mean anything).
inline double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// The median of v (the mean of the middle two when v.size() is even); v must not be empty.
inline double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

}  // namespace pbm::bench
