// Chapter 07 tests, part 4: torque-free motion (RBI §2.9 and beyond): L and
// the energy conserved, the symmetric top's exact motion, why R drifts and q
// drifts less (RK4's exact factors for a constant omega, RBI §4), the
// renormalisation of q (RBI §4, footnote 3), the intermediate-axis flip, and
// composite and mesh inertia tensors (RBI §2.10, beyond the notes).
#include <gtest/gtest.h>

#include <algorithm>
#include <complex>
#include <limits>
#include <utility>
#include <vector>

#include "07_rigid_bodies_test.h"
#include "pbm/core/errors.h"
#include "pbm/core/stepping.h"
#include "pbm/integrators/methods.h"
#include "pbm/rigid/methods.h"

namespace {

using namespace ch07_test;

pbm::RigidWorld spinWorld(RigidBody b, const Vector3d& omegaBody) {
  orient(b, Quaterniond::Identity(), omegaBody);
  pbm::RigidWorld w;
  w.add(b);
  return w;
}
// 1/2 L . I^-1 L from the state: the energy of a torque-free body (App. C (C-3)).
double energy(const RigidBody& b) {
  return 0.5 * b.L.dot(b.Iinv * b.L);
}

// --- claim 13: torque-free motion (RBI §2.9)

TEST(Ch07TorqueFree, AngularMomentumStaysBitwiseConstant) {
  for (const char* name : {"euler", "midpoint", "rk4"}) {
    const pbm::MethodInfo& m = rigidMethod(name);
    pbm::RigidWorld w = spinWorld(b1(), Vector3d(1, 0.5, 2));
    const Vector3d L0 = w.bodies[0].L;
    run(w, m, 0.01, 100);
    for (int i = 0; i < 3; ++i)
      EXPECT_EQ(w.bodies[0].L[i], L0[i])
          << "RBI §2.9: L-dot = tau = 0, so L never changes (omega is not the state)";
    EXPECT_GT((w.bodies[0].omega - w.bodies[0].R * Vector3d(1, 0.5, 2)).norm(), 1e-3)
        << "RBI §2.9: ... while the body-frame omega wanders";
  }
}

TEST(Ch07TorqueFree, EnergyDriftBelowOneInTenToTheEightUnderRk4) {
  pbm::RigidWorld w = spinWorld(b1(), Vector3d(1, 0.5, 2));
  const double E0 = pbm::kineticEnergy(w.bodies[0]);
  ASSERT_NEAR(E0, 8.875, 1e-13) << "RBI App. C (C-3): 1/2 omega_b . I_b omega_b";
  run(w, rigidMethod("rk4"), 0.0125, 1600);  // 20 s
  const double rel = (pbm::kineticEnergy(w.bodies[0]) - E0) / E0;
  EXPECT_LT(std::abs(rel), 1e-8) << "RBI §2.9 with DEB §2.2: RK4 conserves T to O(h^4)";
  EXPECT_NEAR(energy(w.bodies[0]), pbm::kineticEnergy(w.bodies[0]), 1e-12 * E0)
      << "RBI App. C: 1/2 L . omega = 1/2 M v.v + 1/2 omega^T I omega (v = 0)";
}

TEST(Ch07TorqueFree, SymmetricTopFollowsTheExactPrecessionWithOrderFour) {
  // B4 (I1 = I2 = 2.5, I3 = 0.5), R0 = 1, omega_b = (1, 0, 3): L = (2.5, 0, 1.5),
  // c = (L.n)(1/I3 - 1/I1) = 2.4, R(t) = exp(t (L/I1)*) exp(t c e3*).
  const double T = 10.0, I1 = 2.5;
  const Vector3d L(2.5, 0, 1.5);
  const double c = 1.5 * (1 / 0.5 - 1 / I1);
  const Matrix3d exact = Eigen::AngleAxisd(T * L.norm() / I1, L.normalized()).toRotationMatrix() *
                         Eigen::AngleAxisd(T * c, Vector3d::UnitZ()).toRotationMatrix();
  const double hs[4] = {0.1, 0.05, 0.025, 0.0125};
  double err[4];
  for (int k = 0; k < 4; ++k) {
    pbm::RigidWorld w = spinWorld(b4(), Vector3d(1, 0, 3));
    EXPECT_VEC_NEAR(w.bodies[0].L, L, 1e-14) << "RBI §2.9: L = I omega";
    run(w, rigidMethod("rk4"), hs[k], static_cast<int>(std::lround(T / hs[k])));
    err[k] = (w.bodies[0].R - exact).norm();
  }
  EXPECT_LT(err[3], 1e-6) << "RBI §2.9: the symmetric top at h = 0.0125";
  for (int k = 0; k < 3; ++k) {
    const double order = std::log2(err[k] / err[k + 1]);
    EXPECT_GE(order, 3.7) << "RK4 order (DEB §2.2) on the top, h = " << hs[k + 1];
    EXPECT_LE(order, 4.3) << "RK4 order (DEB §2.2) on the top, h = " << hs[k + 1];
  }
}

// --- claim 15: RK4's exact factors for a constant omega (RBI §4; beyond)

// RK4's amplification P(z) = 1 + z + z^2/2 + z^3/6 + z^4/24 (DEB §2.2).
std::complex<double> rk4Factor(std::complex<double> z) {
  return 1.0 + z + z * z / 2.0 + z * z * z / 6.0 + z * z * z * z / 24.0;
}
double wrap(double a) {
  return std::remainder(a, 2 * kPi);
}

// A sphere-like body (I = 0.4 1): omega = I^-1 L stays (0, 0, 2 pi) exactly.
RigidBody sphereLike() {
  RigidBody b = bodyWith(1.0, Vector3d::Constant(0.4), Vector3d::Constant(0.5));
  b.L = Vector3d(0, 0, 0.4 * 2 * kPi);
  pbm::computeAuxiliary(b);
  return b;
}

TEST(Ch07Drift, MatrixColumnsShrinkByRk4FactorPerStep) {
  for (double h : {0.05, 0.01}) {
    const int n = static_cast<int>(std::lround(10.0 / h));
    pbm::RigidWorldMatrix w;
    w.add(sphereLike());
    run(w, rigidMethod("rk4"), h, n);
    const Matrix3d& R = w.bodies[0].R;
    const std::complex<double> P = rk4Factor({0.0, 2 * kPi * h});
    const double f = std::pow(std::abs(P), n);
    // The closed form to 1e-6 of the deviation, plus the rounding of n steps.
    const double tol = 1e-6 * (1 - f) + 1e-12;
    EXPECT_NEAR(1 - R.col(0).norm(), 1 - f, tol)
        << "RBI §2.11 (2-43): RK4 on R-dot = omega* R scales the columns across omega by |P(i "
           "theta)|^n, h = "
        << h;
    EXPECT_NEAR(1 - R.col(1).norm(), 1 - f, tol) << "h = " << h;
    EXPECT_VEC_NEAR(Vector3d(R.col(2)), Vector3d::UnitZ(), 1e-15)
        << "the column along omega does not move";
    EXPECT_NEAR(pbm::orthonormalityError(R), std::sqrt(2.0) * (1 - f * f), 3 * tol)
        << "|R^T R - 1|_F = sqrt 2 (1 - f^2)";
    EXPECT_NEAR(std::atan2(R(1, 0), R(0, 0)), wrap(n * std::arg(P)), 1e-10)
        << "the matrix lags by n (arg P - theta)";
  }
}

TEST(Ch07Drift, QuaternionNormShrinksByRk4FactorOfHalfTheAngle) {
  for (double h : {0.05, 0.01}) {
    const int n = static_cast<int>(std::lround(10.0 / h));
    pbm::RigidWorld w;
    w.renormalizeAfterStep = false;
    w.add(sphereLike());
    run(w, rigidMethod("rk4"), h, n);
    const Quaterniond& q = w.bodies[0].q;
    const std::complex<double> P = rk4Factor({0.0, 0.5 * 2 * kPi * h});
    const double f = std::pow(std::abs(P), n);
    // The closed form to 1e-6 of the deviation, plus the rounding of n steps.
    const double tol = 1e-6 * (1 - f) + 1e-12;
    EXPECT_NEAR(1 - q.norm(), 1 - f, tol)
        << "RBI §4 (4-2): RK4 on q-dot = 1/2 [0, omega] q scales |q| by |P(i theta/2)|^n, h = "
        << h;
    EXPECT_NEAR(std::atan2(q.z(), q.w()), wrap(n * std::arg(P)), 1e-10)
        << "the quaternion's half angle lags by n (arg P(i theta/2) - theta/2)";
    EXPECT_LT(pbm::orthonormalityError(w.bodies[0].R), 1e-13)
        << "RBI §4: R is built from q/|q|, a rotation however |q| drifts";
  }
}

// --- claim 16: normalisation (RBI §4, footnote 3)

TEST(Ch07Renormalize, UnitQAndOrthonormalR) {
  RigidBody b = b1();
  const Quaterniond q = axisAngle(0.8, Vector3d(1, -2, 0.5));
  b.q = Quaterniond(1.01 * q.coeffs());
  EXPECT_GT(pbm::orthonormalityError(pbm::quaternionToMatrix(b.q)), 0.01)
      << "RBI §4: the notes' formula is a rotation only for a unit q";
  pbm::computeAuxiliary(b);
  EXPECT_LT(pbm::orthonormalityError(b.R), 1e-14) << "RBI §4: R = R(q/|q|)";
  EXPECT_NEAR(b.R.determinant(), 1.0, 1e-14) << "RBI §4";
  EXPECT_EQ(b.q.norm(), Quaterniond(1.01 * q.coeffs()).norm())
      << "RBI §4: computeAuxiliary leaves the stored q alone";
  pbm::renormalize(b);
  EXPECT_NEAR(b.q.norm(), 1.0, 1e-15) << "RBI §4 footnote 3: q / |q|";
  EXPECT_TRUE(b.q.isApprox(q, 1e-15)) << "RBI §4: the same rotation";
}

TEST(Ch07Renormalize, TenThousandStepsKeepUnitQ) {
  pbm::RigidWorld on = spinWorld(b1(), Vector3d(1, 0.5, 2));
  pbm::RigidWorld off = spinWorld(b1(), Vector3d(1, 0.5, 2));
  off.renormalizeAfterStep = false;
  double worstQ = 0, worstR = 0;
  for (int i = 0; i < 10000; ++i) {
    pbm::stepWorld(on, rigidMethod("rk4"), 0.01);
    pbm::stepWorld(off, rigidMethod("rk4"), 0.01);
    worstQ = std::max(worstQ, std::abs(on.bodies[0].q.norm() - 1));
    worstR = std::max(worstR, pbm::orthonormalityError(on.bodies[0].R));
  }
  EXPECT_LT(worstQ, 1e-15 * 4) << "RBI §4 footnote 3: renormalised after every step";
  EXPECT_LT(worstR, 1e-12) << "RBI §4: R stays a rotation";
  EXPECT_GT(std::abs(off.bodies[0].q.norm() - 1), 1e-11)
      << "RBI §4: without renormalising |q| drifts (the notes never renormalise)";
}

// --- claim 17: the intermediate-axis instability (beyond the notes)

// B1 spinning about y (I_mid = 5) at 2 rad/s, perturbed: lambda^2 = w0^2 (Imax - Imid)(Imid -
// Imin) / (Imin Imax).
TEST(Ch07Spin, IntermediateAxisGrowsAsEpsCoshLambdaT) {
  const double eps = 1e-6;
  const double lambda = 2.0 * std::sqrt(1.5 * 2.5 / (2.5 * 6.5));
  ASSERT_NEAR(lambda, 0.9607689228, 1e-10);
  pbm::RigidWorld w = spinWorld(b1(), Vector3d(eps, 2, 0));
  run(w, rigidMethod("rk4"), 1e-3, 5000);
  const double want = eps * std::cosh(lambda * 5.0);
  EXPECT_NEAR(omegaBody(w.bodies[0]).x(), want, 1e-6 * want)
      << "RBI App. C (C-10), linearised: omega_x = eps cosh(lambda t) about the intermediate axis";
}

// Times at which omega_b.y crosses zero downwards (linear interpolation), at most `count`.
std::vector<double> downCrossings(pbm::RigidWorld& w, int component, double h, int steps,
                                  int count) {
  std::vector<double> t;
  double prev = omegaBody(w.bodies[0])[component];
  for (int i = 1; i <= steps && static_cast<int>(t.size()) < count; ++i) {
    pbm::stepWorld(w, rigidMethod("rk4"), h);
    const double now = omegaBody(w.bodies[0])[component];
    if (prev > 0 && now <= 0) t.push_back((i - 1 + prev / (prev - now)) * h);
    prev = now;
  }
  return t;
}

TEST(Ch07Spin, FlipPeriodIsLandauLifshitzFourKOverP) {
  // I1 < I2 < I3 = 2.5 (z), 5 (y), 6.5 (x); omega_b(0) = (0.1, 2, 0).
  const double I1 = 2.5, I2 = 5, I3 = 6.5;
  const Vector3d wb(0.1, 2, 0);
  const double E = 0.5 * (6.5 * wb.x() * wb.x() + 5 * wb.y() * wb.y());
  const double L2 = 6.5 * 6.5 * wb.x() * wb.x() + 25 * wb.y() * wb.y();
  ASSERT_GT(L2, 2 * E * I2);
  const double p = std::sqrt((I3 - I2) * (L2 - 2 * E * I1) / (I1 * I2 * I3));
  const double k2 = (I2 - I1) * (2 * E * I3 - L2) / ((I3 - I2) * (L2 - 2 * E * I1));
  const double period = 4 * ellipticK(std::sqrt(k2)) / p;
  ASSERT_NEAR(period, 16.703008571, 1e-8);
  pbm::RigidWorld w = spinWorld(b1(), wb);
  const auto t = downCrossings(w, 1, 1e-3, 40000, 2);
  ASSERT_EQ(t.size(), 2u) << "omega_y should flip sign twice within 40 s";
  EXPECT_NEAR(t[1] - t[0], period, 1e-6 * period)
      << "the flip repeats with the period 4 K(k) / p (Landau-Lifshitz §37)";
}

TEST(Ch07Spin, LargestAndSmallestAxesAreStableWithPeriodTwoPiOverOmega) {
  // Spin w0 = 2 about axis i of B1 (x: I = 6.5, y: 5, z: 2.5), a wobble of
  // 1e-4 on y: Omega = w0 sqrt((Ii - Ij)(Ii - Ik) / (Ij Ik)).
  struct Case {
    int axis;
    double Ii, Ij, Ik, period;
  };
  for (const Case& c : {Case{0, 6.5, 5.0, 2.5, 4.5344984}, Case{2, 2.5, 5.0, 6.5, 5.6635867}}) {
    const double Omega = 2.0 * std::sqrt((c.Ii - c.Ij) * (c.Ii - c.Ik) / (c.Ij * c.Ik));
    ASSERT_NEAR(2 * kPi / Omega, c.period, 1e-6);
    Vector3d wb(0, 1e-4, 0);
    wb[c.axis] = 2.0;
    pbm::RigidWorld w = spinWorld(b1(), wb);
    double amp = 0;
    std::vector<double> t;
    double prev = 1e-4;
    for (int i = 1; i <= 1500 && t.size() < 2; ++i) {
      pbm::stepWorld(w, rigidMethod("rk4"), 0.01);
      const double now = omegaBody(w.bodies[0]).y();
      amp = std::max(amp, std::abs(now));
      if (prev > 0 && now <= 0) t.push_back((i - 1 + prev / (prev - now)) * 0.01);
      prev = now;
    }
    ASSERT_EQ(t.size(), 2u) << "axis " << c.axis;
    EXPECT_NEAR(t[1] - t[0], c.period, 1e-3 * c.period)
        << "spin about the largest or smallest axis oscillates with period 2 pi / Omega, axis "
        << c.axis;
    EXPECT_LT(amp, 1.01e-4) << "and the wobble stays bounded, axis " << c.axis;
  }
}

// --- claim 18: composite and mesh inertia (RBI §2.10; beyond the notes)

TEST(Ch07Composite, TwoBlocksByTheParallelAxisRuleAreOneBlock) {
  const std::vector<double> m = {4.0, 4.0};
  const std::vector<Vector3d> c = {Vector3d(-1, 0, 0), Vector3d(1, 0, 0)};
  const Vector3d com = pbm::centerOfMass(m, c);
  EXPECT_VEC_NEAR(com, Vector3d::Zero(), 1e-15) << "RBI §2.6";
  Matrix3d I = Matrix3d::Zero();
  for (int k = 0; k < 2; ++k) {
    const Vector3d d = c[k] - com;
    I += pbm::blockInertia(m[k], Vector3d(2, 2, 1)) +
         m[k] * (d.squaredNorm() * Matrix3d::Identity() - d * d.transpose());
  }
  EXPECT_VEC_NEAR(I, Matrix3d(Vector3d(10.0 / 3, 34.0 / 3, 40.0 / 3).asDiagonal()), 1e-12)
      << "RBI §2.10 and §5.1: two 2 x 2 x 1 halves make the 4 x 2 x 1 block";
}

// A 4 x 2 x 1 box centred at c as 12 outward triangles.
void boxMesh(const Vector3d& c, std::vector<Vector3d>& v, std::vector<std::array<int, 3>>& t) {
  v.clear();
  for (int i = 0; i < 8; ++i)
    v.push_back(c + Vector3d((i & 1) ? 2 : -2, (i & 2) ? 1 : -1, (i & 4) ? 0.5 : -0.5));
  // Faces counter-clockwise seen from outside.
  t = {{0, 2, 3}, {0, 3, 1}, {4, 5, 7}, {4, 7, 6}, {0, 1, 5}, {0, 5, 4},
       {2, 6, 7}, {2, 7, 3}, {0, 4, 6}, {0, 6, 2}, {1, 3, 7}, {1, 7, 5}};
}

TEST(Ch07Composite, ClosedMeshOfAnOffsetBoxGivesTheBlockFormula) {
  std::vector<Vector3d> v;
  std::vector<std::array<int, 3>> t;
  boxMesh(Vector3d(3, -1, 2), v, t);
  const pbm::MassProperties mp = pbm::meshMassProperties(v, t, 1.0);
  EXPECT_NEAR(mp.mass, 8.0, 1e-12) << "volume 4 x 2 x 1, density 1";
  EXPECT_VEC_NEAR(mp.centerOfMass, Vector3d(3, -1, 2), 1e-12) << "RBI §2.6";
  EXPECT_VEC_NEAR(mp.Ibody, Matrix3d(Vector3d(10.0 / 3, 34.0 / 3, 40.0 / 3).asDiagonal()), 1e-12)
      << "RBI §5.1 (5-3), about the centre of mass (RBI §2.10)";
  const pbm::MassProperties dense = pbm::meshMassProperties(v, t, 2.5);
  EXPECT_NEAR(dense.mass, 20.0, 1e-12) << "mass = density x volume";
  EXPECT_VEC_NEAR(dense.Ibody, Matrix3d(2.5 * mp.Ibody), 1e-11) << "I scales with the density";
}

TEST(Ch07Composite, InsideOutMeshIsRejected) {
  std::vector<Vector3d> v;
  std::vector<std::array<int, 3>> t;
  boxMesh(Vector3d(3, -1, 2), v, t);
  for (auto& f : t) std::swap(f[1], f[2]);  // every face wound inwards: volume -8
  EXPECT_THROW(pbm::meshMassProperties(v, t, 1.0), pbm::UsageError)
      << "a mesh with non-positive volume has no mass properties";
}

}  // namespace

