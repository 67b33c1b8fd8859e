// Chapter 10 tests, part: the LCP solvers (RBII §9: a = A f + b >= 0,
// f >= 0, f . a = 0; Baraff 1994 §4 for Dantzig's method), checked against
// the SVD enumeration of 10_resting_contact_test.h.
#include <Eigen/Eigenvalues>
#include <cstdio>
#include <limits>
#include <numbers>

#include "10_resting_contact_test.h"

using namespace ch10_test;
using pbm::LcpResult;
using pbm::LcpSet;

namespace {

// The three conditions, relative to the problem's scale.
::testing::AssertionResult complementary(const LcpResult& r, const MatrixXd& A, const VectorXd& b) {
  if (r.f.size() != b.size()) return ::testing::AssertionFailure() << "f has the wrong size";
  const VectorXd a = A * r.f + b;  // recomputed: the solver's own a is not trusted
  const double s = std::max(1.0, b.cwiseAbs().maxCoeff());
  const double fmax = std::max(1.0, r.f.cwiseAbs().maxCoeff());
  if (r.f.minCoeff() < -1e-9 * fmax)
    return ::testing::AssertionFailure() << "(9-6) f >= 0 violated: min f = " << r.f.minCoeff();
  if (a.minCoeff() < -1e-9 * s)
    return ::testing::AssertionFailure() << "(9-5) a >= 0 violated: min a = " << a.minCoeff();
  if (complementarity(r.f, a, b) > 1e-9)
    return ::testing::AssertionFailure()
           << "(9-7) f_i a_i = 0 violated: " << complementarity(r.f, a, b);
  return ::testing::AssertionSuccess();
}

// The cube (mass 2, side 1, centre x) resting on a fixed cube of side 1 turned
// 45 degrees about y (cube_on_cube_45): its bottom square crosses the
// diamond in 8 points, 8 edge/edge contacts with n = +y; A = J M^-1 J^T from
// the oracles, and the at-rest b = n . F/M = -g.
struct CubeOnCube45 {
  MatrixXd A;
  VectorXd b;
};
CubeOnCube45 cubeOnCube45(const Vector3d& x = Vector3d(0, 0.5, 0)) {
  RigidBody top =
      box(2, Vector3d(1, 1, 1), x,
          Eigen::Quaterniond(Eigen::AngleAxisd(std::numbers::pi / 4, Vector3d::UnitY())));
  RigidBody bottom = fixedBody(Vector3d(0, -0.5, 0));
  const double c = std::sqrt(0.5) - 0.5;  // where the diamond's edges cross the square's
  std::vector<Contact> cs;
  for (double sx : {1.0, -1.0})
    for (double sz : {1.0, -1.0}) {
      const Vector3d diamond(-sx, 0, sz);  // edge direction of the turned cube, along x + z = const
      cs.push_back(ee(&top, &bottom, Vector3d(sx * 0.5, 0, sz * c), diamond, Vector3d::UnitZ(),
                      Vector3d::UnitY()));
      cs.push_back(ee(&top, &bottom, Vector3d(sx * c, 0, sz * 0.5), diamond, Vector3d::UnitX(),
                      Vector3d::UnitY()));
    }
  const MatrixXd J = jacobianOracle(cs, {&top, &bottom});
  return {J * inverseMassOracle({&top, &bottom}) * J.transpose(), VectorXd::Constant(8, -kG)};
}

// The smallest eigenvalue of A on the support of f (the f_i > 0) above
// 1e-10 of the largest (the enumeration's SVD threshold): how well that
// part of the LCP is conditioned. Infinity when f = 0.
double smallestEigenvalueOnSupport(const MatrixXd& A, const VectorXd& f) {
  std::vector<int> S;
  for (int i = 0; i < f.size(); ++i)
    if (f(i) > 0.0) S.push_back(i);
  if (S.empty()) return std::numeric_limits<double>::infinity();
  MatrixXd ASS(S.size(), S.size());
  for (size_t r = 0; r < S.size(); ++r)
    for (size_t c = 0; c < S.size(); ++c) ASS(r, c) = A(S[r], S[c]);
  const VectorXd ev = Eigen::SelfAdjointEigenSolver<MatrixXd>(ASS).eigenvalues();
  double lo = std::numeric_limits<double>::infinity();
  for (Eigen::Index i = 0; i < ev.size(); ++i)
    if (ev(i) > 1e-10 * ev.maxCoeff()) lo = std::min(lo, ev(i));
  return lo;
}

std::string fmt(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", x);
  return buf;
}

// Baraff 1994 §4, maxstep, as the lesson and the exercise header ask: when
// a_d reaches 0 in the same step as another index's event (a tie, also one
// rounding breaks by an ulp), d wins: the pivot names d as its blocker and d
// joins C. Empty when the pivot keeps that rule.
std::string dWinsTies(const pbm::LcpPivot& p, double s) {
  const int d = p.drive;
  if (d < 0 || d >= p.a.size() || p.blocker == d || p.step <= 0.0) return "";
  if (std::abs(p.a(d)) > 1e-12 * s || p.da(d) <= 0.0) return "";
  return "a_" + std::to_string(d) + " reached 0 (" + fmt(p.a(d)) + ") in the same step as index " +
         std::to_string(p.blocker) + "'s event, but the pivot names " + std::to_string(p.blocker) +
         ": d wins ties (maxstep, Baraff 1994 §4), also ties rounding breaks by an ulp";
}

}  // namespace

