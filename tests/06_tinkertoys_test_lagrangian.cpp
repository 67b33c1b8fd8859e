// Chapter 06 tests, part: generalized coordinates (CD §5): the Lagrangian
// dumbbell and double pendulum, a degenerate parametrisation, and the hybrid
// model (§5.1) against the particle model. Every expected value here comes
// from a closed form or from a dense KKT solve of the particle model written
// in this file (CD §3 eq 11 with the rods' C, J and Jdot by hand), never from
// the chapter's constraint code: a mistake in constrained_system.cpp or
// constraints.cpp cannot fail these tests, and a failure blames lagrangian.cpp.
#include <sstream>

#include "06_tinkertoys_test.h"

namespace {

using namespace ch06_test;

const std::string kLagrangianHint =
    "lagrangianAcceleration and hybridAcceleration solve small dense systems: does every loop "
    "you wrote in them (over rows, columns, coordinates) advance and end?";

Eigen::VectorXd lagrangianWithin(const MatrixXd& J, const MatrixXd& Jd, const VectorXd& M,
                                 const VectorXd& Q, const VectorXd& ud) {
  return pbm_test::withinSeconds("lagrangianAcceleration", kLagrangianHint,
                                 [&] { return pbm::lagrangianAcceleration(J, Jd, M, Q, ud); });
}

pbm::HybridAcceleration hybridWithin(const MatrixXd& Jq, const MatrixXd& Jqd, const VectorXd& M,
                                     const VectorXd& Q, const VectorXd& ud, const MatrixXd& Jc,
                                     const MatrixXd& Jcd, const VectorXd& C, const VectorXd& Cd,
                                     double ks, double kd) {
  return pbm_test::withinSeconds("hybridAcceleration", kLagrangianHint, [&] {
    return pbm::hybridAcceleration(Jq, Jqd, M, Q, ud, Jc, Jcd, C, Cd, ks, kd);
  });
}

std::string show(const VectorXd& v) {
  const Eigen::IOFormat f(Eigen::FullPrecision, Eigen::DontAlignCols, ", ", ", ", "", "", "(", ")");
  std::ostringstream out;
  out << v.transpose().format(f);
  return out.str();
}

// The particle model of a rig, independent of the chapter's code: positions q,
// velocities qd, masses M (per coordinate), applied forces Q; nails C = x_i - p
// and rods C = (|x_i - x_j|^2 - L^2) / 2 (j < 0: to the fixed point p), their
// J and Jdot written out here, and the KKT system of CD §3 eq (11)
//   [M  -J^T] [qdd   ]   [Q                          ]
//   [J    0 ] [lambda] = [-Jdot qdot - ks C - kd Cdot]
// solved densely (M qdd = Q + J^T lambda: lambda is the multiplier of each row).
struct ParticleModel {
  VectorXd q, qd, M, Q;
  struct Row {
    int i, j;  // particles (j < 0: the fixed point p); a nail has j = -2
    Vector2d p;
    double L;
  };
  std::vector<Row> links;

