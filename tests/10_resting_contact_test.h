// Chapter 10 tests: shared fixtures and the independent oracles (RBII §9,
// App. D). Everything here is built from the definitions, never from the
// student functions: the contact Jacobian and M^-1 (so A = J M^-1 J^T is an
// independent A), at-rest right-hand sides b = J M^-1 F, and an enumeration of
// the LCP's active sets (solved by an SVD, not by the student's brute force,
// so a Dantzig that delegates to it cannot pass).
#pragma once

#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <Eigen/Geometry>
#include <cmath>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "budget.h"
#include "expect_vec_near.h"
#include "pbm/collision/contact.h"
#include "pbm/core/errors.h"
#include "pbm/resting/contact_forces.h"
#include "pbm/resting/lcp.h"
#include "pbm/rigid/rigid.h"
#include "pbm/rigid/rigid_body.h"
#include "test_deadline.h"

namespace ch10_test {

using Eigen::Matrix3d;
using Eigen::MatrixXd;
using Eigen::Vector3d;
using Eigen::VectorXd;
using pbm::Contact;
using pbm::RigidBody;

inline constexpr double kG = 9.81;

// A body from its definition (RBI §2.9-§2.10), not through makeBlock: a
// uniform box of mass m and sides d, at x, turned by q, with momenta P, L.
inline RigidBody box(double m, const Vector3d& d, const Vector3d& x,
                     const Eigen::Quaterniond& q = Eigen::Quaterniond::Identity(),
                     const Vector3d& P = Vector3d::Zero(), const Vector3d& L = Vector3d::Zero()) {
  RigidBody b;
  b.mass = m;
  b.invMass = 1.0 / m;
  b.Ibody = m / 12.0 *
            Vector3d(d.y() * d.y() + d.z() * d.z(), d.x() * d.x() + d.z() * d.z(),
                     d.x() * d.x() + d.y() * d.y())
                .asDiagonal();
  b.IbodyInv = b.Ibody.inverse();
  b.halfExtents = d / 2;
  b.x = x;
  b.q = q.normalized();
  b.P = P;
  b.L = L;
  b.R = b.q.toRotationMatrix();
  b.Iinv = b.R * b.IbodyInv * b.R.transpose();
  b.v = b.invMass * P;
  b.omega = b.Iinv * L;
  return b;
}

// A fixed body (RBII §8: invMass = 0, Iinv = 0): a table, the ground.
inline RigidBody fixedBody(const Vector3d& x = Vector3d::Zero()) {
  RigidBody b;
  b.mass = b.invMass = 0.0;
  b.Ibody = b.IbodyInv = b.Iinv = Matrix3d::Zero();
  b.x = x;
  return b;
}

inline Contact vf(RigidBody* a, RigidBody* b, const Vector3d& p, const Vector3d& n) {
  Contact c;
  c.a = a;
  c.b = b;
  c.p = p;
  c.n = n.normalized();
  c.vf = true;
  return c;
}

inline Contact ee(RigidBody* a, RigidBody* b, const Vector3d& p, const Vector3d& ea,
                  const Vector3d& eb, const Vector3d& towardsA) {
  Contact c;
  c.a = a;
  c.b = b;
  c.p = p;
  c.ea = ea.normalized();
  c.eb = eb.normalized();
  c.n = c.ea.cross(c.eb).normalized();
  if (c.n.dot(towardsA) < 0) c.n = -c.n;
  c.vf = false;
  return c;
}

// The Jacobian row of each contact over the bodies' (v, omega), from the
// definition d' = n . (pdot_a - pdot_b) with pdot = v + omega x r (RBII (8-3)).
inline MatrixXd jacobianOracle(const std::vector<Contact>& cs, const std::vector<RigidBody*>& bs) {
  MatrixXd J = MatrixXd::Zero(cs.size(), 6 * bs.size());
  for (size_t i = 0; i < cs.size(); ++i)
    for (size_t k = 0; k < bs.size(); ++k) {
      const double s = cs[i].a == bs[k] ? 1.0 : cs[i].b == bs[k] ? -1.0 : 0.0;
      if (s == 0.0) continue;
      // n . (omega x r) = omega . (r x n)
      J.block<1, 3>(i, 6 * k) = s * cs[i].n.transpose();
      J.block<1, 3>(i, 6 * k + 3) = s * (cs[i].p - bs[k]->x).cross(cs[i].n).transpose();
    }
  return J;
}

inline MatrixXd inverseMassOracle(const std::vector<RigidBody*>& bs) {
  MatrixXd M = MatrixXd::Zero(6 * bs.size(), 6 * bs.size());
  for (size_t k = 0; k < bs.size(); ++k) {
    M.block<3, 3>(6 * k, 6 * k) = bs[k]->invMass * Matrix3d::Identity();
    M.block<3, 3>(6 * k + 3, 6 * k + 3) = bs[k]->R * bs[k]->IbodyInv * bs[k]->R.transpose();
  }
  return M;
}

// --- the cube on a table (RBII §8, figure 23: four vertex/face contacts),
// corners (+x,+z), (+x,-z), (-x,+z), (-x,-z), n = +y.
struct CubeOnTable {
  RigidBody cube, table;
  std::vector<Contact> contacts;
  CubeOnTable(double M, double s, const Vector3d& omega = Vector3d::Zero()) {
    cube = box(M, Vector3d::Constant(s), Vector3d(0, s / 2, 0));
    cube.L = cube.R * cube.Ibody * cube.R.transpose() * omega;
    cube.omega = omega;
    table = fixedBody(Vector3d(0, -0.5, 0));
    for (double sx : {1.0, -1.0})
      for (double sz : {1.0, -1.0})
        contacts.push_back(
            vf(&cube, &table, Vector3d(sx * s / 2, 0, sz * s / 2), Vector3d::UnitY()));
    gravityOnly();
  }
  void gravityOnly() {
    cube.force = Vector3d(0, -cube.mass * kG, 0);
    cube.torque.setZero();
    table.force.setZero();
    table.torque.setZero();
  }
};

// --- random systems (RBII App. D: A = J M^-1 J^T for any contacts)
struct RandomSystem {
  std::vector<RigidBody> bodies;  // free bodies, then the fixed ground (last)
  std::vector<Contact> contacts;
  std::vector<RigidBody*> ptrs() {
    std::vector<RigidBody*> p;
    for (auto& b : bodies) p.push_back(&b);
    return p;
  }
};

inline RandomSystem randomSystem(std::mt19937_64& rng, int nFree, int nContacts) {
  std::uniform_real_distribution<double> U(-1, 1), Upos(0.2, 2.0);
  auto vec = [&] { return Vector3d(U(rng), U(rng), U(rng)); };
  RandomSystem s;
  s.bodies.reserve(nFree + 1);
  for (int k = 0; k < nFree; ++k)
    s.bodies.push_back(box(Upos(rng) * 3, Vector3d(Upos(rng), Upos(rng), Upos(rng)), vec(),
                           Eigen::Quaterniond(U(rng), U(rng), U(rng), U(rng)), vec(), vec()));
  s.bodies.push_back(fixedBody());
  std::uniform_int_distribution<int> pick(0, nFree);
  for (int i = 0; i < nContacts; ++i) {
    int a = pick(rng), b = pick(rng);
    if (a == b) b = (a + 1) % (nFree + 1);
    if (a == nFree) std::swap(a, b);  // the ground holds the face
    s.contacts.push_back(vf(&s.bodies[a], &s.bodies[b], vec(), vec()));
  }
  return s;
}

// --- the LCP oracle: every active set S in order of size, A_SS f_S = -b_S by
// an SVD least-squares solve, f = 0 outside S; the first complementary one.
inline std::optional<VectorXd> lcpOracle(const MatrixXd& A, const VectorXd& b) {
  const int n = static_cast<int>(b.size());
  const double scale = std::max(1.0, b.cwiseAbs().maxCoeff());
  for (int size = 0; size <= n; ++size)
    for (unsigned mask = 0; mask < (1u << n); ++mask) {
      if (__builtin_popcount(mask) != size) continue;
      std::vector<int> S;
      for (int i = 0; i < n; ++i)
        if (mask >> i & 1u) S.push_back(i);
      VectorXd f = VectorXd::Zero(n);
      if (size > 0) {
        MatrixXd ASS(size, size);
        VectorXd rhs(size);
        for (int r = 0; r < size; ++r) {
          rhs(r) = -b(S[r]);
          for (int c = 0; c < size; ++c) ASS(r, c) = A(S[r], S[c]);
        }
        Eigen::JacobiSVD<MatrixXd> svd(ASS, Eigen::ComputeFullU | Eigen::ComputeFullV);
        svd.setThreshold(1e-10);
        const VectorXd x = svd.solve(rhs);
        for (int r = 0; r < size; ++r) f(S[r]) = x(r);
      }
      const VectorXd a = A * f + b;
      const double tol = 1e-9 * scale * std::max(1.0, f.cwiseAbs().maxCoeff());
      if (f.minCoeff() >= -tol && a.minCoeff() >= -tol &&
          f.cwiseProduct(a).cwiseAbs().maxCoeff() <= tol)
        return f;
    }
  return std::nullopt;
}

// A random PSD system A = G G^T of rank k (contacts more than the rank:
// redundant, as a cube's fourth corner) with an at-rest b = G y, which is
// always solvable (RBII §9: a frictionless system at rest has forces).
struct LcpCase {
  MatrixXd A, G;
  VectorXd b;
};
inline LcpCase randomAtRest(std::mt19937_64& rng, int n, int k) {
  std::uniform_real_distribution<double> U(-1, 1);
  LcpCase c;
  c.G = MatrixXd::NullaryExpr(n, k, [&] { return U(rng); });
  if (n > 2 && rng() % 4 == 0) c.G.row(n - 1) = c.G.row(0);  // a duplicated contact
  c.A = c.G * c.G.transpose();
  c.b = c.G * VectorXd::NullaryExpr(k, [&] { return U(rng); });
  return c;
}

// The complementarity residual of the tests (RBII (9-5)-(9-7)), relative:
// max |f_i a_i| / (max(1, |f|inf) max(1, |b|inf)).
inline double complementarity(const VectorXd& f, const VectorXd& a, const VectorXd& b) {
  return f.cwiseProduct(a).cwiseAbs().maxCoeff() / std::max(1.0, f.cwiseAbs().maxCoeff()) /
         std::max(1.0, b.cwiseAbs().maxCoeff());
}

// --- budgets (issue 30): a student loop that does not end fails in seconds,
// naming the function, instead of at ctest's timeout.

// Why a pivot loop would not end (Baraff 1994 §4).
inline const std::string kDantzigHint =
    "a pivot loop that does not end: when maxstep finds no blocker, does it stop (a_d "
    "recomputed as A f + b still < 0: \"infeasible\", with the certificate; else d is done) "
    "rather than go round again with nothing changed? Does each pivot move its blocker into C "
    "or NC, stop driving d when d itself blocks, and give up at the cap of 20 n + 20 pivots "
    "(Baraff 1994 §4, exercises/10_resting_contact/dantzig.cpp)?";

// solveLcpDantzig under a deadline and a pivot budget: past twice the cap of
// 20 n + 20 pivots (counted by onPivot, which the header asks for) it throws
// BudgetExceeded; a loop that never calls onPivot ends at the deadline.
inline pbm::LcpResult dantzig(const MatrixXd& A, const VectorXd& b,
                              const pbm::LcpOptions& options = {}) {
  pbm::LcpOptions o = options;
  const long budget = 2 * (20 * static_cast<long>(b.size()) + 20);
  long pivots = 0;
  o.onPivot = [&, user = options.onPivot](const pbm::LcpPivot& p) {
    if (++pivots > budget)
      throw pbm_test::BudgetExceeded("solveLcpDantzig: more than " + std::to_string(budget) +
                                     " pivots for n = " + std::to_string(b.size()) + ": " +
                                     kDantzigHint);
    if (user) user(p);
  };
  return pbm_test::withinSeconds("solveLcpDantzig", kDantzigHint,
                                 [&] { return pbm::solveLcpDantzig(A, b, o); });
}

// A call that runs the chapter's solver inside (computeContactForces,
// simultaneousImpulses, a world step) under the deadline; the loop that does
// not end may be any of the student loops the call runs, not only the pivots.
template <class Call>
auto withinDeadline(const char* function, Call&& call) {
  return pbm_test::withinSeconds(
      function,
      std::string("a loop in it or in a function it calls does not end: its own loop over the "
                  "contacts, computeAMatrix's or computeBVector's (RBII App. D), or "
                  "solveLcpDantzig's: ") +
          kDantzigHint,
      std::forward<Call>(call));
}

// The backstop for loops nothing counts (test_deadline.h): a test still
// running after kTestSeconds ends with this message, naming the student
// functions its suite drives (the exercise headers' --gtest_filter lines).
inline const bool kDeadlineInstalled =
    pbm_test::installTestDeadline({{"Ch10AMatrix", "computeAij, computeAMatrix"},
                                   {"Ch10BVector", "computeAij, computeAMatrix, computeBVector"},
                                   {"Ch10Pgs", "computeAij, computeAMatrix, computeBVector"},
                                   {"Ch10BruteForce", "solveLcpBruteForce"},
                                   {"Ch10Scenes", "computeContactForces"},
                                   {"Ch10ContactForces", "computeContactForces"},
                                   {"Ch10Dantzig", "solveLcpDantzig"},
                                   {"Ch10Jacobian", "contactJacobian"},
                                   {"Ch10Ndot", "computeNdot"},
                                   {"Ch10Simultaneous", "simultaneousImpulses"},
                                   {"Ch10World",
                                    "computeContactForces, computeAMatrix, computeBVector, "
                                    "solveLcpDantzig (through the world's steps)"}},
                                  "does every loop over the contacts advance and end, and does "
                                  "Dantzig's method stop within its pivot budget?");

}  // namespace ch10_test
