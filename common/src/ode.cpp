#include "pbm/core/ode.h"

#include <stdexcept>

namespace pbm {

void OdeSystem::jacobian(Eigen::SparseMatrix<double>&) {
  throw std::logic_error("this OdeSystem provides no Jacobian (check hasJacobian() first)");
}

}  // namespace pbm
