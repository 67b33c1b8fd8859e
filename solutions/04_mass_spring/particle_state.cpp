// The solver interface for particles (PSD §3, Fig. 3): the solver sees a
// monolith, one 4n-vector [x1, v1, x2, v2, ...] (2D), while inside the model
// is a list of particles and force objects.
#include "pbm/particles/particles.h"

namespace pbm {

int particleDims(const ParticleSystem& ps) {
  return 4 * ps.n();
}

void particleGetState(const ParticleSystem& ps, Eigen::Ref<Eigen::VectorXd> dst) {
  for (int i = 0; i < ps.n(); ++i) {
    dst.segment<2>(4 * i) = ps.particles[i].x;
    dst.segment<2>(4 * i + 2) = ps.particles[i].v;
  }
}

void particleSetState(ParticleSystem& ps, const Eigen::Ref<const Eigen::VectorXd>& src) {
  for (int i = 0; i < ps.n(); ++i) {
    Particle& p = ps.particles[i];
    if (p.control.controlled()) {
      // PSD §5: the solver must not move a controlled particle, and its
      // velocity must stay correct for its neighbours' damping.
      const Kinematics k = prescribed(p, ps.t);
      p.x = k.x;
      p.v = k.v;
      continue;
    }
    p.x = src.segment<2>(4 * i);
    p.v = src.segment<2>(4 * i + 2);
  }
}

void particleDerivative(ParticleSystem& ps, Eigen::Ref<Eigen::VectorXd> dst) {
  // The derivative-evaluation loop (PSD §3, Fig. 5): clear, apply, gather.
  for (auto& p : ps.particles) p.f.setZero();
  for (auto& force : ps.forces) force->apply(ps);
  for (int i = 0; i < ps.n(); ++i) {
    const Particle& p = ps.particles[i];
    if (p.control.controlled()) {
      const Kinematics k = prescribed(p, ps.t);
      dst.segment<2>(4 * i) = k.v;
      dst.segment<2>(4 * i + 2) = k.a;
      continue;
    }
    dst.segment<2>(4 * i) = p.v;
    dst.segment<2>(4 * i + 2) = p.f / p.m;  // each particle's own mass (erratum: not a bare m)
  }
}

}  // namespace pbm
