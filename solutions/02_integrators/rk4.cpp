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
  Eigen::VectorXd x0;  // the start state
  Eigen::VectorXd f;   // the latest derivative evaluation
  Eigen::VectorXd xs;  // the next stage's state, installed for evaluation
  Eigen::VectorXd x1;  // the result, accumulated stage by stage
};

// After evaluating a stage's f: the next stage's state xs = x0 + a f, and the
// result's share of f, x1 = x0 + b f (first stage) or x1 += b f. One pass over
// memory for both: on a large state the step is bound by memory traffic.
void stage(Rk4Workspace& w, double a, double b, bool first) {
  const double *x0 = w.x0.data(), *f = w.f.data();
  double *xs = w.xs.data(), *x1 = w.x1.data();
  const Eigen::Index n = w.f.size();
  if (first) {
    for (Eigen::Index i = 0; i < n; ++i) {
      xs[i] = x0[i] + a * f[i];
      x1[i] = x0[i] + b * f[i];
    }
  } else {
    for (Eigen::Index i = 0; i < n; ++i) {
      xs[i] = x0[i] + a * f[i];
      x1[i] += b * f[i];
    }
  }
}
}  // namespace

void rk4Step(OdeSystem& sys, double h) {
  thread_local Rk4Workspace w;
  const int n = sys.dim();
  w.f.resize(n);
  w.xs.resize(n);
  w.x1.resize(n);
  double t0;
  sys.getState(w.x0, t0);

  sys.derivEval(w.f);            // f1 = f(x0, t0)
  stage(w, h / 2, h / 6, true);  // x1 = x0 + k1/6, install x0 + k1/2
  sys.setState(w.xs, t0 + h / 2);

  sys.derivEval(w.f);             // f2
  stage(w, h / 2, h / 3, false);  // x1 += k2/3, install x0 + k2/2
  sys.setState(w.xs, t0 + h / 2);

  sys.derivEval(w.f);         // f3
  stage(w, h, h / 3, false);  // x1 += k3/3, install x0 + k3
  sys.setState(w.xs, t0 + h);

  sys.derivEval(w.f);     // f4
  w.x1 += (h / 6) * w.f;  // x1 += k4/6
  sys.setState(w.x1, t0 + h);
}

}  // namespace pbm
