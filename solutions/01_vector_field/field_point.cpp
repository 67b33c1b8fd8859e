// Chapter 01: one point in a 2D vector field, seen by a solver only through the
// notes' interface (DEB §4): dim(x), get/set x and t, and f at the current x and t.
#include "pbm/fields/field_point.h"

namespace pbm {

int FieldPoint::dim() const {
  // The solver allocates its temporaries from this (DEB §4, "Return dim(x)").
  return 2;
}

void FieldPoint::getState(Eigen::VectorXd& x, double& t) const {
  x = x_;
  t = t_;
}

void FieldPoint::setState(const Eigen::VectorXd& x, double t) {
  // Multi-stage solvers install intermediate (x, t) pairs here too (DEB §4),
  // so any x and t must be accepted as they are.
  x_ = x.head<2>();
  t_ = t;
}

void FieldPoint::derivEval(Eigen::VectorXd& xdot) {
  // The black box of DEB §2: f at the installed (x, t); x and t stay unchanged.
  xdot = field_(x_, t_);
}

}  // namespace pbm
