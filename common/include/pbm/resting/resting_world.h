// Chapter 10 library code: chapter 09's colliding-contact world with its
// resting-contact stopgap replaced by the contact forces of RBII §9, and with
// box-box contacts (chapter 08's separating plane and its contacts), so that
// blocks rest on tables, planks on supports and cubes on cubes.
#pragma once
#include <vector>

#include "pbm/collision/contact.h"
#include "pbm/impulse/collision_world.h"
#include "pbm/resting/lcp.h"

namespace pbm {

// The signed separation of two convex polyhedra along the best candidate
// direction (RBII §7.1: every face normal of either and every e_A x e_B):
// min over B of n.v - max over A of n.v, maximised over the candidates.
// >= 0 exactly when a separating plane exists; for boxes apart face to face,
// the distance; < 0 the depth along the shallowest direction.
double polyhedronSeparation(const ConvexPolyhedron& A, const ConvexPolyhedron& B);

// The contacts of two boxes within tol (RBII §7.1, §8): the separating plane
// with tolerance tol (chapter 08's findSeparatingPlane and planeFromWitness)
// and the vertex/face and edge/edge contacts on it (contactsOnPlane). Empty
// when the boxes are farther apart than tol or interpenetrate deeper.
std::vector<Contact> boxBoxContacts(RigidBody& a, RigidBody& b, double tol);

// What the last contact-force solve did, for the viewer and the CSV.
struct RestingStats {
  LcpResult last;   // the last derivEval's solve
  long solves = 0;  // derivative evaluations with resting contacts
  long pivots = 0;  // summed over the solves
};

class RestingWorld : public CollisionWorld {
 public:
  RestingStats restingStats;
  // Box-box pairs come in: two boxes (dynamic or fixed: a fixed box is a
  // table or a support) touch through chapter 08's plane.
  Separation closest() const override;
  std::vector<Contact> contacts(double tol) override;

 protected:
  // RBII §9, compute_contact_forces, called in every derivEval after the
  // external forces (b reads them): the resting list's A and b, the LCP, the
  // forces into the accumulators. A failed solve throws SolverFailure.
  void addRestingForces() override;
};

}  // namespace pbm
