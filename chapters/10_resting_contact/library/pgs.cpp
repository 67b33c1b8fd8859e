// Chapter 10 library code: projected Gauss-Seidel for the contact LCP
// (RBII §9), the benchmark's iterative counterpart of Dantzig's method.
#include "pbm/resting/pgs.h"

#include <algorithm>
#include <unordered_map>

#include <Eigen/Geometry>

namespace pbm {

// f = max(0, start), or 0 when start does not fit (a contact between fixed
// bodies, diag 0, is handled by the callers).
static Eigen::VectorXd startingForces(const Eigen::VectorXd& start, Eigen::Index n) {
  if (start.size() != n) return Eigen::VectorXd::Zero(n);
  return start.cwiseMax(0.0);
}

LcpResult solveLcpPgs(const Eigen::MatrixXd& A, const Eigen::VectorXd& b, int sweeps,
                      const Eigen::VectorXd& start) {
  const Eigen::Index n = b.size();
  LcpResult r;
  r.f = startingForces(start, n);
  for (Eigen::Index i = 0; i < n; ++i)
    if (!(A(i, i) > 0.0)) r.f(i) = 0.0;
  for (int s = 0; s < sweeps; ++s)
    for (Eigen::Index i = 0; i < n; ++i) {
      if (!(A(i, i) > 0.0)) continue;
      const double ai = A.row(i).dot(r.f) + b(i);
      r.f(i) = std::max(0.0, r.f(i) - ai / A(i, i));
    }
  r.a = A * r.f + b;
  r.pivots = sweeps;
  r.ok = true;
  return r;
}

namespace {

using Vector6d = Eigen::Matrix<double, 6, 1>;

// One contact's Jacobian rows (RBII App. D): on a, [n, (p - x_a) x n]; on b
// the negative with b's lever arm. MJ = M^-1 J^T per body, the velocity
// change per unit force; slot -1 for no body or a fixed one.
struct Row {
  int a = -1, b = -1;
  Vector6d Ja, Jb, MJa, MJb;
  double diag = 0.0;
};

Vector6d jacobianRow(const RigidBody& B, const Contact& c, double sign) {
  Vector6d J;
  J.head<3>() = sign * c.n;
  J.tail<3>() = sign * (c.p - B.x).cross(c.n);
  return J;
}

Vector6d inverseMassTimes(const RigidBody& B, const Vector6d& J) {
  Vector6d u;
  u.head<3>() = B.invMass * J.head<3>();
  u.tail<3>() = B.Iinv * J.tail<3>();
  return u;
}

}  // namespace

LcpResult solveLcpPgs(const std::vector<Contact>& contacts, const Eigen::VectorXd& b, int sweeps,
                      const Eigen::VectorXd& start) {
  const int n = static_cast<int>(contacts.size());
  std::unordered_map<const RigidBody*, int> slot;
  auto slotOf = [&](const RigidBody* B) {
    if (B == nullptr || isFixedBody(*B)) return -1;
    return slot.emplace(B, static_cast<int>(slot.size())).first->second;
  };
  std::vector<Row> rows(n);
  for (int i = 0; i < n; ++i) {
    const Contact& c = contacts[i];
    Row& w = rows[i];
    w.a = slotOf(c.a);
    w.b = slotOf(c.b);
    if (w.a >= 0) {
      w.Ja = jacobianRow(*c.a, c, 1.0);
      w.MJa = inverseMassTimes(*c.a, w.Ja);
      w.diag += w.Ja.dot(w.MJa);
    }
    if (w.b >= 0) {
      w.Jb = jacobianRow(*c.b, c, -1.0);
      w.MJb = inverseMassTimes(*c.b, w.Jb);
      w.diag += w.Jb.dot(w.MJb);
    }
  }
  std::vector<Vector6d> u(slot.size(), Vector6d::Zero());
  auto accel = [&](int i) {
    const Row& w = rows[i];
    double ai = b(i);
    if (w.a >= 0) ai += w.Ja.dot(u[w.a]);
    if (w.b >= 0) ai += w.Jb.dot(u[w.b]);
    return ai;
  };
  LcpResult r;
  r.f = startingForces(start, n);
  for (int i = 0; i < n; ++i) {
    const Row& w = rows[i];
    if (!(w.diag > 0.0)) r.f(i) = 0.0;
    if (w.a >= 0) u[w.a] += r.f(i) * w.MJa;
    if (w.b >= 0) u[w.b] += r.f(i) * w.MJb;
  }
  for (int s = 0; s < sweeps; ++s)
    for (int i = 0; i < n; ++i) {
      const Row& w = rows[i];
      if (!(w.diag > 0.0)) continue;
      const double fi = std::max(0.0, r.f(i) - accel(i) / w.diag);
      const double df = fi - r.f(i);
      r.f(i) = fi;
      if (w.a >= 0) u[w.a] += df * w.MJa;
      if (w.b >= 0) u[w.b] += df * w.MJb;
    }
  r.a.resize(n);
  for (int i = 0; i < n; ++i) r.a(i) = accel(i);
  r.pivots = sweeps;
  r.ok = true;
  return r;
}

}  // namespace pbm
