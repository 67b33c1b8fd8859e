// Chapter 10 library code: the resting world (RBII §9): chapter 09's world
// with box-box contacts and the contact forces of the LCP.
#include "pbm/resting/resting_world.h"

#include "pbm/resting/contact_forces.h"

namespace pbm {
namespace {

bool isBox(const Shape& s) {
  return s.kind == Shape::Box;
}

}  // namespace

Separation RestingWorld::closest() const {
  Separation s = CollisionWorld::closest();
  const int n = static_cast<int>(std::min(bodies.size(), shapes.size()));
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      if (!isBox(shapes[i]) || !isBox(shapes[j])) continue;
      if (isFixedBody(bodies[i]) && isFixedBody(bodies[j])) continue;
      const double g = polyhedronSeparation(boxPolyhedron(bodies[i]), boxPolyhedron(bodies[j]));
      if (g < s.gap) s = {g, i, j};
    }
  return s;
}

std::vector<Contact> RestingWorld::contacts(double tol) {
  std::vector<Contact> out = CollisionWorld::contacts(tol);
  const int n = static_cast<int>(std::min(bodies.size(), shapes.size()));
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      if (!isBox(shapes[i]) || !isBox(shapes[j])) continue;
      if (isFixedBody(bodies[i]) && isFixedBody(bodies[j])) continue;
      for (const Contact& c : boxBoxContacts(bodies[i], bodies[j], tol)) out.push_back(c);
    }
  return out;
}

void RestingWorld::addRestingForces() {
  if (resting.empty()) return;
  restingStats.last = computeContactForces(resting);
  ++restingStats.solves;
  restingStats.pivots += restingStats.last.pivots;
}

}  // namespace pbm
