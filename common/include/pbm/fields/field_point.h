// Chapter 01 student class: one point moving in a 2D vector field, written
// against the notes' solver interface (DEB §4). dim() is 2; derivEval returns
// the field at the installed (x, t).
#pragma once

#include <Eigen/Core>
#include <functional>
#include <utility>

#include "pbm/core/ode.h"

namespace pbm {

using Field2d = std::function<Eigen::Vector2d(const Eigen::Vector2d& x, double t)>;

class FieldPoint : public OdeSystem {
 public:
  FieldPoint(Field2d field, const Eigen::Vector2d& x0, double t0 = 0.0)
      : field_(std::move(field)), x_(x0), t_(t0) {}

  // The exercise: exercises/01_vector_field/field_point.cpp (DEB §4, "Solver
  // Interface"; the lesson, chapters/01_vector_field/README.md).
  int dim() const override;
  void getState(Eigen::VectorXd& x, double& t) const override;
  void setState(const Eigen::VectorXd& x, double t) override;
  void derivEval(Eigen::VectorXd& xdot) override;

 private:
  Field2d field_;
  Eigen::Vector2d x_;
  double t_;
};

}  // namespace pbm
