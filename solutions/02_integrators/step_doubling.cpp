// Step doubling (DEB §3): x_a is one step of size h, x_b two steps of size
// h/2, both from the installed (x0, t0); e = |x_a - x_b| estimates the error.
// For Euler x_b - x_a = (h^2/4) f'f + O(h^3), and e estimates x_b's error
// (not x_a's, which is about twice as large), so the adaptive driver keeps x_b.
//
// Cost: every method's first evaluation is f(x0, t0), and x_a and x_b's first
// half step start from the same (x0, t0). That value is evaluated once and
// replayed, so an attempt costs 3 p - 1 evaluations for p per step:
// Euler 2 (the notes' case), midpoint 5, RK4 11.
#include <Eigen/Core>

#include "pbm/core/counting_system.h"
#include "pbm/integrators/adaptive.h"

namespace pbm {

namespace {
// Passes everything through to the model, except that the first derivEval
// after arm() returns the stored f(x0, t0) instead of evaluating it again.
class ReplayFirstEval : public OdeSystem {
 public:
  explicit ReplayFirstEval(OdeSystem& inner) : inner_(inner) {}
  int dim() const override { return inner_.dim(); }
  void getState(Eigen::VectorXd& x, double& t) const override { inner_.getState(x, t); }
  void setState(const Eigen::VectorXd& x, double t) override { inner_.setState(x, t); }
  void derivEval(Eigen::VectorXd& xdot) override {
    if (armed_) {
      xdot = f0_;
      armed_ = false;
      return;
    }
    inner_.derivEval(xdot);
    if (!haveF0_) {  // the very first evaluation is f(x0, t0): keep it
      f0_ = xdot;
      haveF0_ = true;
    }
  }
  void arm() { armed_ = haveF0_; }

 private:
  OdeSystem& inner_;
  Eigen::VectorXd f0_;
  bool haveF0_ = false, armed_ = false;
};
}  // namespace

StepDoubling stepDoubling(OdeSystem& sys, Method m, double h) {
  CountingSystem counted(sys);
  ReplayFirstEval replay(counted);
  Eigen::VectorXd x0;
  double t0, t;
  replay.getState(x0, t0);

  StepDoubling r;
  step(replay, m, h);  // x_a: one step of h (its first evaluation is stored)
  replay.getState(r.xa, t);

  replay.setState(x0, t0);
  replay.arm();  // x_b's first half step starts at (x0, t0) too
  step(replay, m, h / 2);
  step(replay, m, h / 2);
  replay.getState(r.xb, t);

  replay.setState(x0, t0);  // leave the model where it was
  r.error = (r.xa - r.xb).norm();
  r.evals = static_cast<int>(counted.evals());
  return r;
}

}  // namespace pbm
