#include "pbm/particles/picking.h"

namespace pbm {

int nearestParticle(const ParticleSystem& ps, const Eigen::Vector2d& at, double radius) {
  int best = -1;
  double bestD = radius;
  for (int i = 0; i < ps.n(); ++i) {
    const double d = (ps.particles[i].x - at).norm();
    if (d < bestD) best = i, bestD = d;
  }
  return best;
}

}  // namespace pbm