// Claims: complementarity, existence (every system at rest is solvable), and
// uniqueness of what matters: a and the net wrench J^T f agree with the
// enumeration even where f does not (redundant contacts).
TEST(Ch10Dantzig, AgreesWithEnumerationAtRest) {
  std::mt19937_64 rng(20);
  int checked = 0;
  for (int trial = 0; trial < 10000; ++trial) {
    const int n = 1 + static_cast<int>(rng() % 9), k = 1 + static_cast<int>(rng() % n);
    const LcpCase c = randomAtRest(rng, n, k);
    const LcpResult r = dantzig(c.A, c.b);
    ASSERT_TRUE(r.ok) << "trial " << trial << " (n = " << n << ", rank " << k
                      << "): RBII §9: a system at rest always has contact forces; the solver said: "
                      << r.why;
    ASSERT_TRUE(complementary(r, c.A, c.b))
        << "trial " << trial << " (n = " << n << ", rank " << k
        << ", |f| = " << r.f.cwiseAbs().maxCoeff() << "): solveLcpDantzig";
    const auto f = lcpOracle(c.A, c.b);
    if (!f) continue;  // the oracle's own tolerance; rare
    const VectorXd aWant = c.A * *f + c.b, aGot = c.A * r.f + c.b;
    const double s = std::max(1.0, c.b.cwiseAbs().maxCoeff());
    // How far two correct answers may differ in a: each solves A_SS f_S = -b_S
    // on its support S with a backward-stable factorisation (n u relative
    // backward error), and a_NC = A_NS f_S + b_NC carries that error through
    // A_NS A_SS^-1 = G_N G_S^+, of norm up to sqrt(|A| / lambda) with lambda
    // the smallest nonzero eigenvalue of A_SS. So |da| <~ n u |A| |f|
    // sqrt(|A| / lambda). Well conditioned, that is far below 1e-8 |b|; on
    // a random trial where lambda ~ 1e-8 and |f| ~ 1e4 it is ~1e-6, and a
    // solver that refines its answer once, or not at all, or factors A_CC
    // afresh, lands anywhere inside it (measured: up to 2.4 times the term
    // without n).
    const double normA = c.A.cwiseAbs().maxCoeff();
    const double fmax = std::max({1.0, f->cwiseAbs().maxCoeff(), r.f.cwiseAbs().maxCoeff()});
    const double lambda =
        std::min(smallestEigenvalueOnSupport(c.A, *f), smallestEigenvalueOnSupport(c.A, r.f));
    const double rounding =
        n * std::numeric_limits<double>::epsilon() * normA * fmax * std::sqrt(normA / lambda);
    const std::string which = "trial " + std::to_string(trial) + " (n = " + std::to_string(n) +
                              ", rank " + std::to_string(k) + ", |f| = " + fmt(fmax) +
                              ", smallest eigenvalue of A on the support " + fmt(lambda) + ")";
    ASSERT_LE((aGot - aWant).cwiseAbs().maxCoeff(), 1e-8 * s + rounding)
        << which << ": solveLcpDantzig: the accelerations a are unique (RBII §9): expected the "
        << "enumeration's a = (" << aWant.transpose() << "), got (" << aGot.transpose()
        << "); allowed 1e-8 |b| + n u |A| |f| sqrt(|A| / lambda) = " << 1e-8 * s + rounding;
    ASSERT_LE((c.G.transpose() * (r.f - *f)).cwiseAbs().maxCoeff(),
              1e-8 * std::max(1.0, f->cwiseAbs().maxCoeff()))
        << which << ": solveLcpDantzig: the net contact wrench J^T f is unique (RBII §9)";
    ++checked;
  }
  EXPECT_GE(checked, 9900) << "the enumeration oracle should solve almost every case";
}

