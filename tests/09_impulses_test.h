// Chapter 09 tests: shared helpers and the independent oracles (RBII §6, §8).
// Every oracle here is written from the definitions, not from the student
// functions: velocities from P / M and L through the test's own R Ibody^-1
// R^T, K as (r x n)^T I^-1 (r x n), kinetic energy from the momenta, and a
// sequential-impulse loop on plain arrays for the order-dependence claims.
#pragma once

#include <gtest/gtest.h>

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <cmath>
#include <ostream>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "budget.h"
#include "expect_vec_near.h"
#include "pbm/collision/contact.h"
#include "pbm/impulse/collision_world.h"
#include "pbm/impulse/impulse.h"
#include "pbm/rigid/rigid.h"
#include "pbm/rigid/rigid_body.h"
#include "test_deadline.h"

namespace pbm {
// A failed EXPECT_EQ on a class prints its name, not "4-byte object <02-00 00-00>".
inline void PrintTo(ContactKind k, std::ostream* os) {
  *os << (k == ContactKind::Separating ? "Separating"
          : k == ContactKind::Resting  ? "Resting"
                                       : "Colliding");
}
}  // namespace pbm

namespace ch09_test {

using Eigen::Matrix3d;
using Eigen::Quaterniond;
using Eigen::Vector3d;
using pbm::Contact;
using pbm::RigidBody;

// A body with the given mass, diagonal body inertia, orientation, position
// and momenta; its auxiliaries computed by chapter 07's computeAuxiliary.
inline RigidBody makeBody(double mass, const Vector3d& Idiag, const Quaterniond& q,
                          const Vector3d& x, const Vector3d& P, const Vector3d& L) {
  RigidBody b;
  b.mass = mass;
  b.invMass = 1.0 / mass;
  b.Ibody = Idiag.asDiagonal();
  b.IbodyInv = Idiag.cwiseInverse().asDiagonal();
  b.q = q.normalized();
  b.x = x;
  b.P = P;
  b.L = L;
  pbm::computeAuxiliary(b);
  return b;
}

// A body of mass M and body inertia Idiag at x, moving at v, spinning at
// omega (world), unrotated: P = M v, L = I omega.
inline RigidBody movingBody(double mass, const Vector3d& Idiag, const Vector3d& x,
                            const Vector3d& v, const Vector3d& omega) {
  return makeBody(mass, Idiag, Quaterniond::Identity(), x, mass * v, Idiag.asDiagonal() * omega);
}

// The notes' fixed body (RBII §8, end): invMass = 0, zero inverse inertia.
inline RigidBody fixedBody(const Vector3d& x = Vector3d::Zero()) {
  RigidBody b;
  b.mass = 0.0;
  b.invMass = 0.0;
  b.Ibody.setZero();
  b.IbodyInv.setZero();
  b.x = x;
  pbm::computeAuxiliary(b);
  return b;
}

// --- the oracles: everything from the state (x, q, P, L) and the constants

inline bool isFixed(const RigidBody& b) {
  return b.invMass == 0.0;
}

inline Matrix3d worldIinv(const RigidBody& b) {
  const Matrix3d R = b.q.normalized().toRotationMatrix();
  return R * b.IbodyInv * R.transpose();
}
inline Vector3d velocityOf(const RigidBody& b) {
  return b.invMass * b.P;
}
inline Vector3d omegaOf(const RigidBody& b) {
  return worldIinv(b) * b.L;
}
inline Vector3d pointVel(const RigidBody& b, const Vector3d& p) {
  return velocityOf(b) + omegaOf(b).cross(p - b.x);
}
// (8-3) from the momenta.
inline double vrelOracle(const Contact& c) {
  return c.n.dot(pointVel(*c.a, c.p) - pointVel(*c.b, c.p));
}
// K = 1/Ma + 1/Mb + (ra x n)^T Ia^-1 (ra x n) + (rb x n)^T Ib^-1 (rb x n).
inline double kOracle(const Contact& c) {
  const Vector3d ua = (c.p - c.a->x).cross(c.n), ub = (c.p - c.b->x).cross(c.n);
  return c.a->invMass + c.b->invMass + ua.dot(worldIinv(*c.a) * ua) + ub.dot(worldIinv(*c.b) * ub);
}
// T = |P|^2 / (2M) + L^T I^-1 L / 2 (RBI App. C (C-3) in momenta).
inline double keOracle(const RigidBody& b) {
  return 0.5 * b.invMass * b.P.squaredNorm() + 0.5 * b.L.dot(worldIinv(b) * b.L);
}
// Total angular momentum about the origin: L + x x P.
inline Vector3d angularMomentumAboutOrigin(const RigidBody& b) {
  return b.L + b.x.cross(b.P);
}

inline Quaterniond randomRotation(std::mt19937& rng) {
  std::normal_distribution<double> g;
  return Quaterniond(g(rng), g(rng), g(rng), g(rng)).normalized();
}

inline Vector3d randomUnit(std::mt19937& rng) {
  std::normal_distribution<double> g;
  return Vector3d(g(rng), g(rng), g(rng)).normalized();
}

// The recipe of the random pairs (two free bodies, a colliding contact):
// masses U(0.1, 10), diagonal body inertia U(0.1, 5), random rotations,
// positions, momenta, contact point and normal; n flipped so v_rel^- < 0.
struct RandomPair {
  RigidBody a, b;
  Contact c;
};
inline void makeRandomPair(std::mt19937& rng, RandomPair& pr) {
  std::uniform_real_distribution<double> mass(0.1, 10), inertia(0.1, 5), u(-1, 1);
  auto vec = [&] { return Vector3d(u(rng), u(rng), u(rng)); };
  auto one = [&] {
    const double m = mass(rng);
    return makeBody(m, Vector3d(inertia(rng), inertia(rng), inertia(rng)), randomRotation(rng),
                    vec(), m * vec(), vec());
  };
  pr.a = one();
  pr.b = one();
  pr.c = Contact{};
  pr.c.a = &pr.a;
  pr.c.b = &pr.b;
  pr.c.p = vec();
  pr.c.n = randomUnit(rng);
  if (vrelOracle(pr.c) >= 0) pr.c.n = -pr.c.n;
}

// --- an independent sequential-impulse loop (the notes' find_all_collisions
// on plain arrays: velocity and angular velocity per body, inverse mass and
// world inverse inertia), for the order-dependence claims (RBII §8).
struct OracleBody {
  double invMass = 0;
  Matrix3d Iinv = Matrix3d::Zero();
  Vector3d x = Vector3d::Zero(), v = Vector3d::Zero(), w = Vector3d::Zero();
};
struct OracleContact {
  int a, b;  // -1: the fixed ground
  Vector3d p, n;
};
struct OracleResult {
  int passes = 0, impulses = 0;
  std::vector<std::pair<int, int>> applied;  // (contact's index in the list, pass) per impulse
};
inline OracleResult oracleLoop(std::vector<OracleBody>& bodies,
                               const std::vector<OracleContact>& cs, double eps, double threshold,
                               int maxPasses = 100000) {
  OracleBody ground;
  auto body = [&](int k) -> OracleBody& { return k < 0 ? ground : bodies[k]; };
  auto vel = [&](int k, const Vector3d& p) {
    const OracleBody& b = body(k);
    return Vector3d(b.v + b.w.cross(p - b.x));
  };
  OracleResult r;
  for (int pass = 1; pass <= maxPasses; ++pass) {
    r.passes = pass;
    bool any = false;
    for (std::size_t ci = 0; ci < cs.size(); ++ci) {
      const OracleContact& c = cs[ci];
      const double vrel = c.n.dot(vel(c.a, c.p) - vel(c.b, c.p));
      if (vrel >= -threshold) continue;
      double K = 0;
      for (int s = 0; s < 2; ++s) {
        const int k = s == 0 ? c.a : c.b;
        if (k < 0) continue;
        const Vector3d u = (c.p - body(k).x).cross(c.n);
        K += body(k).invMass + u.dot(body(k).Iinv * u);
      }
      const double j = -(1 + eps) * vrel / K;
      for (int s = 0; s < 2; ++s) {
        const int k = s == 0 ? c.a : c.b;
        if (k < 0) continue;
        const Vector3d J = (s == 0 ? j : -j) * c.n;
        body(k).v += body(k).invMass * J;
        body(k).w += body(k).Iinv * (c.p - body(k).x).cross(J);
      }
      ++r.impulses;
      r.applied.emplace_back(static_cast<int>(ci), pass);
      any = true;
    }
    if (!any) return r;
  }
  r.passes = -1;  // did not end
  return r;
}

// --- budgets (issue 30): a student loop that does not end fails in seconds,
// naming the function, instead of at ctest's timeout.

inline const std::string kBisectionHint =
    "does every halving move lo or hi to the midpoint, return when |gap| <= tol, and give up "
    "after 200 halvings (RBII §6, exercises/09_impulses/collision_time.cpp)?";
inline const std::string kSweepHint =
    "does the sweep repeat only while a pass applied an impulse, and throw SolverFailure when "
    "a pass after maxPasses would apply one (RBII §8, exercises/09_impulses/collision_loop.cpp)?";

// The gapAfter of a bisection test, on its `calls`-th call: 200 halvings and
// the check of gap(dt) are 201 calls, so a loop past 400 does not end.
inline void chargeGapCall(int calls) {
  if (calls > 400)
    throw pbm_test::BudgetExceeded("findCollisionTime: more than 400 calls of gapAfter: " +
                                   kBisectionHint);
}

// resolveCollisions under a deadline.
inline int resolveWithin(std::vector<Contact>& contacts, double eps, double threshold,
                         int maxPasses = 1000, std::vector<pbm::ImpulseRecord>* log = nullptr) {
  return pbm_test::withinSeconds("resolveCollisions", kSweepHint, [&] {
    return pbm::resolveCollisions(contacts, eps, threshold, maxPasses, log);
  });
}

// One stepWithCollisions under a deadline: it bisects for the collision time
// and sweeps the impulses, the chapter's two loops.
template <class... Args>
void stepWithin(Args&&... args) {
  pbm_test::withinSeconds("stepWithCollisions (findCollisionTime, resolveCollisions)",
                          "a loop of the chapter's that does not end: findCollisionTime: " +
                              kBisectionHint + " resolveCollisions: " + kSweepHint,
                          [&] { pbm::stepWithCollisions(std::forward<Args>(args)...); });
}

// The backstop for loops nothing counts (test_deadline.h): a test still
// running after kTestSeconds ends with this message, naming the student
// functions its suite drives (the exercise headers' --gtest_filter lines).
inline const bool kDeadlineInstalled = pbm_test::installTestDeadline(
    {{"Ch09Loop", "resolveCollisions, impulseDenominator, impulseMagnitude, applyImpulse"},
     {"Ch09Ball", "resolveCollisions, findCollisionTime"},
     {"Ch09Bisection", "findCollisionTime"},
     {"Ch09Impulse", "impulseDenominator, impulseMagnitude, applyImpulse"},
     {"Ch09ClosedForm", "impulseDenominator, impulseMagnitude, applyImpulse"},
     {"Ch09FixedBody", "impulseDenominator, impulseMagnitude, applyImpulse"},
     {"Ch09RelativeVelocity", "relativeNormalVelocity, classify"},
     {"Ch09World",
      "resolveCollisions, findCollisionTime and the impulses (through the world's steps)"}},
    "does the bisection halve its interval, and does the collision loop end when no contact is "
    "colliding?");

}  // namespace ch09_test
