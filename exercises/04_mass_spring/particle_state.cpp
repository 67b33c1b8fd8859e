// Exercise 04 · particleDims, particleGetState, particleSetState, particleDerivative
//   (PSD §3, Fig. 3)
//
// The solver interface for particles (and the slide "Deriv Eval Loop"). The solver
// sees one 4n-vector [x1, v1, x2, v2, ...] (2D: 4 numbers per particle in [x, v]
// order); inside, the model is a list of particles and force objects
// (pbm/particles/particles.h).
//  - particleDims: 4 n.
//  - particleGetState / particleSetState: gather and scatter; a controlled
//    particle (nail or motor) takes prescribed(p, ps.t).x and .v instead (PSD §5).
//  - particleDerivative: clear every accumulator, call apply(ps) on every force
//    object, gather [v, f/m] with EACH particle's own mass (the notes' code
//    divides by a bare m: an erratum); a controlled particle gets
//    [prescribed.v, prescribed.a].
// Every test that runs a particle system needs these; the ones below check them.
//
// Symbols: the state and its derivative (Eigen::Ref<Eigen::VectorXd>, 4 n): [x_i, v_i] and
//   [v_i, f_i / m_i] per particle, x, v, f Eigen::Vector2d
// Tests: Ch04State.*, Ch04DerivEval.*, Ch04Controlled.* (tests/04_mass_spring_test.cpp,
//   tests/04_mass_spring_test_interaction.cpp)
//   build/bin/ch04_tests --gtest_filter='Ch04State.*:Ch04DerivEval.*:Ch04Controlled.*'
#include "pbm/core/exercise.h"
#include "pbm/particles/particles.h"

namespace pbm {

int particleDims(const ParticleSystem& /*ps*/) {
  PBM_TODO("particleDims", "PSD §3: 4 numbers per particle in 2D ([x, y, vx, vy])");
}

void particleGetState(const ParticleSystem& /*ps*/, Eigen::Ref<Eigen::VectorXd> /*dst*/) {
  PBM_TODO("particleGetState", "PSD §3: dst.segment<2>(4 i) = x_i, dst.segment<2>(4 i + 2) = v_i");
}

void particleSetState(ParticleSystem& /*ps*/, const Eigen::Ref<const Eigen::VectorXd>& /*src*/) {
  PBM_TODO(
      "particleSetState",
      "PSD §3, §5: scatter x_i, v_i from src; a controlled particle takes prescribed(p, ps.t)");
}

void particleDerivative(ParticleSystem& /*ps*/, Eigen::Ref<Eigen::VectorXd> /*dst*/) {
  PBM_TODO("particleDerivative",
           "PSD §3: clear f, apply every force object, gather [v, f / m_i] (own mass!)");
}

}  // namespace pbm
