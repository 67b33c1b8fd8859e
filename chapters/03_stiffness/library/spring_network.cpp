#include "pbm/stiffness/spring_network.h"

#include <cmath>
#include <limits>
#include <numbers>
#include <stdexcept>

namespace pbm {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
}

bool SpringNetwork::pinned(int coord) const {
  return std::isinf(mass[coord]);
}

void SpringNetwork::assemble() {
  const int n = coords();
  if (mass.size() != n) throw std::logic_error("SpringNetwork: mass needs 2 entries per particle");
  // A zero-rest-length spring between a and b has energy ks/2 |x_a - x_b|^2:
  // it adds ks to K's (a,a) and (b,b) entries and -ks to (a,b), (b,a), once
  // for each of the two coordinates: K = ks (graph Laplacian) (x) I_2.
  std::vector<Eigen::Triplet<double>> entries;
  entries.reserve(8 * springs.size());
  for (const auto& [a, b] : springs)
    for (int d = 0; d < 2; ++d) {
      const int i = 2 * a + d, j = 2 * b + d;
      entries.emplace_back(i, i, ks);
      entries.emplace_back(j, j, ks);
      entries.emplace_back(i, j, -ks);
      entries.emplace_back(j, i, -ks);
    }
  K_.resize(n, n);
  K_.setFromTriplets(entries.begin(), entries.end());
  dFdx_ = -K_;
  dFdv_.resize(n, n);
  dFdv_.setIdentity();
  dFdv_ *= -drag;
}

Eigen::VectorXd SpringNetwork::force(const Eigen::VectorXd& x, const Eigen::VectorXd& v) const {
  Eigen::VectorXd F = -(K_ * x) - drag * v;
  for (int p = 0; p < particles; ++p)
    if (!pinned(2 * p + 1)) F[2 * p + 1] -= mass[2 * p + 1] * gravity;
  return F;
}

double SpringNetwork::kinetic(const Eigen::VectorXd& v) const {
  double e = 0.0;
  for (int i = 0; i < coords(); ++i)
    if (!pinned(i)) e += 0.5 * mass[i] * v[i] * v[i];
  return e;
}

double SpringNetwork::potential(const Eigen::VectorXd& x) const {
  double e = 0.5 * x.dot(K_ * x);
  for (int p = 0; p < particles; ++p)
    if (!pinned(2 * p + 1)) e += mass[2 * p + 1] * gravity * x[2 * p + 1];
  return e;
}

SpringNetwork makeChain(int n, double particleMass, double ks) {
  if (n < 3) throw std::invalid_argument("makeChain: n >= 3 particles (two are pinned)");
  SpringNetwork net;
  net.particles = n;
  net.ks = ks;
  net.mass = Eigen::VectorXd::Constant(2 * n, particleMass);
  net.mass.head<2>().setConstant(kInf);
  net.mass.tail<2>().setConstant(kInf);
  for (int i = 0; i + 1 < n; ++i) net.springs.push_back({i, i + 1});
  net.assemble();
  return net;
}

Eigen::VectorXd pluckedChain(int n, double span, double height) {
  Eigen::VectorXd x(2 * n);
  const double peak = 0.3;
  for (int i = 0; i < n; ++i) {
    const double s = static_cast<double>(i) / (n - 1);
    x[2 * i] = -span / 2 + span * s;
    x[2 * i + 1] = height * (s < peak ? s / peak : (1.0 - s) / (1.0 - peak));
  }
  return x;
}

SpringNetwork makeGrid(int side, double particleMass, double ks) {
  if (side < 2) throw std::invalid_argument("makeGrid: side >= 2");
  SpringNetwork net;
  net.particles = side * side;
  net.ks = ks;
  net.mass = Eigen::VectorXd::Constant(2 * net.particles, particleMass);
  auto id = [side](int r, int c) { return r * side + c; };
  for (int r = 0; r < side; ++r)
    for (int c = 0; c < side; ++c) {
      if (c + 1 < side) net.springs.push_back({id(r, c), id(r, c + 1)});
      if (r + 1 < side) net.springs.push_back({id(r, c), id(r + 1, c)});
    }
  for (int p : {id(0, 0), id(0, side - 1)}) net.mass.segment(2 * p, 2).setConstant(kInf);
  net.assemble();
  return net;
}

Eigen::VectorXd gridPositions(int side, double size) {
  Eigen::VectorXd x(2 * side * side);
  const double d = size / (side - 1);
  for (int r = 0; r < side; ++r)
    for (int c = 0; c < side; ++c) {
      x[2 * (r * side + c)] = -size / 2 + c * d;
      x[2 * (r * side + c) + 1] = -r * d;
    }
  return x;
}

double chainOmegaMax(int n, double particleMass, double ks) {
  const int N = n - 2;
  return 2.0 * std::sqrt(ks / particleMass) * std::sin(N * std::numbers::pi / (2.0 * (N + 1)));
}

NetworkSystem::NetworkSystem(const SpringNetwork& net, const Eigen::VectorXd& x0,
                             const Eigen::VectorXd& v0)
    : net_(net), y_(2 * net.coords()) {
  y_ << x0, v0;
}

void NetworkSystem::derivEval(Eigen::VectorXd& xdot) {
  const int n = net_.coords();
  const Eigen::VectorXd F = net_.force(y_.head(n), y_.tail(n));
  xdot.resize(2 * n);
  xdot.head(n) = y_.tail(n);
  for (int i = 0; i < n; ++i) xdot[n + i] = net_.pinned(i) ? 0.0 : F[i] / net_.mass[i];
}

void NetworkSystem::jacobian(Eigen::SparseMatrix<double>& J) {
  const int n = net_.coords();
  std::vector<Eigen::Triplet<double>> entries;
  for (int i = 0; i < n; ++i) entries.emplace_back(i, n + i, 1.0);  // d(x')/dv = I
  auto addScaled = [&](const Eigen::SparseMatrix<double>& D, int colOffset) {
    for (int k = 0; k < D.outerSize(); ++k)
      for (Eigen::SparseMatrix<double>::InnerIterator it(D, k); it; ++it)
        if (!net_.pinned(static_cast<int>(it.row())))
          entries.emplace_back(n + it.row(), colOffset + it.col(),
                               it.value() / net_.mass[it.row()]);
  };
  addScaled(net_.dFdx(), 0);
  addScaled(net_.dFdv(), n);
  J.resize(2 * n, 2 * n);
  J.setFromTriplets(entries.begin(), entries.end());
}

pbm::SecondOrderStep implicitNetworkStep(const SpringNetwork& net, Eigen::VectorXd& x,
                                         Eigen::VectorXd& v, double h,
                                         const pbm::CgOptions& options) {
  const Eigen::VectorXd F0 = net.force(x, v);
  pbm::SecondOrderStep s =
      pbm::implicitEulerSecondOrder(v, F0, net.dFdx(), net.dFdv(), net.mass, h, options);
  x += s.dx;
  v += s.dv;
  return s;
}

}  // namespace pbm
