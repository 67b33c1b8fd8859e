// Wraps an OdeSystem and counts derivative evaluations: the notes measure the
// cost of a solver in evaluations of f (DEB §2), so the HUD, the CSV `evals`
// column, the tests and the benchmarks all count through this wrapper.
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
