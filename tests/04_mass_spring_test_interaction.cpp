// Chapter 04 tests, part: user interaction and spatial interaction (PSD §5,
// §4.3): the critically damped mouse spring, nailed and motor-driven
// particles, and the spatial grid against brute force.
#include "04_mass_spring_test.h"

namespace {

using namespace ch04_test;

// ---------------------------------------------------------------- PSD §5: user interaction

// PSD §5-6: a critically damped mouse spring (kd = 2 sqrt(ks m)) pulls a
// particle to a fixed cursor as c + (x0 - c)(1 + w t) e^{-w t}, with no overshoot.
TEST(Ch04MouseSpring, CriticallyDampedApproachMatchesClosedForm) {
  ParticleSystem ps;
  ps.add(particle(1.0, {1.0, 2.0}));
  auto& mouse = ps.addForce<pbm::MouseSpring>(100.0, 20.0);
  mouse.particle = 0;
  mouse.cursor = Vector2d(0.0, 2.0);
  const double w = 10;
  double prev = 1.0;
  for (int k = 1; k <= 1000; ++k) {
    pbm::step(ps, Method::RK4, 1e-3);
    const double t = k * 1e-3, offset = ps.particles[0].x.x();
    ASSERT_LT(offset, prev) << "PSD §5-6: a critically damped approach is monotone; t = " << t;
    ASSERT_GT(offset, 0.0) << "PSD §5-6: critical damping never overshoots the cursor; t = " << t;
    prev = offset;
    if (k == 100 || k == 500 || k == 1000) {
      ASSERT_NEAR(offset, (1 + w * t) * std::exp(-w * t), 1e-9)
          << "PSD §5-6: the offset is (1 + w t) e^{-w t} (x0 - c), w = 10; t = " << t;
    }
  }
  // A particle exactly on the cursor gets a finite, zero force.
  const Vector2d f = pbm::mouseSpringForce({0, 2}, {0, 0}, {0, 2}, {0, 0}, 100, 20);
  EXPECT_VEC_NEAR(f, Vector2d(0, 0), 0.0)
      << "PSD §5: on the cursor at rest the mouse spring pulls with zero force (never NaN)";
}

// PSD §5: a nailed particle with springs attached keeps x and v bitwise.
TEST(Ch04Controlled, NailedParticleNeverMoves) {
  ParticleSystem ps;
  Particle nail = particle(1.0, {0.5, 1.0});
  nail.control = pbm::nailAt({0.5, 1.0});
  ps.add(nail);
  ps.add(particle(1.0, {1.5, 1.0}, {0, 1}));
  ps.add(particle(2.0, {0.5, 0.0}));
  ps.addForce<pbm::Gravity>(Vector2d(0, -kG));
  ps.addForce<pbm::DampedSpring>(0, 1, 50.0, 0.5, 0.8);
  ps.addForce<pbm::DampedSpring>(0, 2, 50.0, 0.5, 0.8);
  ps.addForce<pbm::DampedSpring>(1, 2, 50.0, 0.5, 1.2);
  for (int k = 0; k < 1000; ++k) {
    pbm::step(ps, k % 2 ? Method::RK4 : Method::Midpoint, 1e-3);
    ASSERT_VEC_NEAR(ps.particles[0].x, Vector2d(0.5, 1.0), 0.0)
        << "PSD §5: a nailed particle keeps its x bitwise; step " << k;
    ASSERT_VEC_NEAR(ps.particles[0].v, Vector2d(0, 0), 0.0)
        << "PSD §5: a nailed particle keeps v = 0 bitwise; step " << k;
  }
  EXPECT_GT((ps.particles[1].x - Vector2d(1.5, 1.0)).norm(), 1e-3)
      << "PSD §5: the free particles must move; particle 1 is still at "
      << ps.particles[1].x.transpose();
}

// PSD §5: a motor on a circle is where its procedure says after every step,
// and its neighbour's spring damping uses the motor's velocity v_c(t).
TEST(Ch04Controlled, MotorFollowsItsPathAndNeighboursSeeItsVelocity) {
  const Vector2d c(1, -1);
  const double R = 0.5, w = 3;
  ParticleSystem ps;
  Particle motor = particle(1.0, c + Vector2d(R, 0));
  motor.control = pbm::motorOnCircle(c, R, w);
  motor.v = Vector2d(0, R * w);
  ps.add(motor);
  ps.add(particle(0.5, c + Vector2d(R + 1, 0)));
  const double ks = 40, kd = 2, r = 0.8;
  ps.addForce<pbm::DampedSpring>(1, 0, ks, kd, r);
  for (int k = 1; k <= 500; ++k) {
    pbm::step(ps, Method::RK4, 2e-3);
    const double t = k * 2e-3;
    ASSERT_VEC_NEAR(ps.particles[0].x, Vector2d(c + R * Vector2d(std::cos(w * t), std::sin(w * t))),
                    1e-12)
        << "PSD §5: a motor is where its procedure puts it after every step; t = " << t;
    ASSERT_VEC_NEAR(ps.particles[0].v,
                    Vector2d(R * w * Vector2d(-std::sin(w * t), std::cos(w * t))), 1e-12)
        << "PSD §5: a motor's velocity is its procedure's v_c(t); t = " << t;
  }
  // The free particle's acceleration is eq. (1), written out here, with v_c.
  const VectorXd d = derivative(ps);
  const double t = ps.t;
  const Vector2d xa = ps.particles[1].x, va = ps.particles[1].v;
  const Vector2d xb = c + R * Vector2d(std::cos(w * t), std::sin(w * t));
  const Vector2d vb = R * w * Vector2d(-std::sin(w * t), std::cos(w * t));
  const Vector2d l = xa - xb;
  const double L = l.norm();
  const Vector2d fa = -(ks * (L - r) + kd * (va - vb).dot(l) / L) * l / L;
  EXPECT_VEC_NEAR(d.segment<2>(6), Vector2d(fa / 0.5), 1e-11 * (1 + fa.norm()))
      << "PSD §4.2 eq. (1), §5: the neighbour's spring damping uses the motor's v_c(t)";
  EXPECT_VEC_NEAR(d.segment<2>(0), vb, 1e-12) << "PSD §5: the motor's xdot = v_c(t)";
  EXPECT_VEC_NEAR(d.segment<2>(2), Vector2d(-w * w * (xb - c)), 1e-11)
      << "PSD §5: the motor's vdot = a_c(t), centripetal";
}

// ---------------------------------------------------------------- PSD §4.3: spatial interaction

// PSD §4.3: spatial buckets find exactly the pairs brute force finds.
TEST(Ch04SpatialGrid, BucketsFindTheSamePairsAsBruteForce) {
  std::mt19937 rng(30);
  std::vector<Vector2d> x(1000);
  for (auto& p : x) p = randomVec(rng, -5, 5);
  x.push_back(Vector2d(-3.0, 0.0));  // pairs straddling cell boundaries
  x.push_back(Vector2d(-3.25, 0.0));
  const double cutoff = 0.3;
  std::vector<std::pair<int, int>> brute;
  for (int i = 0; i < static_cast<int>(x.size()); ++i)
    for (int j = i + 1; j < static_cast<int>(x.size()); ++j)
      if ((x[i] - x[j]).squaredNorm() < cutoff * cutoff) brute.emplace_back(i, j);
  const auto grid = pbm_test::withinSeconds(
      "neighbourPairs",
      "does each loop over the 3 x 3 neighbour cells increment its own variable (dx in the dx "
      "loop, dy in the dy loop) and end?",
      [&] { return pbm::neighbourPairs(x, cutoff); });
  ASSERT_GT(brute.size(), 100u) << "the test's point cloud must have close pairs";
  EXPECT_EQ(grid.size(), brute.size())
      << "PSD §4.3: the buckets must find exactly the pairs closer than the cutoff";
  EXPECT_TRUE(grid == brute) << "PSD §4.3: the pairs (i < j, sorted) must equal brute force's";
}

}  // namespace