// Claim: with an arbitrary b the solver says "infeasible" exactly when no
// f >= 0 gives A f + b >= 0, and then returns Farkas's certificate z >= 0,
// A z = 0, z . b < 0 (Baraff 1994 §4: maxstep finds no blocker).
TEST(Ch10Dantzig, InfeasibleExactlyWhenEnumerationSaysSo) {
  std::mt19937_64 rng(21);
  std::uniform_real_distribution<double> U(-1, 1);
  int infeasible = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    const int n = 1 + static_cast<int>(rng() % 7), k = 1 + static_cast<int>(rng() % n);
    LcpCase c = randomAtRest(rng, n, k);
    c.b = VectorXd::NullaryExpr(n, [&] { return U(rng); });
    const LcpResult r = dantzig(c.A, c.b);
    const bool solvable = lcpOracle(c.A, c.b).has_value();
    ASSERT_EQ(r.ok, solvable) << "trial " << trial << " (n = " << n << ", rank " << k
                              << "): Dantzig says " << (r.ok ? "solved" : r.why)
                              << ", the enumeration " << (solvable ? "solvable" : "infeasible");
    if (r.ok) {
      ASSERT_TRUE(complementary(r, c.A, c.b)) << "trial " << trial;
      continue;
    }
    ++infeasible;
    ASSERT_EQ(r.f.size(), n) << "trial " << trial << ": a failed solve still returns its f";
    EXPECT_VEC_NEAR(r.a, c.A * r.f + c.b, 1e-9 * std::max(1.0, c.b.cwiseAbs().maxCoeff()))
        << "trial " << trial << ": solveLcpDantzig (lcp.h): a failed solve returns the forces so "
        << "far and their a = A f + b";
    ASSERT_EQ(r.certificate.size(), n) << "trial " << trial << ": an infeasible LCP returns z";
    const VectorXd& z = r.certificate;
    EXPECT_GE(z.minCoeff(), 0.0) << "trial " << trial << ": the certificate z >= 0";
    EXPECT_LE((c.A * z).norm(), 1e-8 * std::max(1.0, z.norm()))
        << "trial " << trial
        << ": solveLcpDantzig's certificate must have A z = 0 (Baraff 1994 §4: no blocker)";
    EXPECT_LT(z.dot(c.b), 0.0) << "trial " << trial << ": z . b < 0";
  }
  EXPECT_GT(infeasible, 50) << "the recipe should produce infeasible cases";
}

// Claim: LcpOptions::refactor (A_CC factored afresh after every change of C
// instead of updated) is a mode of the same method, so it must give the
// enumeration's verdict and accelerations too: at rest (always solvable, RBII
// §9) and with an arbitrary b (infeasible exactly when the enumeration says
// so, with Farkas's certificate; Baraff 1994 §4).
TEST(Ch10Dantzig, RefactorModeAgreesWithEnumeration) {
  std::mt19937_64 rng(23);
  std::uniform_real_distribution<double> U(-1, 1);
  pbm::LcpOptions refactor;
  refactor.refactor = true;
  int compared = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    const int n = 1 + static_cast<int>(rng() % 7), k = 1 + static_cast<int>(rng() % n);
    LcpCase c = randomAtRest(rng, n, k);
    const bool atRest = trial % 2 == 0;
    if (!atRest) c.b = VectorXd::NullaryExpr(n, [&] { return U(rng); });
    const LcpResult r = dantzig(c.A, c.b, refactor);
    const auto f = lcpOracle(c.A, c.b);
    SCOPED_TRACE("refactor = true, trial " + std::to_string(trial) + " (n = " + std::to_string(n) +
                 ", rank " + std::to_string(k) + (atRest ? ", at rest)" : ", arbitrary b)"));
    if (atRest) {
      ASSERT_TRUE(r.ok) << "RBII §9: a system at rest always has contact forces; the solver said: "
                        << r.why;
    } else {
      ASSERT_EQ(r.ok, f.has_value()) << "Dantzig says " << (r.ok ? "solved" : r.why)
                                     << ", the enumeration " << (f ? "solvable" : "infeasible");
    }
    if (!r.ok) {
      const VectorXd& z = r.certificate;
      ASSERT_EQ(z.size(), n) << "an infeasible LCP returns Farkas's z";
      ASSERT_GE(z.minCoeff(), 0.0) << "the certificate z >= 0";
      ASSERT_LE((c.A * z).norm(), 1e-8 * std::max(1.0, z.norm())) << "A z = 0";
      ASSERT_LT(z.dot(c.b), 0.0) << "z . b < 0";
      continue;
    }
    ASSERT_TRUE(complementary(r, c.A, c.b));
    if (!f) continue;  // the oracle's own tolerance; rare
    const double s = std::max(1.0, c.b.cwiseAbs().maxCoeff());
    ASSERT_LE((c.A * r.f + c.b - (c.A * *f + c.b)).cwiseAbs().maxCoeff(), 1e-8 * s)
        << "RBII §9: the accelerations a are unique: expected the enumeration's";
    ++compared;
  }
  EXPECT_GE(compared, 1500) << "the enumeration oracle should solve most cases";
}

