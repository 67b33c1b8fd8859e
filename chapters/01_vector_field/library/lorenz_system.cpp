#include "pbm/fields/lorenz_system.h"

#include <cmath>

#include "pbm/fields/fields.h"

namespace pbm {

void LorenzSystem::getState(Eigen::VectorXd& x, double& t) const {
  x = x_;
  t = t_;
}

void LorenzSystem::setState(const Eigen::VectorXd& x, double t) {
  // Multi-stage solvers install intermediate states here (DEB §4).
  x_ = x.head<3>();
  t_ = t;
}

void LorenzSystem::derivEval(Eigen::VectorXd& xdot) {
  // Autonomous: f depends on the point only, not on t.
  xdot = lorenzField(x_, params.sigma, params.rho, params.beta);
}

std::vector<Eigen::Vector3d> LorenzSystem::fixedPoints() const {
  std::vector<Eigen::Vector3d> out{Eigen::Vector3d::Zero()};
  if (params.rho > 1.0) {
    const double a = std::sqrt(params.beta * (params.rho - 1.0));
    out.emplace_back(a, a, params.rho - 1.0);
    out.emplace_back(-a, -a, params.rho - 1.0);
  }
  return out;
}

}  // namespace pbm
