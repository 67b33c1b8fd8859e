// The chapter's models, each an OdeSystem with an analytic Jacobian so that
// implicit Euler (3-2) needs no finite differences:
//   LinearSystem     Y' = A Y + c, the test bed of the tests (f' = A)
//   StiffBowlSystem  eq. (2-1), Y' = (-x, -k y), through chapter 01's stiffBowlField
//   PenaltySystem    the slides' particle-on-line: a drag force pulls, a
//                    penalty force (0, -k y) holds the particle on y = 0
#pragma once

#include <Eigen/Core>
#include <Eigen/SparseCore>
#include <functional>

#include "pbm/core/ode.h"

namespace pbm {

class LinearSystem : public pbm::OdeSystem {
 public:
  LinearSystem(Eigen::SparseMatrix<double> A, Eigen::VectorXd c, Eigen::VectorXd y0)
      : A_(std::move(A)), c_(std::move(c)), y_(std::move(y0)) {}
  // A dense A is stored sparse (exact zeros left out).
  LinearSystem(const Eigen::MatrixXd& A, const Eigen::VectorXd& y0)
      : A_(A.sparseView()), c_(Eigen::VectorXd::Zero(A.rows())), y_(y0) {}

  int dim() const override { return static_cast<int>(y_.size()); }
  void getState(Eigen::VectorXd& x, double& t) const override { x = y_, t = t_; }
  void setState(const Eigen::VectorXd& x, double t) override { y_ = x, t_ = t; }
  void derivEval(Eigen::VectorXd& xdot) override { xdot = A_ * y_ + c_; }
  bool hasJacobian() const override { return true; }
  void jacobian(Eigen::SparseMatrix<double>& J) override { J = A_; }

  const Eigen::SparseMatrix<double>& matrix() const { return A_; }

 private:
  Eigen::SparseMatrix<double> A_;
  Eigen::VectorXd c_, y_;
  double t_ = 0.0;
};

// Eq. (2-1). k > 0 is the stiffness of the pull towards y = 0.
class StiffBowlSystem : public pbm::OdeSystem {
 public:
  StiffBowlSystem(double k, const Eigen::Vector2d& y0) : k_(k), y_(y0) {}
  int dim() const override { return 2; }
  void getState(Eigen::VectorXd& x, double& t) const override;
  void setState(const Eigen::VectorXd& x, double t) override;
  void derivEval(Eigen::VectorXd& xdot) override;  // pbm::stiffBowlField (chapter 01)
  bool hasJacobian() const override { return true; }
  void jacobian(Eigen::SparseMatrix<double>& J) override;  // diag(-1, -k)

  Eigen::Vector2d position() const { return y_; }
  double k() const { return k_; }
  // E = (x^2 + k y^2) / 2, the "stiff energy landscape" of the slides.
  static double energy(const Eigen::Vector2d& p, double k) {
    return 0.5 * (p.x() * p.x() + k * p.y() * p.y());
  }

 private:
  double k_;
  Eigen::Vector2d y_;
  double t_ = 0.0;
};

// Particle-on-line in the first-order world of eq. (2-1) (velocity = force):
//   Y' = F_drag(Y, t) + (0, -k y),
//   F_drag = k_m (target(t) - Y), clamped to magnitude f_max,
// a mouse spring towards a target that is limited to the slides' f_max. At
// rest |y| = |F_drag,y| / k <= f_max / k, so k = f_max / epsilon keeps the
// particle within epsilon of the line.
class PenaltySystem : public pbm::OdeSystem {
 public:
  using Target = std::function<Eigen::Vector2d(double t)>;
  PenaltySystem(double k, double kMouse, double fMax, Target target, const Eigen::Vector2d& y0)
      : k_(k), kMouse_(kMouse), fMax_(fMax), target_(std::move(target)), y_(y0) {}

  int dim() const override { return 2; }
  void getState(Eigen::VectorXd& x, double& t) const override;
  void setState(const Eigen::VectorXd& x, double t) override;
  void derivEval(Eigen::VectorXd& xdot) override;
  bool hasJacobian() const override { return true; }
  void jacobian(Eigen::SparseMatrix<double>& J) override;

  Eigen::Vector2d position() const { return y_; }
  Eigen::Vector2d dragForce() const { return dragForce(y_, t_); }
  Eigen::Vector2d dragForce(const Eigen::Vector2d& p, double t) const;

 private:
  double k_, kMouse_, fMax_;
  Target target_;
  Eigen::Vector2d y_;
  double t_ = 0.0;
};

}  // namespace pbm
