// Chapter 06: the global vectors of a particle system (Constrained Dynamics
// §3): qdot, Q and W = M^-1, each 2 n long in the particles' order.
#pragma once

#include <Eigen/Core>

#include "pbm/particles/particles.h"

namespace pbm {

// qdot, 2 n: (vx0, vy0, vx1, vy1, ...).
inline Eigen::VectorXd velocityVector(const ParticleSystem& ps) {
  Eigen::VectorXd v(2 * ps.n());
  for (int i = 0; i < ps.n(); ++i) v.segment<2>(2 * i) = ps.particles[i].v;
  return v;
}
// Q, 2 n: what the accumulators hold now.
inline Eigen::VectorXd forceVector(const ParticleSystem& ps) {
  Eigen::VectorXd f(2 * ps.n());
  for (int i = 0; i < ps.n(); ++i) f.segment<2>(2 * i) = ps.particles[i].f;
  return f;
}
// W's diagonal, 2 n: 1/m, and 0 for a controlled particle (infinite mass, PSD §5).
inline Eigen::VectorXd inverseMassVector(const ParticleSystem& ps) {
  Eigen::VectorXd w(2 * ps.n());
  for (int i = 0; i < ps.n(); ++i)
    w.segment<2>(2 * i).setConstant(ps.particles[i].control.controlled() ? 0.0
                                                                         : 1.0 / ps.particles[i].m);
  return w;
}

}  // namespace pbm
