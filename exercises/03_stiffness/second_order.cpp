// Exercise 03 · implicitEulerSecondOrder (IM §4)
//
// Implicit Euler for second-order systems, in Baraff & Witkin's mass-weighted
// form (erratum: in the notes' (4-1)..(4-5) f is an acceleration; with forces F
// and masses M multiply (4-5) by M):
//   (M - h dF/dv - h^2 dF/dx) dv = h (F0 + h dF/dx v0),   dx = h (v0 + dv).
// Solve for dv with conjugate gradients, written by you:
//  - a coordinate with infinite mass is fixed: dv_i = 0 (zero its row of the
//    right-hand side and of every matrix-vector product; never compute inf * 0);
//  - start from dv = 0; optionally precondition with 1 / S_ii (Jacobi: then
//    an S_ii <= 0 already proves S not positive definite: throw SolverFailure);
//  - if p^T S p <= 0 the matrix is not positive definite: throw SolverFailure;
//  - before accepting convergence recompute the true residual |b - S dv| and
//    compare with options.tolerance * |b|; after options.maxIterations (0: 2 n)
//    iterations without convergence throw SolverFailure. Never loop forever.
// Fill in SecondOrderStep's dx, dv, iterations and residual.
//
// Symbols: v0, F0, mass = diag M (Eigen::VectorXd, n; a mass may be inf); dF/dx,
//   dF/dv (Eigen::SparseMatrix<double>, n x n); dx, dv (n)
// Tests: Ch03SecondOrder.*, Ch03Cg.*, Ch03Energy.*, Ch03Sparsity.*, Ch03Solver.Indefinite*
//   (tests/03_stiffness_test_newton.cpp, tests/03_stiffness_test_second_order.cpp,
//   tests/03_stiffness_test_sparse.cpp)
//   build/bin/ch03_tests --gtest_filter='Ch03SecondOrder.*:Ch03Cg.*:Ch03Energy.*:Ch03Sparsity.*:Ch03Solver.Indefinite*'
#include "pbm/core/errors.h"
#include "pbm/core/exercise.h"
#include "pbm/stiffness/implicit.h"

namespace pbm {

SecondOrderStep implicitEulerSecondOrder(const Eigen::VectorXd& /*v0*/,
                                         const Eigen::VectorXd& /*F0*/,
                                         const Eigen::SparseMatrix<double>& /*dFdx*/,
                                         const Eigen::SparseMatrix<double>& /*dFdv*/,
                                         const Eigen::VectorXd& /*mass*/, double /*h*/,
                                         const CgOptions& /*options*/) {
  PBM_TODO("implicitEulerSecondOrder",
           "IM §4 eq. (4-5) times M: CG on (M - h dF/dv - h^2 dF/dx) dv = h (F0 + h dF/dx v0), "
           "then dx = h (v0 + dv); fixed coordinates (mass = inf) keep dv = 0");
}

}  // namespace pbm
