// Reference: mass properties of a closed triangle mesh (beyond the notes).
// Each outward triangle (a, b, c) and the origin span a tetrahedron of signed
// volume a.(b x c)/6; its second moment about the origin is
// V/20 (a a^T + b b^T + c c^T + s s^T), s = a + b + c. The sums over all faces
// give the solid's integrals of 1, r and r r^T (inside counted once, outside
// cancelled); the inertia about the centre of mass follows as in RBI §2.10,
// I = tr(C) 1 - C with C = int rho r' r'^T dV.
#include <string>

#include "pbm/core/errors.h"
#include "pbm/rigid/rigid.h"

namespace pbm {

MassProperties meshMassProperties(const std::vector<Eigen::Vector3d>& vertices,
                                  const std::vector<std::array<int, 3>>& triangles,
                                  double density) {
  if (!(density > 0.0)) throw UsageError("meshMassProperties: density must be > 0");
  const int n = static_cast<int>(vertices.size());
  double volume = 0.0;
  Eigen::Vector3d first = Eigen::Vector3d::Zero();
  Eigen::Matrix3d second = Eigen::Matrix3d::Zero();
  for (const auto& t : triangles) {
    for (int k : t)
      if (k < 0 || k >= n)
        throw UsageError("meshMassProperties: vertex index " + std::to_string(k) +
                         " out of range 0.." + std::to_string(n - 1));
    const Eigen::Vector3d &a = vertices[t[0]], &b = vertices[t[1]], &c = vertices[t[2]];
    const double v = a.dot(b.cross(c)) / 6.0;
    const Eigen::Vector3d s = a + b + c;
    volume += v;
    first += v * s / 4.0;
    second += (v / 20.0) *
              (a * a.transpose() + b * b.transpose() + c * c.transpose() + s * s.transpose());
  }
  if (!(volume > 0.0))
    throw UsageError(
        "meshMassProperties: the mesh encloses no positive volume (faces wound "
        "inwards, or not closed)");
  MassProperties mp;
  mp.mass = density * volume;
  mp.centerOfMass = first / volume;
  // Parallel axis: C about the centre = C about the origin - M c c^T.
  const Eigen::Matrix3d C =
      density * second - mp.mass * mp.centerOfMass * mp.centerOfMass.transpose();
  mp.Ibody = C.trace() * Eigen::Matrix3d::Identity() - C;
  return mp;
}

}  // namespace pbm
