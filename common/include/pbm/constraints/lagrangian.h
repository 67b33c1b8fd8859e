// Chapter 06: Lagrangian dynamics (Constrained Dynamics §5) and a hybrid model
// (§5.1). Instead of implicit constraints C(q) = 0, the particles' positions
// are a function of generalised coordinates u, q = q(u), dim u < dim q. Here
// J = dq/du (a different J from §3's), legal velocities are qdot = J udot, the
// constraint force does no work for every udot (J^T Qhat = 0), and
//   J^T M J uddot + J^T M Jdot udot - J^T Q = 0          (eq 13)
// is a small dense symmetric positive definite system for uddot.
//
// Hybrid (§5.1, our formulation following Witkin, Gleicher & Welch 1990): an object with generalised coordinates u has generalised mass
// M_u = Jq^T M Jq and force Q_u = Jq^T (Q - M Jqdot udot). An implicit constraint
// C(q(u)) then has Jc_u = Jc Jq and Jcdot_u = Jc Jqdot + Jcdot Jq (BOTH chain-rule
// terms), and eq (11) becomes
//   Jc_u M_u^-1 Jc_u^T lambda = -Jcdot_u udot - Jc_u M_u^-1 Q_u - ks C - kd Cdot,
//   uddot = M_u^-1 (Q_u + Jc_u^T lambda).
//
// Student functions (solutions/06_tinkertoys/lagrangian.cpp).
#pragma once

#include <Eigen/Core>
#include <cmath>

namespace pbm {

// Eq (13): uddot from J = dq/du, Jdot = dJ/dt, M's diagonal, Q and udot.
Eigen::VectorXd lagrangianAcceleration(const Eigen::MatrixXd& J, const Eigen::MatrixXd& Jdot,
                                       const Eigen::VectorXd& massDiag, const Eigen::VectorXd& Q,
                                       const Eigen::VectorXd& udot);

struct HybridAcceleration {
  Eigen::VectorXd uddot;   // generalised accelerations
  Eigen::VectorXd lambda;  // multipliers of the implicit constraints
};
// §5.1: Jq, Jqdot = dq/du and its time derivative; Jc, Jcdot = dC/dq and dCdot/dq
// of the implicit constraints; C, Cdot their values; ks, kd eq (11)'s feedback.
HybridAcceleration hybridAcceleration(const Eigen::MatrixXd& Jq, const Eigen::MatrixXd& Jqdot,
                                      const Eigen::VectorXd& massDiag, const Eigen::VectorXd& Q,
                                      const Eigen::VectorXd& udot, const Eigen::MatrixXd& Jc,
                                      const Eigen::MatrixXd& Jcdot, const Eigen::VectorXd& C,
                                      const Eigen::VectorXd& Cdot, double ks, double kd);

// A dumbbell: particles of mass m1, m2 a fixed distance L apart, described by
// u = (cx, cy, theta): c the centre of mass, theta the angle of x2 - x1.
//   x1 = c - (m2/M) L e(theta),  x2 = c + (m1/M) L e(theta),  e = (cos, sin), M = m1 + m2.
// The rod is gone: it is built into the parametrisation (§5, "DOFs really removed").
struct Dumbbell {
  double m1 = 1.0, m2 = 1.0, L = 1.0;

  double total() const { return m1 + m2; }
  Eigen::Vector4d positions(const Eigen::Vector3d& u) const {
    const Eigen::Vector2d c = u.head<2>(), e(std::cos(u[2]), std::sin(u[2]));
    Eigen::Vector4d q;
    q << c - (m2 / total()) * L * e, c + (m1 / total()) * L * e;
    return q;
  }
  // J = dq/du, 4 x 3.
  Eigen::Matrix<double, 4, 3> jacobian(const Eigen::Vector3d& u) const {
    const Eigen::Vector2d de(-std::sin(u[2]), std::cos(u[2]));
    Eigen::Matrix<double, 4, 3> J = Eigen::Matrix<double, 4, 3>::Zero();
    J.block<2, 2>(0, 0).setIdentity();
    J.block<2, 2>(2, 0).setIdentity();
    J.block<2, 1>(0, 2) = -(m2 / total()) * L * de;
    J.block<2, 1>(2, 2) = (m1 / total()) * L * de;
    return J;
  }
  // Jdot = dJ/dt = (dJ/dtheta) thetadot; d(de)/dtheta = -e.
  Eigen::Matrix<double, 4, 3> jacobianDot(const Eigen::Vector3d& u,
                                          const Eigen::Vector3d& udot) const {
    const Eigen::Vector2d e(std::cos(u[2]), std::sin(u[2]));
    Eigen::Matrix<double, 4, 3> Jd = Eigen::Matrix<double, 4, 3>::Zero();
    Jd.block<2, 1>(0, 2) = (m2 / total()) * L * e * udot[2];
    Jd.block<2, 1>(2, 2) = -(m1 / total()) * L * e * udot[2];
    return Jd;
  }
  Eigen::Vector4d massDiag() const { return Eigen::Vector4d(m1, m1, m2, m2); }
};

}  // namespace pbm
