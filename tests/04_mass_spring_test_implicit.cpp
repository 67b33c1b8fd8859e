// Chapter 04 tests, part: the implicit particle step (IM §3-§4, Baraff &
// Witkin 1998): the spring Jacobians against finite differences, the step
// against a dense solve, the Baraff-Witkin filter, and cloth.
#include "04_mass_spring_test.h"

namespace {

using namespace ch04_test;

// ---------------------------------------------------------------- Jacobians (IM §3-4)

// IM §3: the analytic damped-spring Jacobians match central differences of
// PSD §4.2 eq. (1).
TEST(Ch04SpringJacobian, MatchesFiniteDifferencesOfEquationOne) {
  std::mt19937 rng(20);
  const double ks = 30, kd = 1.5, r = 0.6, d = 1e-6;
  for (int k = 0; k < 50; ++k) {
    const Vector2d xa = randomVec(rng), xb = randomVec(rng), va = randomVec(rng),
                   vb = randomVec(rng);
    const pbm::SpringJacobian J = pbm::dampedSpringJacobian(xa, xb, va, vb, ks, kd, r);
    Eigen::Matrix2d Jx, Jv;
    for (int c = 0; c < 2; ++c) {
      Vector2d e = Vector2d::Zero();
      e[c] = d;
      Jx.col(c) = (pbm::dampedSpringForce(xa + e, xb, va, vb, ks, kd, r).first -
                   pbm::dampedSpringForce(xa - e, xb, va, vb, ks, kd, r).first) /
                  (2 * d);
      Jv.col(c) = (pbm::dampedSpringForce(xa, xb, va + e, vb, ks, kd, r).first -
                   pbm::dampedSpringForce(xa, xb, va - e, vb, ks, kd, r).first) /
                  (2 * d);
    }
    ASSERT_VEC_NEAR(J.dfa_dxa, Jx, 1e-6)
        << "IM §3: df_a/dx_a against central differences of eq. (1); case " << k;
    ASSERT_VEC_NEAR(J.dfa_dva, Jv, 1e-6)
        << "IM §3: df_a/dv_a against central differences of eq. (1); case " << k;
    // The spring part alone (kd = 0) is symmetric.
    const Eigen::Matrix2d S = pbm::dampedSpringJacobian(xa, xb, va, vb, ks, 0, r).dfa_dxa;
    ASSERT_VEC_NEAR(S, Eigen::Matrix2d(S.transpose()), 1e-12)
        << "IM §3: the undamped spring's df/dx is symmetric (a Hessian); case " << k;
  }
}

// IM §3: the whole system's Jacobian (forces assembled, 4n x 4n) matches the
// finite-difference Jacobian of the derivative.
TEST(Ch04SpringJacobian, SystemJacobianMatchesFiniteDifferences) {
  std::mt19937 rng(21);
  ParticleSystem ps = randomNetwork(rng, true);
  ps.addForce<pbm::Drag>(0.4);
  ps.particles[3].control = pbm::nailAt(ps.particles[3].x);
  ps.particles[3].v.setZero();
  ps.filter = pbm::JacobianFilter::Full;
  Eigen::SparseMatrix<double> J, Jfd;
  ps.jacobian(J);
  pbm::finiteDifferenceJacobian(ps, Jfd);
  const Eigen::MatrixXd diff = Eigen::MatrixXd(J) - Eigen::MatrixXd(Jfd);
  Eigen::Index row = 0, col = 0;
  const double worst = diff.cwiseAbs().maxCoeff(&row, &col);
  EXPECT_LT(worst, 1e-6) << "IM §3: the assembled 4n x 4n Jacobian against finite differences; "
                         << "worst entry (" << row << ", " << col << "): analytic "
                         << J.coeff(row, col) << ", finite difference " << Jfd.coeff(row, col);
}

// IM §4, eq. (4-5) mass-weighted: one implicit particle step equals the
// linearised backward-Euler step (3-2) of the full 4n first-order system,
// solved densely with the finite-difference Jacobian.
TEST(Ch04Implicit, ParticleStepEqualsDenseSolveOfFullSystem) {
  std::mt19937 rng(22);
  ParticleSystem ps;
  std::uniform_real_distribution<double> mass(0.5, 2.0);
  for (int i = 0; i < 8; ++i) ps.add(particle(mass(rng), randomVec(rng, -2, 2), randomVec(rng)));
  ps.particles[0].control = pbm::nailAt(ps.particles[0].x);
  ps.particles[0].v.setZero();
  for (int i = 0; i < 8; ++i)
    for (int j = i + 1; j < 8; j += 3) {
      const double L = (ps.particles[i].x - ps.particles[j].x).norm();
      ps.addForce<pbm::DampedSpring>(i, j, 200.0, 0.0, 0.7 * L);  // stretched: K is definite
    }
  ps.addForce<pbm::Gravity>(Vector2d(0, -kG));
  ps.addForce<pbm::Drag>(0.3);
  ps.filter = pbm::JacobianFilter::Full;
  const double h = 0.05;

  VectorXd y0, f0;
  double t0;
  ps.getState(y0, t0);
  ps.derivEval(f0);
  Eigen::SparseMatrix<double> Jfd;
  pbm::finiteDifferenceJacobian(ps, Jfd);
  const int n = ps.dim();
  const Eigen::MatrixXd A = Eigen::MatrixXd::Identity(n, n) / h - Eigen::MatrixXd(Jfd);
  const VectorXd expected = y0 + A.partialPivLu().solve(f0);

  pbm::CgOptions cg;
  cg.tolerance = 1e-13;
  implicitStepWithin(ps, h, cg);
  VectorXd y1;
  double t1;
  ps.getState(y1, t1);
  EXPECT_DOUBLE_EQ(t1, t0 + h) << "IM §4: the implicit step installs t0 + h";
  ASSERT_EQ(y1.size(), n) << "PSD §3: the state has 4n entries";
  EXPECT_VEC_NEAR(y1, expected, 1e-7)
      << "IM §3 (3-2), §4: one implicit particle step equals the dense linearised backward Euler "
         "step on the 4n first-order system";
  EXPECT_VEC_NEAR(y1.segment<2>(0), y0.segment<2>(0), 0.0) << "PSD §5: the nail stays put";
}

// IM §3 / Baraff & Witkin: with the B&W filter the matrix of (4-5) stays
// positive definite even with compressed springs, so CG always succeeds;
// the full Jacobian of a strongly compressed stiff spring makes it indefinite
// and the step reports SolverFailure.
TEST(Ch04Implicit, CompressedStiffSpringNeedsTheBaraffWitkinFilter) {
  auto make = [](pbm::JacobianFilter f) {
    ParticleSystem ps;
    ps.add(particle(0.01, {0, 0}, {0, 0.1}));
    ps.add(particle(0.01, {0.5, 0}, {0, -0.1}));
    ps.addForce<pbm::DampedSpring>(0, 1, 1e4, 0.0, 1.0);  // L = r / 2: 1 - r/L = -1
    ps.filter = f;
    return ps;
  };
  ParticleSystem bw = make(pbm::JacobianFilter::BaraffWitkin);
  EXPECT_NO_THROW(implicitStepWithin(bw, 1.0 / 60))
      << "Baraff & Witkin: the filtered Jacobian keeps (4-5) definite: CG succeeds";
  ParticleSystem full = make(pbm::JacobianFilter::Full);
  EXPECT_THROW(implicitStepWithin(full, 1.0 / 60), pbm::SolverFailure)
      << "IM §4: the full Jacobian of a spring compressed to L = r/2 makes (4-5) indefinite: "
         "SolverFailure";
}

// ---------------------------------------------------------------- cloth (Baraff & Witkin 1998)

// Baraff & Witkin 1998: a flat grid at its rest lengths has zero spring force
// (and a stretched one does not: StretchedGridPullsEveryEdgeInward).
TEST(Ch04Cloth, FlatGridAtRestHasZeroSpringForce) {
  ParticleSystem ps;
  pbm::ClothSpec spec;
  spec.n = 6;
  spec.g = 0;
  pbm::buildCloth(ps, spec);
  const VectorXd d = derivative(ps);
  for (int i = 0; i < ps.n(); ++i) {
    ASSERT_VEC_NEAR(ps.particles[i].f, Vector2d(0, 0), 1e-12)
        << "PSD §4.2: springs at their rest lengths exert no force; particle " << i;
    if (!ps.particles[i].control.controlled()) {
      ASSERT_VEC_NEAR(d.segment<2>(4 * i + 2), Vector2d(0, 0), 1e-10)
          << "PSD §3: no force, no acceleration; particle " << i;
    }
  }
}

// PSD §4.2 on the cloth: a grid stretched uniformly by s = 1.1 at rest. Every
// spring pulls with ks_type (s - 1) rest along itself, so the free bottom-left
// corner feels ks (s - 1) a (1 + shear + 2 bend) (1, 1) toward the cloth (a
// structural, a shear and a bend spring along each edge), a particle two rows
// and columns inside feels no net force (symmetry), and the net spring force
// on the whole cloth is zero.
TEST(Ch04Cloth, StretchedGridPullsItsCornerInward) {
  ParticleSystem ps;
  pbm::ClothSpec spec;
  spec.n = 6;
  spec.g = 0;
  spec.startScale = 1.1;
  pbm::buildCloth(ps, spec);
  const VectorXd d = derivative(ps);
  const int corner = (spec.n - 1) * spec.n, inner = 2 * spec.n + 2;  // (row 5, col 0), (2, 2)
  const double c =
      spec.ks * (spec.startScale - 1) * spec.spacing * (1 + spec.shear + 2 * spec.bend);
  EXPECT_VEC_NEAR(ps.particles[corner].f, Vector2d(c, c), 1e-9 * c)
      << "PSD §4.2 eq. (1): the stretched springs at the bottom-left corner pull it up and right";
  EXPECT_VEC_NEAR(d.segment<2>(4 * corner + 2), Vector2d(Vector2d(c, c) / spec.mass), 1e-9 * c)
      << "PSD §3: the corner accelerates at f/m";
  EXPECT_VEC_NEAR(ps.particles[inner].f, Vector2d(0, 0), 1e-9 * c)
      << "PSD §4.2: inside the grid the stretched springs cancel";
  Vector2d net = Vector2d::Zero();
  for (const auto& p : ps.particles) net += p.f;
  EXPECT_VEC_NEAR(net, Vector2d(0, 0), 1e-9 * c) << "PSD §4.2: internal forces sum to zero";
}

// IM §3-4 with Baraff & Witkin: once a pinned cloth has settled under the
// implicit step, the springs pull on the pins with the weight of the free
// particles (internal forces cancel; each free particle is in equilibrium).
TEST(Ch04Cloth, SettledClothHangsItsWeightOnThePins) {
  ParticleSystem ps;
  pbm::ClothSpec spec;
  spec.n = 8;
  spec.drag = 0.2;
  pbm::buildCloth(ps, spec);
  pbm::CgOptions cg;
  cg.tolerance = 1e-12;
  // Step until every free particle's acceleration is below 1e-8 g.
  VectorXd d;
  Vector2d pins = Vector2d::Zero();
  double freeMass = 0, maxAccel = 1e9;
  for (int k = 0; k < 6000 && maxAccel > 1e-8 * spec.g; ++k) {
    implicitStepWithin(ps, 1.0 / 60, cg);
    if (k % 50) continue;
    ps.derivEval(d);
    maxAccel = 0;
    for (int i = 0; i < ps.n(); ++i)
      if (!ps.particles[i].control.controlled())
        maxAccel = std::max(maxAccel, d.segment<2>(4 * i + 2).norm());
  }
  ps.derivEval(d);  // the accumulators at the final state
  // Spring forces on the pins: everything but their gravity (v = 0: no drag).
  for (const auto& p : ps.particles) {
    if (p.control.controlled())
      pins += p.f - p.m * Vector2d(0, -spec.g);
    else
      freeMass += p.m;
  }
  ASSERT_LT(maxAccel, 1e-7 * spec.g)
      << "IM §4: 6000 implicit steps of 1/60 s must settle the damped cloth";
  const Vector2d weight(0, -freeMass * spec.g);
  EXPECT_VEC_NEAR(pins, weight, 1e-6 * weight.norm())
      << "PSD §4.2, IM §4: once settled, the springs hang the free particles' weight on the pins";
}

// IM §2-3: stiff cloth (ks = 1e4, m = 0.01, h = 1/60, h w_max >> 2) blows up
// under explicit Euler within 200 steps; the implicit step stays bounded, and
// it does move the cloth: the first step gives every free particle the
// velocity of the dense backward-Euler solve, and after 200 steps (3.3 s) the
// cloth, pinned at two top corners, has swung down and come nearly to rest.
TEST(Ch04Cloth, StiffClothExplicitEulerDivergesImplicitStaysBounded) {
  pbm::ClothSpec spec;
  spec.n = 6;
  spec.ks = 1e4;
  spec.mass = 0.01;
  ParticleSystem expl, impl;
  pbm::buildCloth(expl, spec);
  pbm::buildCloth(impl, spec);
  bool diverged = false;
  for (int k = 0; k < 200 && !diverged; ++k) {
    pbm::step(expl, Method::Euler, 1.0 / 60);
    for (const auto& p : expl.particles)
      if (!p.x.allFinite() || p.x.norm() > 1e3) diverged = true;
  }
  EXPECT_TRUE(diverged) << "IM §2: explicit Euler far beyond h = 2/w_max must blow up";

  // The first implicit step against the dense linearised backward-Euler step.
  const double h = 1.0 / 60;
  VectorXd y0, f0, y1;
  double t0, t1;
  impl.getState(y0, t0);
  impl.derivEval(f0);
  Eigen::SparseMatrix<double> Jfd;
  pbm::finiteDifferenceJacobian(impl, Jfd);
  const int n = impl.dim();
  const VectorXd expected =
      y0 + (Eigen::MatrixXd::Identity(n, n) / h - Eigen::MatrixXd(Jfd)).partialPivLu().solve(f0);
  implicitStepWithin(impl, h);
  impl.getState(y1, t1);
  ASSERT_EQ(y1.size(), n) << "PSD §3: the state has 4n entries";
  EXPECT_VEC_NEAR(y1, expected, 1e-6 * expected.norm())
      << "IM §3-4: the first implicit step of the stiff cloth equals the dense backward-Euler "
         "solve";
  for (int k = 1; k < 200; ++k) implicitStepWithin(impl, h);
  for (const auto& p : impl.particles)
    ASSERT_LT(p.x.norm(), 2.0) << "IM §3: the implicit step stays bounded; a particle is at "
                               << p.x.transpose();
  // Settled: the springs, stretched by the step, now hold up the weight (a step
  // that does nothing leaves every free particle accelerating at g).
  const VectorXd d = derivative(impl);
  double maxAccel = 0;
  for (int i = 0; i < impl.n(); ++i)
    if (!impl.particles[i].control.controlled())
      maxAccel = std::max(maxAccel, d.segment<2>(4 * i + 2).norm());
  EXPECT_LT(maxAccel, 1e-3 * spec.g)
      << "IM §3-4: after 200 implicit steps the damped stiff cloth hangs at rest, its weight "
         "held by the springs";
}

}  // namespace