// Claim: the invariants of Dantzig's method hold after every pivot
// (Baraff 1994 §4): a_C = 0, f_NC = 0, f_C >= 0, a_NC >= 0, the driven
// index's acceleration never falls (Delta a_d >= 0), and pivots stay <= 3n.
TEST(Ch10Dantzig, InvariantsAfterEveryPivot) {
  std::mt19937_64 rng(22);
  for (int trial = 0; trial < 500; ++trial) {
    const int n = 2 + static_cast<int>(rng() % 30), k = 1 + static_cast<int>(rng() % n);
    const LcpCase c = randomAtRest(rng, n, k);
    const double s = std::max(1.0, c.b.cwiseAbs().maxCoeff());
    int pivots = 0;
    std::string broken;
    pbm::LcpOptions o;
    o.onPivot = [&](const pbm::LcpPivot& p) {
      ++pivots;
      if (!broken.empty()) return;
      const double fmax = std::max(1.0, p.f.cwiseAbs().maxCoeff());
      for (int i = 0; i < n; ++i) {
        if (p.sets[i] == LcpSet::Clamped && std::abs(p.a(i)) > 1e-8 * s)
          broken = "a_C = 0 broken at " + std::to_string(i);
        if (p.sets[i] == LcpSet::Clamped && p.f(i) < -1e-9 * fmax)
          broken = "f_C >= 0 broken at " + std::to_string(i);
        if (p.sets[i] == LcpSet::NotClamped && p.f(i) != 0.0)
          broken = "f_NC = 0 broken at " + std::to_string(i);
        if (p.sets[i] == LcpSet::NotClamped && p.a(i) < -1e-8 * s)
          broken = "a_NC >= 0 broken at " + std::to_string(i);
      }
      if (p.drive >= 0 && p.drive < n && p.da(p.drive) < -1e-9 * s)
        broken = "Delta a_d < 0 for d = " + std::to_string(p.drive);
      if (broken.empty()) broken = dWinsTies(p, s);
    };
    const LcpResult r = dantzig(c.A, c.b, o);
    ASSERT_TRUE(r.ok) << "trial " << trial << ": " << r.why;
    ASSERT_TRUE(broken.empty()) << "trial " << trial << " (n = " << n << "): " << broken;
    ASSERT_EQ(pivots, r.pivots) << "trial " << trial << ": onPivot once per pivot";
    ASSERT_LE(r.pivots, 3 * n) << "trial " << trial << ": about n pivots expected";
    ASSERT_TRUE(complementary(r, c.A, c.b)) << "trial " << trial;
  }
}

// Claim: the solver's f minimises q(f) = 1/2 f^T A f + b^T f over f >= 0
// (the QP of RBII §9), on the cube resting on a cube turned 45 degrees: 8
// redundant edge/edge contacts, rank 3.
TEST(Ch10Dantzig, MinimisesTheQuadraticProgram) {
  const CubeOnCube45 sys = cubeOnCube45();
  const MatrixXd& A = sys.A;
  const VectorXd& b = sys.b;
  const LcpResult r = dantzig(A, b);
  ASSERT_TRUE(r.ok) << r.why;
  ASSERT_TRUE(complementary(r, A, b));
  EXPECT_NEAR(r.f.sum(), 2 * kG, 1e-9) << "RBII §9: the 8 forces carry the weight Mg";
  auto q = [&](const VectorXd& f) { return 0.5 * f.dot(A * f) + b.dot(f); };
  std::mt19937_64 rng(23);
  std::uniform_real_distribution<double> U(0, 5);
  for (int trial = 0; trial < 2000; ++trial) {
    const VectorXd x = VectorXd::NullaryExpr(8, [&] { return U(rng); });
    ASSERT_LE(q(r.f), q(x) + 1e-9) << "trial " << trial << ": RBII §9: f minimises the QP";
  }
}

// Claim: where contacts are redundant the forces are not unique (RBII §9)
// and the solver picks one solution; rounding must not pick it, or a cube at
// rest shows its weight jumping from one pair of contacts to another between
// steps with nothing moving (cube_on_cube_45). The 8 crossings under the
// cube have equal b and alike rows of A; b changed in its last few bits and
// the cube's centre moved by 1e-12 m (A's lever arms in their last digits)
// must leave f as the exact problem's, to 1e-9 of M g.
TEST(Ch10Dantzig, RoundingDoesNotChooseAmongRedundantContacts) {
  const CubeOnCube45 exact = cubeOnCube45();
  const LcpResult r0 = dantzig(exact.A, exact.b);
  ASSERT_TRUE(r0.ok) << r0.why;
  ASSERT_TRUE(complementary(r0, exact.A, exact.b));
  std::mt19937_64 rng(24);
  std::uniform_int_distribution<int> ulps(-4, 4);
  std::uniform_real_distribution<double> U(-1e-12, 1e-12);
  const double ulp = std::numeric_limits<double>::epsilon();
  for (int trial = 0; trial < 200; ++trial) {
    CubeOnCube45 sys = cubeOnCube45(Vector3d(U(rng), 0.5, U(rng)));
    for (int i = 0; i < 8; ++i) sys.b(i) *= 1.0 + ulps(rng) * ulp;
    const LcpResult r = dantzig(sys.A, sys.b);
    ASSERT_TRUE(r.ok) << "trial " << trial << ": " << r.why;
    ASSERT_LE((r.f - r0.f).cwiseAbs().maxCoeff(), 1e-9 * 2 * kG)
        << "trial " << trial << ": b and A changed by rounding only, yet f moved from ("
        << r0.f.transpose() << ") to (" << r.f.transpose()
        << ") N. RBII §9: where the forces are not unique, the choice among them (which "
           "untreated a_d < 0 to drive, Baraff 1994 §4) must not follow rounding: treat a's that "
           "differ by rounding as equal (e.g. the lowest index among near-ties)";
  }
}

