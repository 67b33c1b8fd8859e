// Reference: the contacts on a separating plane (RBII §7.1, §8): only the
// features of each body that lie in the plane are compared. Vertex/face and
// edge/edge contacts; vertex/vertex and vertex/edge are degenerate (RBII §8)
// and show up as the vertex/face contact of the vertex on the face boundary.
#include <cmath>

#include "pbm/collision/separating_plane.h"

namespace pbm {

namespace {
bool onPlane(const Eigen::Vector3d& v, const SeparatingPlane& s, double tol) {
  return std::abs(s.n.dot(v) - s.d) <= tol;
}

// The face of P lying in the plane with outward normal along `outward`, or -1.
int faceInPlane(const ConvexPolyhedron& P, const SeparatingPlane& s, const Eigen::Vector3d& outward,
                double tol) {
  for (int k = 0; k < static_cast<int>(P.f.size()); ++k) {
    const auto& f = P.f[k];
    if (f.n.dot(outward) < 1.0 - 1e-9) continue;
    bool in = true;
    for (int i : f.idx) in = in && onPlane(P.v[i], s, tol);
    if (in) return k;
  }
  return -1;
}

// x inside the face polygon or on its boundary, within tol.
bool inFace(const Eigen::Vector3d& x, const ConvexPolyhedron& P, const ConvexPolyhedron::Face& f,
            double tol) {
  const int m = static_cast<int>(f.idx.size());
  for (int k = 0; k < m; ++k) {
    const Eigen::Vector3d& p = P.v[f.idx[k]];
    const Eigen::Vector3d& q = P.v[f.idx[(k + 1) % m]];
    if (f.n.dot((q - p).cross(x - p)) < -tol * (q - p).norm()) return false;
  }
  return true;
}

// Vertex/face contacts of V's vertices on F's face (index face), if any.
void vertexFace(const ConvexPolyhedron& V, const ConvexPolyhedron& F, int face,
                const SeparatingPlane& s, double tol, RigidBody* a, RigidBody* b,
                std::vector<Contact>& out) {
  if (face < 0) return;
  const auto& f = F.f[face];
  for (const auto& v : V.v) {
    if (!onPlane(v, s, tol) || !inFace(v, F, f, tol)) continue;
    // A vertex that coincides with one already reported (two corners on top
    // of each other) counts once.
    bool seen = false;
    for (const auto& c : out) seen = seen || (c.vf && (c.p - v).norm() <= tol);
    if (seen) continue;
    Contact c;
    c.a = a;
    c.b = b;
    c.p = v;
    c.n = f.n;  // b's outward face normal: from b towards a
    c.vf = true;
    out.push_back(c);
  }
}
}  // namespace

std::vector<Contact> contactsOnPlane(const ConvexPolyhedron& A, const ConvexPolyhedron& B,
                                     const SeparatingPlane& plane, double tol, RigidBody* bodyA,
                                     RigidBody* bodyB) {
  std::vector<Contact> out;
  // A is on n.x <= d: its face in the plane faces +n, B's faces -n.
  vertexFace(A, B, faceInPlane(B, plane, -plane.n, tol), plane, tol, bodyA, bodyB, out);
  vertexFace(B, A, faceInPlane(A, plane, plane.n, tol), plane, tol, bodyB, bodyA, out);

  // Edge/edge: an edge of A and an edge of B, both in the plane, not
  // parallel, crossing strictly inside both (a crossing at an end is a
  // vertex on the other's face boundary: a vf contact above).
  for (const auto& ea : A.e) {
    const Eigen::Vector3d a0 = A.v[ea.first], a1 = A.v[ea.second];
    if (!onPlane(a0, plane, tol) || !onPlane(a1, plane, tol)) continue;
    const Eigen::Vector3d dA = a1 - a0;
    for (const auto& eb : B.e) {
      const Eigen::Vector3d b0 = B.v[eb.first], b1 = B.v[eb.second];
      if (!onPlane(b0, plane, tol) || !onPlane(b1, plane, tol)) continue;
      const Eigen::Vector3d dB = b1 - b0;
      const double den = plane.n.dot(dA.cross(dB));
      if (std::abs(den) <= 1e-9 * dA.norm() * dB.norm()) continue;  // parallel
      const Eigen::Vector3d w = b0 - a0;
      const double s = plane.n.dot(w.cross(dB)) / den;
      const double t = plane.n.dot(w.cross(dA)) / den;
      const double etaA = tol / dA.norm(), etaB = tol / dB.norm();
      if (s <= etaA || s >= 1.0 - etaA || t <= etaB || t >= 1.0 - etaB) continue;
      Contact c;
      c.a = bodyA;
      c.b = bodyB;
      c.p = a0 + s * dA;
      c.ea = dA.normalized();
      c.eb = dB.normalized();
      c.n = c.ea.cross(c.eb).normalized();
      if (c.n.dot(plane.n) > 0.0) c.n = -c.n;  // from B towards A
      c.vf = false;
      out.push_back(c);
    }
  }
  return out;
}

}  // namespace pbm
