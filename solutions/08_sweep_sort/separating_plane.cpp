// Reference: separating planes and their witnesses (RBII §7.1, figures 15-17).
#include "pbm/collision/separating_plane.h"

namespace pbm {

namespace {
Eigen::Vector3d centroid(const ConvexPolyhedron& P) {
  Eigen::Vector3d c = Eigen::Vector3d::Zero();
  for (const auto& v : P.v) c += v;
  return c / static_cast<double>(P.v.size());
}
}  // namespace

std::optional<SeparatingPlane> planeFromWitness(const Witness& w, const ConvexPolyhedron& A,
                                                const ConvexPolyhedron& B) {
  SeparatingPlane p;
  switch (w.kind) {
    case Witness::FaceA: {  // A's face: its outward normal, through the face
      const auto& f = A.f[w.i];
      p.n = f.n;
      p.d = p.n.dot(A.v[f.idx[0]]);
      return p;
    }
    case Witness::FaceB: {  // B's face: minus its outward normal, so B is on n.x >= d
      const auto& f = B.f[w.i];
      p.n = -f.n;
      p.d = p.n.dot(B.v[f.idx[0]]);
      return p;
    }
    case Witness::EdgeEdge: {  // through A's edge, parallel to B's: normal e_A x e_B
      const Eigen::Vector3d a0 = A.v[A.e[w.i].first];
      const Eigen::Vector3d eA = A.v[A.e[w.i].second] - a0;
      const Eigen::Vector3d eB = B.v[B.e[w.j].second] - B.v[B.e[w.j].first];
      const Eigen::Vector3d c = eA.cross(eB);
      if (!(c.norm() > 1e-9 * eA.norm() * eB.norm())) return std::nullopt;  // parallel
      p.n = c.normalized();
      p.d = p.n.dot(a0);
      // Turned away from A: A's centroid (inside A) on the n.x <= d side.
      if (p.n.dot(centroid(A)) > p.d) {
        p.n = -p.n;
        p.d = -p.d;
      }
      return p;
    }
  }
  return std::nullopt;
}

bool separates(const SeparatingPlane& plane, const ConvexPolyhedron& A, const ConvexPolyhedron& B,
               double tol) {
  // Every vertex of both (RBII §7.1), with a tolerance: a plane built from a
  // face or an edge of one body has that body's vertices on it.
  for (const auto& v : A.v)
    if (plane.n.dot(v) > plane.d + tol) return false;
  for (const auto& v : B.v)
    if (plane.n.dot(v) < plane.d - tol) return false;
  return true;
}

std::optional<Witness> findSeparatingPlane(const ConvexPolyhedron& A, const ConvexPolyhedron& B,
                                           double tol, int* tried) {
  int count = 0;
  auto check = [&](const Witness& w) {
    ++count;
    const auto p = planeFromWitness(w, A, B);
    return p && separates(*p, A, B, tol);
  };
  std::optional<Witness> found;
  for (int i = 0; i < static_cast<int>(A.f.size()) && !found; ++i)
    if (check({Witness::FaceA, i, 0})) found = Witness{Witness::FaceA, i, 0};
  for (int i = 0; i < static_cast<int>(B.f.size()) && !found; ++i)
    if (check({Witness::FaceB, i, 0})) found = Witness{Witness::FaceB, i, 0};
  for (int i = 0; i < static_cast<int>(A.e.size()) && !found; ++i)
    for (int j = 0; j < static_cast<int>(B.e.size()) && !found; ++j)
      if (check({Witness::EdgeEdge, i, j})) found = Witness{Witness::EdgeEdge, i, j};
  if (tried) *tried = count;
  return found;
}

bool disjointWithCache(const ConvexPolyhedron& A, const ConvexPolyhedron& B,
                       std::optional<Witness>& cache, double tol) {
  // Figure 16: the cached feature, rebuilt at the current positions.
  if (cache) {
    const auto p = planeFromWitness(*cache, A, B);
    if (p && separates(*p, A, B, tol)) return true;
  }
  // Figure 17: a miss; search from scratch (RBII §7.1: "simpler").
  cache = findSeparatingPlane(A, B, tol);
  return cache.has_value();
}

}  // namespace pbm