// Claim: ok is a verdict on the answer itself (lcp.h: "inaccurate" when the
// answer fails the final check of a >= 0, f a = 0), so ok must never come
// with an answer that the test's own a = A f + b shows is wrong beyond the
// guard's 1e-5 (relative to max(1, |b|) and max(1, |f|)). To get answers that
// really are wrong, A is made a little asymmetric: A_ij = A_ji +- delta below
// (or above) the diagonal, as a badly assembled A would be. The method's factor of A_CC
// and its directions read only one triangle, so a_C drifts from 0 by
// O(delta) and one refinement leaves O(delta^2): for delta from 1e-4 to 0.3
// the true residuals span the guard's threshold by orders of magnitude on
// both sides. A guard that is too loose (1000x) passes some of them as ok.
TEST(Ch10Dantzig, OkOnlyWhenTheAnswerPassesAnIndependentCheck) {
  int solved = 0, refused = 0;
  for (int variant = 0; variant < 4; ++variant)  // below or above the diagonal, + or -
    for (int n : {3, 4, 5}) {
      for (int k = 0; k <= 40; ++k) {
        const double delta = k == 0 ? 0.0 : 1e-4 * std::pow(3000.0, (k - 1) / 39.0);
        MatrixXd A = MatrixXd::Constant(n, n, 0.5);
        A.diagonal().setOnes();  // symmetric positive definite for delta = 0
        const double sign = variant % 2 == 0 ? 1.0 : -1.0;
        for (int i = 0; i < n; ++i)
          for (int j = 0; j < i; ++j)
            (variant < 2 ? A(i, j) : A(j, i)) += sign * delta * (1.0 + 0.3 * (i + j));
        const VectorXd b = -VectorXd::LinSpaced(n, 1.0, 1.5);
        const LcpResult r = dantzig(A, b);
        if (delta == 0.0) {
          ASSERT_TRUE(r.ok) << "n = " << n << ": a symmetric positive definite A always has a "
                            << "solution (RBII §9); the solver said: " << r.why;
          ASSERT_TRUE(complementary(r, A, b)) << "n = " << n << ", delta = 0";
        }
        if (!r.ok) {
          ++refused;
          bool named = false;
          for (const char* why :
               {"infeasible", "pivot cap", "Cholesky failed", "not finite", "inaccurate"})
            named = named || r.why.rfind(why, 0) == 0;
          EXPECT_TRUE(named) << "n = " << n << ", delta = " << delta
                             << ": solveLcpDantzig (lcp.h): a refusal starts with its reason "
                                "(\"inaccurate: ...\" when the answer fails the final check); "
                                "got \""
                             << r.why << "\"";
          continue;
        }
        ++solved;
        ASSERT_EQ(r.f.size(), n);
        const VectorXd a = A * r.f + b;  // the test's own, not the solver's
        const double s = std::max(1.0, b.cwiseAbs().maxCoeff());
        const double fmax = std::max(1.0, r.f.cwiseAbs().maxCoeff());
        const double worstFA = r.f.cwiseProduct(a).cwiseAbs().maxCoeff();
        EXPECT_GE(r.f.minCoeff(), -1e-9 * fmax)
            << "n = " << n << ", delta = " << delta << ": ok with f < 0 (RBII (9-6))";
        EXPECT_GE(a.minCoeff(), -1e-5 * s)
            << "n = " << n << ", delta = " << delta
            << ": the solver said ok, but min a = " << a.minCoeff()
            << " < -1e-5 (RBII (9-5)): the final check must catch it";
        EXPECT_LE(worstFA, 1e-5 * s * fmax)
            << "n = " << n << ", delta = " << delta
            << ": the solver said ok, but max |f_i a_i| = " << worstFA
            << " > 1e-5 (RBII (9-7)): the final check must catch it";
      }
    }
  EXPECT_EQ(solved + refused, 4 * 3 * 41);
}

