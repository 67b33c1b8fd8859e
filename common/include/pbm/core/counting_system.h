// Wraps an OdeSystem and counts derivative evaluations: the notes measure the
// cost of a solver in evaluations of f (DEB §2): the tests measure what a
// method spends through this wrapper. (The stepping layer, stepping.h, counts
// a method's stated evaluations per step instead: a wrapper doubles every
// virtual call, which a 2-unknown model feels.)
#pragma once

#include "pbm/core/ode.h"

namespace pbm {

class CountingSystem : public OdeSystem {
 public:
  explicit CountingSystem(OdeSystem& inner) : inner_(inner) {}

  int dim() const override { return inner_.dim(); }
  void getState(Eigen::VectorXd& x, double& t) const override { inner_.getState(x, t); }
  void setState(const Eigen::VectorXd& x, double t) override { inner_.setState(x, t); }
  void derivEval(Eigen::VectorXd& xdot) override {
    ++evals_;
    inner_.derivEval(xdot);
  }
  // Forwarded as they are, so a model's copy-free paths work through the count.
  void derivEvalAt(const Eigen::VectorXd& x, double t, Eigen::VectorXd& xdot) override {
    ++evals_;
    inner_.derivEvalAt(x, t, xdot);
  }
  const Eigen::VectorXd* stateView(double& t) const override { return inner_.stateView(t); }
  void swapState(Eigen::VectorXd& x, double t) override { inner_.swapState(x, t); }
  bool hasJacobian() const override { return inner_.hasJacobian(); }
  void jacobian(Eigen::SparseMatrix<double>& J) override {
    ++jacobians_;
    inner_.jacobian(J);
  }

  long evals() const { return evals_; }
  long jacobians() const { return jacobians_; }
  void resetCounts() { evals_ = jacobians_ = 0; }

 private:
  OdeSystem& inner_;
  long evals_ = 0;
  long jacobians_ = 0;
};

}  // namespace pbm
