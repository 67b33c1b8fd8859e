// Chapter 08 library code: a box as a convex polyhedron (RBII §7.1), the
// shape every separating-plane and contact routine of chapters 08-10 works on.
#include "pbm/collision/contact.h"
#include "pbm/core/errors.h"

namespace pbm {

namespace {
// Vertex k of the box is the corner with signs (bit 0: x, bit 1: y, bit 2: z),
// a set bit meaning +. Faces listed counter-clockwise seen from outside.
constexpr int kFaceIdx[6][4] = {{1, 3, 7, 5}, {0, 4, 6, 2}, {2, 6, 7, 3},
                                {0, 1, 5, 4}, {4, 5, 7, 6}, {0, 2, 3, 1}};
}  // namespace

ConvexPolyhedron boxPolyhedron(const Eigen::Vector3d& x, const Eigen::Matrix3d& R,
                               const Eigen::Vector3d& halfExtents) {
  if (!(halfExtents.minCoeff() > 0.0))
    throw UsageError("boxPolyhedron: every half extent must be > 0 (a degenerate box)");
  ConvexPolyhedron P;
  P.v.reserve(8);
  for (int k = 0; k < 8; ++k) {
    const Eigen::Vector3d s((k & 1) ? 1.0 : -1.0, (k & 2) ? 1.0 : -1.0, (k & 4) ? 1.0 : -1.0);
    P.v.push_back(x + R * s.cwiseProduct(halfExtents));
  }
  // Faces +x, -x, +y, -y, +z, -z: outward normals are R's columns, signed.
  for (int f = 0; f < 6; ++f) {
    ConvexPolyhedron::Face face;
    face.n = (f % 2 == 0 ? 1.0 : -1.0) * R.col(f / 2);
    face.idx.assign(kFaceIdx[f], kFaceIdx[f] + 4);
    P.f.push_back(face);
  }
  // The 12 edges: corners that differ in one sign, x edges first.
  for (int axis = 0; axis < 3; ++axis)
    for (int k = 0; k < 8; ++k)
      if (!(k & (1 << axis))) P.e.emplace_back(k, k | (1 << axis));
  return P;
}

ConvexPolyhedron boxPolyhedron(const RigidBody& b) {
  return boxPolyhedron(b.x, b.R, b.halfExtents);
}

ConvexPolyhedron translated(const ConvexPolyhedron& P, const Eigen::Vector3d& d) {
  ConvexPolyhedron Q = P;
  for (auto& v : Q.v) v += d;
  return Q;
}

}  // namespace pbm
