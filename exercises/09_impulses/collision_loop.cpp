// Exercise: the notes' find_all_collisions (RBII §8).
// resolveCollisions: sweep the list in order; at every contact classify()
//   calls colliding, apply impulseMagnitude(c, eps) with applyImpulse (the
//   next contact reads the new velocities); repeat the sweep until a pass
//   applies no impulse and return the number of passes (the quiet last one
//   included). Skip contacts with a null body or two fixed bodies. Throw
//   SolverFailure (pbm/core/errors.h) when a pass after maxPasses would still
//   apply one. Append an ImpulseRecord {index, pass, j, v_rel^-, v_rel^+} to
//   *log for every impulse when log is given.
// Tests: Ch09Loop.*, then Ch09Ball.* (with collision_time.cpp)
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
