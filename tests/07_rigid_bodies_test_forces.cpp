// Chapter 07 tests, part 3: the state array and its derivative (RBI §3, §4),
// forces and torques and the worked examples of RBI §5.2-§5.5: the uniform
// field, rotation-free and translation-free movement, force vs torque.
#include <gtest/gtest.h>

#include <cstring>
#include <utility>

#include "07_rigid_bodies_test.h"

namespace {

using namespace ch07_test;

// --- claim 8: the state layout and its derivative (RBI §3, §4: STATE_SIZE 13)

TEST(Ch07StateLayout, StateToArrayWritesXQwxyzPL) {
  RigidBody b = b1();
  b.x = Vector3d(1, 2, 3);
  b.q = Quaterniond(0.1, 0.2, 0.3, 0.4);  // w, x, y, z; |q| != 1 is kept
  b.P = Vector3d(5, 6, 7);
  b.L = Vector3d(8, 9, 10);
  VectorXd y = VectorXd::Constant(13, -1.0);
  pbm::stateToArray(b, y);
  VectorXd want(13);
  want << 1, 2, 3, 0.1, 0.2, 0.3, 0.4, 5, 6, 7, 8, 9, 10;
  EXPECT_VEC_NEAR(y, want, 0.0)
      << "RBI §4 State_to_Array: [x | q.w, q.x, q.y, q.z | P | L] (Eigen's coeffs() is x, y, "
         "z, w)";
}

TEST(Ch07StateLayout, SetThenGetIsTheIdentityBitwise) {
  pbm::RigidWorld w;
  w.add(b1());
  w.add(b2());
  ASSERT_EQ(w.dim(), 26) << "RBI §4: 13 numbers per body";
  VectorXd y(26);
  for (int i = 0; i < 26; ++i) y[i] = std::sin(1.0 + 3.7 * i) * (1 + i);
  // Neither q has |q| = 1; nothing may normalise it in setState.
  w.setState(y, 0.25);
  VectorXd back;
  double t = 0;
  w.getState(back, t);
  ASSERT_EQ(back.size(), 26);
  EXPECT_EQ(t, 0.25);
  EXPECT_EQ(std::memcmp(back.data(), y.data(), sizeof(double) * 26), 0)
      << "RBI §3 Array_to_State then State_to_Array must give back the same bits (q stored as "
         "given: a normalisation here changes the Runge-Kutta stages)\n  expected "
      << y.transpose() << "\n       got " << back.transpose();
  // The auxiliaries come from the new state (2-42): R from q / |q|.
  const Quaterniond q1(y[3], y[4], y[5], y[6]);
  EXPECT_VEC_NEAR(w.bodies[0].R, Matrix3d(q1.normalized().toRotationMatrix()), 1e-14)
      << "RBI §4: Array_to_State computes R = R(q/|q|)";
}

// A body of B2 with the hand state of the claim and a constant force and torque.
pbm::RigidWorld handWorld(const Quaterniond& q, const Vector3d& L) {
  pbm::RigidWorld w;
  RigidBody b = b2();
  b.x = Vector3d(1, 2, 3);
  b.q = q;
  b.P = Vector3d(12, 0, 0);
  b.L = L;
  w.add(b);
  w.addForce(wrench(Vector3d(0, 0, -117.72), [](double) { return Vector3d(1, 2, 3); }));
  return w;
}

TEST(Ch07StateLayout, HandDerivative) {
  pbm::RigidWorld w = handWorld(Quaterniond(1, 0, 0, 0), Vector3d(0, 0, 40));
  VectorXd ydot;
  w.derivEval(ydot);
  VectorXd want(13);
  want << 1, 0, 0, 0, 0, 0, 0.5, 0, 0, -117.72, 1, 2, 3;
  EXPECT_VEC_NEAR(ydot, want, 1e-14)
      << "RBI (2-43), (4-2): ydot = [v = P/M | 1/2 [0, omega] q | F | tau], omega = I^-1 L";

  const double c = std::sqrt(0.5);
  pbm::RigidWorld turned = handWorld(Quaterniond(c, 0, 0, c), Vector3d(52, 20, 40));
  turned.derivEval(ydot);
  EXPECT_VEC_NEAR(turned.bodies[0].omega, Vector3d(1, 1, 1), 1e-14) << "RBI (2-42)";
  EXPECT_VEC_NEAR(Eigen::Vector4d(ydot.segment<4>(3)), Eigen::Vector4d(-c / 2, c, 0, c / 2), 1e-14)
      << "RBI §4 (4-1), (4-2): 1/2 [0, (1,1,1)] [c, (0,0,c)] with c = sqrt(1/2)";
}

TEST(Ch07StateLayout, SecondBodyAtOffsetThirteen) {
  pbm::RigidWorld w;
  RigidBody first = b1();
  first.x = Vector3d(-5, -5, -5);
  w.add(first);
  RigidBody b = b2();
  b.x = Vector3d(1, 2, 3);
  b.P = Vector3d(12, 0, 0);
  b.L = Vector3d(0, 0, 40);
  w.add(b);
  w.addForce(std::make_unique<pbm::RigidGravity>(Vector3d(0, 0, -9.81)));
  VectorXd y, ydot;
  double t = 0;
  w.getState(y, t);
  VectorXd want(13);
  want << 1, 2, 3, 1, 0, 0, 0, 12, 0, 0, 0, 0, 40;
  EXPECT_VEC_NEAR(VectorXd(y.segment(13, 13)), want, 0.0) << "RBI §3 Bodies_to_Array: body 1 at 13";
  w.derivEval(ydot);
  want << 1, 0, 0, 0, 0, 0, 0.5, 0, 0, -117.72, 0, 0, 0;
  EXPECT_VEC_NEAR(VectorXd(ydot.segment(13, 13)), want, 1e-13) << "RBI §3 dydt: body 1 at 13";
}

TEST(Ch07StateLayout, ZeroQuaternionIsASolverFailure) {
  RigidBody b = b1();
  b.q = Quaterniond(0, 0, 0, 0);
  EXPECT_THROW(pbm::computeAuxiliary(b), pbm::SolverFailure)
      << "RBI §4: a zero quaternion is no rotation";
}

// --- claim 9: a uniform force field (RBI §5.2 (5-4), (5-5))

pbm::RigidWorld toss(bool gravity) {
  pbm::RigidWorld w;
  RigidBody b = b1();
  b.P = 6.0 * Vector3d(1, 0, 5);
  b.L = b.Ibody * Vector3d(1, 0.5, 2);
  w.add(b);
  if (gravity) w.addForce(std::make_unique<pbm::RigidGravity>(Vector3d(0, 0, -9.81)));
  return w;
}

TEST(Ch07GravityToss, ParabolaExactAndSpinUntouched) {
  pbm::RigidWorld w = toss(true), free = toss(false);
  run(w, rigidMethod("rk4"), 0.01, 200);
  run(free, rigidMethod("rk4"), 0.01, 200);
  const RigidBody &b = w.bodies[0], &f = free.bodies[0];
  // x = v0 t + g t^2 / 2 at t = 2: RK4 integrates the quadratic exactly.
  EXPECT_VEC_NEAR(b.x, Vector3d(2, 0, -9.62), 1e-11) << "RBI §5.2 (5-4): a = M g / M = g";
  EXPECT_VEC_NEAR(b.P, Vector3d(6, 0, -87.72), 1e-11) << "RBI §5.2: P-dot = M g";
  for (int i = 0; i < 4; ++i)
    EXPECT_EQ(b.q.coeffs()[i], f.q.coeffs()[i]) << "RBI §5.2 (5-5): gravity exerts no torque";
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ(b.L[i], f.L[i]) << "RBI §5.2 (5-5): gravity never changes L";
}

// --- claim 10: rotation-free movement (RBI §5.3)

TEST(Ch07RotationFree, TwoEqualForcesAwayFromTheOriginGiveNoTorque) {
  pbm::RigidWorld w;
  RigidBody b = b2();
  b.x = Vector3d(5, -2, 1);  // off the origin: a torque about the origin would show
  w.add(b);
  w.addForce(std::make_unique<pbm::PointForce>(0, Vector3d(-3, 0, -2), Vector3d(0, 0, 6)));
  w.addForce(std::make_unique<pbm::PointForce>(0, Vector3d(3, 0, -2), Vector3d(0, 0, 6)));

  RigidBody one = w.bodies[0];
  pbm::clearForces(one);
  pbm::addForceAtBodyPoint(one, Vector3d(0, 0, 6), Vector3d(-3, 0, -2));
  EXPECT_VEC_NEAR(one.torque, Vector3d(0, 18, 0), 1e-14)
      << "RBI §5.3 (2-21): ((-3,0,-2)) x (0,0,f) about the centre of mass";

  VectorXd ydot;
  w.derivEval(ydot);
  EXPECT_VEC_NEAR(w.bodies[0].force, Vector3d(0, 0, 12), 0.0) << "RBI §5.3: F = (0, 0, 2f)";
  EXPECT_VEC_NEAR(w.bodies[0].torque, Vector3d::Zero(), 0.0)
      << "RBI §5.3: the torques (0, 3f, 0) and (0, -3f, 0) cancel";

  run(w, rigidMethod("rk4"), 0.01, 200);
  const RigidBody& e = w.bodies[0];
  EXPECT_VEC_NEAR(e.x, Vector3d(5, -2, 3), 1e-12) << "RBI §5.3: a = 2f/M = 1 m/s^2 along z";
  EXPECT_VEC_NEAR(e.P, Vector3d(0, 0, 24), 1e-12) << "RBI §5.3";
  EXPECT_VEC_NEAR(e.L, Vector3d::Zero(), 1e-12)
      << "RBI §5.3 (2-21): torque is (p - x) x F; p x F would spin the block";
  EXPECT_VEC_NEAR(Eigen::Vector4d(e.q.coeffs()), Eigen::Vector4d(0, 0, 0, 1), 1e-12)
      << "RBI §5.3: no rotation";
}

// --- claim 11: translation-free movement (RBI §5.4)

// B2 at rest under the couple F1 = (0,0,f) at (-3,0,-2), F2 = -F1 at (3,0,2).
pbm::RigidWorld couple(double f, pbm::ForceFrame frame) {
  pbm::RigidWorld w;
  w.add(b2());
  w.addForce(std::make_unique<pbm::PointForce>(0, Vector3d(-3, 0, -2), Vector3d(0, 0, f), frame));
  w.addForce(std::make_unique<pbm::PointForce>(0, Vector3d(3, 0, 2), Vector3d(0, 0, -f), frame));
  return w;
}
double thetaY(const RigidBody& b) {
  return 2.0 * std::atan2(b.q.y(), b.q.w());
}

TEST(Ch07TranslationFree, CoupleGivesTorqueSixFAndNoForce) {
  pbm::RigidWorld w = couple(13.0, pbm::ForceFrame::World);
  VectorXd ydot;
  w.derivEval(ydot);
  EXPECT_VEC_NEAR(w.bodies[0].force, Vector3d::Zero(), 0.0) << "RBI §5.4: F1 + F2 = 0";
  EXPECT_VEC_NEAR(w.bodies[0].torque, Vector3d(0, 78, 0), 1e-13) << "RBI §5.4 (5-6): (0, 6f, 0)";
}

TEST(Ch07TranslationFree, BodyFixedCoupleTurnsThreeRadiansWithOrderFour) {
  // theta = 3 f t^2 / I_yy: with f = 13, I_yy = 52, theta(2 s) = 3.
  double err[4];
  const double hs[4] = {0.1, 0.05, 0.025, 0.0125};
  for (int k = 0; k < 4; ++k) {
    pbm::RigidWorld w = couple(13.0, pbm::ForceFrame::Body);
    run(w, rigidMethod("rk4"), hs[k], static_cast<int>(std::lround(2.0 / hs[k])));
    const RigidBody& b = w.bodies[0];
    err[k] = std::abs(thetaY(b) - 3.0);
    EXPECT_VEC_NEAR(b.L, Vector3d(0, 156, 0), 1e-12 * 156)
        << "RBI §5.4: the body-fixed couple keeps tau = (0, 6f, 0), so L = tau t";
    EXPECT_VEC_NEAR(b.x, Vector3d::Zero(), 1e-12) << "RBI §5.4: no translation";
  }
  EXPECT_LT(err[3], 2e-9) << "RBI §5.4: theta(2) = 3 rad at h = 0.0125";
  for (int k = 0; k < 3; ++k) {
    const double order = std::log2(err[k] / err[k + 1]);
    EXPECT_GE(order, 3.7) << "RBI §5.4 with DEB §2.2: RK4's order 4, h = " << hs[k + 1];
    EXPECT_LE(order, 4.3) << "RBI §5.4 with DEB §2.2: RK4's order 4, h = " << hs[k + 1];
  }
}

TEST(Ch07TranslationFree, WorldFixedCoupleIsAPendulum) {
  // World-fixed directions: I_yy theta'' = f (6 cos theta + 4 sin theta),
  // whose solution from rest has theta(2) = 2.9690081045373.
  pbm::RigidWorld w = couple(13.0, pbm::ForceFrame::World);
  run(w, rigidMethod("rk4"), 1e-3, 2000);
  EXPECT_NEAR(thetaY(w.bodies[0]), 2.9690081045373, 1e-9)
      << "RBI §5.4: a couple fixed in the world is not the body-fixed one (theta would be 3)";
  EXPECT_VEC_NEAR(w.bodies[0].x, Vector3d::Zero(), 1e-12) << "RBI §5.4: no translation";
}

// --- claim 12: force vs torque (RBI §5.5)

// B3 at rest, F constant in the world at the body point r0 for n steps of h.
RigidBody pushed(RigidBody b, const Vector3d& r0, const Vector3d& F, double h, int n) {
  pbm::RigidWorld w;
  w.add(b);
  w.addForce(std::make_unique<pbm::PointForce>(0, r0, F));
  run(w, rigidMethod("rk4"), h, n);
  return w.bodies[0];
}

TEST(Ch07ForceVsTorque, SameVelocityMoreEnergyEqualToWorkAlongThePath) {
  const Vector3d F(0, 1, 0), r0(1, 0, 0);
  const RigidBody a = pushed(b3(), Vector3d::Zero(), F, 1e-3, 1000);
  const RigidBody b = pushed(b3(), r0, F, 1e-3, 1000);
  EXPECT_VEC_NEAR(a.v, Vector3d(0, 1, 0), 1e-12) << "RBI §5.5: v = F T / M";
  EXPECT_VEC_NEAR(b.v, a.v, 1e-12) << "RBI §5.5: the same v wherever the force acts";
  const double keA = pbm::kineticEnergy(a), keB = pbm::kineticEnergy(b);
  EXPECT_NEAR(keA, 0.5, 1e-12) << "RBI §5.5: KE_A = |F|^2 T^2 / (2M)";
  EXPECT_NEAR(keB - keA, F.dot(b.R * r0 - r0), 1e-9)
      << "RBI §5.5: the extra energy is the work F . (R r0 - r0) along the longer path";
  EXPECT_NEAR(keB, 1.48308305231, 1e-9 * 1.5) << "RBI §5.5: KE_B at T = 1 s";
  // A short push and the notes' 10 s (KE_A = T^2 / 2).
  for (auto [n, want] : {std::pair{100, 0.0198508300194}, std::pair{10000, 50.7400219211}}) {
    const RigidBody end = pushed(b3(), r0, F, 1e-3, n);
    EXPECT_NEAR(pbm::kineticEnergy(end), want, 1e-9 * want)
        << "RBI §5.5: KE_B after a push of " << n * 1e-3 << " s";
  }

  // Any body, point and constant force.
  RigidBody c = b1();
  orient(c, axisAngle(0.8, Vector3d(2, -1, 1)));
  const Vector3d G(0.3, -0.7, 0.5), s0(0.4, -0.8, 1.1);
  const RigidBody cA = pushed(c, Vector3d::Zero(), G, 1e-3, 1000);
  const RigidBody cB = pushed(c, s0, G, 1e-3, 1000);
  EXPECT_NEAR(pbm::kineticEnergy(cB) - pbm::kineticEnergy(cA), G.dot(cB.R * s0 - c.R * s0), 1e-9)
      << "RBI §5.5: KE_B - KE_A = F . (p(T) - p(0)) - F . (x(T) - x(0))";
}

TEST(Ch07ForceVsTorque, PlankSwingsLikeAPendulumWithPeriodFourKOverOmega0) {
  // I_zz theta'' = a f cos(theta): a pendulum of amplitude pi/2 about pi/2,
  // omega0 = sqrt(a f / I_zz), period T_p = 4 K(1/sqrt 2) / omega0.
  const RigidBody start = b3();
  const double Izz = start.Ibody(2, 2);
  const double omega0 = std::sqrt(1.0 / Izz);
  const double Tp = 4.0 * ellipticK(1.0 / std::sqrt(2.0)) / omega0;
  ASSERT_NEAR(Tp, 4.3031578099, 1e-9);
  const Vector3d F(0, 1, 0), r0(1, 0, 0);
  const RigidBody half = pushed(start, r0, F, Tp / 4000, 2000);
  const RigidBody full = pushed(start, r0, F, Tp / 4000, 4000);
  EXPECT_VEC_NEAR(Vector3d(half.R * r0), Vector3d(-1, 0, 0), 1e-8)
      << "RBI §5.5: at T_p / 2 the plank has swung to theta = pi";
  EXPECT_VEC_NEAR(half.omega, Vector3d::Zero(), 1e-8) << "RBI §5.5: and stopped turning";
  EXPECT_VEC_NEAR(Vector3d(full.R * r0), r0, 1e-8) << "RBI §5.5: at T_p it is back at theta = 0";
  EXPECT_VEC_NEAR(full.omega, Vector3d::Zero(), 1e-8) << "RBI §5.5";
  // The first integral 1/2 I_zz omega_z^2 = a f sin(theta) at T_p / 4.
  const RigidBody quarter = pushed(start, r0, F, Tp / 4000, 1000);
  const double theta = std::atan2(quarter.R(1, 0), quarter.R(0, 0));
  EXPECT_NEAR(0.5 * Izz * quarter.omega.z() * quarter.omega.z(), std::sin(theta), 1e-9)
      << "RBI §5.5: the rotational energy is the work a f sin(theta) of the turning push";
}

}  // namespace

