// Exercise 04 · neighbourPairs (PSD §4.3)
//
// Spatial interaction with buckets. Checking every pair costs O(n^2); when forces
// act only within a cutoff, hash each particle into a grid cell of size cutoff
// (floor(x / cutoff), floor(y / cutoff)) and look for partners in the 3 x 3
// cells around it. Return every pair i < j with |x_i - x_j| < cutoff, sorted by
// (i, j).
//
// Symbols: x (std::vector<Eigen::Vector2d>, n), cutoff (double)
//   -> pairs (std::vector<std::pair<int, int>>)
// Tests: Ch04SpatialGrid.* (tests/04_mass_spring_test_interaction.cpp)
//   build/bin/ch04_tests --gtest_filter='Ch04SpatialGrid.*'
#include "pbm/core/exercise.h"
#include "pbm/particles/forces.h"

namespace pbm {

std::vector<std::pair<int, int>> neighbourPairs(const std::vector<Eigen::Vector2d>& /*x*/,
                                                double /*cutoff*/) {
  PBM_TODO("neighbourPairs",
           "PSD §4.3: bucket particles in cells of size cutoff; search the 3 x 3 neighbour cells");
}

}  // namespace pbm
