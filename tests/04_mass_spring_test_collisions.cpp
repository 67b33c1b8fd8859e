// Chapter 04 tests, part: collisions with planes and contact (PSD §7):
// detection and response, the contact fraction, the bouncing ball's apexes and
// rest, resting contact and friction.
#include "04_mass_spring_test.h"

namespace {

using namespace ch04_test;

// ---------------------------------------------------------------- PSD §7: collisions

// PSD §7.1: the sign of (X - P).N: > 0 legal, < 0 through, 0 on the plane;
// the slides' detection adds "heading in" and a tolerance.
TEST(Ch04Collision, DetectionSignConventionAndTolerance) {
  const pbm::Plane tilted{{1, 1}, Vector2d(-1, 1).normalized()};
  EXPECT_GT(pbm::planeDistance({0, 3}, tilted), 0)
      << "PSD §7.1: (X - P).N > 0 on the legal side, N = (-1, 1)/sqrt 2 through (1, 1)";
  EXPECT_LT(pbm::planeDistance({3, 0}, tilted), 0) << "PSD §7.1: (X - P).N < 0 through the plane";
  EXPECT_NEAR(pbm::planeDistance({2, 2}, tilted), 0, 1e-15) << "PSD §7.1: 0 on the plane";
  EXPECT_NEAR(pbm::planeDistance({0, 2}, tilted), std::sqrt(2.0), 1e-15)
      << "PSD §7.1: (X - P).N is the signed distance";
  const pbm::Plane floor{{0, 0}, {0, 1}};
  EXPECT_TRUE(pbm::isColliding({0, 0.0005}, {1, -1}, floor, 1e-3))
      << "PSD §7.1 slides: within eps = 1e-3 and heading in (N.V < 0): colliding";
  EXPECT_FALSE(pbm::isColliding({0, 0.0005}, {1, 1}, floor, 1e-3))
      << "PSD §7.1 slides: within eps but leaving (N.V > 0): not colliding";
  EXPECT_FALSE(pbm::isColliding({0, 0.002}, {1, -1}, floor, 1e-3))
      << "PSD §7.1 slides: heading in but 2 eps away: not colliding yet";
}

// PSD §7.2 (erratum: V_N = (N.V) N): V' = V_T - kr V_N; N = (0, 1), V = (3, -4).
TEST(Ch04Collision, ResponseReflectsNormalPartScaledByRestitution) {
  const Vector2d N(0, 1), V(3, -4);
  EXPECT_VEC_NEAR(pbm::collisionResponse(V, N, 0.5), Vector2d(3, 2), 0.0)
      << "PSD §7.2: V' = V_T - kr V_N with kr = 0.5";
  EXPECT_VEC_NEAR(pbm::collisionResponse(V, N, 1.0), Vector2d(3, 4), 0.0)
      << "PSD §7.2: kr = 1 is a perfect bounce";
  EXPECT_VEC_NEAR(pbm::collisionResponse(V, N, 0.0), Vector2d(3, 0), 0.0)
      << "PSD §7.2: kr = 0 keeps only the tangential part";
  std::mt19937 rng(13);
  for (int k = 0; k < 50; ++k) {
    const Vector2d n = randomVec(rng).normalized(), v = randomVec(rng);
    const double kr = std::uniform_real_distribution<double>(0, 1)(rng);
    const Vector2d w = pbm::collisionResponse(v, n, kr);
    ASSERT_NEAR(n.dot(w), -kr * n.dot(v), 1e-14)
        << "PSD §7.2 (erratum: V_N = (N.V) N): N.V' = -kr N.V; case " << k;
    ASSERT_VEC_NEAR(Vector2d(w - n.dot(w) * n), Vector2d(v - n.dot(v) * n), 1e-14)
        << "PSD §7.2: the tangential part V_T is kept; case " << k;
    const double vn = n.dot(v), vt2 = v.squaredNorm() - vn * vn;
    ASSERT_NEAR(w.squaredNorm(), vt2 + kr * kr * vn * vn, 1e-13)
        << "PSD §7.2: |V'|^2 = |V_T|^2 + kr^2 (N.V)^2; case " << k;
  }
}

// PSD §7.1: the contact instant by linear interpolation, s = d0 / (d0 - d1),
// exact for straight-line motion: (0, 1) with V = (1, -4), h = 1 -> s = 1/4 at
// (0.25, 0) (an asymmetric case: s and 1 - s differ).
TEST(Ch04Collision, ContactFractionIsExactForStraightLineMotion) {
  const pbm::Plane floor{{0, 0}, {0, 1}};
  const Vector2d x0(0, 1), x1 = x0 + Vector2d(1, -4);
  const double s =
      pbm::contactFraction(pbm::planeDistance(x0, floor), pbm::planeDistance(x1, floor));
  EXPECT_EQ(s, 0.25) << "PSD §7.1: s = d0 / (d0 - d1) = 1 / (1 - (-3))";
  EXPECT_VEC_NEAR(Vector2d(x0 + s * (x1 - x0)), Vector2d(0.25, 0), 0.0)
      << "PSD §7.1: the contact point lies on the plane";
}

// ---------------------------------------------------------------- PSD §7.1-7.2: a bouncing ball

struct BallRun {
  std::vector<double> apex;  // heights of the apexes after the first bounce
  double firstImpact = -1;   // measured from the state after the bounce
  double reboundSpeed = -1;  // the upward speed the ball left the floor with
  double minY = 1e9;
  double y = 0, vy = 0;
};

BallRun dropBall(double H, double kr, double h, double tEnd, bool rollback) {
  ParticleSystem ps;
  ps.add(particle(1.0, {0, H}));
  ps.addForce<pbm::Gravity>(Vector2d(0, -kG));
  const std::vector<pbm::Plane> planes{{{0, 0}, {0, 1}}};
  pbm::CollisionOptions o;
  o.kr = kr;
  o.eps = 1e-3;
  o.rollback = rollback;
  ps.addForce<pbm::PlaneContact>(&planes, o.eps, 0.0);
  BallRun run;
  double prevVy = 0;
  const long steps = std::lround(tEnd / h);
  for (long k = 0; k < steps; ++k) {
    const Vector2d x0 = ps.particles[0].x, v0 = ps.particles[0].v;
    pbm::stepWithCollisions(ps, planes, o, h,
                            [](ParticleSystem& s, double hh) { pbm::step(s, Method::RK4, hh); });
    const Vector2d x1 = ps.particles[0].x, v1 = ps.particles[0].v;
    if (run.firstImpact < 0 && v1.y() > 0) {
      // The rebound happened within this step, and the ball has flown freely
      // since (RK4 is exact for free fall). Traced back from the step's END,
      // the state the collision handling produced, the rising parabola left
      // y = 0 tau ago: (g/2) tau^2 + vy1 tau - y1 = 0, with speed vy1 + g tau.
      const double tau =
          (-v1.y() + std::sqrt(std::max(0.0, v1.y() * v1.y() + 2 * kG * x1.y()))) / kG;
      run.firstImpact = ps.t - tau;
      run.reboundSpeed = v1.y() + kG * tau;
    }
    // An apex: vy changes sign from + to - within a free-flight step;
    // the parabola's top from the start of the step.
    if (prevVy > 0 && v1.y() <= 0 && v0.y() > 0)
      run.apex.push_back(x0.y() + v0.y() * v0.y() / (2 * kG));
    prevVy = v1.y();
    run.minY = std::min(run.minY, ps.particles[0].x.y());
  }
  run.y = ps.particles[0].x.y();
  run.vy = ps.particles[0].v.y();
  return run;
}

// PSD §7.1-7.2: a ball dropped from H = 1 with kr = 0.5 first hits at
// sqrt(2H/g), rises to kr^(2j) H = 0.25, 0.0625, 0.015625, and (rolled back to
// each contact instant) comes to rest after t_inf = t1 (1 + kr)/(1 - kr), the
// Zeno limit of infinitely many bounces.
TEST(Ch04BouncingBall, RollbackApexesAreKrSquaredPowersAndBallRestsAfterZenoTime) {
  const double H = 1, kr = 0.5, t1 = std::sqrt(2 * H / kG);  // 0.4515236 s
  const double tInf = t1 * (1 + kr) / (1 - kr);              // 1.3545709 s
  const BallRun run = dropBall(H, kr, 1e-3, tInf + 0.1, true);
  EXPECT_NEAR(run.firstImpact, t1, 1e-5)
      << "PSD §7.1: rolled back to the contact instant, the ball leaves the floor at "
         "t1 = sqrt(2H/g) (measured from the state after the bounce step)";
  EXPECT_NEAR(run.reboundSpeed, kr * kG * t1, 1e-4)
      << "PSD §7.2: it leaves with kr times the impact speed g t1";
  ASSERT_GE(run.apex.size(), 3u) << "PSD §7.2: at least three bounces before t_inf";
  EXPECT_NEAR(run.apex[0], 0.25, 2e-4) << "PSD §7.2: the first apex is kr^2 H";
  EXPECT_NEAR(run.apex[1], 0.0625, 2e-4) << "PSD §7.2: the second apex is kr^4 H";
  EXPECT_NEAR(run.apex[2], 0.015625, 2e-4) << "PSD §7.2: the third apex is kr^6 H";
  EXPECT_GE(run.minY, -1e-3) << "PSD §7.1: the ball never ends a step through the floor";
  EXPECT_LT(std::abs(run.y), 1e-3)
      << "PSD §7.3: after the Zeno time t1 (1 + kr)/(1 - kr) the ball rests on the floor";
  EXPECT_LT(std::abs(run.vy), 1e-3) << "PSD §7.3: resting contact: no normal velocity";
}

// PSD §7.1: displacing the point instead of rolling back is off by O(h).
TEST(Ch04BouncingBall, RollbackIsCloserThanDisplacing) {
  const double H = 1, kr = 0.5, h = 1e-3;
  const BallRun rolled = dropBall(H, kr, h, 0.8, true);
  const BallRun displaced = dropBall(H, kr, h, 0.8, false);
  ASSERT_FALSE(rolled.apex.empty()) << "PSD §7.2: the rolled-back ball bounces";
  ASSERT_FALSE(displaced.apex.empty()) << "PSD §7.2: the displaced ball bounces";
  EXPECT_LT(std::abs(rolled.apex[0] - 0.25), std::abs(displaced.apex[0] - 0.25))
      << "PSD §7.1: rolling back (apex " << rolled.apex[0] << ") must beat displacing (apex "
      << displaced.apex[0] << ") at reaching kr^2 H = 0.25";
}

// ---------------------------------------------------------------- PSD §7.3: contact

ParticleSystem onFloor(const Vector2d& v, const Vector2d& push, double kf,
                       const std::vector<pbm::Plane>* planes) {
  ParticleSystem ps;
  ps.add(particle(2.0, {0, 0}, v));
  ps.addForce<pbm::Gravity>(Vector2d(0, -kG));
  struct Push : pbm::Force {
    explicit Push(Vector2d f) : f(f) {}
    void apply(ParticleSystem& s) override { s.particles[0].f += f; }
    Vector2d f;
  };
  ps.addForce<Push>(push);
  ps.addForce<pbm::PlaneContact>(planes, 1e-3, kf);
  return ps;
}

// PSD §7.3 (erratum: f_c = -(N.f) N): a particle resting on the floor feels
// F + F_c = 0 and stays put bitwise; an oblique push slides it at f_x/m with
// y constant; a net upward force gets no contact force and it leaves.
TEST(Ch04Contact, RestingContactCancelsTheNormalForce) {
  const std::vector<pbm::Plane> floor{{{0, 0}, {0, 1}}};
  ParticleSystem rest = onFloor({0, 0}, {0, 0}, 0.0, &floor);
  for (int k = 0; k < 1000; ++k) {
    pbm::step(rest, Method::RK4, 1e-2);
    ASSERT_VEC_NEAR(rest.particles[0].x, Vector2d(0, 0), 0.0)
        << "PSD §7.3: resting contact cancels gravity: x stays put bitwise; step " << k;
    ASSERT_VEC_NEAR(rest.particles[0].v, Vector2d(0, 0), 0.0)
        << "PSD §7.3: resting contact cancels gravity: v stays 0 bitwise; step " << k;
  }
  ParticleSystem slide = onFloor({0, 0}, {3, -5}, 0.0, &floor);
  for (int k = 0; k < 100; ++k) pbm::step(slide, Method::RK4, 1e-2);
  EXPECT_EQ(slide.particles[0].x.y(), 0.0)
      << "PSD §7.3: an oblique push into the floor: the normal part is cancelled, y stays 0";
  EXPECT_NEAR(slide.particles[0].x.x(), 0.5 * (3 / 2.0) * 1.0, 1e-12)
      << "PSD §7.3: the tangential part slides it at f_x/m = 1.5: x(1) = 0.75";
  ParticleSystem lift = onFloor({0, 0}, {0, 2 * kG + 4}, 0.0, &floor);  // net 4 N up
  for (int k = 0; k < 100; ++k) pbm::step(lift, Method::RK4, 1e-2);
  EXPECT_NEAR(lift.particles[0].x.y(), 0.5 * 2.0 * 1.0, 1e-12)
      << "PSD §7.3: a net upward force gets no contact force: y(1) = (4/2)/2";
  EXPECT_VEC_NEAR(pbm::contactForce({1, 5}, {0, 1}), Vector2d(0, 0), 0.0)
      << "PSD §7.3: a force pulling away from the plane gets no contact force";
  EXPECT_VEC_NEAR(pbm::contactForce({1, -5}, {0, 1}), Vector2d(0, 5), 0.0)
      << "PSD §7.3 (erratum: f_c = -(N.f) N): only the normal part is cancelled";
}

// PSD §7.3: linear friction -kf (-F.N) v_T under gravity alone gives
// v_T = v0 exp(-kf g t) and a stopping distance v0 / (kf g) = 0.6116208 m.
TEST(Ch04Contact, FrictionStoppingDistanceIsV0OverKfG) {
  const std::vector<pbm::Plane> floor{{{0, 0}, {0, 1}}};
  const double v0 = 3, kf = 0.5;
  ParticleSystem ps = onFloor({v0, 0}, {0, 0}, kf, &floor);
  for (int k = 1; k <= 10000; ++k) {
    pbm::step(ps, Method::RK4, 1e-3);
    if (k == 200) {
      ASSERT_NEAR(ps.particles[0].v.x(), v0 * std::exp(-kf * kG * 0.2), 1e-9)
          << "PSD §7.3: linear friction -kf (-F.N) v_T gives v_T = v0 exp(-kf g t) at t = 0.2";
    }
  }
  EXPECT_NEAR(ps.particles[0].x.x(), v0 / (kf * kG), 1e-8)  // 0.6116208 m
      << "PSD §7.3: the particle stops after v0 / (kf g)";
  EXPECT_EQ(ps.particles[0].x.y(), 0.0) << "PSD §7.3: sliding, it stays on the floor";
  // Friction is tangential and needs a push into the plane.
  EXPECT_VEC_NEAR(pbm::frictionForce({0, 5}, {1, 0}, {0, 1}, kf), Vector2d(0, 0), 0.0)
      << "PSD §7.3: no push into the plane, no friction";
  EXPECT_VEC_NEAR(pbm::frictionForce({0, -4}, {2, -1}, {0, 1}, 0.5), Vector2d(-4, 0), 0.0)
      << "PSD §7.3: -kf (-F.N) V_T = -0.5 * 4 * (2, 0): tangential only";
  EXPECT_TRUE(pbm::inContact({1, 0.0005}, {3, 0.0005}, {0, -1}, floor[0], 1e-3))
      << "PSD §7.3: on the plane, |N.V| < eps and pushed in (N.F < 0): in contact";
  EXPECT_FALSE(pbm::inContact({1, 0.0005}, {3, 0.0005}, {0, 1}, floor[0], 1e-3))
      << "PSD §7.3: pulled away (N.F > 0): not in contact";
  EXPECT_FALSE(pbm::inContact({1, 0.0005}, {3, -0.5}, {0, -1}, floor[0], 1e-3))
      << "PSD §7.3: moving into the plane at 0.5 m/s: a collision, not contact";
}

}  // namespace
