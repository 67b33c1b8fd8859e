// Chapter 10 library code: box-box separations and contacts (RBII §7.1, §8)
// from chapter 08's polyhedra, separating planes and contact finder.
#include <algorithm>
#include <limits>

#include "pbm/collision/separating_plane.h"
#include "pbm/resting/resting_world.h"

namespace pbm {
namespace {

// min over B of n.v - max over A of n.v: how far B lies beyond A along n.
double gapAlong(const Eigen::Vector3d& n, const ConvexPolyhedron& A, const ConvexPolyhedron& B) {
  double maxA = -std::numeric_limits<double>::infinity();
  double minB = std::numeric_limits<double>::infinity();
  for (const auto& v : A.v) maxA = std::max(maxA, n.dot(v));
  for (const auto& v : B.v) minB = std::min(minB, n.dot(v));
  return minB - maxA;
}

}  // namespace

double polyhedronSeparation(const ConvexPolyhedron& A, const ConvexPolyhedron& B) {
  double best = -std::numeric_limits<double>::infinity();
  for (const auto& f : A.f) best = std::max(best, gapAlong(f.n, A, B));
  for (const auto& f : B.f) best = std::max(best, gapAlong(-f.n, A, B));
  for (const auto& ea : A.e)
    for (const auto& eb : B.e) {
      const Eigen::Vector3d u =
          (A.v[ea.second] - A.v[ea.first]).cross(B.v[eb.second] - B.v[eb.first]);
      const double len = u.norm();
      if (len < 1e-12) continue;  // parallel edges: a face normal covers them
      const Eigen::Vector3d n = u / len;
      best = std::max({best, gapAlong(n, A, B), gapAlong(-n, A, B)});
    }
  return best;
}

std::vector<Contact> boxBoxContacts(RigidBody& a, RigidBody& b, double tol) {
  const ConvexPolyhedron A = boxPolyhedron(a), B = boxPolyhedron(b);
  const std::optional<Witness> w = findSeparatingPlane(A, B, tol);
  if (!w) return {};
  const std::optional<SeparatingPlane> plane = planeFromWitness(*w, A, B);
  if (!plane) return {};
  // Only bodies that touch: the plane may separate them by more than tol.
  if (gapAlong(plane->n, A, B) > tol) return {};
  return contactsOnPlane(A, B, *plane, tol, &a, &b);
}

}  // namespace pbm
