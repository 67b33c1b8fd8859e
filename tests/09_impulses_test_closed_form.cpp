// Chapter 09 tests, part 2: closed-form impulses (claim 8), the tangential
// velocity that figure 25 says is kept (claim 9), fixed bodies (claim 10).
// The floor is a fixed body with n = +y; v is the downward speed.
#include "09_impulses_test.h"

namespace {

using namespace ch09_test;

// A body against the fixed floor at the world point p, n = +y.
Contact onFloor(RigidBody& body, RigidBody& floor, const Vector3d& p) {
  Contact c;
  c.a = &body;
  c.b = &floor;
  c.p = p;
  c.n = Vector3d::UnitY();
  return c;
}

// --- claim 8(a): a sphere keeps its spin and flips its normal velocity

TEST(Ch09ClosedForm, SphereBouncesWithUnchangedSpin) {
  const double M = 1, R = 0.5, I = 0.4 * M * R * R, eps = 0.3;
  const Vector3d v(1, -2, 0.5), w(3, -1, 2);
  RigidBody ball = movingBody(M, Vector3d::Constant(I), Vector3d(0, R, 0), v, w);
  RigidBody floor = fixedBody();
  Contact c = onFloor(ball, floor, Vector3d::Zero());
  EXPECT_NEAR(pbm::impulseDenominator(c), 1.0 / M, 1e-15)
      << "RBII §8: r parallel to n, so K = 1/M (expected 1)";
  const double j = pbm::impulseMagnitude(c, eps);
  EXPECT_NEAR(j, (1 + eps) * 2 * M, 1e-14) << "RBII §8 (8-18): j = (1 + eps) M v (expected 2.6)";
  pbm::applyImpulse(c, j);
  EXPECT_VEC_NEAR(velocityOf(ball), Vector3d(1, 0.6, 0.5), 1e-14)
      << "RBII §8 (8-10): v+ = (vx, -eps vy, vz) = (1, 0.6, 0.5)";
  EXPECT_VEC_NEAR(omegaOf(ball), w, 1e-14)
      << "RBII §8 (8-6): a frictionless impulse through the centre leaves omega = (3, -1, 2)";
}

// --- claim 8(b): two spheres head-on

TEST(Ch09ClosedForm, TwoSpheresHeadOn) {
  struct Case {
    double eps, j, va, vb;
  };
  for (const Case& k :
       {Case{1.0, 3.0, -1.0, 2.0}, Case{0.0, 1.5, 0.5, 0.5}, Case{0.5, 2.25, -0.25, 1.25}}) {
    RigidBody a = movingBody(1, Vector3d::Constant(0.1), Vector3d(-0.5, 0, 0), Vector3d(2, 0, 0),
                             Vector3d::Zero());
    RigidBody b = movingBody(1, Vector3d::Constant(0.1), Vector3d(0.5, 0, 0), Vector3d(-1, 0, 0),
                             Vector3d::Zero());
    Contact c;
    c.a = &a;
    c.b = &b;
    c.p = Vector3d::Zero();
    c.n = -Vector3d::UnitX();  // from b to a
    EXPECT_NEAR(pbm::impulseDenominator(c), 2.0, 1e-15)
        << "RBII §8: K = 1/m1 + 1/m2 = 2 for unit masses";
    const double j = pbm::impulseMagnitude(c, k.eps);
    EXPECT_NEAR(j, k.j, 1e-14) << "RBII §8 (8-18): unit masses at 2 and -1 m/s, eps = " << k.eps;
    pbm::applyImpulse(c, j);
    EXPECT_NEAR(velocityOf(a).x(), k.va, 1e-14)
        << "RBII §8: eps = " << k.eps << ", expected va+ = " << k.va;
    EXPECT_NEAR(velocityOf(b).x(), k.vb, 1e-14)
        << "RBII §8: eps = " << k.eps << ", expected vb+ = " << k.vb;
  }
}

// --- claim 8(c): a thin rod falling flat onto a corner under one end

TEST(Ch09ClosedForm, RodOnACornerUnderOneEnd) {
  const double M = 2, L = 1, v = 3;
  struct Case {
    double eps, j, vcm, w;
  };
  for (const Case& k : {Case{0.0, 1.5, -2.25, 4.5}, Case{1.0, 3.0, -1.5, 9.0}}) {
    const double I = M * L * L / 12;
    RigidBody rod = movingBody(M, Vector3d(1e-3, I, I), Vector3d(0, 0, 0), Vector3d(0, -v, 0),
                               Vector3d::Zero());
    RigidBody corner = fixedBody(Vector3d(L / 2, -1, 0));
    Contact c = onFloor(rod, corner, Vector3d(L / 2, 0, 0));
    EXPECT_NEAR(pbm::impulseDenominator(c) * M, 4.0, 1e-14)
        << "RBII §8 (8-18): K = 1/M + (L/2)^2 / (M L^2/12) = 4/M";
    const double T0 = keOracle(rod);
    const double j = pbm::impulseMagnitude(c, k.eps);
    EXPECT_NEAR(j, k.j, 1e-14) << "RBII §8: j = (1 + eps) M v / 4, eps = " << k.eps;
    pbm::applyImpulse(c, j);
    EXPECT_VEC_NEAR(velocityOf(rod), Vector3d(0, k.vcm, 0), 1e-14)
        << "RBII §8 (8-5): v_cm = -v + (1 + eps) v / 4 = " << k.vcm;
    EXPECT_VEC_NEAR(omegaOf(rod), Vector3d(0, 0, k.w), 1e-13)
        << "RBII §8 (8-6): omega_z = 3 (1 + eps) v / (2L) = " << k.w;
    if (k.eps == 1.0) {
      EXPECT_NEAR(keOracle(rod), T0, 1e-13 * T0) << "RBII §8 (8-10): eps = 1 keeps M v^2 / 2";
    }
    // Claim 9's rule: here the impulse makes no tangential point velocity.
    const Vector3d pv = pointVel(rod, c.p);
    EXPECT_NEAR(std::hypot(pv.x(), pv.z()), 0.0, 1e-14)
        << "RBII §8, figure 25: for the rod the tangential velocity stays 0";
  }
}

// --- claim 8(d), 8(e): boxes hit at an edge or a corner

TEST(Ch09ClosedForm, BoxEdgeAndCornerDenominators) {
  const double M = 1.5;
  // (d) a box L x h x w hit at r = (L/2, -h/2, 0): K M = 1 + 3 L^2 / (L^2 + h^2).
  struct Edge {
    double L, h, KM;
  };
  for (const Edge& e : {Edge{1, 0.1, 3.970297}, Edge{1, 0.5, 3.4}}) {
    const double w = 0.3;
    const Vector3d I =
        M / 12 * Vector3d(e.h * e.h + w * w, e.L * e.L + w * w, e.L * e.L + e.h * e.h);
    RigidBody box = movingBody(M, I, Vector3d::Zero(), Vector3d(0, -1, 0), Vector3d::Zero());
    RigidBody floor = fixedBody();
    Contact c = onFloor(box, floor, Vector3d(e.L / 2, -e.h / 2, 0));
    const double KM = pbm::impulseDenominator(c) * M;
    EXPECT_NEAR(KM, 1 + 3 * e.L * e.L / (e.L * e.L + e.h * e.h), 1e-13)
        << "RBII §8 (8-18): K M = 1 + 3 L^2 / (L^2 + h^2) for h = " << e.h;
    EXPECT_NEAR(KM, e.KM, 1e-6) << "RBII §8: K M = " << e.KM << " for h = " << e.h;
  }
  // (e) a box x0 x y0 x z0 hit at a bottom corner.
  struct Corner {
    Vector3d dims;
    double KM;
  };
  for (const Corner& k : {Corner{Vector3d(1, 1, 1), 4.0}, Corner{Vector3d(1, 0.4, 2), 6.470822}}) {
    const double x0 = k.dims.x(), y0 = k.dims.y(), z0 = k.dims.z();
    const Vector3d I = M / 12 * Vector3d(y0 * y0 + z0 * z0, x0 * x0 + z0 * z0, x0 * x0 + y0 * y0);
    RigidBody box = movingBody(M, I, Vector3d::Zero(), Vector3d(0, -1, 0), Vector3d::Zero());
    RigidBody floor = fixedBody();
    Contact c = onFloor(box, floor, Vector3d(x0 / 2, -y0 / 2, z0 / 2));
    const double KM = pbm::impulseDenominator(c) * M;
    EXPECT_NEAR(KM, 1 + 3 * z0 * z0 / (y0 * y0 + z0 * z0) + 3 * x0 * x0 / (x0 * x0 + y0 * y0),
                1e-13)
        << "RBII §8 (8-18): K M = 1 + 3 z0^2/(y0^2 + z0^2) + 3 x0^2/(x0^2 + y0^2)";
    EXPECT_NEAR(KM, k.KM, 1e-6) << "RBII §8: K M = " << k.KM << " for the box " << x0 << " x " << y0
                                << " x " << z0;
  }
}

// --- claim 9: figure 25's "perpendicular relative velocity remains the same"
// fails for a cube hit at a corner.

TEST(Ch09ClosedForm, CubeCornerGainsTangentialVelocity) {
  const double M = 3, v = 3, eps = 0.5;
  RigidBody cube = movingBody(M, Vector3d::Constant(M / 6), Vector3d::Zero(), Vector3d(0, -v, 0),
                              Vector3d::Zero());
  RigidBody floor = fixedBody();
  const Vector3d corner(0.5, -0.5, 0.5);
  Contact c = onFloor(cube, floor, corner);
  const Vector3d before = pointVel(cube, corner);
  const double j = pbm::impulseMagnitude(c, eps);
  EXPECT_NEAR(j, (1 + eps) * M * v / 4, 1e-13) << "RBII §8: a cube corner has K = 4/M";
  pbm::applyImpulse(c, j);
  const Vector3d after = pointVel(cube, corner);
  EXPECT_NEAR(before.x(), 0.0, 1e-15);
  EXPECT_VEC_NEAR(Vector3d(after.x(), after.y(), after.z()), Vector3d(1.6875, eps * v, 1.6875),
                  1e-13)
      << "RBII §8, figure 25 (a slip in the notes): the corner's tangential velocity goes from 0 "
         "to (1.6875, 1.6875); only its normal part obeys (8-10)";
  // And the sphere keeps its tangential point velocity.
  RigidBody ball = movingBody(1, Vector3d::Constant(0.1), Vector3d(0, 0.5, 0), Vector3d(1, -2, 0.5),
                              Vector3d(3, -1, 2));
  Contact cb = onFloor(ball, floor, Vector3d::Zero());
  const Vector3d b0 = pointVel(ball, cb.p);
  pbm::applyImpulse(cb, pbm::impulseMagnitude(cb, eps));
  const Vector3d b1 = pointVel(ball, cb.p);
  EXPECT_NEAR(b1.x(), b0.x(), 1e-14) << "RBII §8, figure 25: true for a sphere (x)";
  EXPECT_NEAR(b1.z(), b0.z(), 1e-14) << "RBII §8, figure 25: true for a sphere (z)";
}

// --- claim 10: fixed bodies (RBII §8, end: invmass = 0, Iinv = 0)

TEST(Ch09FixedBody, StaysBitExactAndTheImpulseIsTheOneBodyFormula) {
  std::mt19937 rng(10);
  std::uniform_real_distribution<double> u(-1, 1);
  for (int k = 0; k < 200; ++k) {
    const bool fixedIsA = k % 2 == 1;
    RigidBody body = makeBody(2.0, Vector3d(0.3, 0.7, 1.1), randomRotation(rng),
                              Vector3d(u(rng), u(rng), u(rng)), Vector3d(u(rng), -3, u(rng)),
                              Vector3d(u(rng), u(rng), u(rng)));
    RigidBody wall = fixedBody(Vector3d(u(rng), u(rng), u(rng)));
    const RigidBody wall0 = wall;
    Contact c;
    c.a = fixedIsA ? &wall : &body;
    c.b = fixedIsA ? &body : &wall;
    c.p = body.x + Vector3d(u(rng), -1, u(rng));
    c.n = randomUnit(rng);
    if (vrelOracle(c) >= 0) c.n = -c.n;
    const Vector3d u1 = (c.p - body.x).cross(c.n);
    const double K1 = body.invMass + u1.dot(worldIinv(body) * u1);
    const double eps = 0.5;
    const double j = pbm::impulseMagnitude(c, eps);
    ASSERT_NEAR(j, -(1 + eps) * vrelOracle(c) / K1, 1e-12 * std::abs(j))
        << "RBII §8, end: with invmass = 0 and Iinv = 0 the fixed body adds nothing to K";
    pbm::applyImpulse(c, j);
    for (int i = 0; i < 3; ++i) {
      ASSERT_EQ(wall.P[i], 0.0) << "RBII §8, end: a fixed body's P stays exactly 0, case " << k;
      ASSERT_EQ(wall.L[i], 0.0) << "RBII §8, end: a fixed body's L stays exactly 0, case " << k;
      ASSERT_EQ(wall.v[i], wall0.v[i]) << "a fixed body's v stays bit for bit, case " << k;
      ASSERT_EQ(wall.omega[i], wall0.omega[i]) << "a fixed body's omega stays, case " << k;
      ASSERT_EQ(wall.x[i], wall0.x[i]) << "a fixed body stays where it is, case " << k;
    }
    ASSERT_NEAR(vrelOracle(c), -eps * (-(K1 * j) / (1 + eps)), 1e-12 * std::max(1.0, j))
        << "RBII §8 (8-10): the moving body alone takes the whole impulse, case " << k;
  }
}

}  // namespace
