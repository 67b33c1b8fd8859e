// Exercise 01 · FieldPoint: dim, getState, setState, derivEval (DEB §4)
//
// One point in a 2D vector field behind the notes' solver interface. The class
// in pbm/fields/field_point.h keeps the field f in field_, the position in x_ and
// the time in t_. A solver may only ask for the dimension, get or set (x, t), and
// f at the installed (x, t). Fill in the four methods; derivEval must not change
// x_ or t_.
//
// Symbols: x_ (Eigen::Vector2d), t_ (double); the solver's x and
//   xdot (Eigen::VectorXd, size dim() = 2)
// Tests: Ch01FieldPoint.* (tests/01_vector_field_test.cpp)
//   build/bin/ch01_tests --gtest_filter='Ch01FieldPoint.*'
#include "pbm/fields/field_point.h"

#include "pbm/core/exercise.h"

namespace pbm {

int FieldPoint::dim() const {
  PBM_TODO("FieldPoint::dim", "DEB §4 'Return dim(x)': a point in the plane has 2 numbers");
}

void FieldPoint::getState(Eigen::VectorXd& /*x*/, double& /*t*/) const {
  PBM_TODO("FieldPoint::getState", "DEB §4 'Get x and t': copy x_ into x and t_ into t");
}

void FieldPoint::setState(const Eigen::VectorXd& /*x*/, double /*t*/) {
  PBM_TODO("FieldPoint::setState",
           "DEB §4 'Set x and t': x_ = the first two entries of x (x.head<2>()), t_ = t");
}

void FieldPoint::derivEval(Eigen::VectorXd& /*xdot*/) {
  PBM_TODO("FieldPoint::derivEval", "DEB §4 'Evaluate f at the current x and t': field_(x_, t_)");
}

}  // namespace pbm
