// A linear mass-spring network for the implicit second-order step (Implicit
// Methods §4): particles in the plane joined by zero-rest-length springs, so
// the spring forces are F = -K x with a constant, symmetric, sparse stiffness
// matrix K (chapter 04 brings springs with rest lengths, whose K changes with
// the state). Pinned particles have infinite mass. Coordinates are
// [x0, y0, x1, y1, ...]; the first-order state is Y = (x, v) as in eq. (4-2).
#pragma once

#include <Eigen/Core>
#include <Eigen/SparseCore>
#include <array>
#include <vector>

#include "pbm/core/ode.h"
#include "pbm/stiffness/implicit.h"

namespace pbm {

struct SpringNetwork {
  int particles = 0;
  std::vector<std::array<int, 2>> springs;
  Eigen::VectorXd mass;   // per coordinate (2 per particle); +inf: pinned
  double ks = 100.0;      // spring stiffness, N/m
  double drag = 0.0;      // viscous drag, N s/m (dF/dv = -drag I)
  double gravity = 9.81;  // m/s^2, along -y

  // Builds K (and the constant Jacobians) from springs and ks; call after
  // changing either.
  void assemble();

  int coords() const { return 2 * particles; }
  bool pinned(int coord) const;
  const Eigen::SparseMatrix<double>& stiffness() const { return K_; }
  const Eigen::SparseMatrix<double>& dFdx() const { return dFdx_; }  // -K
  const Eigen::SparseMatrix<double>& dFdv() const { return dFdv_; }  // -drag I

  // F(x, v) = -K x - drag v + m g, per coordinate (gravity only on free ones).
  Eigen::VectorXd force(const Eigen::VectorXd& x, const Eigen::VectorXd& v) const;
  // E = 1/2 v^T M v (free coordinates) + 1/2 x^T K x + sum m g y.
  double kinetic(const Eigen::VectorXd& v) const;
  double potential(const Eigen::VectorXd& x) const;

 private:
  Eigen::SparseMatrix<double> K_, dFdx_, dFdv_;
};

// n particles in a row, both ends pinned, neighbours joined (positions from
// pluckedChain): K is block-tridiagonal, 3n - 2 non-zero 2x2 blocks (IM §4).
SpringNetwork makeChain(int n, double particleMass, double ks);
// The chain's initial shape: a triangle pluck of the given height at 30% of the span.
Eigen::VectorXd pluckedChain(int n, double span, double height);
// side x side particles (positions from gridPositions), springs to the right
// and lower neighbours, the two top corners pinned.
SpringNetwork makeGrid(int side, double particleMass, double ks);
Eigen::VectorXd gridPositions(int side, double size);

// Highest angular frequency of a chain with both ends pinned and N = n - 2
// free particles: 2 sqrt(ks/m) sin(N pi / (2 (N + 1))).
double chainOmegaMax(int n, double particleMass, double ks);

// The network as a first-order OdeSystem Y = (x, v), Y' = (v, M^-1 F), for the
// explicit methods and for (3-2); its Jacobian is [[0, I], [M^-1 dF/dx, M^-1 dF/dv]].
class NetworkSystem : public pbm::OdeSystem {
 public:
  NetworkSystem(const SpringNetwork& net, const Eigen::VectorXd& x0, const Eigen::VectorXd& v0);
  int dim() const override { return static_cast<int>(y_.size()); }
  void getState(Eigen::VectorXd& x, double& t) const override { x = y_, t = t_; }
  void setState(const Eigen::VectorXd& x, double t) override { y_ = x, t_ = t; }
  void derivEval(Eigen::VectorXd& xdot) override;
  bool hasJacobian() const override { return true; }
  void jacobian(Eigen::SparseMatrix<double>& J) override;

  Eigen::VectorXd positions() const { return y_.head(net_.coords()); }
  Eigen::VectorXd velocities() const { return y_.tail(net_.coords()); }

 private:
  const SpringNetwork& net_;
  Eigen::VectorXd y_;
  double t_ = 0.0;
};

// One implicit step (4-5) of the network: F0 and the Jacobians from the
// network, the solve by chapter 03's implicitEulerSecondOrder; updates x, v.
pbm::SecondOrderStep implicitNetworkStep(const SpringNetwork& net, Eigen::VectorXd& x,
                                         Eigen::VectorXd& v, double h,
                                         const pbm::CgOptions& options = {});

}  // namespace pbm
