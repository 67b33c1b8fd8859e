// Implicit (backward) Euler, Implicit Methods §3. The step evaluates f at the
// end of the step, Y_new = Y0 + h f(Y_new) (3-1). For a general f that cannot
// be solved directly, so f(Y0 + dY) is replaced by f(Y0) + f'(Y0) dY, giving
//   ((1/h) I - f'(Y0)) dY = f(Y0)                                   (3-2)
// one sparse linear solve per step. The optional Newton step iterates that
// linearisation until (3-1) itself holds.
#include <Eigen/SparseLU>
#include <cmath>
#include <stdexcept>
#include <string>

#include "pbm/core/errors.h"
#include "pbm/core/fd_jacobian.h"
#include "pbm/stiffness/implicit.h"

namespace pbm {

namespace {

// f'(Y) at the installed state: the model's own Jacobian when it has one,
// else central differences (2 dim() extra derivative evaluations).
void jacobianAt(OdeSystem& sys, Eigen::SparseMatrix<double>& J) {
  if (sys.hasJacobian())
    sys.jacobian(J);
  else
    finiteDifferenceJacobian(sys, J);
  if (J.rows() != sys.dim() || J.cols() != sys.dim())
    throw std::logic_error("implicit Euler: the Jacobian is " + std::to_string(J.rows()) + "x" +
                           std::to_string(J.cols()) + ", the state has dimension " +
                           std::to_string(sys.dim()));
}

// Solves A x = b with a sparse LU factorisation; A need not be symmetric (a
// general f' is not). A singular A (a zero pivot) is a SolverFailure.
Eigen::VectorXd sparseSolve(Eigen::SparseMatrix<double>& A, const Eigen::VectorXd& b,
                            const std::string& what) {
  A.makeCompressed();
  Eigen::SparseLU<Eigen::SparseMatrix<double>, Eigen::COLAMDOrdering<int>> lu;
  lu.compute(A);
  if (lu.info() != Eigen::Success)
    throw SolverFailure(what + " is singular (" + lu.lastErrorMessage() + "); try another h");
  Eigen::VectorXd x = lu.solve(b);
  if (lu.info() != Eigen::Success || !x.allFinite())
    throw SolverFailure(what + " is singular to working precision; try another h");
  return x;
}

void requirePositiveStep(double h, const char* who) {
  if (!(h > 0) || !std::isfinite(h))
    throw std::invalid_argument(std::string(who) + ": the step size h must be finite and > 0");
}

}  // namespace

void implicitEulerStep(OdeSystem& sys, double h) {
  requirePositiveStep(h, "implicitEulerStep");
  const int n = sys.dim();
  Eigen::VectorXd Y0, f0(n);
  double t0;
  sys.getState(Y0, t0);
  sys.derivEval(f0);  // f(Y0): the notes linearise about the start of the step

  Eigen::SparseMatrix<double> J;
  jacobianAt(sys, J);  // f'(Y0), sparse: it follows the model's connectivity (§3)

  // A = (1/h) I - f'(Y0). Adding the identity this way also puts every
  // diagonal entry in the pattern, even where f' has none.
  Eigen::SparseMatrix<double> I(n, n);
  I.setIdentity();
  Eigen::SparseMatrix<double> A = (1.0 / h) * I - J;
  const Eigen::VectorXd dY = sparseSolve(A, f0, "implicitEulerStep: the matrix (I/h - f')");

  sys.setState(Y0 + dY, t0 + h);
}

int newtonBackwardEulerStep(OdeSystem& sys, double h, double tol, int maxIter) {
  requirePositiveStep(h, "newtonBackwardEulerStep");
  const int n = sys.dim();
  Eigen::VectorXd Y0, Y, f(n), G(n);
  double t0;
  sys.getState(Y0, t0);
  const double t1 = t0 + h;  // backward Euler evaluates f at the end of the step
  const double scale = std::max(1.0, Y0.norm());

  // Newton on G(Y) = Y - Y0 - h f(Y) = 0, G'(Y) = I - h f'(Y), from Y = Y0.
  // The first iterate is the linearised step (3-2); each further one removes
  // the error of the linearisation quadratically (Newton's method, IM §3).
  Y = Y0;
  Eigen::SparseMatrix<double> I(n, n), J;
  I.setIdentity();
  try {
    for (int iter = 0;; ++iter) {
      sys.setState(Y, t1);
      sys.derivEval(f);
      G = Y - Y0 - h * f;
      const double residual = G.norm();
      if (residual <= tol * scale) return iter;  // (3-1) holds: Y is installed at t0 + h
      if (iter >= maxIter || !std::isfinite(residual))
        throw SolverFailure(
            "newtonBackwardEulerStep: no convergence in " + std::to_string(maxIter) +
            " iterations (|Y - Y0 - h f(Y)| = " + std::to_string(residual) + "); try a smaller h");
      jacobianAt(sys, J);
      Eigen::SparseMatrix<double> A = I - h * J;
      Y -= sparseSolve(A, G, "newtonBackwardEulerStep: the matrix (I - h f')");
    }
  } catch (...) {
    sys.setState(Y0, t0);  // a failed step leaves the caller where it started
    throw;
  }
}

}  // namespace pbm
