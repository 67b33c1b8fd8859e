// Chapter 09 tests, part 4: the collision time by bisection (claim 14) on an
// analytic gap, and the bouncing ball through the chapter's world (claim 13,
// RBII §6 and §8 together): its first impact, apexes and impacts from the
// ballistic arc, then rest; a flat cube at eps = 0 settles.
#include <memory>
#include <string>

#include "09_impulses_test.h"
#include "pbm/core/errors.h"
#include "pbm/rigid/methods.h"
#include "pbm/rigid/rigid_forces.h"

namespace {

using namespace ch09_test;

const double g = 9.81;

// --- claim 14: bisection (RBII §6, figures 13-14)

TEST(Ch09Bisection, FindsTheFallingBallsContactWithinTheBound) {
  // The step before the ball's first impact: from t0 = 0.45 s, gap h0 and
  // speed g t0 downwards, gap(tau) = h0 - v0 tau - g tau^2 / 2.
  const double h = 1, t0 = 0.45, dt = 0.01;
  const double h0 = h - g * t0 * t0 / 2, v0 = g * t0;
  const double tcWant = std::sqrt(2 * h / g) - t0;
  const double vImpact = std::sqrt(2 * g * h);
  for (double tol : {1e-4, 1e-7, 1e-10}) {
    int calls = 0;
    auto gap = [&](double tau) {
      chargeGapCall(++calls);
      EXPECT_GE(tau, 0.0);
      EXPECT_LE(tau, dt);
      return h0 - v0 * tau - g * tau * tau / 2;
    };
    int evals = -1;
    const double tc = pbm::findCollisionTime(gap, dt, tol, &evals);
    EXPECT_EQ(evals, calls) << "findCollisionTime: *evals counts the gapAfter calls";
    const double g1 = h0 - v0 * tc - g * tc * tc / 2;
    EXPECT_LE(std::abs(g1), tol) << "RBII §6, figure 14: |gap(t_c)| <= tol = " << tol;
    EXPECT_NEAR(tc, tcWant, tol / vImpact + 1e-12)
        << "RBII §6: t_c within tol / |v| of sqrt(2h/g) - t0 = " << tcWant;
    const int bound = int(std::ceil(std::log2(dt * vImpact / tol))) + 1;
    EXPECT_LE(calls, bound + 1) << "RBII §6: at most ceil(log2(dt |v| / tol)) + 1 = " << bound
                                << " halvings after the check of gap(dt)";
    EXPECT_GE(calls, 2) << "RBII §6: gap(dt) is not within tol, so at least one halving";
  }
}

TEST(Ch09Bisection, ThrowsWhenTheStepBracketsNoCollision) {
  int calls = 0;
  auto gap = [&](double tau) {
    chargeGapCall(++calls);
    return 0.5 - tau;  // still apart at dt = 0.1
  };
  EXPECT_THROW(pbm::findCollisionTime(gap, 0.1, 1e-6), pbm::SolverFailure)
      << "RBII §6: gap(dt) >= -tol brackets no collision: SolverFailure";
  EXPECT_LE(calls, 1) << "findCollisionTime: one call to see that nothing is bracketed";
}

// impulse.h: unless gap(dt) < -tol the step brackets no collision. A step
// that ends in the band [-tol, tol] ends in contact, not past it: no
// bisection. gap(tau) = 0.5 - 4 tau + off on [0, 1/8] with tol = 2^-10, all
// dyadic, so gap(dt) = off exactly (RBII §6).
TEST(Ch09Bisection, AStepEndingInTheBandBracketsNothing) {
  const double dt = 0.125, tol = 1.0 / 1024;
  for (double off : {-tol, -0.5 * tol, 0.0, 0.5 * tol, tol}) {
    int calls = 0;
    auto gap = [&](double tau) {
      chargeGapCall(++calls);
      return (0.5 - 4 * tau) + off;
    };
    bool threw = false;
    double got = std::nan("");
    try {
      got = pbm::findCollisionTime(gap, dt, tol);
    } catch (const pbm::SolverFailure&) {
      threw = true;
    }
    EXPECT_TRUE(threw) << "findCollisionTime (RBII §6, impulse.h): gap(dt) = " << off / tol
                       << " tol is not below -tol: expected SolverFailure, got tau = " << got;
    EXPECT_LE(calls, 1) << "findCollisionTime: one call to see that nothing is bracketed";
  }
}

TEST(Ch09Bisection, GivesUpOnAGapThatNeverEntersTheBand) {
  int calls = 0;
  auto jump = [&](double tau) {
    chargeGapCall(++calls);
    return tau < 0.0123456789 ? 1.0 : -1.0;  // jumps over the band [-tol, tol]
  };
  EXPECT_THROW(pbm::findCollisionTime(jump, 0.1, 1e-9), pbm::SolverFailure)
      << "RBII §6: a gap that jumps over the band: the hard cap throws SolverFailure";
  EXPECT_LE(calls, 202) << "findCollisionTime: at most 200 halvings";
}

// --- claim 13: the bouncing ball (RBII §6, §8)

struct BallWorld {
  pbm::CollisionWorld w;
  double r = 0.25;
  BallWorld(double eps, double height) {
    pbm::RigidBody floor = fixedBody();
    w.add(floor, pbm::Shape::halfSpace(Vector3d::UnitY(), 0.0));
    pbm::RigidBody ball =
        movingBody(1.0, Vector3d::Constant(0.4 * r * r), Vector3d(0, r + height, 0),
                   Vector3d::Zero(), Vector3d::Zero());
    w.add(ball, pbm::Shape::sphere(r));
    w.addForce(std::make_unique<pbm::RigidGravity>(Vector3d(0, -g, 0)));
    w.settings.eps = eps;
    w.settings.threshold = 1e-3;
    w.settings.distTol = 1e-10;
  }
  const pbm::RigidBody& ball() const { return w.bodies[1]; }
  double gap() const { return ball().x.y() - r; }
  double vy() const { return ball().P.y() * ball().invMass; }
};

TEST(Ch09Ball, FirstImpactApexesImpactsAndRest) {
  const double h = 1, dt = 0.01;
  const double v0 = std::sqrt(2 * g * h);
  for (double eps : {0.5, 0.9}) {
    BallWorld bw(eps, h);
    const int impactsWant = int(std::floor(std::log(1e-3 / v0) / std::log(eps))) + 1;
    ASSERT_EQ(impactsWant, eps == 0.5 ? 13 : 80);
    int impacts = 0, apexes = 0, eventsLate = 0;
    double minGap = 1e300;
    for (int n = 0; n < 1000; ++n) {  // to t = 10 s
      pbm::CollisionStats st;
      stepWithin(bw.w, pbm::findMethod(pbm::rigidMethods(), "rk4"), dt, &st);
      minGap = std::min(minGap, bw.gap());
      const double t = bw.w.time();
      if (impacts == 0 && st.impacts == 1) {
        // The arc since the bounce: gap = vy s + g s^2 / 2 with s = t - t_c.
        const double s = (-bw.vy() + std::sqrt(bw.vy() * bw.vy() + 2 * g * bw.gap())) / g;
        EXPECT_NEAR(t - s, std::sqrt(2 * h / g), 1e-8)
            << "RBII §6: the first impact at t_c = sqrt(2h/g) = 0.4515236410 s (eps " << eps << ")";
        EXPECT_NEAR(bw.vy() + g * s, eps * v0, 1e-7) << "RBII §8 (8-10): leaves at eps sqrt(2gh)";
      }
      impacts += st.impacts;
      if (st.impacts == 1 && impacts <= 4) {
        const double apex = bw.gap() + bw.vy() * bw.vy() / (2 * g);
        const double want = std::pow(eps, 2 * impacts) * h;
        EXPECT_NEAR(apex, want, 1e-6 * want)
            << "RBII §6, §8: apex " << impacts << " at eps^(2k) h = " << want << " (eps " << eps
            << ")";
        ++apexes;
      }
      if (t > 9.0) eventsLate += st.events;
    }
    EXPECT_EQ(apexes, 4) << "four single-impact steps seen (eps " << eps << ")";
    EXPECT_EQ(impacts, impactsWant)
        << "RBII §8: floor(ln(THRESHOLD / v0) / ln eps) + 1 colliding impacts, then resting "
           "contact (eps "
        << eps << ")";
    EXPECT_NEAR(bw.w.time(), 10.0, 1e-9);
    EXPECT_GE(minGap, -1e-10) << "RBII §6: never below -tol (eps " << eps << ")";
    EXPECT_NEAR(bw.gap(), 0.0, 1e-9) << "RBII §6: resting on the floor at t = 10 s";
    EXPECT_NEAR(bw.vy(), 0.0, 1e-9) << "RBII §6: at rest at t = 10 s";
    EXPECT_EQ(eventsLate, 0) << "RBII §6: resting contact needs no restart (events after 9 s)";
    // A start 1 cm inside the floor is no legal state: the step refuses it.
    bw.w.bodies[1].x.y() = bw.r - 0.01;
    EXPECT_THROW(stepWithin(bw.w, pbm::findMethod(pbm::rigidMethods(), "rk4"), dt),
                 pbm::SimulationDiverged)
        << "RBII §6: the step's start interpenetrates by 1 cm: SimulationDiverged";
  }
}

// Claim: each impulse happens at its closed-form time, T_1 = sqrt(2h/g) and
// T_(k+1) = T_k + 2 eps^k v0 / g (the flight between bounces), and the last
// one (K = floor(ln(TH/v0)/ln eps) + 1) comes before the Zeno sum
// sqrt(2h/g)(1 + eps)/(1 - eps) by 2 v/(g(1 - eps)) with eps TH < v <= TH.
// The step's log says when: late bounces are shorter than a step, and the
// arrival after the K-th only rests, bisected like a collision but without an
// impulse; its time is not the last impact's (ch09 ball's HUD).
TEST(Ch09Ball, EveryImpulseAtItsClosedFormTime) {
  const double h = 1, dt = 0.01, eps = 0.8, th = 1e-3;
  const double v0 = std::sqrt(2 * g * h);
  const int K = int(std::floor(std::log(th / v0) / std::log(eps))) + 1;
  ASSERT_EQ(K, 38);
  BallWorld bw(eps, h);
  std::vector<double> times;
  for (int n = 0; n < 500; ++n) {  // to t = 5 s
    pbm::CollisionStats st;
    stepWithin(bw.w, pbm::findMethod(pbm::rigidMethods(), "rk4"), dt, &st);
    ASSERT_EQ(st.logTimes.size(), st.log.size()) << "one time per impulse in the step's log";
    for (double t : st.logTimes) {
      EXPECT_GE(t, bw.w.time() - dt - 1e-12) << "an impulse inside its step";
      EXPECT_LE(t, bw.w.time() + 1e-12) << "an impulse inside its step";
      times.push_back(t);
    }
  }
  ASSERT_EQ(static_cast<int>(times.size()), K) << "RBII §8: K impacts, then resting contact";
  double want = std::sqrt(2 * h / g), v = v0;
  for (int k = 0; k < K; ++k) {
    // The bisection finds each contact within dist_tol = 1e-10 m: at v >=
    // 1e-3 m/s that is 1e-7 s, the flights' sum a few of those.
    EXPECT_NEAR(times[k], want, 1e-6)
        << "RBII §6: impact " << k + 1 << " at T_k = sqrt(2h/g) + sum 2 eps^i v0/g";
    v *= eps;
    want += 2 * v / g;
  }
  const double zeno = std::sqrt(2 * h / g) * (1 + eps) / (1 - eps);
  EXPECT_GE(times.back(), zeno - 2 * th / (g * (1 - eps)))
      << "the last impact, at most 2 TH/(g(1 - eps)) before the Zeno sum " << zeno << " s";
  EXPECT_LE(times.back(), zeno - 2 * eps * th / (g * (1 - eps)))
      << "the last impact, at least 2 eps TH/(g(1 - eps)) before the Zeno sum " << zeno << " s";
}

TEST(Ch09World, StepsWithTheMethodItIsGiven) {
  // Free fall before the first impact (t_c = 0.45 s): x'' = -g, so midpoint
  // and RK4 give the exact parabola (DEB §2: exact for a quadratic), and
  // Euler's x_n = x0 - g t^2/2 + g h t/2 stands g h t/2 higher at t = n h.
  const double h = 0.01;
  const int n = 30;
  const double t = n * h, exact = 1.0 - g * t * t / 2;
  for (const char* name : {"euler", "midpoint", "rk4"}) {
    BallWorld bw(0.5, 1.0);
    for (int k = 0; k < n; ++k) stepWithin(bw.w, pbm::findMethod(pbm::rigidMethods(), name), h);
    const double want = std::string(name) == "euler" ? exact + g * h * t / 2 : exact;
    EXPECT_NEAR(bw.gap(), want, 1e-9)
        << "stepWithCollisions with " << name << ": the gap after " << n << " free-fall steps of "
        << h << " s (DEB §2; RBII §8 steps with the method it is given)";
  }
}

TEST(Ch09World, FlatCubeAtZeroRestitutionSettles) {
  pbm::CollisionWorld w;
  w.add(fixedBody(), pbm::Shape::halfSpace(Vector3d::UnitY(), 0.0));
  w.add(movingBody(1, Vector3d::Constant(1.0 / 6), Vector3d(0, 0.5 + 0.2, 0), Vector3d::Zero(),
                   Vector3d::Zero()),
        pbm::Shape::box());
  w.addForce(std::make_unique<pbm::RigidGravity>(Vector3d(0, -g, 0)));
  w.settings.eps = 0.0;
  int impacts = 0;
  double lowest = 1e300;
  for (int n = 0; n < 300; ++n) {  // 3 s
    pbm::CollisionStats st;
    stepWithin(w, pbm::findMethod(pbm::rigidMethods(), "rk4"), 0.01, &st);
    impacts += st.impacts;
    lowest = std::min(lowest, w.closest().gap);
  }
  const pbm::RigidBody& cube = w.bodies[1];
  EXPECT_GE(impacts, 4) << "RBII §8: the four corners hit";
  EXPECT_GE(lowest, -w.settings.distTol) << "RBII §6: no interpenetration beyond tol";
  EXPECT_NEAR(w.closest().gap, 0.0, 1e-5) << "RBII §6: the cube rests on the floor";
  EXPECT_LT(velocityOf(cube).norm(), 1e-3) << "RBII §6, §8: at rest after 3 s";
  EXPECT_LT(omegaOf(cube).norm(), 1e-3) << "RBII §6, §8: not turning after 3 s";
  EXPECT_GE(w.resting.size(), 3u) << "resting contact, held at three or four corners";
}

}  // namespace
