// Exercise 03 · implicitEulerStep, newtonBackwardEulerStep (IM §3)
//
// Implicit (backward) Euler.
// 1. implicitEulerStep: read (Y0, t0), evaluate f(Y0), get the Jacobian f'(Y0)
//    (sys.jacobian(J) when sys.hasJacobian(), else finiteDifferenceJacobian from
//    pbm/core/fd_jacobian.h), solve ((1/h) I - f'(Y0)) dY = f(Y0)   (3-2)
//    with a sparse LU (Eigen::SparseLU, #include <Eigen/SparseLU>) and install
//    Y0 + dY at t0 + h. If the factorisation fails (info() != Eigen::Success)
//    throw pbm::SolverFailure (pbm/core/errors.h) with a one-line message. An h
//    that is not finite and > 0 throws std::invalid_argument before anything.
// 2. (optional) newtonBackwardEulerStep: solve (3-1) Y = Y0 + h f(Y) itself by
//    Newton's method on G(Y) = Y - Y0 - h f(Y), G'(Y) = I - h f'(Y), starting
//    from Y = Y0 and evaluating f at t0 + h. Stop when |G(Y)| <= tol max(1, |Y0|)
//    and return the number of Newton updates; after maxIter updates restore
//    (Y0, t0) and throw SolverFailure.
//
// Symbols: Y0, f(Y0), dY (Eigen::VectorXd, size n = sys.dim());
//   f'(Y0) (Eigen::SparseMatrix<double>, n x n)
// Tests: Ch03StiffExample.Implicit*, Ch03StiffExample.LargestK*, Ch03Linear.*, Ch03Newton.*,
//   Ch03OneStep.*, Ch03Rotation.*, Ch03Penalty.*, Ch03Stability.StabilityFunctionIsOneStep*,
//   Ch03Cost.*, Ch03Jacobian.*, Ch03Solver.Singular* (tests/03_stiffness_test.cpp,
//   tests/03_stiffness_test_newton.cpp, tests/03_stiffness_test_second_order.cpp)
//   build/bin/ch03_tests --gtest_filter='Ch03StiffExample.Implicit*:Ch03StiffExample.LargestK*:Ch03Linear.*:Ch03Newton.*:Ch03OneStep.*:Ch03Rotation.*:Ch03Penalty.*:Ch03Stability.StabilityFunctionIsOneStep*:Ch03Cost.*:Ch03Jacobian.*:Ch03Solver.Singular*'
#include "pbm/core/errors.h"
#include "pbm/core/exercise.h"
#include "pbm/core/fd_jacobian.h"
#include "pbm/stiffness/implicit.h"

namespace pbm {

void implicitEulerStep(OdeSystem& /*sys*/, double /*h*/) {
  PBM_TODO("implicitEulerStep",
           "IM §3 eq. (3-2): solve ((1/h) I - f'(Y0)) dY = f(Y0) with Eigen::SparseLU, install "
           "Y0 + dY at t0 + h; throw SolverFailure if the factorisation fails");
}

int newtonBackwardEulerStep(OdeSystem& /*sys*/, double /*h*/, double /*tol*/, int /*maxIter*/) {
  PBM_TODO("newtonBackwardEulerStep",
           "IM §3 eq. (3-1): Newton on G(Y) = Y - Y0 - h f(Y, t0 + h): solve (I - h f'(Y)) dY = "
           "-G(Y), Y += dY, until |G| <= tol max(1, |Y0|); return the number of updates");
}

}  // namespace pbm