// Claim: the answer does not depend on how a near-tie falls (Baraff 1994 §4).
// Driving d, another index j can reach 0 a hair before a_d does (here b is
// off a whole number by ~1e-8); j joins C and d is then dependent on C with
// f_d > 0, a state no set can hold: f_d has to be drained along the null
// direction of A_CC before d leaves (the reference's settle step). Four and
// five contacts in three dimensions (A = J J^T), found by a search that
// counted how often that happens; the enumeration says what a must be.
TEST(Ch10Dantzig, NearTieLeavesTheDrivenContactDependent) {
  struct Case {
    const char* name;
    MatrixXd J;
    VectorXd b;
  };
  std::vector<Case> cases(2);
  cases[0].name = "4 contacts";
  cases[0].J.resize(4, 3);
  cases[0].J << 2, 2, -1, -2, -1, -1, -2, -1, 2, -1, -2, -2;
  cases[0].b.resize(4);
  cases[0].b << -2, -4, 4, -5.00000000658251;
  cases[1].name = "5 contacts";
  cases[1].J.resize(5, 3);
  cases[1].J << -1, -1, 1, 2, 0, 1, -2, -1, -2, 0, 1, 2, 2, -1, -1;
  cases[1].b.resize(5);
  cases[1].b << -7.00000000849242, 1.00000000579372, -5, -1, 2;
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    const MatrixXd A = c.J * c.J.transpose();
    const LcpResult r = dantzig(A, c.b);
    const auto f = lcpOracle(A, c.b);
    ASSERT_EQ(r.ok, f.has_value()) << "Dantzig says " << (r.ok ? "solved" : r.why)
                                   << ", the enumeration " << (f ? "solvable" : "infeasible");
    if (!r.ok) continue;
    // Judged to 1e-8 of |b| (not complementary()'s 1e-9): the tie itself is
    // b's 1e-8, inside the method's own tolerance for "a_d is 0".
    ASSERT_EQ(r.f.size(), A.rows());
    const double s = std::max(1.0, c.b.cwiseAbs().maxCoeff());
    const VectorXd a = A * r.f + c.b;
    EXPECT_GE(r.f.minCoeff(), -1e-8 * s) << "(9-6) f >= 0";
    EXPECT_GE(a.minCoeff(), -1e-8 * s) << "(9-5) a >= 0";
    EXPECT_LE(complementarity(r.f, a, c.b), 1e-8) << "(9-7) f_i a_i = 0";
    EXPECT_LE((A * r.f - A * *f).cwiseAbs().maxCoeff(), 1e-8 * s)
        << "RBII §9: the accelerations a are unique: expected the enumeration's a = ("
        << (A * *f + c.b).transpose() << "), got (" << (A * r.f + c.b).transpose()
        << "); a contact left clamped with f > 0 while it depends on the others breaks it";
  }
}

// Claim: d wins ties (Baraff 1994 §4, maxstep; the lesson and the exercise
// header ask for it). Three systems A = J J^T with small integer J and b,
// found by a search for them: in each, while d is driven, a clamped force
// reaches 0 at the same s as a_d, the two step lengths differing by an ulp.
// Letting d win, the pivot names d and d joins C; the enumeration says what a
// must be. (A solver that lets the other index win and then drains d still
// finds a right answer here; what it breaks is the pivot record's promise,
// lcp.h: blocker is "d itself when a_d reached 0".)
TEST(Ch10Dantzig, DrivenContactWinsATie) {
  struct Case {
    int n;
    std::vector<double> J, b;
  };
  const std::vector<Case> cases = {
      {4, {1, -2, 0, 0, 2, 1, 0, 2, 0, 1, -1, -1}, {0, 0, -4, -2}},
      {5, {-1, 1, -1, 1, -2, -1, -1, 2, 1, 0, 0, 2, 2, -2, 1}, {3, -3, 3, -2, -5}},
      {4, {-2, -2, 0, -1, -1, -2, 2, 1, 1, 2, -2, -2}, {4, -2, -2, -8}}};
  for (size_t t = 0; t < cases.size(); ++t) {
    const Case& k = cases[t];
    const MatrixXd J =
        Eigen::Map<const Eigen::Matrix<double, -1, -1, Eigen::RowMajor>>(k.J.data(), k.n, 3);
    const MatrixXd A = J * J.transpose();
    const VectorXd b = Eigen::Map<const VectorXd>(k.b.data(), k.n);
    const double s = std::max(1.0, b.cwiseAbs().maxCoeff());
    std::string broken;
    pbm::LcpOptions o;
    o.onPivot = [&](const pbm::LcpPivot& p) {
      if (broken.empty()) broken = dWinsTies(p, s);
    };
    const LcpResult r = dantzig(A, b, o);
    SCOPED_TRACE("case " + std::to_string(t) + " (n = " + std::to_string(k.n) + ")");
    ASSERT_TRUE(r.ok) << "solveLcpDantzig: " << r.why;
    EXPECT_TRUE(broken.empty()) << "solveLcpDantzig: " << broken;
    const auto f = lcpOracle(A, b);
    ASSERT_TRUE(f.has_value());
    EXPECT_VEC_NEAR(A * r.f + b, A * *f + b, 1e-9 * s)
        << "solveLcpDantzig: RBII §9: the accelerations a are unique: expected the enumeration's";
  }
}

