#include "polyhedron_view.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace ch08 {

using Eigen::Vector3d;

void drawPolyhedron(pbm::Canvas3D& canvas, const pbm::ConvexPolyhedron& P, pbm::Color c) {
  if (pbm::alphaOf(c) < 255) {  // see-through: faces as glass, edges opaque
    for (const auto& f : P.f)
      for (size_t k = 1; k + 1 < f.idx.size(); k += 2) {
        const size_t l = std::min(k + 2, f.idx.size() - 1);
        canvas.quad(P.v[f.idx[0]], P.v[f.idx[k]], P.v[f.idx[k + 1]], P.v[f.idx[l]], c);
      }
    for (const auto& e : P.e)
      canvas.line(P.v[e.first], P.v[e.second], pbm::withAlpha(c, 255), 1.5f);
    return;
  }
  std::vector<std::vector<int>> faces;
  for (const auto& f : P.f) faces.push_back(f.idx);
  canvas.polyhedron(P.v, faces, c);
}

void drawFace(pbm::Canvas3D& canvas, const pbm::ConvexPolyhedron& P, int face, pbm::Color c,
              float px) {
  if (face < 0 || face >= static_cast<int>(P.f.size())) return;
  const auto& f = P.f[face];
  std::vector<Vector3d> loop;
  for (int k : f.idx) loop.push_back(P.v[k] + 0.004 * f.n);
  if (!loop.empty()) loop.push_back(loop.front());
  canvas.polyline(loop, c, px);
}

void drawEdge(pbm::Canvas3D& canvas, const pbm::ConvexPolyhedron& P, int edge, pbm::Color c,
              float px) {
  if (edge < 0 || edge >= static_cast<int>(P.e.size())) return;
  canvas.line(P.v[P.e[edge].first], P.v[P.e[edge].second], c, px);
}

void drawPlane(pbm::Canvas3D& canvas, const pbm::SeparatingPlane& plane, const Vector3d& near,
               double half, pbm::Color c) {
  const Vector3d n = plane.n.normalized();
  const Vector3d o = near - (n.dot(near) - plane.d) * n;
  const Vector3d u = n.unitOrthogonal(), w = n.cross(u);
  canvas.quad(o + half * (u + w), o + half * (u - w), o - half * (u + w), o - half * (u - w), c);
  canvas.arrow(o, o + 0.5 * n, pbm::withAlpha(c, 255), 2.f, 10.f);
}

namespace {
void project(const pbm::ConvexPolyhedron& P, const Vector3d& n, double& lo, double& hi) {
  lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (const auto& v : P.v) lo = std::min(lo, n.dot(v)), hi = std::max(hi, n.dot(v));
}
}  // namespace

double candidateGap(const pbm::ConvexPolyhedron& A, const pbm::ConvexPolyhedron& B) {
  std::vector<Vector3d> dirs;
  for (const auto& f : A.f) dirs.push_back(f.n);
  for (const auto& f : B.f) dirs.push_back(f.n);
  for (const auto& ea : A.e)
    for (const auto& eb : B.e) {
      const Vector3d c = (A.v[ea.second] - A.v[ea.first]).cross(B.v[eb.second] - B.v[eb.first]);
      if (c.norm() > 1e-9) dirs.push_back(c.normalized());  // parallel edges give no plane
    }
  double best = -std::numeric_limits<double>::infinity();
  for (const auto& n : dirs) {
    double aLo, aHi, bLo, bHi;
    project(A, n, aLo, aHi);
    project(B, n, bLo, bHi);
    best = std::max(best, std::max(bLo - aHi, aLo - bHi));
  }
  return best;
}

}  // namespace ch08
