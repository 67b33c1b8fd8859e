#include "pbm/core/ode.h"

#include <stdexcept>

namespace pbm {

void OdeSystem::derivEvalAt(const Eigen::VectorXd& x, double t, Eigen::VectorXd& xdot) {
  setState(x, t);
  derivEval(xdot);
}

void OdeSystem::jacobian(Eigen::SparseMatrix<double>&) {
  throw std::logic_error("this OdeSystem provides no Jacobian (check hasJacobian() first)");
}

}  // namespace pbm