// Claim: an index whose Schur complement on C is numerically zero never
// joins C (Baraff 1994 §4; the lesson and the exercise header ask for this
// safeguard). Six contacts at rest (A = G G^T, b = G y, always solvable,
// RBII §9) whose rows are nearly dependent, found by a search for one that
// needs it: an unclamped index blocks while its Schur complement on C is
// below 1e-9 (A scaled to a unit diagonal), and
// clamping it would put a zero pivot in A_CC's factor (or, factored afresh,
// make A_CC singular); the forces reach 1e5. Skipping such a blocker the
// method goes on and solves it (with refinement or without, an incremental
// factor or a fresh LDLT, either tie rule: a within 5e-11 of 0).
TEST(Ch10Dantzig, NeverClampsADependentBlocker) {
  MatrixXd G(6, 3);
  G << -0.56629987522164149, -0.51551782290716708, -0.95783233457461414, -0.31078280925252794,
      -0.28306144372100911, -0.52584879407575413, 0.48611642327731053, -0.41124256199887255,
      -0.53733179361439698, -0.22089742862323467, -0.20102147159766418, -0.37353044564628152,
      -0.088636364853330124, -0.080771460509369328, -0.14993554041108323, 0.12520547189561285,
      0.11404849794325198, 0.21188361426687874;
  const VectorXd b =
      (VectorXd(6) << -0.91502866825670037, -0.5022872864128316, -0.097913398178366806,
       -0.35686742712010872, -0.14322181175350102, 0.20238053091551067)
          .finished();
  const MatrixXd A = G * G.transpose();
  const LcpResult r = dantzig(A, b);
  ASSERT_TRUE(r.ok) << "solveLcpDantzig: RBII §9: a system at rest always has contact forces; the "
                    << "solver said: " << r.why
                    << ". An unclamped blocker whose Schur complement on C is ~0 (dependent on C) "
                       "must not join C (Baraff 1994 §4): skip it in maxstep";
  EXPECT_TRUE(complementary(r, A, b)) << "solveLcpDantzig";
}

// Claim: a contact that joins C when its drive ends (settle, Baraff 1994 §4:
// d done with f_d > 0) has a_d = 0 from then on, in the method's state and
// in every pivot record after it (lcp.h: the tests check a_C = 0 on each).
// Five contacts at rest (A = G G^T, b = G y to rounding), rows 0, 1 and 3
// nearly parallel, found by a search for one whose drive ends that way with
// pivots after it; the forces reach 4e3. Each record's a_C is checked against
// 0 and against the test's own A f + b, and the answer's a against the
// enumeration's (RBII §9: a is unique).
TEST(Ch10Dantzig, AContactThatJoinsCWhenItsDriveEndsHasAZero) {
  MatrixXd G(5, 3);
  G << 0.60623037239409883, -0.60257374969753141, 0.21615465890730526, -0.81123610217536324,
      0.80696271673483388, -0.28996647239528384, 0.83415614612769606, 0.64015306885662837,
      0.99728786964467631, 0.19532122184009351, -0.19439494979136537, 0.06993370126455159,
      -0.64959559086285079, 0.41171930514632127, -0.90893572854520943;
  const VectorXd b = (VectorXd(5) << -0.45331444793842629, 0.60726144370057034, -0.2452124849543047,
                      -0.14631821750796073, 0.70100933500917306)
                         .finished();
  const MatrixXd A = G * G.transpose();
  const double s = std::max(1.0, b.cwiseAbs().maxCoeff());
  std::string broken;
  pbm::LcpOptions o;
  o.onPivot = [&](const pbm::LcpPivot& p) {
    if (!broken.empty()) return;
    const VectorXd a = A * p.f + b;  // the test's own
    const double fmax = std::max(1.0, p.f.cwiseAbs().maxCoeff());
    for (int i = 0; i < A.rows(); ++i)
      if (p.sets[i] == LcpSet::Clamped &&
          (std::abs(p.a(i)) > 1e-8 * s || std::abs(a(i)) > 1e-8 * s * fmax))
        broken = "after the pivot driving " + std::to_string(p.drive) + " (blocker " +
                 std::to_string(p.blocker) + "), clamped contact " + std::to_string(i) +
                 " has a = " + fmt(p.a(i)) + " in the record and A f + b = " + fmt(a(i));
  };
  const LcpResult r = dantzig(A, b, o);
  ASSERT_TRUE(r.ok) << "solveLcpDantzig: RBII §9: a system at rest always has contact forces; "
                    << "the solver said: " << r.why;
  EXPECT_TRUE(broken.empty())
      << "solveLcpDantzig (settle, Baraff 1994 §4): " << broken
      << ": a contact that joins C when its drive ends (f_d > 0) has a_d = 0 from then on (lcp.h: "
         "a_C = 0 after every pivot)";
  const auto f = lcpOracle(A, b);
  ASSERT_TRUE(f.has_value());
  // To the enumeration's own tolerance (relative to |f|, here 4e3).
  EXPECT_VEC_NEAR(A * r.f + b, A * *f + b, 1e-9 * s * std::max(1.0, f->cwiseAbs().maxCoeff()))
      << "solveLcpDantzig: RBII §9: the accelerations a are unique: expected the enumeration's";
}

