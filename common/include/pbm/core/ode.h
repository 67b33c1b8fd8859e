// The notes' modular solver interface (Differential Equation Basics §4, slides
// "Modular Implementation" and "Solver Interface"). A solver sees a model only
// through these calls: the dimension of its state, get/set of the state and
// time, and an evaluation of the derivative at the installed state; three
// optional calls (derivEvalAt, stateView, swapState) let a model spare a
// solver the copies of a large state.
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

  // f at a state the solver holds, for the stages of multi-stage methods
  // (DEB §2.2). The default installs (x, t) with setState and calls derivEval,
  // which is always right; a model that can evaluate f anywhere overrides it
  // and saves the copy, leaving its installed state alone. Either way the
  // installed state is unspecified afterwards: a solver ends its step with
  // setState. xdot must not alias x.
  virtual void derivEvalAt(const Eigen::VectorXd& x, double t, Eigen::VectorXd& xdot);

  // The installed state in place, no copy (t receives the time), or nullptr:
  // the default, for models that gather their state (particle systems,
  // PSD §3). A solver may keep the pointer for the whole step only because a
  // model that returns one MUST also override derivEvalAt so that it does not
  // install (the default derivEvalAt would overwrite the state pointed to).
  // stateOf below is the safe way to use it.
  virtual const Eigen::VectorXd* stateView(double& /*t*/) const { return nullptr; }

  // Installs x at time t like setState, but may take x's storage instead of
  // copying it: a model that keeps its state as one vector swaps buffers, and
  // x is left holding the old state. The default copies (setState). Either
  // way x's contents are unspecified afterwards: for a solver's last write.
  virtual void swapState(Eigen::VectorXd& x, double t) { setState(x, t); }

  // Implicit Methods §3: the Jacobian df/dx at the installed state, for
  // systems that provide one analytically (used from chapter 03 on).
  virtual bool hasJacobian() const { return false; }
  virtual void jacobian(Eigen::SparseMatrix<double>& J);
};

// The installed state of sys: the model's own vector when it offers a view
// (stateView), else a copy in `scratch` (getState). Valid until the next
// setState; the start state x0 of a step, read without a copy where possible.
inline const Eigen::VectorXd& stateOf(const OdeSystem& sys, Eigen::VectorXd& scratch, double& t) {
  if (const Eigen::VectorXd* view = sys.stateView(t)) return *view;
  sys.getState(scratch, t);
  return scratch;
}

}  // namespace pbm
