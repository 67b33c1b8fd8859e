// Fourth-order Runge-Kutta (DEB §2.2): four evaluations per step, O(h^5)
// error per step. The notes' k_i include the factor h; here f_i = k_i / h.
//   k1 = h f(x0, t0)               k2 = h f(x0 + k1/2, t0 + h/2)
//   k3 = h f(x0 + k2/2, t0 + h/2)  k4 = h f(x0 + k3, t0 + h)
//   x(t0 + h) = x0 + k1/6 + k2/3 + k3/3 + k4/6
#include <Eigen/Core>

#include "pbm/integrators/integrators.h"

namespace pbm {

namespace {
// The step's temporaries. RK4 runs on states of 10^5 unknowns and more
// (particle systems, cloth), where allocating vectors every step costs far
// more than the arithmetic (each one is fresh memory the OS must hand out), so
// each thread keeps one set and reuses it: resize() is free when the dimension
// has not changed. (A model whose derivEval itself called rk4Step on the same
// thread would clobber them; none does.)
struct Rk4Workspace {
  Eigen::VectorXd x0;              // a copy of the start state, for models without a view
  Eigen::VectorXd f1, f2, f3, f4;  // the four evaluations
  Eigen::VectorXd xs;              // the next stage's state
  Eigen::VectorXd x1;              // the result (after swapState: scratch)
};

// xs = x0 + a f: the state of the next stage. On a large state the step is
// bound by memory traffic, so each pass over memory counts: the stages read
// x0 and one f, and the result is summed in one pass at the end.
void stage(Eigen::VectorXd& xs, const Eigen::VectorXd& x0, double a, const Eigen::VectorXd& f) {
  const double *x = x0.data(), *g = f.data();
  double* s = xs.data();
  const Eigen::Index n = x0.size();
  for (Eigen::Index i = 0; i < n; ++i) s[i] = x[i] + a * g[i];
}
}  // namespace

void rk4Step(OdeSystem& sys, double h) {
  thread_local Rk4Workspace w;
  double t0;
  // x0 in place when the model offers it (no copy), else copied: stateOf, ode.h.
  const Eigen::VectorXd& x0 = stateOf(sys, w.x0, t0);
  const Eigen::Index n = x0.size();
  for (Eigen::VectorXd* v : {&w.f1, &w.f2, &w.f3, &w.f4, &w.xs, &w.x1}) v->resize(n);

  sys.derivEval(w.f1);  // f1 = f(x0, t0), at the installed state
  // The later stages' f at states the solver holds (DEB §4); derivEvalAt
  // installs them only when the model cannot evaluate f elsewhere.
  stage(w.xs, x0, h / 2, w.f1);  // x0 + k1/2
  sys.derivEvalAt(w.xs, t0 + h / 2, w.f2);
  stage(w.xs, x0, h / 2, w.f2);  // x0 + k2/2
  sys.derivEvalAt(w.xs, t0 + h / 2, w.f3);
  stage(w.xs, x0, h, w.f3);  // x0 + k3
  sys.derivEvalAt(w.xs, t0 + h, w.f4);

  // x1 = x0 + k1/6 + k2/3 + k3/3 + k4/6, summed left to right in one pass.
  const double b1 = h / 6, b2 = h / 3, b3 = h / 3, b4 = h / 6;
  const double *x = x0.data(), *f1 = w.f1.data(), *f2 = w.f2.data(), *f3 = w.f3.data(),
               *f4 = w.f4.data();
  double* x1 = w.x1.data();
  for (Eigen::Index i = 0; i < n; ++i)
    x1[i] = x[i] + b1 * f1[i] + b2 * f2[i] + b3 * f3[i] + b4 * f4[i];
  sys.swapState(w.x1, t0 + h);  // installs x1 (a model that can swaps buffers, no copy)
}

}  // namespace pbm
