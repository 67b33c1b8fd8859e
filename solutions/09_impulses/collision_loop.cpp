// Reference: the notes' find_all_collisions (RBII §8): sweep the contact list
// in order until a pass applies no impulse.
#include <string>

#include "pbm/core/errors.h"
#include "pbm/impulse/impulse.h"

namespace pbm {

namespace {

bool movable(const RigidBody* b) {
  return b && !(b->invMass == 0.0 && b->IbodyInv.isZero(0.0));
}

}  // namespace

int resolveCollisions(std::vector<Contact>& contacts, double eps, double threshold, int maxPasses,
                      std::vector<ImpulseRecord>* log) {
  for (int pass = 1;; ++pass) {
    bool hadCollision = false;
    for (std::size_t i = 0; i < contacts.size(); ++i) {
      Contact& c = contacts[i];
      // Two fixed bodies (or a missing one) cannot collide: K would be 0.
      if (!c.a || !c.b || (!movable(c.a) && !movable(c.b))) continue;
      if (classify(c, threshold) != ContactKind::Colliding) continue;
      if (pass > maxPasses)
        throw SolverFailure("resolveCollisions: contact " + std::to_string(i) +
                            " still colliding after " + std::to_string(maxPasses) + " passes");
      const double vMinus = relativeNormalVelocity(c);
      const double j = impulseMagnitude(c, eps);
      applyImpulse(c, j);
      hadCollision = true;
      if (log) log->push_back({static_cast<int>(i), pass, j, vMinus, relativeNormalVelocity(c)});
    }
    if (!hadCollision) return pass;
  }
}

}  // namespace pbm