  void nail(int i, Vector2d p) { links.push_back({i, -2, p, 0.0}); }
  void rod(int i, int j, double L, Vector2d p = Vector2d::Zero()) { links.push_back({i, j, p, L}); }
  // J, Jdot, C and Cdot of the links from `first` on (all of them for the
  // KKT system; the last alone is a hybrid test's implicit constraint).
  struct Rows {
    MatrixXd J, Jd;
    VectorXd C, Cd;
  };
  Rows constraints(size_t first = 0) const {
    const int n = static_cast<int>(q.size());
    int m = 0;
    for (size_t l = first; l < links.size(); ++l) m += links[l].j == -2 ? 2 : 1;
    MatrixXd J = MatrixXd::Zero(m, n), Jd = MatrixXd::Zero(m, n);
    VectorXd C(m), Cd(m);
    int k = 0;
    for (size_t l = first; l < links.size(); ++l) {
      const Row& r = links[l];
      const Vector2d xi = q.segment<2>(2 * r.i), vi = qd.segment<2>(2 * r.i);
      if (r.j == -2) {
        J.block<2, 2>(k, 2 * r.i).setIdentity();
        C.segment<2>(k) = xi - r.p;
        Cd.segment<2>(k) = vi;
        k += 2;
        continue;
      }
      const Vector2d xj = r.j >= 0 ? Vector2d(q.segment<2>(2 * r.j)) : r.p;
      const Vector2d vj = r.j >= 0 ? Vector2d(qd.segment<2>(2 * r.j)) : Vector2d::Zero();
      const Vector2d d = xi - xj, w = vi - vj;
      J.block<1, 2>(k, 2 * r.i) = d.transpose();
      Jd.block<1, 2>(k, 2 * r.i) = w.transpose();
      if (r.j >= 0) {
        J.block<1, 2>(k, 2 * r.j) = -d.transpose();
        Jd.block<1, 2>(k, 2 * r.j) = -w.transpose();
      }
      C[k] = 0.5 * (d.squaredNorm() - r.L * r.L);
      Cd[k] = d.dot(w);
      ++k;
    }
    return {J, Jd, C, Cd};
  }
  struct Answer {
    VectorXd qdd, lambda;
  };
  Answer solve(double ks, double kd) const {
    const int n = static_cast<int>(q.size());
    const auto [J, Jd, C, Cd] = constraints();
    const int m = static_cast<int>(C.size());
    MatrixXd K = MatrixXd::Zero(n + m, n + m);
    K.topLeftCorner(n, n) = M.asDiagonal();
    K.topRightCorner(n, m) = -J.transpose();
    K.bottomLeftCorner(m, n) = J;
    VectorXd rhs(n + m);
    rhs << Q, -Jd * qd - ks * C - kd * Cd;
    const VectorXd x = K.fullPivLu().solve(rhs);
    return {x.head(n), x.tail(m)};
  }
};

// The hybrid formulas of lagrangian.h written again here, with each term's
// coefficient a parameter: 1 is CD §5.1's, 0 the term dropped, -1 its sign
// flipped. Only for naming, in a failure's message, the term a wrong answer
// lacks; the expected values come from the particle model.
struct HybridTerms {
  const char* what;
  double MJqdot = 1, JcJqdot = 1, JcdotJq = 1, ks = 1, kd = 1;
};
VectorXd hybridVariant(const MatrixXd& Jq, const MatrixXd& Jqd, const VectorXd& M,
                       const VectorXd& Q, const VectorXd& ud, const MatrixXd& Jc,
                       const MatrixXd& Jcd, const VectorXd& C, const VectorXd& Cd, double ks,
                       double kd, const HybridTerms& t) {
  const MatrixXd Mu = Jq.transpose() * M.asDiagonal() * Jq;
  const VectorXd Qu = Jq.transpose() * (Q - t.MJqdot * M.cwiseProduct(Jqd * ud));
  const Eigen::LDLT<MatrixXd> f(Mu);
  if (Jc.rows() == 0) return f.solve(Qu);
  const MatrixXd Jcu = Jc * Jq, Jcdu = t.JcJqdot * Jc * Jqd + t.JcdotJq * Jcd * Jq;
  const MatrixXd A = Jcu * f.solve(MatrixXd(Jcu.transpose()));
  const VectorXd rhs = -Jcdu * ud - Jcu * f.solve(Qu) - t.ks * ks * C - t.kd * kd * Cd;
  const VectorXd lambda = A.completeOrthogonalDecomposition().solve(rhs);
  return f.solve(Qu + Jcu.transpose() * lambda);
}

// " (GOT equals the answer with WHAT)" for the first variant a wrong uddot
// matches (and that a right one does not), or "" when none does.
std::string whichTermIsWrong(const VectorXd& got, const VectorXd& right,
                             const std::vector<std::pair<std::string, VectorXd>>& variants) {
  for (const auto& [what, v] : variants)
    if (got.size() == v.size() && (got - v).norm() <= 1e-7 * v.norm() &&
        (v - right).norm() > 1e-5 * right.norm())
      return " (your uddot equals the answer with " + what + ")";
  return "";
}

const std::vector<HybridTerms> kHybridMistakes = {
    {"Q_u = Jq^T Q, missing - M Jqdot udot (CD §5 eq 13's Jdot term)", 0},
    {"Q_u = Jq^T (Q + M Jqdot udot): that term's sign flipped (CD §5 eq 13)", -1},
    {"Jcdot_u = Jcdot Jq, missing the chain rule's Jc Jqdot term (CD §5.1)", 1, 0},
    {"Jcdot_u = Jc Jqdot, missing the chain rule's Jcdot Jq term (CD §5.1)", 1, 1, 0},
    {"Jcdot_u = Jcdot Jq - Jc Jqdot: the Jc Jqdot term's sign flipped (CD §5.1)", 1, -1},
    {"Jcdot_u = Jc Jqdot - Jcdot Jq: the Jcdot Jq term's sign flipped (CD §5.1)", 1, 1, -1},
    {"no - kd Cdot in the multipliers' right-hand side (CD §3 eq 11)", 1, 1, 1, 1, 0},
    {"+ kd Cdot: the damping feedback's sign flipped (CD §3 eq 11)", 1, 1, 1, 1, -1},
    {"no - ks C in the multipliers' right-hand side (CD §3 eq 11)", 1, 1, 1, 0},
    {"+ ks C: the spring feedback's sign flipped (CD §3 eq 11)", 1, 1, 1, -1}};

// whichTermIsWrong over kHybridMistakes for one hybrid system.
std::string hybridDiagnosis(const VectorXd& got, const MatrixXd& Jq, const MatrixXd& Jqd,
                            const VectorXd& M, const VectorXd& Q, const VectorXd& ud,
                            const MatrixXd& Jc, const MatrixXd& Jcd, const VectorXd& C,
                            const VectorXd& Cd, double ks, double kd) {
  std::vector<std::pair<std::string, VectorXd>> v;
  for (const HybridTerms& t : kHybridMistakes)
    v.emplace_back(t.what, hybridVariant(Jq, Jqd, M, Q, ud, Jc, Jcd, C, Cd, ks, kd, t));
  return whichTermIsWrong(got, hybridVariant(Jq, Jqd, M, Q, ud, Jc, Jcd, C, Cd, ks, kd, {""}), v);
}

// A double pendulum by its angles u = (theta1, theta2) from the downward
// vertical, nailed at the origin: x1 = L1 e(theta1), x2 = x1 + L2 e(theta2),
// e = (sin, -cos). Unlike the dumbbell about its centre of mass, its
// J^T M Jdot udot is not zero: -m2 L1 L2 (theta2dot^2 sin(theta2 - theta1),
// theta1dot^2 sin(theta1 - theta2)), the coupling of the two swings.
struct DoublePendulum {
  double m1 = 1.0, m2 = 2.0, L1 = 1.0, L2 = 0.8;
  static Vector2d e(double t) { return {std::sin(t), -std::cos(t)}; }
  static Vector2d de(double t) { return {std::cos(t), std::sin(t)}; }  // d e / d theta
  Eigen::Vector4d positions(const Eigen::Vector2d& u) const {
    Eigen::Vector4d q;
    q << L1 * e(u[0]), L1 * e(u[0]) + L2 * e(u[1]);
    return q;
  }
  MatrixXd jacobian(const Eigen::Vector2d& u) const {
    MatrixXd J = MatrixXd::Zero(4, 2);
    J.block<2, 1>(0, 0) = J.block<2, 1>(2, 0) = L1 * de(u[0]);
    J.block<2, 1>(2, 1) = L2 * de(u[1]);
    return J;
  }
  // d(de)/dtheta = -e, so Jdot's columns are -L e theta_dot.
  MatrixXd jacobianDot(const Eigen::Vector2d& u, const Eigen::Vector2d& ud) const {
    MatrixXd Jd = MatrixXd::Zero(4, 2);
    Jd.block<2, 1>(0, 0) = Jd.block<2, 1>(2, 0) = -L1 * ud[0] * e(u[0]);
    Jd.block<2, 1>(2, 1) = -L2 * ud[1] * e(u[1]);
    return Jd;
  }
  VectorXd massDiag() const { return Eigen::Vector4d(m1, m1, m2, m2); }
  VectorXd gravity() const { return Eigen::Vector4d(0, -kG * m1, 0, -kG * m2); }
  // The angles' accelerations from the textbook closed form (06_tinkertoys_test.h),
  // read off its Cartesian accelerations: x1dd = L1 (t1dd de1 - t1d^2 e1).
  Eigen::Vector2d closedForm(const Eigen::Vector2d& u, const Eigen::Vector2d& ud) const {
    const VectorXd a = doublePendulumClosedForm(m1, m2, L1, L2, u[0], u[1], ud[0], ud[1]);
    return {de(u[0]).dot(a.head<2>()) / L1, de(u[1]).dot(a.tail<2>() - a.head<2>()) / L2};
  }
};

// The state the double-pendulum tests use: both swings fast and the angles
// apart, so the J^T M Jdot udot term is as large as gravity's (|term| 17, |J^T
// Q| 15 here).
const Eigen::Vector2d kAngles(0.4, -0.7), kRates(2.0, -3.0);

// CD §5: Lagrange's equation (eq 13) for a dumbbell u = (cx, cy, theta) equals
// the constraint-force dynamics of two particles joined by a rod (a dense KKT
// solve here). About the centre of mass J^T M Jdot udot = 0: the double
// pendulum below is the test that sees that term.
TEST(Ch06Lagrangian, DumbbellMatchesRodConstraintDynamics) {
  pbm::Dumbbell db{1.0, 3.0, 1.2};
  const Eigen::Vector3d u(0.3, -0.2, 0.9), ud(0.5, -1.0, 2.5);
  // J and Jdot of the parametrisation against finite differences.
  const double eps = 1e-6;
  Eigen::Matrix<double, 4, 3> Jfd;
  for (int c = 0; c < 3; ++c) {
    const Eigen::Vector3d du = eps * Eigen::Vector3d::Unit(c);
    Jfd.col(c) = (db.positions(u + du) - db.positions(u - du)) / (2 * eps);
  }
  EXPECT_VEC_NEAR(MatrixXd(db.jacobian(u)), MatrixXd(Jfd), 1e-8)
      << "CD §5: the dumbbell's J = dq/du against central differences";
  EXPECT_VEC_NEAR(MatrixXd(db.jacobianDot(u, ud)),
                  MatrixXd((db.jacobian(u + eps * ud) - db.jacobian(u - eps * ud)) / (2 * eps)),
                  1e-8)
      << "CD §5: the dumbbell's Jdot = dJ/dt along udot against central differences";
  const MatrixXd J = db.jacobian(u), Jd = db.jacobianDot(u, ud);
  const VectorXd M = db.massDiag();
  const MatrixXd JtMJ = J.transpose() * M.asDiagonal() * J;
  EXPECT_VEC_NEAR(JtMJ, MatrixXd(Eigen::Vector3d(4, 4, 1.08).asDiagonal()), 1e-12)
      << "CD §5: J^T M J = diag(M, M, I) for the dumbbell about its centre of mass";
  // Gravity plus a push on particle 0.
  const Vector2d push(1.5, 0.4);
  VectorXd Q(4);
  Q << push + Vector2d(0, -kG * 1.0), Vector2d(0, -kG * 3.0);
  const VectorXd udd = lagrangianWithin(J, Jd, M, Q, ud);
  const VectorXd q = db.positions(u), qdot = J * ud;
  const Vector2d c(u[0], u[1]), r0 = q.head<2>() - c;
  ASSERT_EQ(udd.size(), 3) << "lagrangianAcceleration (CD §5 eq 13): one acceleration per "
                              "generalised coordinate";
  EXPECT_VEC_NEAR(VectorXd(udd.head<2>()), Vector2d((push + Vector2d(0, -4 * kG)) / 4.0), 1e-12)
      << "lagrangianAcceleration (CD §5 eq 13): the centre of mass accelerates at (F + M g) / M";
  EXPECT_NEAR(udd[2], (r0.x() * push.y() - r0.y() * push.x()) / 1.08, 1e-12)
      << "lagrangianAcceleration (CD §5 eq 13): theta_dd = torque / I about the centre of mass";
  // The same two particles joined by a rod, solved here (CD §3 eq 11).
  ParticleModel p;
  p.q = q;
  p.qd = qdot;
  p.M = M;
  p.Q = Q;
  p.rod(0, 1, 1.2);
  EXPECT_VEC_REL(VectorXd(J * udd + Jd * ud), p.solve(0, 0).qdd, 1e-12)
      << "lagrangianAcceleration (CD §5 eq 13): qdd = J uddot + Jdot udot against a dense KKT "
         "solve of two particles and a rod (CD §3 eq 11, written in this test)";
}

// CD §5 eq 13 on a parametrisation whose J^T M Jdot udot is not zero: the
// double pendulum by its two angles, against the textbook closed form (and
// J, Jdot against central differences first, so that a failure below is the
// function's). Dropping - J^T M Jdot udot, or flipping its sign, moves uddot
// by 2 to 10 rad/s^2 here.
TEST(Ch06Lagrangian, DoublePendulumByItsAnglesNeedsTheJdotTerm) {
  const DoublePendulum dp;
  const Eigen::Vector2d u = kAngles, ud = kRates;
  const double eps = 1e-6;
  MatrixXd Jfd(4, 2);
  for (int c = 0; c < 2; ++c) {
    const Eigen::Vector2d du = eps * Eigen::Vector2d::Unit(c);
    Jfd.col(c) = (dp.positions(u + du) - dp.positions(u - du)) / (2 * eps);
  }
  ASSERT_VEC_NEAR(dp.jacobian(u), Jfd, 1e-8) << "the test's own J = dq/du (central differences)";
  ASSERT_VEC_NEAR(dp.jacobianDot(u, ud),
                  MatrixXd((dp.jacobian(u + eps * ud) - dp.jacobian(u - eps * ud)) / (2 * eps)),
                  1e-8)
      << "the test's own Jdot = dJ/dt along udot (central differences)";
  const MatrixXd J = dp.jacobian(u), Jd = dp.jacobianDot(u, ud);
  const VectorXd M = dp.massDiag(), Q = dp.gravity();
  const VectorXd term = J.transpose() * M.cwiseProduct(Jd * ud);
  ASSERT_GT(term.norm(), 10.0) << "the test's state must make J^T M Jdot udot large";
  const Eigen::Vector2d want = dp.closedForm(u, ud);
  const VectorXd uddot = lagrangianWithin(J, Jd, M, Q, ud);
  ASSERT_EQ(uddot.size(), 2) << "lagrangianAcceleration (CD §5 eq 13): one acceleration per "
                                "generalised coordinate, 2 for the double pendulum; uddot "
                             << uddot.size();
  const MatrixXd A = J.transpose() * M.asDiagonal() * J;
  const std::string why =
      whichTermIsWrong(uddot, want,
                       {{"J^T M J uddot = J^T Q, missing - J^T M Jdot udot = " + show(-term),
                         A.ldlt().solve(VectorXd(J.transpose() * Q))},
                        {"J^T M J uddot = J^T Q + J^T M Jdot udot: that term's sign flipped",
                         A.ldlt().solve(VectorXd(J.transpose() * Q + term))}});
  EXPECT_VEC_REL(uddot, VectorXd(want), 1e-10)
      << "lagrangianAcceleration (CD §5 eq 13: J^T M J uddot = J^T Q - J^T M Jdot udot) on a "
         "double pendulum by its angles u = (theta1, theta2) = "
      << show(u) << ", udot = " << show(ud) << ", where J^T M Jdot udot = " << show(term)
      << " is not zero; expected uddot from the textbook closed form" << why;
}

// CD §5.1 without implicit constraints: the hybrid model is Lagrange's
// equation with M_u = Jq^T M Jq and Q_u = Jq^T (Q - M Jqdot udot). The double
// pendulum by its angles against the closed form: Q_u's Jdot term counts.
TEST(Ch06Lagrangian, HybridDoublePendulumNeedsTheJdotTermInQu) {
  const DoublePendulum dp;
  const Eigen::Vector2d u = kAngles, ud = kRates;
  const MatrixXd J = dp.jacobian(u), Jd = dp.jacobianDot(u, ud), none(0, 4);
  const VectorXd M = dp.massDiag(), Q = dp.gravity(), empty(0);
  const Eigen::Vector2d want = dp.closedForm(u, ud);
  const pbm::HybridAcceleration h = hybridWithin(J, Jd, M, Q, ud, none, none, empty, empty, 0, 0);
  ASSERT_EQ(h.uddot.size(), 2) << "hybridAcceleration (CD §5.1): one acceleration per "
                                  "generalised coordinate, 2 for the double pendulum; got "
                               << h.uddot.size();
  EXPECT_EQ(h.lambda.size(), 0) << "hybridAcceleration (CD §5.1): no implicit constraints, no "
                                   "multipliers";
  EXPECT_VEC_REL(h.uddot, VectorXd(want), 1e-10)
      << "hybridAcceleration (CD §5.1, Q_u = Jq^T (Q - M Jqdot udot)) on a double pendulum by "
         "its angles with no implicit constraint, where Jq^T M Jqdot udot = "
      << show(J.transpose() * M.cwiseProduct(Jd * ud))
      << " is not zero; expected uddot from the textbook closed form"
      << hybridDiagnosis(h.uddot, J, Jd, M, Q, ud, none, none, empty, empty, 0, 0);
}

// CD §5.1 with an implicit constraint: the double pendulum by its angles plus
// a free particle x3 (u = (theta1, theta2, x3, y3)), a rod from the bob x2 to
// x3, off its length and stretching (C, Cdot != 0: the feedback counts),
// against a dense KKT solve of the particle model (three particles, a rod to
// the origin and two rods). Every term of eq (11) seen through q(u) counts
// here: Q_u's M Jqdot udot, both chain-rule terms of Jcdot_u, ks C and kd Cdot.
TEST(Ch06Lagrangian, HybridPendulumAndRodEqualsParticleModel) {
  const DoublePendulum dp;
  const Eigen::Vector2d u = kAngles, ud = kRates;
  const Vector2d x3 = dp.positions(u).tail<2>() + Vector2d(0.5, 0.6), v3(-1.3, 0.7);
  MatrixXd Jq = MatrixXd::Zero(6, 4), Jqd = MatrixXd::Zero(6, 4);
  Jq.topLeftCorner(4, 2) = dp.jacobian(u);
  Jq.bottomRightCorner(2, 2).setIdentity();
  Jqd.topLeftCorner(4, 2) = dp.jacobianDot(u, ud);
  VectorXd U(4), Ud(4), M(6), Q(6);
  U << u, x3;
  Ud << ud, v3;
  M << dp.massDiag(), 0.5, 0.5;
  Q << dp.gravity(), 0.3, -0.5 * kG;
  ParticleModel p;
  p.q.resize(6);
  p.q << dp.positions(u), x3;
  p.qd = Jq * Ud;
  p.M = M;
  p.Q = Q;
  const double L = 0.7, ks = 30.0, kd = 4.0;  // |x3 - x2| = 0.78: C != 0
  p.rod(0, -1, dp.L1);                        // the pendulum's two rods, built into q(u)
  p.rod(0, 1, dp.L2);
  p.rod(1, 2, L);  // the implicit constraint of the hybrid
  const auto [Jc, Jcd, C, Cd] = p.constraints(2);
  ASSERT_GT(std::abs(C[0]), 0.01) << "the test's state: the rod off its length";
  ASSERT_GT(std::abs(Cd[0]), 0.1) << "the test's state: the rod stretching";
  const ParticleModel::Answer want = p.solve(ks, kd);
  const pbm::HybridAcceleration h = hybridWithin(Jq, Jqd, M, Q, Ud, Jc, Jcd, C, Cd, ks, kd);
  ASSERT_EQ(h.uddot.size(), 4) << "hybridAcceleration (CD §5.1): one acceleration per "
                                  "generalised coordinate, 4 here; got "
                               << h.uddot.size();
  ASSERT_EQ(h.lambda.size(), 1) << "hybridAcceleration (CD §5.1): one multiplier per implicit "
                                   "constraint, 1 here; got "
                                << h.lambda.size();
  const std::string why = hybridDiagnosis(h.uddot, Jq, Jqd, M, Q, Ud, Jc, Jcd, C, Cd, ks, kd);
  EXPECT_VEC_REL(VectorXd(Jq * h.uddot + Jqd * Ud), want.qdd, 1e-10)
      << "hybridAcceleration (CD §5.1): qdd = Jq uddot + Jqdot udot of a double pendulum by its "
         "angles, joined by a rod (C = "
      << C[0] << ", Cdot = " << Cd[0] << ", ks = " << ks << ", kd = " << kd
      << ") to a free particle, against a dense KKT solve of the particle model (CD §3 eq 11, "
         "written in this test)"
      << why;
  EXPECT_NEAR(h.lambda[0], want.lambda[2], 1e-10 * std::abs(want.lambda[2]))
      << "hybridAcceleration (CD §5.1): the rod's multiplier against the particle model's" << why;
}

// CD §5: a parametrisation with a wasted coordinate has a singular J^T M J and
// no unique uddot. A dumbbell of length 0 is one: theta moves nothing, J's
// third column is zero, and J^T M J = diag(M, M, 0). Both solvers must refuse
// it (SolverFailure), not return an answer that does not solve eq 13.
TEST(Ch06Lagrangian, DegenerateParametrisationIsRejected) {
  const pbm::Dumbbell db{1.0, 3.0, 0.0};
  const Eigen::Vector3d u(0.3, -0.2, 0.9), ud(0.5, -1.0, 2.5);
  const MatrixXd J = db.jacobian(u), Jd = db.jacobianDot(u, ud);
  const VectorXd M = db.massDiag();
  VectorXd Q(4);
  Q << 0, -kG, 0, -3 * kG;
  EXPECT_THROW(lagrangianWithin(J, Jd, M, Q, ud), pbm::SolverFailure)
      << "CD §5 eq 13: J^T M J = diag(4, 4, 0) is singular (L = 0: theta is a wasted "
         "coordinate); expected SolverFailure";
  const MatrixXd none(0, 4);
  EXPECT_THROW(hybridWithin(J, Jd, M, Q, ud, none, none, VectorXd(0), VectorXd(0), 0.0, 0.0),
               pbm::SolverFailure)
      << "CD §5.1: the generalised mass Jq^T M Jq = diag(4, 4, 0) is singular; expected "
         "SolverFailure";
}

// CD §5.1: a hybrid model (generalised coordinates u with particle constraints
// on q(u)), against dense KKT solves of the particle models. (i) The dumbbell
// nailed at its particle 1 equals nail + rod; theta_dd = tau_pivot / (m2 L^2).
// (ii) The dumbbell joined by a rod to a free particle equals 3 particles + 2
// rods.
TEST(Ch06Lagrangian, HybridDumbbellEqualsParticleModel) {
  pbm::Dumbbell db{1.0, 3.0, 1.2};
  const double th = -1.1, thd = 1.7;
  // (i) particle 1 of the dumbbell (x1) at the nail point p = (0, 0).
  const Vector2d e(std::cos(th), std::sin(th));
  const Eigen::Vector3d u(db.m2 / 4.0 * 1.2 * e.x(), db.m2 / 4.0 * 1.2 * e.y(), th);
  const Vector2d de(-std::sin(th), std::cos(th));
  const Eigen::Vector3d ud(0.75 * 1.2 * thd * de.x(), 0.75 * 1.2 * thd * de.y(), thd);
  const MatrixXd Jq = db.jacobian(u), Jqd = db.jacobianDot(u, ud);
  const VectorXd q = db.positions(u), qdot = Jq * ud;
  ASSERT_LT(q.head<2>().norm(), 1e-14) << "the test's start: particle 1 at the nail";
  ASSERT_LT(qdot.head<2>().norm(), 1e-14) << "the test's start: particle 1 at rest";
  VectorXd Q(4);
  Q << 0, -kG * 1.0, 0, -kG * 3.0;
  MatrixXd Jc = MatrixXd::Zero(2, 4);
  Jc.leftCols(2).setIdentity();
  const MatrixXd Jcd = MatrixXd::Zero(2, 4);
  const VectorXd C = q.head<2>(), Cd = qdot.head<2>();
  const pbm::HybridAcceleration h =
      hybridWithin(Jq, Jqd, db.massDiag(), Q, ud, Jc, Jcd, C, Cd, 100, 20);
  ASSERT_EQ(h.uddot.size(), 3) << "hybridAcceleration (CD §5.1): one acceleration per "
                                  "generalised coordinate";
  ASSERT_EQ(h.lambda.size(), 2) << "hybridAcceleration (CD §5.1): one multiplier per implicit "
                                   "constraint row, 2 for the nail";
  const std::string why =
      hybridDiagnosis(h.uddot, Jq, Jqd, db.massDiag(), Q, ud, Jc, Jcd, C, Cd, 100, 20);
  EXPECT_NEAR(h.uddot[2], 1.2 * 3.0 * (-kG) * e.x() / (3.0 * 1.44), 1e-12)
      << "hybridAcceleration (CD §5.1): about the nail theta_dd = tau_pivot / (m2 L^2)" << why;
  ParticleModel p;
  p.q = q;
  p.qd = qdot;
  p.M = db.massDiag();
  p.Q = Q;
  p.nail(0, Vector2d(0, 0));
  p.rod(0, 1, 1.2);
  const ParticleModel::Answer nailed = p.solve(100, 20);
  EXPECT_VEC_REL(VectorXd(Jq * h.uddot + Jqd * ud), nailed.qdd, 1e-12)
      << "hybridAcceleration (CD §5.1): the nailed dumbbell moves like nail + rod (a dense KKT "
         "solve of the particle model, CD §3 eq 11, written in this test)"
      << why;
  EXPECT_VEC_REL(h.lambda, VectorXd(nailed.lambda.head<2>()), 1e-12)
      << "hybridAcceleration (CD §5.1): the nail's multiplier equals the particle model's" << why;

  // (ii) u = (cx, cy, theta, x3, y3), q = (x1, x2, x3), rod from x2 to x3.
  const Eigen::Vector3d u2(0.2, 0.1, 0.6), ud2(-0.4, 0.3, 1.1);
  const Vector2d x3 = db.positions(u2).tail<2>() + Vector2d(0.3, -0.8), v3(0.9, -0.2);
  MatrixXd Jq2 = MatrixXd::Zero(6, 5), Jqd2 = MatrixXd::Zero(6, 5);
  Jq2.topLeftCorner(4, 3) = db.jacobian(u2);
  Jq2.bottomRightCorner(2, 2).setIdentity();
  Jqd2.topLeftCorner(4, 3) = db.jacobianDot(u2, ud2);
  VectorXd U(5), Ud(5);
  U << u2, x3;
  Ud << ud2, v3;
  ParticleModel p2;
  p2.q.resize(6);
  p2.q << db.positions(u2), x3;
  p2.qd = Jq2 * Ud;
  p2.M.resize(6);
  p2.M << 1, 1, 3, 3, 0.5, 0.5;
  p2.Q.resize(6);
  p2.Q << 0, -kG, 0, -3 * kG, 0, -0.5 * kG;
  const double L = 0.9;
  p2.rod(0, 1, 1.2);
  p2.rod(1, 2, L);  // the implicit constraint of the hybrid
  const auto [Jc2, Jcd2, C2, Cd2] = p2.constraints(1);
  const pbm::HybridAcceleration h2 =
      hybridWithin(Jq2, Jqd2, p2.M, p2.Q, Ud, Jc2, Jcd2, C2, Cd2, 100, 20);
  ASSERT_EQ(h2.uddot.size(), 5) << "hybridAcceleration (CD §5.1): one acceleration per "
                                   "generalised coordinate, 5 here";
  EXPECT_VEC_REL(VectorXd(Jq2 * h2.uddot + Jqd2 * Ud), p2.solve(100, 20).qdd, 1e-12)
      << "hybridAcceleration (CD §5.1): the dumbbell + rod + free particle moves like 3 "
         "particles + 2 rods (a dense KKT solve, CD §3 eq 11, written in this test)"
      << hybridDiagnosis(h2.uddot, Jq2, Jqd2, p2.M, p2.Q, Ud, Jc2, Jcd2, C2, Cd2, 100, 20);
}

}  // namespace