// Claim: only untreated contacts compete to be driven next (Baraff 1994 §4,
// compute_forces: drive an untreated d with a_d < 0): an unclamped contact's
// a, even a hair below 0 after rounding, must not raise the bar that an
// untreated a_d has to pass. A system at rest (A = G G^T, b = G y with
// y = (3, -3, 1)): small integer rows, row 2 within 1e-6 of -row 1 / 2 (two
// nearly opposed contacts, a body pinched), found by a search for one that
// needs it. RBII §9: it has contact forces; judged by the test's own
// a = A f + b to 1e-6 of |b| (G's smallest singular value is 7e-7).
TEST(Ch10Dantzig, OnlyUntreatedContactsCompeteToBeDriven) {
  MatrixXd G(5, 3);
  G << 1, -2, 2, -2, 2, -2, 0.99999931936832209, -0.99999946777797943, 1.0000005841930681, 1, 2, -2,
      2, 1, -1;
  const VectorXd b = G * Eigen::Vector3d(3, -3, 1);
  const MatrixXd A = G * G.transpose();
  const LcpResult r = dantzig(A, b);
  ASSERT_TRUE(r.ok) << "solveLcpDantzig (nextDrive, Baraff 1994 §4): RBII §9: a system at rest "
                    << "always has contact forces; the solver said: " << r.why
                    << ". Only untreated contacts compete to be driven next: an unclamped "
                       "contact's a a hair below 0 must not hide an untreated a_d < 0. Contact 2 "
                       "is dependent on 0 and 1 but for 1e-6: driving it takes a step of about "
                       "1e6, and without the final step of iterative refinement on C (the "
                       "exercise's header) f_C keeps that step's rounding, min a about -0.67";
  const double s = std::max(1.0, b.cwiseAbs().maxCoeff());
  const double fmax = std::max(1.0, r.f.cwiseAbs().maxCoeff());
  const VectorXd a = A * r.f + b;
  EXPECT_GE(r.f.minCoeff(), -1e-6 * fmax) << "solveLcpDantzig: (9-6) f >= 0";
  EXPECT_GE(a.minCoeff(), -1e-6 * s) << "solveLcpDantzig: (9-5) a >= 0";
  EXPECT_LE(r.f.cwiseProduct(a).cwiseAbs().maxCoeff(), 1e-6 * s * fmax)
      << "solveLcpDantzig: (9-7) f_i a_i = 0";
}

// A zero diagonal is a contact between two fixed bodies: dropped (f = 0).
// A non-finite A or b is refused, not solved.
TEST(Ch10Dantzig, ZeroDiagonalDroppedAndNonFiniteRefused) {
  MatrixXd A(2, 2);
  A << 0, 0, 0, 2;
  const VectorXd b = Eigen::Vector2d(-1, -4);
  const LcpResult r = dantzig(A, b);
  ASSERT_TRUE(r.ok) << r.why;
  EXPECT_VEC_NEAR(r.f, Eigen::Vector2d(0, 2), 1e-12) << "contact 0 is dropped; f_1 = 4/2";
  MatrixXd bad = A;
  bad(1, 1) = std::nan("");
  const LcpResult refused = dantzig(bad, b);
  EXPECT_FALSE(refused.ok) << "a NaN in A is refused";
  EXPECT_EQ(refused.why, "not finite")
      << "solveLcpDantzig: lcp.h names the reason for a NaN or infinity in A or b \"not finite\"";
}

// The student's brute force (RBII §9's conditions, one active set at a time)
// against the oracle; more than 12 contacts is refused.
TEST(Ch10BruteForce, AgreesWithTheOracle) {
  std::mt19937_64 rng(24);
  std::uniform_real_distribution<double> U(-1, 1);
  for (int trial = 0; trial < 400; ++trial) {
    const int n = 1 + static_cast<int>(rng() % 7), k = 1 + static_cast<int>(rng() % n);
    LcpCase c = randomAtRest(rng, n, k);
    if (trial % 2) c.b = VectorXd::NullaryExpr(n, [&] { return U(rng); });
    const LcpResult r = pbm::solveLcpBruteForce(c.A, c.b);
    const auto f = lcpOracle(c.A, c.b);
    ASSERT_EQ(r.ok, f.has_value())
        << "trial " << trial << " (n = " << n << ", rank " << k << "): solveLcpBruteForce says "
        << (r.ok ? "solved" : r.why) << ", the enumeration " << (f ? "solvable" : "infeasible")
        << " (RBII §9: every one of the 2^n sets S, each with f >= 0, a >= 0, f a = 0)";
    if (!f) continue;
    ASSERT_TRUE(complementary(r, c.A, c.b)) << "trial " << trial;
    EXPECT_VEC_NEAR(c.A * r.f, c.A * *f, 1e-8 * std::max(1.0, c.b.norm())) << "trial " << trial;
  }
  EXPECT_THROW(pbm::solveLcpBruteForce(MatrixXd::Identity(13, 13), VectorXd::Ones(13)),
               pbm::UsageError)
      << "2^13 active sets: refused";
}
