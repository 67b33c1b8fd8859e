// Exercise 08 · contactsOnPlane (RBII §7.1, §8)
//
// The contacts on a separating plane.
// contactsOnPlane: only features within tol of the plane count.
//   vf: a vertex of A inside (boundary included, within tol) B's face in the
//   plane (outward normal -plane.n): a = bodyA, b = bodyB, n = -plane.n; B's
//   vertices on A's face (normal +plane.n): a = bodyB, b = bodyA, n = plane.n.
//   Two coincident vertices count once.
//   ee: an edge of A and an edge of B in the plane, not parallel, crossing
//   strictly inside both: p the crossing, ea, eb unit, n = ea x eb turned to
//   -plane.n, a = bodyA.
//
// Symbols: A, B (ConvexPolyhedron), plane {n, d}
//   -> std::vector<Contact {a, b, p, n, ea, eb (Eigen::Vector3d), vf}>
// Tests: Ch08Contacts.* (tests/08_sweep_sort_test_contacts.cpp)
//   build/bin/ch08_tests --gtest_filter='Ch08Contacts.*'
#include "pbm/collision/separating_plane.h"
#include "pbm/core/exercise.h"

namespace pbm {

std::vector<Contact> contactsOnPlane(const ConvexPolyhedron& /*A*/, const ConvexPolyhedron& /*B*/,
                                     const SeparatingPlane& /*plane*/, double /*tol*/,
                                     RigidBody* /*bodyA*/, RigidBody* /*bodyB*/) {
  PBM_TODO("contactsOnPlane",
           "RBII §7.1, §8: vertices in the plane inside the other's face (vf), edges in the plane "
           "crossing (ee)");
}

}  // namespace pbm
