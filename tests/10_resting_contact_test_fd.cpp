// Chapter 10 tests, part: d'' = A f + b (RBII (9-4), (9-8)) and n' (App. D,
// compute_ndot) against finite differences of motion integrated here, by
// RK4 on (x, q, P, L) under constant forces: the independent check of A, b
// and the velocity terms together (without 2 n' . (pdot_a - pdot_b) it fails).
#include "10_resting_contact_test.h"

using namespace ch10_test;

namespace {

struct Motion {
  Vector3d x, P, L;
  Eigen::Quaterniond q;
};

// One body under a constant world force F and torque T, integrated from its
// state by n RK4 steps over the signed time t (RBI §2.11: x' = P/M,
// q' = 1/2 omega q, P' = F, L' = T, omega = R Ibody^-1 R^T L).
Motion integrate(const RigidBody& b, const Vector3d& F, const Vector3d& T, double t, int n) {
  using V13 = Eigen::Matrix<double, 13, 1>;
  auto deriv = [&](const V13& y) {
    const Eigen::Quaterniond q = Eigen::Quaterniond(y(3), y(4), y(5), y(6)).normalized();
    const Matrix3d R = q.toRotationMatrix();
    const Vector3d w = R * b.IbodyInv * R.transpose() * y.segment<3>(10);
    const Eigen::Quaterniond qd = Eigen::Quaterniond(0, w.x(), w.y(), w.z()) * q;
    V13 d;
    d << b.invMass * y.segment<3>(7), 0.5 * qd.w(), 0.5 * qd.x(), 0.5 * qd.y(), 0.5 * qd.z(), F, T;
    return d;
  };
  V13 y;
  y << b.x, b.q.w(), b.q.x(), b.q.y(), b.q.z(), b.P, b.L;
  const double h = t / n;
  for (int i = 0; i < n; ++i) {
    const V13 k1 = deriv(y), k2 = deriv(y + h / 2 * k1), k3 = deriv(y + h / 2 * k2),
              k4 = deriv(y + h * k3);
    y += h / 6 * (k1 + 2 * k2 + 2 * k3 + k4);
  }
  return {y.segment<3>(0), y.segment<3>(7), y.segment<3>(10),
          Eigen::Quaterniond(y(3), y(4), y(5), y(6)).normalized()};
}

// The material point of b at body-relative offset r0 (taken at t = 0).
Vector3d carry(const RigidBody& b0, const Motion& m, const Vector3d& p0) {
  return m.x + m.q.toRotationMatrix() * b0.R.transpose() * (p0 - b0.x);
}
Vector3d turn(const RigidBody& b0, const Motion& m, const Vector3d& v0) {
  return m.q.toRotationMatrix() * b0.R.transpose() * v0;
}

struct Case {
  RigidBody a, b;
  Contact c;
  Vector3d Fa, Ta, Fb, Tb;  // external
  double f;                 // the contact force
};

Case randomCase(std::mt19937_64& rng, bool vfContact) {
  std::uniform_real_distribution<double> U(-1, 1), Upos(0.5, 2.0);
  auto vec = [&] { return Vector3d(U(rng), U(rng), U(rng)); };
  Case k;
  for (RigidBody* b : {&k.a, &k.b}) {
    *b = box(Upos(rng), Vector3d(Upos(rng), Upos(rng), Upos(rng)), vec(),
             Eigen::Quaterniond(U(rng), U(rng), U(rng), U(rng)), vec());
    // |omega| about 2-4 rad/s
    const Vector3d w = vec().normalized() * (2 + 2 * std::abs(U(rng)));
    b->L = b->R * b->Ibody * b->R.transpose() * w;
    b->omega = w;
  }
  const Vector3d p = vec(), n = vec().normalized();
  if (vfContact)
    k.c = vf(&k.a, &k.b, p, n);
  else {
    // Edges well apart (|ea x eb| >= 1/2): near-parallel edges make n' and
    // the finite difference's error blow up together (both go as 1/|u|).
    Vector3d ea = vec().normalized(), eb = vec().normalized();
    for (int tries = 0; tries < 100 && ea.cross(eb).norm() < 0.5; ++tries) eb = vec().normalized();
    k.c = ee(&k.a, &k.b, p, ea, eb, n);
  }
  k.Fa = 3 * vec(), k.Ta = vec(), k.Fb = 3 * vec(), k.Tb = vec();
  k.f = 2 * std::abs(U(rng));
  return k;
}

// d(t) = n(t) . (p_a(t) - p_b(t)) (9-1), n fixed in b (vf) or
// +-ea x eb / |ea x eb| (ee), p_a and p_b the material points at p.
struct Track {
  double d;
  Vector3d n;
};
Track track(const Case& k, double t) {
  const Vector3d Fn = k.f * k.c.n;
  const Motion ma = integrate(k.a, k.Fa + Fn, k.Ta + (k.c.p - k.a.x).cross(Fn), t, 200);
  const Motion mb = integrate(k.b, k.Fb - Fn, k.Tb - (k.c.p - k.b.x).cross(Fn), t, 200);
  Vector3d n;
  if (k.c.vf) {
    n = turn(k.b, mb, k.c.n);
  } else {
    const Vector3d u = turn(k.a, ma, k.c.ea).cross(turn(k.b, mb, k.c.eb));
    n = u.normalized() * (k.c.ea.cross(k.c.eb).dot(k.c.n) < 0 ? -1.0 : 1.0);
  }
  return {n.dot(carry(k.a, ma, k.c.p) - carry(k.b, mb, k.c.p)), n};
}

}  // namespace

