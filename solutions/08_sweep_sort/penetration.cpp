// Reference: the penetration witness (RBII §7.1): a vertex of one polyhedron
// strictly inside the other, or an edge of one crossing the interior of a
// face of the other.
#include <algorithm>

#include "pbm/collision/separating_plane.h"

namespace pbm {

namespace {
double scaleOf(const ConvexPolyhedron& A, const ConvexPolyhedron& B) {
  double s = 0.0;
  for (const auto& v : A.v) s = std::max(s, v.cwiseAbs().maxCoeff());
  for (const auto& v : B.v) s = std::max(s, v.cwiseAbs().maxCoeff());
  return std::max(s, 1.0);
}

// x strictly inside every face half-space of P, by more than margin.
bool strictlyInside(const Eigen::Vector3d& x, const ConvexPolyhedron& P, double margin) {
  for (const auto& f : P.f)
    if (f.n.dot(x - P.v[f.idx[0]]) > -margin) return false;
  return true;
}

// The segment a-b crosses the plane of face f strictly, at a point strictly
// inside the face polygon.
bool crossesFaceInterior(const Eigen::Vector3d& a, const Eigen::Vector3d& b,
                         const ConvexPolyhedron& P, const ConvexPolyhedron::Face& f,
                         double margin) {
  const Eigen::Vector3d& q0 = P.v[f.idx[0]];
  const double sa = f.n.dot(a - q0), sb = f.n.dot(b - q0);
  if (!((sa < -margin && sb > margin) || (sa > margin && sb < -margin))) return false;
  const Eigen::Vector3d x = a + (sa / (sa - sb)) * (b - a);
  const int m = static_cast<int>(f.idx.size());
  for (int k = 0; k < m; ++k) {
    const Eigen::Vector3d& p = P.v[f.idx[k]];
    const Eigen::Vector3d& q = P.v[f.idx[(k + 1) % m]];
    // Counter-clockwise from outside: the inside is to the left of p->q.
    if (f.n.dot((q - p).cross(x - p)) <= margin * (q - p).norm()) return false;
  }
  return true;
}
}  // namespace

std::optional<PenetrationWitness> findPenetration(const ConvexPolyhedron& A,
                                                  const ConvexPolyhedron& B) {
  const double margin = 1e-10 * scaleOf(A, B);
  using W = PenetrationWitness;
  for (int i = 0; i < static_cast<int>(A.v.size()); ++i)
    if (strictlyInside(A.v[i], B, margin)) return W{W::VertexOfAInB, i, 0};
  for (int i = 0; i < static_cast<int>(B.v.size()); ++i)
    if (strictlyInside(B.v[i], A, margin)) return W{W::VertexOfBInA, i, 0};
  for (int i = 0; i < static_cast<int>(A.e.size()); ++i)
    for (int j = 0; j < static_cast<int>(B.f.size()); ++j)
      if (crossesFaceInterior(A.v[A.e[i].first], A.v[A.e[i].second], B, B.f[j], margin))
        return W{W::EdgeOfAFaceOfB, i, j};
  for (int i = 0; i < static_cast<int>(B.e.size()); ++i)
    for (int j = 0; j < static_cast<int>(A.f.size()); ++j)
      if (crossesFaceInterior(B.v[B.e[i].first], B.v[B.e[i].second], A, A.f[j], margin))
        return W{W::EdgeOfBFaceOfA, i, j};
  return std::nullopt;
}

}  // namespace pbm
