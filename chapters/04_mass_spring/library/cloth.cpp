#include "pbm/particles/cloth.h"

#include <cmath>

#include "pbm/core/errors.h"
#include "pbm/particles/forces.h"

namespace pbm {

ClothCounts buildCloth(pbm::ParticleSystem& ps, const ClothSpec& s) {
  if (s.n < 2) throw pbm::UsageError("cloth needs at least 2 x 2 particles");
  ClothCounts c;
  const int base = ps.n();
  auto index = [&](int row, int col) { return base + row * s.n + col; };
  for (int row = 0; row < s.n; ++row)
    for (int col = 0; col < s.n; ++col) {
      pbm::Particle p;
      p.m = s.mass;
      p.x = s.topLeft + s.startScale * Eigen::Vector2d(col * s.spacing, -row * s.spacing);
      if (row == 0 && (col == 0 || col == s.n - 1)) p.control = pbm::nailAt(p.x);
      ps.add(p);
      ++c.particles;
    }
  ps.addForce<pbm::Gravity>(Eigen::Vector2d(0.0, -s.g));
  if (s.drag > 0) ps.addForce<pbm::Drag>(s.drag);
  auto spring = [&](int a, int b, double ks) {
    const double rest = (ps.particles[a].x - ps.particles[b].x).norm() / s.startScale;
    ps.addForce<pbm::DampedSpring>(a, b, ks, s.kd, rest);
  };
  for (int row = 0; row < s.n; ++row)
    for (int col = 0; col < s.n; ++col) {
      if (col + 1 < s.n) spring(index(row, col), index(row, col + 1), s.ks), ++c.structural;
      if (row + 1 < s.n) spring(index(row, col), index(row + 1, col), s.ks), ++c.structural;
      if (row + 1 < s.n && col + 1 < s.n) {
        spring(index(row, col), index(row + 1, col + 1), s.shear * s.ks), ++c.shear;
        spring(index(row, col + 1), index(row + 1, col), s.shear * s.ks), ++c.shear;
      }
      if (col + 2 < s.n) spring(index(row, col), index(row, col + 2), s.bend * s.ks), ++c.bend;
      if (row + 2 < s.n) spring(index(row, col), index(row + 2, col), s.bend * s.ks), ++c.bend;
    }
  return c;
}

}  // namespace pbm
