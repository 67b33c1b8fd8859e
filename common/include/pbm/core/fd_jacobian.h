// A finite-difference Jacobian df/dx of any OdeSystem at its installed state:
// the fallback for systems without an analytic Jacobian (Implicit Methods §3),
// and the independent reference the tests hold analytic Jacobians against.
#pragma once

#include <Eigen/SparseCore>

#include "pbm/core/ode.h"

namespace pbm {

// Central differences with step delta (scaled by max(1, |x_i|)); entries with
// magnitude <= dropTol are left out of the sparse result. Restores the state.
void finiteDifferenceJacobian(OdeSystem& sys, Eigen::SparseMatrix<double>& J, double delta = 1e-6,
                              double dropTol = 0.0);

}  // namespace pbm
