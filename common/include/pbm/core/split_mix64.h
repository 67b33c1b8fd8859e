// SplitMix64 (Steele, Lea and Flood 2014): a 64-bit generator with one word of
// state, fully specified, so a seeded scene, benchmark or test draws the same
// numbers on every machine and compiler (std::mt19937's distributions are not
// specified, so a CSV or a check value built on them would not be portable).
// The one copy: chapter 08's boxes, chapter 09's billiards, chapter 10's
// benchmark and chapter 08's tests all draw from it.
#pragma once

#include <cstdint>

namespace pbm {

struct SplitMix64 {
  std::uint64_t s;
  explicit SplitMix64(std::uint64_t seed) : s(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  // [0, 1): the top 53 bits, so every double drawn is exact.
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
  // [lo, hi).
  double uniform(double lo, double hi) { return lo + (hi - lo) * uniform(); }
  // A vector of three draws in [lo, hi), drawn z first, then y, then x. Never
  // write `Vec3(rng.uniform(), rng.uniform(), rng.uniform())`: C++ leaves the
  // order of a call's arguments unspecified (GCC went right to left, Clang left
  // to right), so one seed gave two different scenes. z, y, x is the order the
  // scenes' CSVs were first recorded in with GCC.
  template <class Vec3>
  Vec3 uniform3(double lo, double hi) {
    const double z = uniform(lo, hi);
    const double y = uniform(lo, hi);
    const double x = uniform(lo, hi);
    return Vec3(x, y, z);
  }
};

}  // namespace pbm
