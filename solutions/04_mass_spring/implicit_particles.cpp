// A particle system stepped by chapter 03's implicit second-order step,
// Implicit Methods eq. (4-5) in the mass-weighted form of Baraff & Witkin 1998:
//   (M - h dF/dv - h^2 dF/dx) dv = h (F0 + h dF/dx v0),  dx = h (v0 + dv).
// The particle system supplies v0, F0 and the sparse Jacobians; the solve is
// chapter 03's conjugate gradients.
#include "pbm/particles/particles.h"

namespace pbm {

SecondOrderStep implicitParticleStep(ParticleSystem& ps, double h, const CgOptions& options) {
  const int n = ps.n();
  const double t0 = ps.t;
  // F0: one pass of the derivative-evaluation loop leaves the forces in the accumulators.
  Eigen::VectorXd deriv(particleDims(ps));
  particleDerivative(ps, deriv);
  Eigen::VectorXd x0(2 * n), v0(2 * n), F0(2 * n);
  for (int i = 0; i < n; ++i) {
    x0.segment<2>(2 * i) = ps.particles[i].x;
    v0.segment<2>(2 * i) = ps.particles[i].v;
    F0.segment<2>(2 * i) = ps.particles[i].f;
  }
  Eigen::SparseMatrix<double> dFdx, dFdv;
  ps.forceJacobians(dFdx, dFdv);
  // Controlled particles carry infinite mass: their rows are fixed (dv = 0),
  // and setState puts them on their prescribed path afterwards.
  const SecondOrderStep s =
      implicitEulerSecondOrder(v0, F0, dFdx, dFdv, ps.massVector(), h, options);
  Eigen::VectorXd y(4 * n);
  for (int i = 0; i < n; ++i) {
    y.segment<2>(4 * i) = x0.segment<2>(2 * i) + s.dx.segment<2>(2 * i);
    y.segment<2>(4 * i + 2) = v0.segment<2>(2 * i) + s.dv.segment<2>(2 * i);
  }
  ps.setState(y, t0 + h);
  return s;
}

}  // namespace pbm
