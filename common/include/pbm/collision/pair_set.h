// Chapter 08 library code: the table of overlapping pairs that the coherent
// sweep keeps from frame to frame (RBII §7.2.2: "a table of overlapping
// pairs", changed only at exchanges), as a flat open-addressing hash set.
//
// Why not std::unordered_set: a frame of many boxes inserts or removes a
// pair at every b/e exchange (tens of thousands at 10^4 boxes), and a node
// container pays an allocation or a free and a pointer chase for each. Here
// the keys sit in one array of 64-bit words (linear probing, load at most
// 1/2, removal by shifting the run back, so no tombstones accumulate).
#pragma once
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace pbm {

class PairSet {
 public:
  PairSet() { rehash(16); }
  // The key of the pair (i, j) (the same as CoherentSweep3D::key):
  // min << 32 | max.
  static std::uint64_t key(int i, int j) {
    if (i > j) std::swap(i, j);
    return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(i)) << 32) |
           static_cast<std::uint32_t>(j);
  }
  // The pair's two boxes back from its key: the smaller, then the larger.
  static int first(std::uint64_t k) { return static_cast<int>(k >> 32); }
  static int second(std::uint64_t k) { return static_cast<int>(k & 0xffffffffu); }

  // True when k was not there.
  bool insert(std::uint64_t k) {
    if (2 * (size_ + 1) > slot_.size()) rehash(2 * slot_.size());
    std::size_t s = home(k);
    for (; slot_[s] != kEmpty; s = (s + 1) & mask_)
      if (slot_[s] == k) return false;
    slot_[s] = k;
    ++size_;
    return true;
  }

  // True when k was there. Backward-shift deletion: every later key of the
  // run whose home is not cyclically in (hole, its slot] moves into the hole.
  bool erase(std::uint64_t k) {
    std::size_t s = home(k);
    for (; slot_[s] != k; s = (s + 1) & mask_)
      if (slot_[s] == kEmpty) return false;
    std::size_t hole = s;
    for (std::size_t j = (s + 1) & mask_; slot_[j] != kEmpty; j = (j + 1) & mask_) {
      const std::size_t h = home(slot_[j]);
      if (((j - h) & mask_) >= ((j - hole) & mask_)) {
        slot_[hole] = slot_[j];
        hole = j;
      }
    }
    slot_[hole] = kEmpty;
    --size_;
    return true;
  }

  bool contains(std::uint64_t k) const {
    for (std::size_t s = home(k); slot_[s] != kEmpty; s = (s + 1) & mask_)
      if (slot_[s] == k) return true;
    return false;
  }

  // Asks for the cache line of k's home slot: a caller that knows its next
  // keys early fetches their slots while it works on the current one.
  void prefetch(std::uint64_t k) const { __builtin_prefetch(&slot_[home(k)]); }

  std::size_t size() const { return size_; }
  void clear() {
    slot_.assign(slot_.size(), kEmpty);
    size_ = 0;
  }
  // Calls f(key) for every key, in no particular order.
  template <class F>
  void forEach(F f) const {
    for (std::uint64_t k : slot_)
      if (k != kEmpty) f(k);
  }

 private:
  // No pair key is all ones (that would be box 2^32 - 1 with itself).
  static constexpr std::uint64_t kEmpty = ~std::uint64_t{0};

  // Fibonacci hashing: the top bits of k times 2^64 / golden ratio.
  std::size_t home(std::uint64_t k) const {
    return static_cast<std::size_t>((k * 0x9E3779B97F4A7C15ull) >> shift_);
  }

  void rehash(std::size_t capacity) {  // capacity: a power of two
    std::vector<std::uint64_t> old(capacity, kEmpty);
    old.swap(slot_);
    mask_ = capacity - 1;
    shift_ = 64;
    for (std::size_t c = capacity; c > 1; c >>= 1) --shift_;
    size_ = 0;
    for (std::uint64_t k : old)
      if (k != kEmpty) insert(k);
  }

  std::vector<std::uint64_t> slot_;
  std::size_t mask_ = 0, size_ = 0;
  int shift_ = 64;
};

}  // namespace pbm
