// Chapter 03 student functions: implicit (backward) Euler (Implicit Methods §3-4).
#pragma once

#include <Eigen/Core>
#include <Eigen/SparseCore>

#include "pbm/core/ode.h"

namespace pbm {

// Eq. (3-2): solve ((1/h) I - f'(Y0)) dY = f(Y0) with a sparse factorisation and
// install Y0 + dY at t0 + h. Needs sys.hasJacobian(); otherwise uses the
// finite-difference Jacobian (fd_jacobian.h). Throws SolverFailure if singular,
// and std::invalid_argument, touching nothing, unless h is finite and > 0.
void implicitEulerStep(OdeSystem& sys, double h);

struct CgOptions {
  double tolerance = 1e-10;  // on the true residual |b - A x| / |b|
  int maxIterations = 0;     // 0: 2 n
};

// Eq. (4-5), mass-weighted (Baraff & Witkin 1998):
//   (M - h dF/dv - h^2 dF/dx) dv = h (F0 + h dF/dx v0),   dx = h (v0 + dv),
// solved by conjugate gradients. `mass` holds M's diagonal, one entry per
// coordinate; a row with infinite mass is a fixed coordinate (dv = 0).
struct SecondOrderStep {
  Eigen::VectorXd dx, dv;
  int iterations = 0;   // CG iterations
  double residual = 0;  // final true relative residual
};
// Throws SolverFailure if the system is not positive definite or CG fails to
// reach the tolerance within maxIterations.
SecondOrderStep implicitEulerSecondOrder(const Eigen::VectorXd& v0, const Eigen::VectorXd& F0,
                                         const Eigen::SparseMatrix<double>& dFdx,
                                         const Eigen::SparseMatrix<double>& dFdv,
                                         const Eigen::VectorXd& mass, double h,
                                         const CgOptions& options = {});

// Optional: the fully implicit step, Newton iterations on Y - Y0 - h f(Y) = 0.
// Returns the iterations used; throws SolverFailure if not converged.
int newtonBackwardEulerStep(OdeSystem& sys, double h, double tol, int maxIter);

}  // namespace pbm
