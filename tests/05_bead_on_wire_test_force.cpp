// Chapter 05 tests, part: the constraint force (CD §2.3, §5): at rest it is the
// tangent projection, moving it gives the closest legal acceleration, and how
// C is written changes the multiplier but not the force.
#include "05_bead_on_wire_test.h"

namespace {

using namespace ch05_test;

// CD §2.3 eq 8: at rest f + f^ is f projected orthogonally onto the tangent;
// no radial pull, however hard, moves a resting bead off the wire (slides).
TEST(Ch05Bead, RestingForceIsTheTangentProjection) {
  std::mt19937 rng(13);
  std::uniform_real_distribution<double> u(-3, 3);
  const pbm::CircleWire w{Vector2d(1, -1), 2.0};
  for (int trial = 0; trial < 20; ++trial) {
    const double phi = u(rng);
    const Vector2d n(std::cos(phi), std::sin(phi));
    const Vector2d x = w.c + w.r * n, f(u(rng), u(rng));
    const Eigen::Matrix2d P = Eigen::Matrix2d::Identity() - n * n.transpose();
    const Vector2d Pf = P * f;
    ASSERT_VEC_NEAR(pbm::projectOntoTangent(f, x - w.c), Pf, 1e-13)
        << "CD §2.3 eq 8: f - (f.n) n / (n.n); trial " << trial;
    ASSERT_VEC_NEAR(pbm::projectOntoTangent(f, 3.7 * n), Pf, 1e-13)
        << "CD §2.3 eq 8: the normal may have any length; trial " << trial;
    const Vector2d fHat = pbm::beadConstraintForce(x, Vector2d::Zero(), f, 1.3, w, {});
    ASSERT_VEC_NEAR(Vector2d(f + fHat), Pf, 1e-12)
        << "CD §2.3: at rest f + f^ is f projected onto the tangent; trial " << trial;
    ASSERT_NEAR(fHat.norm(), std::abs(f.dot(n)), 1e-12)
        << "CD §2.3: at rest |f^| is the normal part of f; trial " << trial;
  }
  const Vector2d x = w.c + w.r * Vector2d(0.6, 0.8);
  const Vector2d pull = 1e6 * Vector2d(0.6, 0.8);
  EXPECT_VEC_NEAR(pbm::beadAcceleration(x, Vector2d::Zero(), pull, 1.0, w, {}), Vector2d(0, 0),
                  1e-9 * 1e6)
      << "CD §2.3: a radial pull of 1e6 N, however hard, does not move a resting bead";
}

// CD §2.3: moving, the constraint projects the acceleration: a - f/m is normal
// and a . (x - c) = -v . v (the closest legal acceleration to f/m).
TEST(Ch05Bead, MovingAccelerationIsTheClosestLegalAcceleration) {
  std::mt19937 rng(17);
  std::uniform_real_distribution<double> u(-3, 3);
  const pbm::CircleWire w{Vector2d::Zero(), 1.2};
  for (int trial = 0; trial < 20; ++trial) {
    const double phi = u(rng), m = 0.5 + std::abs(u(rng));
    const Vector2d n(std::cos(phi), std::sin(phi));
    const Vector2d x = w.r * n, v = u(rng) * Vector2d(-n.y(), n.x()), f(u(rng), u(rng));
    const Vector2d a = pbm::beadAcceleration(x, v, f, m, w, {});
    const Vector2d want = f / m - ((f / m).dot(x) + v.dot(v)) / x.dot(x) * x;
    ASSERT_VEC_NEAR(a, want, 1e-12 * (1 + want.norm()))
        << "CD §2.3: a is f/m minus its normal part plus the centripetal v.v term; trial " << trial;
  }
}

// Slides vs §2: C2 = |x| - r with N = x/|x|, Ndot = (v - (x.v) x/|x|^2)/|x| gives
// the same force on legal states; off the wire the two differ by m (x.v)^2/|x|^4 x.
TEST(Ch05Bead, ForceOnLegalStatesDoesNotDependOnHowCIsWritten) {
  const pbm::CircleWire w{Vector2d::Zero(), 1.0};
  auto slidesForce = [](const Vector2d& x, const Vector2d& v, const Vector2d& f, double m) {
    const double L = x.norm();
    const Vector2d N = x / L;
    const Vector2d Ndot = (v - x.dot(v) / (L * L) * x) / L;
    const double lambda2 = -(m * Ndot.dot(v) + N.dot(f)) / N.dot(N);
    return Vector2d(lambda2 * N);
  };
  const double m = 2;
  const Vector2d f(0.5, -19.6);
  for (double phi : {0.1, 1.3, 2.9, -2.2}) {
    const Vector2d x(std::cos(phi), std::sin(phi)), v = 1.7 * Vector2d(-x.y(), x.x());
    EXPECT_VEC_NEAR(pbm::beadConstraintForce(x, v, f, m, w, {}), slidesForce(x, v, f, m), 1e-12)
        << "CD §2 and the slides: on a legal state C = |x| - r gives the same force; phi = " << phi;
  }
  const Vector2d x(1.3, 0.4), v(0.7, -0.2);
  const Vector2d diff = slidesForce(x, v, f, m) - pbm::beadConstraintForce(x, v, f, m, w, {});
  EXPECT_VEC_NEAR(diff, Vector2d(m * std::pow(x.dot(v), 2) / std::pow(x.dot(x), 2) * x), 1e-12)
      << "CD §2 and the slides: off the wire the two forms differ by m (x.v)^2 / |x|^4 x";
}

// CD §2.1 eq 7 for any way of writing C, lambda = -(m Jdot.v + J.f) / (J.J):
// the force lambda J^T is the same, so lambda scales inversely with J. With
// C_k = k C (J = k (x - c)) lambda_k = lambda / k everywhere; with the slides'
// C_2 = |x - c| - r (J = N, unit) lambda_2 = lambda |x - c| on legal states.
// The student's lambda against both, on a wire of radius 1.7 off the origin.
TEST(Ch05Bead, MultiplierScalesWithHowCIsWritten) {
  const pbm::CircleWire w{Vector2d(0.3, -0.2), 1.7};
  const double m = 1.5;
  const Vector2d f(0.8, -m * kG);
  const auto generalLambda = [&](const Vector2d& J, const Vector2d& Jdot, const Vector2d& v) {
    return -(m * Jdot.dot(v) + J.dot(f)) / J.dot(J);
  };
  std::mt19937 rng(23);
  std::uniform_real_distribution<double> u(-3, 3);
  for (int trial = 0; trial < 10; ++trial) {
    const double phi = u(rng);
    const Vector2d n(std::cos(phi), std::sin(phi));
    const Vector2d x = w.c + w.r * n, v = u(rng) * Vector2d(-n.y(), n.x());
    const double lambda = pbm::beadLambda(x, v, f, m, w, {});
    const Vector2d d = x - w.c;
    // C_2 = |x - c| - r: J = N = d/|d|, Jdot = (v - (d.v) d/|d|^2)/|d|.
    const double L = d.norm();
    const double lambda2 = generalLambda(d / L, (v - d.dot(v) / (L * L) * d) / L, v);
    ASSERT_NEAR(lambda * L, lambda2, 1e-12 * (1 + std::abs(lambda2)))
        << "CD §2.1: with C_2 = |x - c| - r the multiplier is lambda |x - c|; trial " << trial;
    // C_k = k C, on the wire and off it (x moved out by 20%, v arbitrary).
    const Vector2d xo = w.c + 1.2 * d, vo = v + Vector2d(u(rng), u(rng));
    const double lambdaOff = pbm::beadLambda(xo, vo, f, m, w, {});
    for (double k : {0.5, 3.0, 10.0}) {
      const double lambdaK = generalLambda(k * d, k * v, v);
      ASSERT_NEAR(lambda / k, lambdaK, 1e-12 * (1 + std::abs(lambdaK)))
          << "CD §2.1: with C_k = k C the multiplier is lambda / k; k = " << k << ", trial "
          << trial;
      const double lambdaKOff = generalLambda(k * (xo - w.c), k * vo, vo);
      ASSERT_NEAR(lambdaOff / k, lambdaKOff, 1e-12 * (1 + std::abs(lambdaKOff)))
          << "CD §2.1: off the wire too, with C_k = k C the multiplier is lambda / k; k = " << k
          << ", trial " << trial;
    }
  }
}

}  // namespace
