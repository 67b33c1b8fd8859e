// Chapter 07 library code: the rotation-matrix state of RBI §2.11 and §3.
#include "pbm/rigid/rigid_world_matrix.h"

#include <cstdio>
#include <stdexcept>
#include <string>

#include "pbm/core/errors.h"
#include "pbm/rigid/rigid.h"

namespace pbm {

double orthonormalityError(const Eigen::Matrix3d& R) {
  return (R.transpose() * R - Eigen::Matrix3d::Identity()).norm();
}

Eigen::Matrix3d gramSchmidt(const Eigen::Matrix3d& R) {
  Eigen::Matrix3d Q;
  const Eigen::Vector3d c0 = R.col(0).normalized();
  const Eigen::Vector3d c1 = (R.col(1) - c0.dot(R.col(1)) * c0).normalized();
  Q.col(0) = c0;
  Q.col(1) = c1;
  Q.col(2) = c0.cross(c1);
  return Q;
}

void computeAuxiliaryFromR(RigidBody& b) {
  b.Iinv = b.R * b.IbodyInv * b.R.transpose();
  b.v = b.invMass * b.P;
  b.omega = b.Iinv * b.L;
}

int RigidWorldMatrix::add(const RigidBody& b) {
  bodies.push_back(b);
  RigidBody& n = bodies.back();
  n.R = quaternionToMatrix(n.q.normalized());
  computeAuxiliaryFromR(n);
  return static_cast<int>(bodies.size()) - 1;
}

void RigidWorldMatrix::getState(Eigen::VectorXd& y, double& t) const {
  y.resize(dim());
  for (size_t k = 0; k < bodies.size(); ++k) {
    const RigidBody& b = bodies[k];
    double* p = y.data() + kRigidMatrixStateSize * k;
    for (int i = 0; i < 3; ++i) p[i] = b.x[i];
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) p[3 + 3 * i + j] = b.R(i, j);  // row-major, as the notes
    for (int i = 0; i < 3; ++i) p[12 + i] = b.P[i];
    for (int i = 0; i < 3; ++i) p[15 + i] = b.L[i];
  }
  t = t_;
}

void RigidWorldMatrix::setState(const Eigen::VectorXd& y, double t) {
  if (y.size() != dim())
    throw std::invalid_argument("RigidWorldMatrix::setState: " + std::to_string(y.size()) +
                                " numbers for " + std::to_string(bodies.size()) + " bodies");
  for (size_t k = 0; k < bodies.size(); ++k) {
    RigidBody& b = bodies[k];
    const double* p = y.data() + kRigidMatrixStateSize * k;
    for (int i = 0; i < 3; ++i) b.x[i] = p[i];
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) b.R(i, j) = p[3 + 3 * i + j];
    for (int i = 0; i < 3; ++i) b.P[i] = p[12 + i];
    for (int i = 0; i < 3; ++i) b.L[i] = p[15 + i];
    computeAuxiliaryFromR(b);
  }
  t_ = t;
}

void RigidWorldMatrix::derivEval(Eigen::VectorXd& ydot) {
  ydot.resize(dim());
  accumulateForces();
  for (size_t k = 0; k < bodies.size(); ++k) {
    const RigidBody& b = bodies[k];
    double* p = ydot.data() + kRigidMatrixStateSize * k;
    const Eigen::Matrix3d Rdot = star(b.omega) * b.R;  // (2-43)
    for (int i = 0; i < 3; ++i) p[i] = b.v[i];
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) p[3 + 3 * i + j] = Rdot(i, j);
    for (int i = 0; i < 3; ++i) p[12 + i] = b.force[i];
    for (int i = 0; i < 3; ++i) p[15 + i] = b.torque[i];
  }
}

void RigidWorldMatrix::orthonormalizeAll() {
  for (auto& b : bodies) {
    b.R = gramSchmidt(b.R);
    computeAuxiliaryFromR(b);
  }
}

void stepWorldMatrix(RigidWorldMatrix& world, const MethodInfo& method, double h) {
  if (!method.step)
    throw std::invalid_argument("stepWorldMatrix: '" + method.name + "' chooses its own step size");
  const double t0 = world.time();
  method.step(world, h);  // rigidMethods(): the step, then Gram-Schmidt if the world asks
  checkBodiesFinite(world.bodies, t0, h);
}

}  // namespace pbm