// Claim 13: (d(h) - 2 d(0) + d(-h))/h^2 = (A f + b) for one contact, vertex/face
// and edge/edge, on spinning bodies with external forces and torques.
TEST(Ch10BVector, SecondDerivativeOfTheGapMatchesFiniteDifferences) {
  std::mt19937_64 rng(40);
  const double h = 2.5e-4;
  for (int trial = 0; trial < 40; ++trial) {
    const bool isVf = trial % 2 == 0;
    Case k = randomCase(rng, isVf);
    k.c.a = &k.a;
    k.c.b = &k.b;
    k.a.force = k.Fa, k.a.torque = k.Ta, k.b.force = k.Fb, k.b.torque = k.Tb;
    const std::vector<Contact> cs = {k.c};
    const MatrixXd A = pbm::computeAMatrix(cs);
    const VectorXd b = pbm::computeBVector(cs);
    ASSERT_EQ(A.rows(), 1);
    ASSERT_EQ(b.size(), 1);
    const double got = A(0, 0) * k.f + b(0);
    const double fd = (track(k, h).d - 2 * track(k, 0).d + track(k, -h).d) / (h * h);
    const double tol = (isVf ? 5e-5 : 1e-4) * std::max(1.0, std::abs(fd));
    EXPECT_NEAR(got, fd, tol) << "trial " << trial << (isVf ? " (vf)" : " (ee)")
                              << ": RBII (9-4): d'' = n . (pddot_a - pddot_b) + 2 n' . (pdot_a - "
                                 "pdot_b); A f + b must match the integrated motion";
  }
}

// Claim 14: n' = omega_b x n (vf) and (u' - (u'.n) n)/|u| (ee) against a
// central difference of the integrated normal.
TEST(Ch10Ndot, MatchesFiniteDifferences) {
  std::mt19937_64 rng(41);
  const double h = 2.5e-4;
  for (int trial = 0; trial < 40; ++trial) {
    const bool isVf = trial % 2 == 0;
    Case k = randomCase(rng, isVf);
    k.c.a = &k.a;
    k.c.b = &k.b;
    const Vector3d fd = (track(k, h).n - track(k, -h).n) / (2 * h);
    EXPECT_VEC_NEAR(pbm::computeNdot(k.c), fd, 1e-4 * std::max(1.0, fd.norm()))
        << "trial " << trial
        << (isVf ? " (vf): RBII App. D: n' = omega_b x n"
                 : " (ee): RBII App. D: n' = (u' - (u'.n) n)/|u|, u = ea x eb");
  }
}
