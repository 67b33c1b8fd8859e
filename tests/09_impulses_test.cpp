// Chapter 09 tests: the claims of Rigid Body Simulation II §6 and §8
// (colliding contact: the relative velocity, the impulse, the loop, the
// collision time), each checked against a closed form or an independent
// computation (09_impulses_test.h): finite differences of the motion,
// velocities from the momenta, K as (r x n)^T I^-1 (r x n), kinetic energy
// from the momenta, a sequential-impulse loop on plain arrays, the ballistic
// arc. Every test calls a student function, so each fails on the skeleton.
// Every loop is bounded. A failure names the section of the notes to read.
//
// This file: the relative velocity and its class, and the impulse on random
// pairs (claims 1-7). Further parts: 09_impulses_test_closed_form.cpp
// (claims 8-10), 09_impulses_test_loop.cpp (claims 11-12),
// 09_impulses_test_time.cpp (claims 13-14, the world).
#include <limits>

#include "09_impulses_test.h"

namespace {

using namespace ch09_test;

// --- claim 1: the relative normal velocity from the point velocities (8-1)-(8-3)

// p(t) = x + v t + Rot(omega t) r0 for a body moving freely at constant v and
// omega: its derivative at 0 is (8-1)'s v + omega x r0.
Vector3d pointAt(const RigidBody& b, const Vector3d& r0, double t) {
  const Vector3d w = omegaOf(b);
  const double a = w.norm() * t;
  const Eigen::AngleAxisd rot(a, w.norm() > 0 ? Vector3d(w.normalized()) : Vector3d::UnitX());
  return b.x + velocityOf(b) * t + rot * r0;
}

TEST(Ch09RelativeVelocity, IsTheNormalComponentOfTheFiniteDifferencePointVelocities) {
  std::mt19937 rng(1);
  RandomPair pr;
  for (int k = 0; k < 200; ++k) {
    makeRandomPair(rng, pr);
    const double h = 1e-6;
    const Vector3d ra = pr.c.p - pr.a.x, rb = pr.c.p - pr.b.x;
    const Vector3d pa = (pointAt(pr.a, ra, h) - pointAt(pr.a, ra, -h)) / (2 * h);
    const Vector3d pb = (pointAt(pr.b, rb, h) - pointAt(pr.b, rb, -h)) / (2 * h);
    const double want = pr.c.n.dot(pa - pb);
    const double got = pbm::relativeNormalVelocity(pr.c);
    ASSERT_NEAR(got, want, 1e-8 * std::max(1.0, pa.norm() + pb.norm()))
        << "RBII §8 (8-1)-(8-3): v_rel = n . (pdot_a - pdot_b), pdot = v + omega x (p - x); "
           "expected the central difference of the moving point, pair "
        << k;
  }
}

TEST(Ch09RelativeVelocity, FlipsSignWithTheNormalAndWithTheBodies) {
  std::mt19937 rng(2);
  RandomPair pr;
  for (int k = 0; k < 100; ++k) {
    makeRandomPair(rng, pr);
    const double v = pbm::relativeNormalVelocity(pr.c);
    ASSERT_NEAR(v, vrelOracle(pr.c), 1e-12 * std::max(1.0, std::abs(v))) << "RBII §8 (8-3)";
    Contact flipped = pr.c;
    flipped.n = -flipped.n;
    EXPECT_NEAR(pbm::relativeNormalVelocity(flipped), -v, 1e-12 * std::max(1.0, std::abs(v)))
        << "RBII §8 (8-3): flipping n flips v_rel (expected " << -v << ")";
    Contact swapped = pr.c;
    std::swap(swapped.a, swapped.b);
    EXPECT_NEAR(pbm::relativeNormalVelocity(swapped), -v, 1e-12 * std::max(1.0, std::abs(v)))
        << "RBII §8 (8-3): swapping a and b flips v_rel (expected " << -v << ")";
  }
}

// --- claim 2: the three classes (the notes' colliding(), RBII §8)

TEST(Ch09RelativeVelocity, ClassifiesAtPlusMinusTheThreshold) {
  const double th = 1e-6;
  struct Case {
    double vrel;
    pbm::ContactKind kind;
    const char* name;
  };
  const Case cases[] = {{2e-6, pbm::ContactKind::Separating, "separating"},
                        {5e-7, pbm::ContactKind::Resting, "resting"},
                        {0.0, pbm::ContactKind::Resting, "resting"},
                        {-5e-7, pbm::ContactKind::Resting, "resting"},
                        {-2e-6, pbm::ContactKind::Colliding, "colliding"},
                        {-3.0, pbm::ContactKind::Colliding, "colliding"},
                        {3.0, pbm::ContactKind::Separating, "separating"}};
  for (const Case& cs : cases) {
    RigidBody ball = movingBody(1.0, Vector3d::Ones(), Vector3d(0, 0.5, 0),
                                Vector3d(0.3, cs.vrel, -0.2), Vector3d(1, 2, 3));
    RigidBody floor = fixedBody();
    Contact c;
    c.a = &ball;
    c.b = &floor;
    c.p = Vector3d(0, 0, 0);  // under the centre: the spin adds no normal velocity
    c.n = Vector3d::UnitY();
    EXPECT_EQ(pbm::classify(c, th), cs.kind) << "RBII §8, colliding(): v_rel = " << cs.vrel
                                             << " with THRESHOLD " << th << " is " << cs.name;
    // The same motion seen with a and b swapped and n flipped: the same class.
    std::swap(c.a, c.b);
    c.n = -c.n;
    EXPECT_EQ(pbm::classify(c, th), cs.kind)
        << "RBII §8 (8-3): swapping a and b and flipping n keeps v_rel = " << cs.vrel;
  }
}

// At exactly +-THRESHOLD and the doubles next to it. RBII §8's colliding()
// returns FALSE for v_rel > -THRESHOLD and its else-branch is commented
// "vrel < -THRESHOLD"; this workbook makes the classes symmetric: resting is
// |v_rel| <= THRESHOLD, both ends included (impulse.h, the exercise's comment).
// v_rel is exact here: mass 1, the point straight under the centre, n = +-y.
TEST(Ch09RelativeVelocity, ClassifiesExactlyAtTheThresholdAndTheNeighbouringDoubles) {
  using K = pbm::ContactKind;
  for (double th : {1e-6, 1e-3, 0.1, 0.25}) {
    const double up = std::numeric_limits<double>::infinity();
    struct Case {
      double vrel;
      K kind;
      const char* name;
    };
    const Case cases[] = {
        {th, K::Resting, "resting (v_rel = +THRESHOLD: not > THRESHOLD)"},
        {std::nextafter(th, up), K::Separating, "separating (the next double above +THRESHOLD)"},
        {std::nextafter(th, 0.0), K::Resting, "resting (the double below +THRESHOLD)"},
        {-th, K::Resting, "resting (v_rel = -THRESHOLD: not < -THRESHOLD)"},
        {std::nextafter(-th, -up), K::Colliding, "colliding (the next double below -THRESHOLD)"},
        {std::nextafter(-th, 0.0), K::Resting, "resting (the double above -THRESHOLD)"}};
    for (const Case& cs : cases) {
      RigidBody ball = movingBody(1.0, Vector3d::Ones(), Vector3d(0, 0.5, 0),
                                  Vector3d(0.3, cs.vrel, -0.2), Vector3d(1, 2, 3));
      RigidBody floor = fixedBody();
      Contact c;
      c.a = &ball;
      c.b = &floor;
      c.p = Vector3d(0, 0, 0);
      c.n = Vector3d::UnitY();
      ASSERT_EQ(pbm::relativeNormalVelocity(c), cs.vrel)
          << "RBII §8 (8-3): v_rel = n . (pdot_a - pdot_b) is exactly v_y here";
      EXPECT_EQ(pbm::classify(c, th), cs.kind)
          << "RBII §8, colliding(), THRESHOLD " << th << ": v_rel = " << cs.vrel << " is "
          << cs.name << "; resting is |v_rel| <= THRESHOLD, both ends included";
      std::swap(c.a, c.b);
      c.n = -c.n;
      EXPECT_EQ(pbm::classify(c, th), cs.kind)
          << "RBII §8 (8-3): a and b swapped and n flipped, v_rel = " << cs.vrel << " is "
          << cs.name;
    }
  }
}

// --- claims 3-7 on 2000 random pairs (RBII §8 (8-18), (8-10))

TEST(Ch09Impulse, DenominatorIsKAndTheImpulseIsNonNegative) {
  std::mt19937 rng(3);
  RandomPair pr;
  for (int k = 0; k < 2000; ++k) {
    makeRandomPair(rng, pr);
    const double want = kOracle(pr.c);
    const double K = pbm::impulseDenominator(pr.c);
    ASSERT_NEAR(K, want, 1e-12 * want)
        << "RBII §8 (8-18): K = 1/Ma + 1/Mb + n.((Ia^-1 (ra x n)) x ra) + (the same for b) = "
           "1/Ma + 1/Mb + (ra x n)^T Ia^-1 (ra x n) + (rb x n)^T Ib^-1 (rb x n); pair "
        << k;
    ASSERT_GE(K, pr.a.invMass + pr.b.invMass - 1e-15)
        << "RBII §8: each rotational term of K is >= 0, pair " << k;
    const double eps = std::uniform_real_distribution<double>(0, 1)(rng);
    const double j = pbm::impulseMagnitude(pr.c, eps);
    const double jWant = -(1 + eps) * vrelOracle(pr.c) / want;
    ASSERT_NEAR(j, jWant, 1e-12 * std::abs(jWant))
        << "RBII §8 (8-18): j = -(1 + eps) v_rel^- / K, eps = " << eps << ", pair " << k;
    ASSERT_GE(j, 0.0) << "RBII §8: a colliding contact (v_rel^- < 0) gets j >= 0, pair " << k;
  }
}

TEST(Ch09Impulse, RestitutionLawHoldsExactly) {
  std::mt19937 rng(4);
  RandomPair pr;
  std::uniform_real_distribution<double> u(0, 1);
  for (int k = 0; k < 2000; ++k) {
    makeRandomPair(rng, pr);
    const double eps = k % 4 == 0 ? 0.0 : k % 4 == 1 ? 1.0 : u(rng);
    const double vMinus = vrelOracle(pr.c);
    // Round-off scale: the point speeds whose difference v_rel is.
    const double speeds = pointVel(pr.a, pr.c.p).norm() + pointVel(pr.b, pr.c.p).norm();
    const double j = pbm::impulseMagnitude(pr.c, eps);
    pbm::applyImpulse(pr.c, j);
    const double vPlus = vrelOracle(pr.c);  // from the new momenta
    ASSERT_NEAR(vPlus, -eps * vMinus, 1e-12 * std::max(std::abs(vMinus), speeds))
        << "RBII §8 (8-10): v_rel^+ = -eps v_rel^-, eps = " << eps << ", v_rel^- = " << vMinus
        << ", pair " << k;
    // The auxiliaries follow the momenta (the notes' collision() recomputes them).
    ASSERT_VEC_NEAR(pr.a.v, velocityOf(pr.a), 1e-12 * std::max(1.0, pr.a.v.norm()))
        << "RBII §8: v = P / M after the impulse (body a), pair " << k;
    ASSERT_VEC_NEAR(pr.b.omega, omegaOf(pr.b), 1e-12 * std::max(1.0, pr.b.omega.norm()))
        << "RBII §8: omega = I^-1 L after the impulse (body b), pair " << k;
  }
}

TEST(Ch09Impulse, ConservesLinearAndAngularMomentum) {
  std::mt19937 rng(5);
  RandomPair pr;
  for (int k = 0; k < 2000; ++k) {
    makeRandomPair(rng, pr);
    const Vector3d Pa = pr.a.P, Pb = pr.b.P;
    const Vector3d L0 = angularMomentumAboutOrigin(pr.a) + angularMomentumAboutOrigin(pr.b);
    const double j = pbm::impulseMagnitude(pr.c, 0.5);
    pbm::applyImpulse(pr.c, j);
    const double scale = std::max(1.0, Pa.norm() + Pb.norm());
    ASSERT_VEC_NEAR(Vector3d(pr.a.P - Pa), Vector3d(j * pr.c.n), 1e-14 * scale)
        << "RBII §8 (8-7): body a receives +j n, pair " << k;
    ASSERT_VEC_NEAR(Vector3d(pr.a.P - Pa + pr.b.P - Pb), Vector3d::Zero(), 1e-14 * scale)
        << "RBII §8: b receives -j n, so P_a + P_b is conserved, pair " << k;
    const Vector3d L1 = angularMomentumAboutOrigin(pr.a) + angularMomentumAboutOrigin(pr.b);
    ASSERT_VEC_NEAR(L1, L0, 1e-13 * std::max(1.0, L0.norm() + j))
        << "RBII §8 (8-6): L_a += ra x J, L_b -= rb x J conserve L about the origin "
           "((ra + xa) x J = p x J), pair "
        << k;
  }
}

TEST(Ch09Impulse, KineticEnergyChangesByTheClosedForm) {
  std::mt19937 rng(6);
  RandomPair pr;
  std::uniform_real_distribution<double> u(0, 1);
  for (int k = 0; k < 2000; ++k) {
    makeRandomPair(rng, pr);
    const double eps = k % 3 == 0 ? 1.0 : u(rng);
    const double T0 = keOracle(pr.a) + keOracle(pr.b);
    const double v = vrelOracle(pr.c), K = kOracle(pr.c);
    pbm::applyImpulse(pr.c, pbm::impulseMagnitude(pr.c, eps));
    const double dT = keOracle(pr.a) + keOracle(pr.b) - T0;
    const double want = -(1 - eps * eps) * v * v / (2 * K);
    ASSERT_NEAR(dT, want, 1e-12 * std::max(1.0, T0))
        << "RBII §8 with (8-10): dT = j (v_rel^- + v_rel^+)/2 = -(1 - eps^2) v_rel^-^2 / (2K), "
           "eps = "
        << eps << ", pair " << k;
    if (eps < 1) {
      ASSERT_LT(dT, 0.0) << "RBII §8: eps < 1 loses kinetic energy, pair " << k;
    }
  }
}

}  // namespace
