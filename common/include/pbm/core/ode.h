// The notes' modular solver interface (Differential Equation Basics §4, slides
// "Modular Implementation" and "Solver Interface"). A solver sees a model only
// through these calls: the dimension of its state, get/set of the state and
// time, and an evaluation of the derivative at the installed state.
#pragma once

#include <Eigen/Core>
#include <Eigen/SparseCore>

namespace pbm {

class OdeSystem {
 public:
  virtual ~OdeSystem() = default;

  // dim(x): lets the solver allocate its temporaries.
  virtual int dim() const = 0;

  // The state vector and time. Multi-stage solvers install intermediate
  // (x, t) pairs with setState, so models must accept any x and t.
  virtual void getState(Eigen::VectorXd& x, double& t) const = 0;
  virtual void setState(const Eigen::VectorXd& x, double t) = 0;

  // f(x, t) at the installed state. Non-const because particle systems write
  // their force accumulators while evaluating (PSD §3); it must not change x or t.
  virtual void derivEval(Eigen::VectorXd& xdot) = 0;

  // Implicit Methods §3: the Jacobian df/dx at the installed state, for
  // systems that provide one analytically (used from chapter 03 on).
  virtual bool hasJacobian() const { return false; }
  virtual void jacobian(Eigen::SparseMatrix<double>& J);
};

}  // namespace pbm