// --- the stepping layer: chapter 02's methods with the renormalisation (RBI §4, footnote 3)

TEST(Ch07Methods, RigidMethodsAreChapterTwosAndRenormalise) {
  const pbm::MethodList& rigid = pbm::rigidMethods();
  const pbm::MethodList& plain = pbm::integratorMethods();
  // Chapter 02's methods first, the same; a method for rigid bodies alone
  // may follow them (common/README.md, "A method").
  ASSERT_GE(rigid.size(), plain.size()) << "rigidMethods() starts with chapter 02's list";
  for (size_t i = 0; i < plain.size(); ++i) {
    EXPECT_EQ(rigid[i].name, plain[i].name);
    EXPECT_EQ(rigid[i].label, plain[i].label);
    EXPECT_EQ(rigid[i].colour, plain[i].colour);
    EXPECT_EQ(rigid[i].order, plain[i].order);
  }
  // Euler grows |q| by sqrt(1 + (theta/2)^2) per step: renormalised, it stays 1.
  for (bool renorm : {true, false}) {
    pbm::RigidWorld w = spinWorld(b1(), Vector3d(1, 0.5, 2));
    w.renormalizeAfterStep = renorm;
    pbm::Stepper stepper;
    stepper.reset(pbm::findMethod(pbm::rigidMethods(), "euler"), 0.05);
    stepper.watch(w);
    for (int i = 0; i < 100; ++i) stepper.advance(w, 10.0);
    const double err = std::abs(w.bodies[0].q.norm() - 1);
    if (renorm)
      EXPECT_LT(err, 1e-15) << "RBI §4 footnote 3: the rigid methods renormalise after each step";
    else
      EXPECT_GT(err, 1e-3) << "RBI §4: without renormalising, Euler lets |q| grow";
  }
  pbm::RigidWorldMatrix m;
  m.orthonormalizeAfterStep = true;
  m.add(sphereLike());
  pbm::rigidMethods()[0].step(m, 0.05);
  EXPECT_LT(pbm::orthonormalityError(m.bodies[0].R), 1e-14)
      << "RBI §4: the matrix state is orthonormalised after the step when asked";
}

