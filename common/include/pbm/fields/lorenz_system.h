// Chapter 01 library (not a student file): the Lorenz system behind the
// notes' solver interface (DEB §4), so any solver written against OdeSystem
// (chapter 01's eulerStep, chapter 02's rk4Step) runs it. The state is the
// point (x, y, z); derivEval is the student's lorenzField at that point.
#pragma once

#include <Eigen/Core>
#include <vector>

#include "pbm/core/ode.h"

namespace pbm {

struct LorenzParams {
  double sigma = 10.0;  // the classic values
  double rho = 28.0;
  double beta = 8.0 / 3.0;
};

class LorenzSystem : public OdeSystem {
 public:
  explicit LorenzSystem(const Eigen::Vector3d& x0 = Eigen::Vector3d::Ones(), LorenzParams p = {},
                        double t0 = 0.0)
      : params(p), x_(x0), t_(t0) {}

  int dim() const override { return 3; }
  void getState(Eigen::VectorXd& x, double& t) const override;
  void setState(const Eigen::VectorXd& x, double t) override;
  void derivEval(Eigen::VectorXd& xdot) override;

  const Eigen::Vector3d& point() const { return x_; }
  double time() const { return t_; }

  // The closed forms of DEB §1's fixed points: the origin, and for rho > 1
  // C+ and C- = (+-sqrt(beta (rho - 1)), +-sqrt(beta (rho - 1)), rho - 1).
  std::vector<Eigen::Vector3d> fixedPoints() const;
  // div f = -(sigma + 1 + beta): the rate at which volumes shrink.
  double divergence() const { return -(params.sigma + 1.0 + params.beta); }

  LorenzParams params;

 private:
  Eigen::Vector3d x_;
  double t_;
};

}  // namespace pbm
