// Chapter 07 tests, part 2: kinematics (RBI §2.3, §2.5, §4; App. B, C):
// point velocity and acceleration, R-dot and q-dot by finite differences, the
// quaternion <-> matrix conversions on every branch, and omega-dot (C-10).
#include <gtest/gtest.h>

#include <random>

#include "07_rigid_bodies_test.h"

namespace {

using namespace ch07_test;

// exp(t omega*) R0: the exact rotation for a constant omega (RBI §2.3).
Matrix3d spun(const Vector3d& omega, double t, const Matrix3d& R0) {
  return Eigen::AngleAxisd(omega.norm() * t, omega.normalized()).toRotationMatrix() * R0;
}

// A B1 body with orientation R0 and world angular velocity omega.
RigidBody spinning(const Quaterniond& q0, const Vector3d& omega) {
  RigidBody b = b1();
  const Matrix3d R0 = q0.toRotationMatrix();
  orient(b, q0, R0.transpose() * omega);
  return b;
}

// --- claim 5: the velocity and acceleration of a body point (RBI §2.5 (2-17); App. C (C-12))

TEST(Ch07Kinematics, PointVelocityMatchesCentralDifferenceOfThePath) {
  const Vector3d omega(0.4, -1.3, 0.8), x0(1, 2, 3), v(0.5, 0, -1), p0(0.3, -0.7, 1.1);
  const Quaterniond q0 = axisAngle(0.9, Vector3d(1, 1, 0));
  RigidBody b = spinning(q0, omega);
  b.x = x0;
  b.P = b.mass * v;
  pbm::computeAuxiliary(b);
  auto path = [&](double t) { return Vector3d(spun(omega, t, b.R) * p0 + x0 + v * t); };
  const double h = 1e-5;
  const Vector3d fd = (path(h) - path(-h)) / (2 * h);
  EXPECT_VEC_NEAR(pbm::pointVelocity(b, path(0)), fd, 1e-8)
      << "RBI §2.5 (2-17): p-dot = v + omega x (p - x), against a central difference";
}

// The trajectory of claims 5 and 14: B1 under a force and a time-varying couple.
struct Trajectory {
  pbm::RigidWorld world;
  Trajectory() {
    RigidBody b = b1();
    b.q = axisAngle(0.7, Vector3d(1, -1, 2));
    b.L = Vector3d(3, -2, 5);
    b.P = Vector3d(1, 0, 2);
    world.add(b);
    world.addForce(wrench(Vector3d(0, 1, -9.81 * 6),
                          [](double t) { return Vector3d(0.3 * std::sin(t), 0.2, -0.1 * t); }));
  }
  RigidBody& body() { return world.bodies.front(); }
};

TEST(Ch07Kinematics, PointAccelerationMatchesSecondDifference) {
  Trajectory tr;
  const Vector3d p0(0.5, -1, 1.5);
  const double h = 1e-4;
  auto point = [&] { return Vector3d(tr.body().R * p0 + tr.body().x); };
  const Vector3d before = point();
  pbm::stepWorld(tr.world, rigidMethod("rk4"), h);
  const Vector3d middle = point();
  VectorXd ydot;
  tr.world.derivEval(ydot);  // the force and torque at the middle state
  const Vector3d got = pbm::pointAcceleration(tr.body(), middle);
  pbm::stepWorld(tr.world, rigidMethod("rk4"), h);
  const Vector3d fd = (point() - 2 * middle + before) / (h * h);
  EXPECT_VEC_NEAR(got, fd, 1e-6 * fd.norm())
      << "RBI App. C (C-12): omega-dot x r + omega x (omega x r) + v-dot";
}

// --- claim 14: angular acceleration (RBI App. C (C-10)) and Euler's equations

TEST(Ch07AngularAcceleration, MatchesCentralDifferenceOfOmega) {
  Trajectory tr;
  const double h = 1e-4;
  const Vector3d w0 = tr.body().omega;
  pbm::stepWorld(tr.world, rigidMethod("rk4"), h);
  VectorXd ydot;
  tr.world.derivEval(ydot);  // the torque at the middle state
  const Vector3d got = pbm::angularAcceleration(tr.body());
  pbm::stepWorld(tr.world, rigidMethod("rk4"), h);
  const Vector3d fd = (tr.body().omega - w0) / (2 * h);
  EXPECT_VEC_NEAR(got, fd, 1e-6)
      << "RBI App. C (C-10): omega-dot = I^-1 (L x omega + tau); without L x omega it is "
         "off by about 0.8";
}

TEST(Ch07AngularAcceleration, EqualsEulersEquationsInTheBodyFrame) {
  RigidBody b = spinning(axisAngle(1.1, Vector3d(-1, 2, 0.5)), Vector3d(0.7, -0.4, 1.9));
  b.torque = Vector3d(0.3, -1.2, 0.5);
  const Matrix3d& R = b.R;
  const Vector3d wb = R.transpose() * b.omega, tb = R.transpose() * b.torque;
  const Vector3d Ib = b.Ibody.diagonal();
  // I_b omega_b-dot = tau_b - omega_b x (I_b omega_b): independent of (C-10).
  const Vector3d wbdot = (tb - wb.cross(Ib.cwiseProduct(wb))).cwiseQuotient(Ib);
  EXPECT_VEC_NEAR(pbm::angularAcceleration(b), Vector3d(R * wbdot), 1e-13)
      << "RBI App. C (C-10) = Euler's equations in the body frame";
  b.torque.setZero();
  const Vector3d wbdot0 = (-wb.cross(Ib.cwiseProduct(wb))).cwiseQuotient(Ib);
  EXPECT_GT(wbdot0.norm(), 0.1);
  EXPECT_VEC_NEAR(pbm::angularAcceleration(b), Vector3d(R * wbdot0), 1e-13)
      << "RBI App. C (C-10): omega-dot is not 0 without a torque when L is not parallel to "
         "omega";
}

// --- claim 6: R-dot = omega* R and q-dot = 1/2 [0, omega] q (RBI §2.3 (2-12), §4 (4-2), App. B)

TEST(Ch07Kinematics, RdotAndQdotMatchCentralDifferences) {
  const Vector3d omega(0.4, -1.3, 0.8);
  const Quaterniond q0 = axisAngle(0.9, Vector3d(1, 1, 0));
  const Matrix3d R0 = q0.toRotationMatrix();
  const double h = 1e-5;
  const Matrix3d Rfd = (spun(omega, h, R0) - spun(omega, -h, R0)) / (2 * h);
  EXPECT_VEC_NEAR(Matrix3d(pbm::star(omega) * R0), Rfd, 1e-8)
      << "RBI §2.3 (2-12): R-dot = omega* R";

  // q(t) = [cos(|w| t/2), sin(|w| t/2) w-hat] q0 (App. B).
  auto q = [&](double t) {
    const double a = 0.5 * omega.norm() * t;
    const Vector3d u = std::sin(a) * omega.normalized();
    return Quaterniond(Quaterniond(std::cos(a), u.x(), u.y(), u.z()) * q0);
  };
  const Eigen::Vector4d qfd = (q(h).coeffs() - q(-h).coeffs()) / (2 * h);  // x, y, z, w
  RigidBody b = spinning(q0, omega);
  ASSERT_VEC_NEAR(b.omega, omega, 1e-14) << "RBI (2-42): omega = I^-1 L";
  VectorXd ydot(13);
  pbm::ddtStateToArray(b, ydot);
  EXPECT_VEC_NEAR(Eigen::Vector4d(ydot.segment<4>(3)),
                  Eigen::Vector4d(qfd[3], qfd[0], qfd[1], qfd[2]), 1e-8)
      << "RBI §4 (4-2): q-dot = 1/2 [0, omega] q, stored as w, x, y, z";
  for (double t : {0.0, 0.5, 1.7, 3.2, 5.0})
    EXPECT_VEC_NEAR(pbm::quaternionToMatrix(q(t)), spun(omega, t, R0), 1e-14)
        << "RBI §4: R(q(t)) = exp(t omega*) R0 at t = " << t;
}

TEST(Ch07Kinematics, QdotIsPerpendicularToQ) {
  std::mt19937 rng(11);
  std::normal_distribution<double> n(0.0, 1.0);
  for (int i = 0; i < 200; ++i) {
    RigidBody b = b1();
    b.q = Quaterniond(n(rng), n(rng), n(rng), n(rng));  // not unit: q-dot . q = 0 still
    b.L = Vector3d(n(rng), n(rng), n(rng));
    pbm::computeAuxiliary(b);
    VectorXd ydot(13);
    pbm::ddtStateToArray(b, ydot);
    const Eigen::Vector4d q(b.q.w(), b.q.x(), b.q.y(), b.q.z());
    ASSERT_GT(ydot.segment<4>(3).norm(), 0.0) << "RBI §4 (4-2)";
    ASSERT_NEAR(q.dot(ydot.segment<4>(3)), 0.0, 1e-15 * q.squaredNorm() * b.omega.norm())
        << "RBI App. B: q . q-dot = 0, so the exact flow keeps |q|";
  }
}

// --- claim 7: quaternion <-> matrix (RBI §4: quaternion_to_matrix, matrix_to_quaternion)

// a and b are the same rotation: a = +-b.
::testing::AssertionResult sameUpToSign(const Quaterniond& a, const Quaterniond& b, double tol) {
  const double d = std::min((a.coeffs() - b.coeffs()).norm(), (a.coeffs() + b.coeffs()).norm());
  if (d <= tol) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << "expected +-(w, x, y, z) = (" << b.w() << ", " << b.x() << ", " << b.y() << ", "
         << b.z() << ")\n     got (" << a.w() << ", " << a.x() << ", " << a.y() << ", " << a.z()
         << "), distance " << d;
}

TEST(Ch07Quaternion, ToMatrixIsRodriguesAndAHomomorphism) {
  std::mt19937 rng(3);
  std::normal_distribution<double> n(0.0, 1.0);
  for (int i = 0; i < 500; ++i) {
    const Vector3d u = Vector3d(n(rng), n(rng), n(rng)).normalized();
    const double theta = 3.0 * n(rng);
    const Quaterniond q = axisAngle(theta, u);
    ASSERT_VEC_NEAR(pbm::quaternionToMatrix(q),
                    Matrix3d(Eigen::AngleAxisd(theta, u).toRotationMatrix()), 1e-14)
        << "RBI §4: q = [cos(theta/2), sin(theta/2) u] is the rotation by theta about u";
    const Quaterniond p = Quaterniond(n(rng), n(rng), n(rng), n(rng)).normalized();
    ASSERT_VEC_NEAR(pbm::quaternionToMatrix(q * p),
                    Matrix3d(pbm::quaternionToMatrix(q) * pbm::quaternionToMatrix(p)), 1e-14)
        << "RBI §4 (4-1): R(q1 q2) = R(q1) R(q2)";
    ASSERT_VEC_NEAR(pbm::quaternionToMatrix(Quaterniond(-p.coeffs())), pbm::quaternionToMatrix(p),
                    1e-15)
        << "RBI §4: q and -q are the same rotation";
    ASSERT_VEC_NEAR(pbm::quaternionToMatrix(p), p.toRotationMatrix(), 1e-14)
        << "RBI §4: the notes' matrix equals Eigen's";
  }
}

TEST(Ch07Quaternion, FromMatrixOnEveryBranch) {
  // (rotation, the branch the notes' code takes): tr >= 0, then the largest diagonal entry.
  const std::vector<Quaterniond> cases = {
      axisAngle(0.5, Vector3d(1, 2, 3)),                        // tr >= 0
      axisAngle(170.0 * kPi / 180.0, Vector3d::UnitX()),        // i = 0
      axisAngle(170.0 * kPi / 180.0, Vector3d::UnitY()),        // i = 1
      axisAngle(170.0 * kPi / 180.0, Vector3d::UnitZ()),        // i = 2
      axisAngle(kPi, Vector3d(1, 0.1, 0.1)),                    // i = 0, s = 0
      axisAngle(kPi, Vector3d(0.2, 1, 0.1)),                    // i = 1, s = 0
      axisAngle(kPi, Vector3d(0.1, 0.2, 1)),                    // i = 2, s = 0
      axisAngle(-170.0 * kPi / 180.0, Vector3d(0.1, -0.3, 1)),  // i = 2
  };
  for (const auto& q : cases) {
    const Matrix3d R = q.toRotationMatrix();  // Eigen's: the oracle
    EXPECT_TRUE(sameUpToSign(pbm::matrixToQuaternion(R), q, 1e-12))
        << "RBI §4 matrix_to_quaternion, trace " << R.trace() << ", diagonal "
        << R.diagonal().transpose() << " (write R(i, j): the notes' R[i,j] is the comma operator)";
  }
}

// The else-branch picks the largest diagonal entry; a rule that compares the
// wrong pair (say m(2,2) > m(0,0) instead of > m(n,n)) is right almost
// everywhere and wrong only near a switch: a rotation by more than 2 pi/3
// (tr < 0) about an axis a hair off a coordinate axis, where the two other
// diagonal entries nearly tie and the wrong branch divides by s ~ 1e-8. Random
// rotations never land there, so every branch is visited at its switch.
TEST(Ch07Quaternion, FromMatrixOnEveryBranchNearItsSwitch) {
  const double angles[] = {2.0 * kPi / 3.0 + 1e-9, 2.2, 2.6, 3.0, kPi - 1e-9, kPi};
  const double tilts[] = {0.0, 1e-12, -1e-12, 1e-8, -1e-8, 1e-4, -1e-4};
  int checked = 0;
  for (int n = 0; n < 3; ++n) {          // the axis the rotation is (nearly) about
    for (int off = 1; off < 3; ++off) {  // the neighbour the axis leans toward
      for (double tilt : tilts) {
        for (double theta : angles) {
          Vector3d u = Vector3d::Zero();
          u[n] = 1.0;
          u[(n + off) % 3] = tilt;
          u.normalize();
          // The closed form q = [cos(theta/2), sin(theta/2) u] (RBI §4), not Eigen's.
          const Quaterniond q(std::cos(0.5 * theta), std::sin(0.5 * theta) * u.x(),
                              std::sin(0.5 * theta) * u.y(), std::sin(0.5 * theta) * u.z());
          const Matrix3d R = Eigen::AngleAxisd(theta, u).toRotationMatrix();
          const Quaterniond got = pbm::matrixToQuaternion(R);
          ++checked;
          ASSERT_NEAR(got.norm(), 1.0, 1e-12)
              << "RBI §4 matrix_to_quaternion: |q| = 1 for a rotation; axis " << u.transpose()
              << ", theta " << theta << ", diagonal " << R.diagonal().transpose()
              << ": branch on the LARGEST diagonal entry (compare with m(i, i) of the best "
                 "so far, not with m(0, 0))";
          ASSERT_TRUE(sameUpToSign(got, q, 1e-12))
              << "RBI §4 matrix_to_quaternion near the switch of branch " << n << ": axis "
              << u.transpose() << ", theta " << theta << ", diagonal " << R.diagonal().transpose();
          ASSERT_VEC_NEAR(Matrix3d(Eigen::Quaterniond(got).toRotationMatrix()), R, 1e-12)
              << "RBI §4: the quaternion must give back the same rotation matrix; axis "
              << u.transpose() << ", theta " << theta;
        }
      }
    }
  }
  // Ties between two or three diagonal entries: any largest one is right.
  const Vector3d tied[] = {Vector3d(1, 1, 0), Vector3d(0, 1, 1),  Vector3d(1, 0, 1),
                           Vector3d(1, 1, 1), Vector3d(1, -1, 0), Vector3d(-1, 1, 1)};
  for (const Vector3d& axis : tied) {
    for (double theta : angles) {
      const Vector3d u = axis.normalized();
      const Quaterniond q(std::cos(0.5 * theta), std::sin(0.5 * theta) * u.x(),
                          std::sin(0.5 * theta) * u.y(), std::sin(0.5 * theta) * u.z());
      const Matrix3d R = Eigen::AngleAxisd(theta, u).toRotationMatrix();
      ++checked;
      EXPECT_TRUE(sameUpToSign(pbm::matrixToQuaternion(R), q, 1e-12))
          << "RBI §4 matrix_to_quaternion with tied diagonal entries " << R.diagonal().transpose()
          << " (axis " << u.transpose() << ", theta " << theta << ")";
    }
  }
  EXPECT_EQ(checked, 3 * 2 * 7 * 6 + 6 * 6);
}

TEST(Ch07Quaternion, FromMatrixRoundTripsTenThousandRandomRotations) {
  std::mt19937 rng(5);
  std::normal_distribution<double> n(0.0, 1.0);
  for (int i = 0; i < 10000; ++i) {
    const Quaterniond q = Quaterniond(n(rng), n(rng), n(rng), n(rng)).normalized();
    ASSERT_TRUE(sameUpToSign(pbm::matrixToQuaternion(q.toRotationMatrix()), q, 1e-12))
        << "RBI §4 matrix_to_quaternion, case " << i;
  }
}

}  // namespace