TEST(Ch07Methods, AdaptiveStepRenormalisesAndMeetsItsTolerance) {
  // DEB §3 around Euler on a torque-free spin; RBI §4: |q| = 1 after every
  // accepted step, and L (no torque) exactly constant.
  pbm::RigidWorld w = spinWorld(b1(), Vector3d(1, 0.5, 2));
  const Vector3d L0 = w.bodies[0].L;
  pbm::AdaptiveStats stats;
  double h = 0.01;
  for (int i = 0; i < 200 && w.time() < 1.0; ++i) {
    h = pbm::adaptiveStepWorld(w, h, 1e-4, &stats);
    ASSERT_LT(std::abs(w.bodies[0].q.norm() - 1), 1e-15)
        << "RBI §4: the adaptive rigid step renormalises q, step " << i;
  }
  EXPECT_GT(stats.accepted, 0) << "DEB §3: the adaptive step accepts steps";
  EXPECT_GT(w.time(), 0.1) << "DEB §3: 200 adaptive steps at tol 1e-4 cover more than 0.1 s";
  EXPECT_EQ(w.bodies[0].L, L0) << "RBI §2.9: no torque, L does not change";
}

TEST(Ch07Methods, StepWorldStepsWithTheMethodItIsGiven) {
  // The symmetric top of SymmetricTopFollowsTheExactPrecessionWithOrderFour
  // over 2 s, by stepWorld with rigidMethods()' euler, midpoint and rk4:
  // halving h divides the error in R by 2^p, p the method's order (DEB
  // §2.1-2.2), so stepWorld runs the step of the entry it is given.
  const double T = 2.0, I1 = 2.5;
  const Vector3d L(2.5, 0, 1.5);
  const double c = 1.5 * (1 / 0.5 - 1 / I1);
  const Matrix3d exact = Eigen::AngleAxisd(T * L.norm() / I1, L.normalized()).toRotationMatrix() *
                         Eigen::AngleAxisd(T * c, Vector3d::UnitZ()).toRotationMatrix();
  const std::pair<const char*, int> methods[] = {{"euler", 1}, {"midpoint", 2}, {"rk4", 4}};
  const double hs[3] = {0.02, 0.01, 0.005};
  for (const auto& [name, p] : methods) {
    double err[3];
    for (int k = 0; k < 3; ++k) {
      pbm::RigidWorld w = spinWorld(b4(), Vector3d(1, 0, 3));
      run(w, rigidMethod(name), hs[k], static_cast<int>(std::lround(T / hs[k])));
      err[k] = (w.bodies[0].R - exact).norm();
    }
    for (int k = 0; k < 2; ++k) {
      const double order = std::log2(err[k] / err[k + 1]);
      EXPECT_NEAR(order, p, 0.3) << "DEB §2: stepWorld with '" << name << "' has order " << p
                                 << " on the top (RBI §2.9), h = " << hs[k + 1] << "; got "
                                 << order;
    }
  }
}

TEST(Ch07Methods, NonFiniteStateIsADivergence) {
  pbm::RigidWorld w = spinWorld(b1(), Vector3d(1, 0.5, 2));
  w.bodies[0].P = Vector3d(std::numeric_limits<double>::quiet_NaN(), 0, 0);
  EXPECT_THROW(pbm::stepWorld(w, rigidMethod("rk4"), 0.01), pbm::SimulationDiverged)
      << "a NaN state stops the run with t and h";
}