// --- the chapter's force objects (RBI §2.5, §2.7): through the student's force functions

TEST(Ch07ForceObjects, AnchorSpringPullsTheBodyPointAndDampsItsVelocity) {
  pbm::RigidWorld w;
  RigidBody b = b2();
  b.x = Vector3d(1, 0, 0);
  w.add(b);
  auto* spring = w.addForce(
      std::make_unique<pbm::AnchorSpring>(0, Vector3d(3, 0, 0), Vector3d(4, 1, 0), 2.0, 0.5));
  VectorXd y, ydot;
  double t = 0;
  w.getState(y, t);
  w.derivEval(ydot);
  // The point is at (4, 0, 0), d = (0, 1, 0): ks |d| along d, at rest no damping.
  EXPECT_VEC_NEAR(w.bodies[0].force, Vector3d(0, 2, 0), 1e-14) << "RBI §2.7: ks d";
  EXPECT_VEC_NEAR(w.bodies[0].torque, Vector3d(0, 0, 6), 1e-14)
      << "RBI §2.7 (2-21): (p - x) x F = (3, 0, 0) x (0, 2, 0)";
  // Moving at v = (0, 3, 0): the point's velocity along d is 3 (2-17), damped by kd.
  y.segment<3>(7) = 12.0 * Vector3d(0, 3, 0);
  w.setState(y, 0.0);
  w.derivEval(ydot);
  EXPECT_VEC_NEAR(w.bodies[0].force, Vector3d(0, 2 - 0.5 * 3, 0), 1e-14)
      << "RBI §2.5: ks |d| - kd (p-dot . d-hat)";
  spring->body = -1;  // an idle mouse spring
  w.derivEval(ydot);
  EXPECT_VEC_NEAR(w.bodies[0].force, Vector3d::Zero(), 0.0) << "an idle spring adds nothing";
}

TEST(Ch07ForceObjects, PushActsOnlyInItsTimeWindow) {
  pbm::RigidWorld w;
  w.add(b2());
  auto* push =
      w.addForce(std::make_unique<pbm::PointForce>(0, Vector3d(3, 0, 0), Vector3d(0, 5, 0)));
  push->tStart = 1.0;
  push->tEnd = 2.0;
  VectorXd y, ydot;
  double t = 0;
  w.getState(y, t);
  for (double at : {0.5, 1.0, 1.5, 2.0, 2.5}) {
    w.setState(y, at);
    w.derivEval(ydot);
    const bool on = at >= 1.0 && at < 2.0;
    EXPECT_VEC_NEAR(Vector3d(ydot.segment<3>(7)), Vector3d(0, on ? 5 : 0, 0), 0.0)
        << "RBI §2.7: P-dot = F while tStart <= t < tEnd, at t = " << at;
    EXPECT_VEC_NEAR(Vector3d(ydot.segment<3>(10)), Vector3d(0, 0, on ? 15 : 0), 1e-14)
        << "RBI §2.7: L-dot = (p - x) x F, at t = " << at;
  }
}
