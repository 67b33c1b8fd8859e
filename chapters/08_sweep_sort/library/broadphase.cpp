// Chapter 08 library code: the pair key of the coherent sweep's table
// (RBII §7.2.2: "a table of overlapping pairs").
#include "pbm/collision/broadphase.h"

namespace pbm {

std::uint64_t CoherentSweep3D::key(int i, int j) {
  if (i > j) std::swap(i, j);
  return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(i)) << 32) |
         static_cast<std::uint32_t>(j);
}

}  // namespace pbm
