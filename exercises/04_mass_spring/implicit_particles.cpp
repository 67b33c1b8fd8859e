// Exercise 04 · implicitParticleStep (IM §4, eq. 4-5; Baraff & Witkin 1998)
//
// Hand a particle system to chapter 03's implicit second-order step, eq. (4-5)
// mass-weighted:
//   (M - h dF/dv - h^2 dF/dx) dv = h (F0 + h dF/dx v0),  dx = h (v0 + dv).
// 1. Run the derivative-evaluation loop once (particleDerivative): the
//    accumulators then hold F0. Gather x0, v0, F0 (2n each, particle-major).
// 2. ps.forceJacobians(dFdx, dFdv); ps.massVector() (infinite for controlled).
// 3. implicitEulerSecondOrder(v0, F0, dFdx, dFdv, mass, h, options).
// 4. Install x0 + dx, v0 + dv at t0 + h with ps.setState; return the step.
//
// Symbols: x0, v0, F0, mass, dx, dv (Eigen::VectorXd, 2 n); dF/dx,
//   dF/dv (Eigen::SparseMatrix<double>, 2n x 2n) -> SecondOrderStep
// Tests: Ch04Implicit.*, Ch04Cloth.Settled*, Ch04Cloth.StiffCloth*
//   (tests/04_mass_spring_test_implicit.cpp)
//   build/bin/ch04_tests --gtest_filter='Ch04Implicit.*:Ch04Cloth.Settled*:Ch04Cloth.StiffCloth*'
#include "pbm/core/exercise.h"
#include "pbm/particles/particles.h"

namespace pbm {

SecondOrderStep implicitParticleStep(ParticleSystem& /*ps*/, double /*h*/,
                                     const CgOptions& /*options*/) {
  PBM_TODO("implicitParticleStep",
           "IM §4 eq. (4-5): gather v0, F0, Jacobians, mass; implicitEulerSecondOrder; install");
}

}  // namespace pbm
