// Chapter 04 tests, part: the damped spring of PSD §4.2 eq. (1) (worked
// values, equal and opposite along the line, the degenerate cases) and the
// energy-function forces of PSD §4.2 (the behaviour force, its Jacobian
// transpose, the gradient of the energy, the damping power).
#include "04_mass_spring_test.h"

namespace {

using namespace ch04_test;

// ---------------------------------------------------------------- PSD §4.2: the damped spring

// PSD §4.2 eq. (1): worked values with xb = 0, r = 0.5, ks = 10, kd = 2.
TEST(Ch04DampedSpring, WorkedValuesOfEquationOne) {
  struct Row {
    const char* name;
    Vector2d xa, va, fa;
  };
  const Row rows[] = {{"pure spring", {1, 0}, {0, 0}, {-5, 0}},
                      {"damping adds 2", {1, 0}, {1, 0}, {-7, 0}},
                      {"perpendicular velocity: no damping", {1, 0}, {0, 1}, {-5, 0}},
                      {"compressed: repels", {0.25, 0}, {0, 0}, {2.5, 0}}};
  for (const Row& r : rows) {
    SCOPED_TRACE(r.name);
    const auto [fa, fb] =
        pbm::dampedSpringForce(r.xa, Vector2d::Zero(), r.va, Vector2d::Zero(), 10.0, 2.0, 0.5);
    ASSERT_VEC_NEAR(fa, r.fa, 1e-14) << "PSD §4.2 eq. (1): f_a = -(ks (|l| - r) + kd ldot.l/|l|) "
                                        "l/|l|, ks = 10, kd = 2, r = 0.5";
    ASSERT_VEC_NEAR(fb, Vector2d(-fa), 0.0) << "PSD §4.2: f_b = -f_a";
  }
}

// PSD §4.2: equal and opposite (bitwise), along the line joining the particles.
TEST(Ch04DampedSpring, EqualOppositeAndAlongTheLine) {
  std::mt19937 rng(4);
  for (int k = 0; k < 100; ++k) {
    const Vector2d xa = randomVec(rng), xb = randomVec(rng), va = randomVec(rng),
                   vb = randomVec(rng);
    const auto [fa, fb] = pbm::dampedSpringForce(xa, xb, va, vb, 7.0, 0.9, 0.6);
    ASSERT_VEC_NEAR(Vector2d(fa + fb), Vector2d(0, 0), 0.0)
        << "PSD §4.2: equal and opposite, bitwise; case " << k;
    ASSERT_LE(std::abs(cross(fa, xa - xb)), 1e-14 * fa.norm() * (xa - xb).norm())
        << "PSD §4.2: the force lies along l = xa - xb; case " << k << ": f_a = " << fa.transpose()
        << ", l = " << (xa - xb).transpose();
  }
}

// Edge cases: coincident endpoints give zero force (never NaN); a spring needs
// two different particles.
TEST(Ch04DampedSpring, CoincidentEndpointsGiveZeroAndSelfSpringIsRejected) {
  const Vector2d x(0.3, -0.2);
  const auto [fa, fb] = pbm::dampedSpringForce(x, x, {1, 0}, {0, 1}, 10.0, 2.0, 0.5);
  EXPECT_TRUE(fa.allFinite() && fb.allFinite())
      << "PSD §4.2: l = 0 has no direction; the force must be finite, got f_a = " << fa.transpose()
      << ", f_b = " << fb.transpose();
  EXPECT_VEC_NEAR(fa, Vector2d(0, 0), 0.0) << "PSD §4.2: coincident endpoints: zero force";
  const pbm::SpringJacobian J = pbm::dampedSpringJacobian(x, x, {1, 0}, {0, 1}, 10.0, 2.0, 0.5);
  EXPECT_TRUE(J.dfa_dxa.allFinite() && J.dfa_dva.allFinite())
      << "IM §3: the spring Jacobian at l = 0 must be finite; got df/dx = " << J.dfa_dxa
      << ", df/dv = " << J.dfa_dva;
  EXPECT_THROW(pbm::DampedSpring(3, 3, 1.0, 0.0, 1.0), pbm::UsageError)
      << "PSD §4.2: a spring joins two different particles";
}

// PSD §6 (the notes' "verify" exercise): eq. (2) with C = |l| - r,
// dC/dxa = l/|l|, Cdot = l.ldot/|l| reproduces eq. (1); with C = x1 - x2 it
// gives the zero-rest-length spring -ks (x1 - x2) - kd (v1 - v2).
TEST(Ch04EnergyFunctions, BehaviourForceReproducesEquationOneAndZeroRestSpring) {
  std::mt19937 rng(6);
  const double ks = 13, kd = 1.7, r = 0.4;
  for (int k = 0; k < 100; ++k) {
    const Vector2d xa = randomVec(rng), xb = randomVec(rng), va = randomVec(rng),
                   vb = randomVec(rng);
    const Vector2d l = xa - xb, ld = va - vb;
    const double L = l.norm();
    VectorXd C(1), Cdot(1);
    C << L - r;
    Cdot << l.dot(ld) / L;
    Eigen::Matrix<double, Eigen::Dynamic, 2> dCdxa(1, 2);
    dCdxa.row(0) = (l / L).transpose();
    const Vector2d f2 = pbm::behaviourForce(C, Cdot, dCdxa, ks, kd);
    const Vector2d f1 = pbm::dampedSpringForce(xa, xb, va, vb, ks, kd, r).first;
    ASSERT_VEC_NEAR(f2, f1, 1e-12 * (1 + f1.norm()))
        << "PSD §6 eq. (2) with C = |l| - r must reproduce the damped spring, eq. (1); case " << k;

    VectorXd C2 = l, C2dot = ld;
    Eigen::Matrix<double, Eigen::Dynamic, 2> I2 = Eigen::Matrix2d::Identity();
    const Vector2d g1 = pbm::behaviourForce(C2, C2dot, I2, ks, kd);
    ASSERT_VEC_NEAR(g1, Vector2d(-ks * l - kd * ld), 1e-12 * (1 + g1.norm()))
        << "PSD §6: C = xa - xb gives the zero-rest-length spring -ks l - kd ldot; case " << k;
    const Vector2d g2 = pbm::behaviourForce(C2, C2dot, -I2, ks, kd);
    ASSERT_VEC_NEAR(g2, Vector2d(-g1), 0.0)
        << "PSD §6: dC/dxb = -I gives the opposite force on b; case " << k;
    // The mouse spring is the same law with the cursor as the second point.
    ASSERT_VEC_NEAR(pbm::mouseSpringForce(xa, va, xb, vb, ks, kd), g1, 1e-12 * (1 + g1.norm()))
        << "PSD §5-6: the mouse spring is a zero-rest-length spring to the cursor; case " << k;
  }
}

// PSD §6 erratum: for a vector C the force is -(dC/dx_i)^T (ks C + kd Cdot), the
// Jacobian's TRANSPOSE. With C = A (xa - xb) + c for a non-symmetric 2 x 2 A
// (so A and A^T differ), the spring part must equal -grad E, E = (ks/2) C.C, by
// central differences of E, and the damping part -kd A^T A (va - vb).
TEST(Ch04EnergyFunctions, VectorBehaviourForceUsesTheJacobianTranspose) {
  Eigen::Matrix<double, Eigen::Dynamic, 2> A(2, 2);
  A << 1.0, 2.0, -0.5, 3.0;  // A != A^T
  const Vector2d c(0.3, -0.2);
  const double ks = 7, kd = 1.3, d = 1e-6;
  std::mt19937 rng(9);
  for (int k = 0; k < 20; ++k) {
    const Vector2d xa = randomVec(rng), xb = randomVec(rng), va = randomVec(rng),
                   vb = randomVec(rng);
    const auto C = [&](const Vector2d& x) -> VectorXd { return A * (x - xb) + c; };
    const auto E = [&](const Vector2d& x) { return 0.5 * ks * C(x).squaredNorm(); };
    Vector2d gradE;
    for (int i = 0; i < 2; ++i) {
      Vector2d e = Vector2d::Zero();
      e[i] = d;
      gradE[i] = (E(xa + e) - E(xa - e)) / (2 * d);
    }
    const VectorXd Cdot = A * (va - vb);
    const Vector2d spring = pbm::behaviourForce(C(xa), VectorXd::Zero(2), A, ks, 0.0);
    ASSERT_VEC_NEAR(spring, Vector2d(-gradE), 1e-6 * (1 + gradE.norm()))
        << "PSD §6 (erratum: the transpose): f = -dE/dxa = -ks (dC/dxa)^T C; case " << k;
    const Vector2d both = pbm::behaviourForce(C(xa), Cdot, A, ks, kd);
    const Vector2d damping = -kd * A.transpose() * A * (va - vb);
    ASSERT_VEC_NEAR(Vector2d(both - spring), damping, 1e-12 * (1 + damping.norm()))
        << "PSD §6 eq. (2): the damping part is -kd (dC/dxa)^T Cdot; case " << k;
    ASSERT_LE(damping.dot(va - vb), 0.0) << "PSD §6: the damping part dissipates; case " << k;
  }
}

// PSD §4.2, §6: with kd = 0 the spring force is -grad E, E = (ks/2)(L - r)^2
// (central differences of springEnergy, delta = 1e-6).
TEST(Ch04EnergyFunctions, UndampedSpringForceIsMinusEnergyGradient) {
  std::mt19937 rng(7);
  const double ks = 9, r = 0.7, d = 1e-6;
  for (int k = 0; k < 50; ++k) {
    const Vector2d xa = randomVec(rng), xb = randomVec(rng);
    const Vector2d fa = pbm::dampedSpringForce(xa, xb, {0, 0}, {0, 0}, ks, 0.0, r).first;
    Vector2d grad;
    for (int c = 0; c < 2; ++c) {
      Vector2d e = Vector2d::Zero();
      e[c] = d;
      grad[c] =
          (pbm::springEnergy(xa + e, xb, ks, r) - pbm::springEnergy(xa - e, xb, ks, r)) / (2 * d);
    }
    ASSERT_VEC_NEAR(fa, Vector2d(-grad), 1e-6)
        << "PSD §4.2, §6: the undamped spring force is minus the gradient of springEnergy "
           "(central differences); case "
        << k;
  }
  EXPECT_DOUBLE_EQ(pbm::springEnergy({3, 4}, {0, 0}, 2.0, 1.0), 16.0)
      << "PSD §6: E = (ks/2)(|l| - r)^2 = (2/2)(5 - 1)^2";
}

// PSD §4.2 (derived): the damping part dissipates, power = -kd (u.ldot)^2 <= 0,
// and is zero for rigid translations and rotations of the pair.
TEST(Ch04EnergyFunctions, SpringDampingPowerIsMinusKdRateSquared) {
  std::mt19937 rng(8);
  const double ks = 5, kd = 1.3, r = 0.5;
  for (int k = 0; k < 50; ++k) {
    const Vector2d xa = randomVec(rng), xb = randomVec(rng), va = randomVec(rng),
                   vb = randomVec(rng);
    const auto [fa, fb] = pbm::dampedSpringForce(xa, xb, va, vb, ks, kd, r);
    const auto [sa, sb] = pbm::dampedSpringForce(xa, xb, va, vb, ks, 0.0, r);
    const double power = (fa - sa).dot(va) + (fb - sb).dot(vb);
    const double rate = (xa - xb).normalized().dot(va - vb);
    ASSERT_NEAR(power, -kd * rate * rate, 1e-12 * (1 + kd * rate * rate))
        << "PSD §4.2 (derived): the damping force's power is -kd (u.ldot)^2; case " << k;
    // A rigid motion: translation w plus rotation omega about the origin.
    const Vector2d w = randomVec(rng);
    const double omega = 0.8;
    const Vector2d ra = w + omega * Vector2d(-xa.y(), xa.x());
    const Vector2d rb = w + omega * Vector2d(-xb.y(), xb.x());
    const auto [ga, gb] = pbm::dampedSpringForce(xa, xb, ra, rb, ks, kd, r);
    ASSERT_VEC_NEAR(ga, sa, 1e-13)
        << "PSD §4.2: a rigid motion of the pair (translation + rotation) is not damped; case "
        << k;
  }
}

}  // namespace
