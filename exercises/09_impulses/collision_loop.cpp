// Exercise 09 · resolveCollisions (RBII §8, the notes' find_all_collisions)
//
// resolveCollisions: sweep the list in order; at every contact classify()
//   calls colliding, apply impulseMagnitude(c, eps) with applyImpulse (the
//   next contact reads the new velocities); repeat the sweep until a pass
//   applies no impulse and return the number of passes (the quiet last one
//   included). Skip contacts with a null body or two fixed bodies. Throw
//   SolverFailure (pbm/core/errors.h) when a pass after maxPasses would still
//   apply one. Append an ImpulseRecord {index, pass, j, v_rel^-, v_rel^+} to
//   *log for every impulse when log is given.
// Ch09Ball.* runs it with collision_time.cpp.
//
// Symbols: contacts (std::vector<Contact>), eps, threshold (double), maxPasses (int),
//   log (std::vector<ImpulseRecord>*, may be null) -> passes (int)
// Tests: Ch09Loop.*, Ch09Ball.* (tests/09_impulses_test_loop.cpp, tests/09_impulses_test_time.cpp)
//   build/bin/ch09_tests --gtest_filter='Ch09Loop.*:Ch09Ball.*'
#include "pbm/core/exercise.h"
#include "pbm/impulse/impulse.h"

namespace pbm {

int resolveCollisions(std::vector<Contact>& /*contacts*/, double /*eps*/, double /*threshold*/,
                      int /*maxPasses*/, std::vector<ImpulseRecord>* /*log*/) {
  PBM_TODO("resolveCollisions",
           "RBII §8, find_all_collisions: impulses at the colliding contacts, in list order, "
           "until a whole pass applies none");
}

}  // namespace pbm
