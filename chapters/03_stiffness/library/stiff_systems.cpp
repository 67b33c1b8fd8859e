#include "pbm/stiffness/stiff_systems.h"

#include <vector>

#include "pbm/fields/fields.h"

namespace pbm {

void StiffBowlSystem::getState(Eigen::VectorXd& x, double& t) const {
  x = y_;
  t = t_;
}
void StiffBowlSystem::setState(const Eigen::VectorXd& x, double t) {
  y_ = x.head<2>();
  t_ = t;
}
void StiffBowlSystem::derivEval(Eigen::VectorXd& xdot) {
  xdot = pbm::stiffBowlField(y_, t_, k_);
}
void StiffBowlSystem::jacobian(Eigen::SparseMatrix<double>& J) {
  // Implicit Methods §3: f'(Y) = diag(-1, -k), the same everywhere.
  J.resize(2, 2);
  J.setZero();
  J.insert(0, 0) = -1.0;
  J.insert(1, 1) = -k_;
  J.makeCompressed();
}

void PenaltySystem::getState(Eigen::VectorXd& x, double& t) const {
  x = y_;
  t = t_;
}
void PenaltySystem::setState(const Eigen::VectorXd& x, double t) {
  y_ = x.head<2>();
  t_ = t;
}

Eigen::Vector2d PenaltySystem::dragForce(const Eigen::Vector2d& p, double t) const {
  const Eigen::Vector2d f = kMouse_ * (target_(t) - p);
  const double n = f.norm();
  return n > fMax_ ? Eigen::Vector2d(f * (fMax_ / n)) : f;
}

void PenaltySystem::derivEval(Eigen::VectorXd& xdot) {
  const Eigen::Vector2d f = dragForce(y_, t_) + Eigen::Vector2d(0.0, -k_ * y_.y());
  xdot = f;
}

void PenaltySystem::jacobian(Eigen::SparseMatrix<double>& J) {
  // d = target - p. Unclamped: F = k_m d, dF/dp = -k_m I. Clamped:
  // F = f_max d/|d|, dF/dp = -(f_max/|d|) (I - u u^T) with u = d/|d|: only the
  // direction of the pull changes, not its size. The penalty adds -k to J_yy.
  const Eigen::Vector2d d = target_(t_) - y_;
  Eigen::Matrix2d Jd;
  if (kMouse_ * d.norm() > fMax_) {
    const Eigen::Vector2d u = d.normalized();
    Jd = -(fMax_ / d.norm()) * (Eigen::Matrix2d::Identity() - u * u.transpose());
  } else {
    Jd = -kMouse_ * Eigen::Matrix2d::Identity();
  }
  Jd(1, 1) -= k_;
  std::vector<Eigen::Triplet<double>> entries;
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j)
      if (Jd(i, j) != 0.0) entries.emplace_back(i, j, Jd(i, j));
  J.resize(2, 2);
  J.setFromTriplets(entries.begin(), entries.end());
}

}  // namespace pbm
