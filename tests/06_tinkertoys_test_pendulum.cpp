// Chapter 06 tests, part: the double pendulum (CD §3-§4): three tinkertoy
// builds against the closed-form angle equations, energy to fourth order, and
// feedback holding it on its constraints and making each error decay in
// closed form (eq 11).
#include "06_tinkertoys_test.h"

namespace {

using namespace ch06_test;

// CD §4 (exercise "double pendulum"), slides "Things to try at home": three
// tinkertoy builds of the double pendulum equal the closed form.
TEST(Ch06Tinkertoy, DoublePendulumMatchesClosedFormAngleEquations) {
  const double m1 = 1, m2 = 2, L1 = 1, L2 = 0.7, t1 = 0.7, t2 = -1.9, w1 = 1.3, w2 = -2.2;
  const VectorXd exact = doublePendulumClosedForm(m1, m2, L1, L2, t1, t2, w1, w2);
  const Vector2d e1(std::sin(t1), -std::cos(t1)), e2(std::sin(t2), -std::cos(t2));
  const Vector2d x1 = L1 * e1, x2 = x1 + L2 * e2;
  const Vector2d v1 = L1 * w1 * Vector2d(-e1.y(), e1.x());
  const Vector2d v2 = v1 + L2 * w2 * Vector2d(-e2.y(), e2.x());
  const char* builds[] = {"circular wire + rod", "nail + 2 quadratic rods",
                          "nail + 2 distance rods"};
  for (int build = 0; build < 3; ++build) {
    for (auto solver : {ConstraintSolver::CG, ConstraintSolver::JacobiCG, ConstraintSolver::LDLT,
                        ConstraintSolver::Auto}) {
      SCOPED_TRACE(std::string(builds[build]) + ", " + pbm::solverName(solver));
      Rig r;
      int off = 0;
      if (build == 0) {
        r.particle(m1, x1, v1);
        r.particle(m2, x2, v2);
        r.add<pbm::CircularWireConstraint>(0, Vector2d(0, 0), L1);
        r.add<pbm::RodConstraint>(0, 1, L2);
      } else {
        const auto form = build == 1 ? pbm::RodForm::Quadratic : pbm::RodForm::Distance;
        r.particle(1.0, Vector2d(0, 0));
        r.particle(m1, x1, v1);
        r.particle(m2, x2, v2);
        r.add<pbm::NailConstraint>(0, Vector2d(0, 0));
        r.add<pbm::RodConstraint>(0, 1, L1, form);
        r.add<pbm::RodConstraint>(1, 2, L2, form);
        off = 2;
      }
      r.finish(100, 20, true, solver);
      const VectorXd a = r.accelerations();
      EXPECT_VEC_NEAR(VectorXd(a.segment(off, 4)), exact, 1e-12 * exact.norm())
          << "CD §4: the accelerations equal the double pendulum's closed-form angle equations";
      if (build == 0) {
        EXPECT_NEAR(r.cs.lambda[0], -14.21695357, 1e-7) << "CD §3: the wire's multiplier (tension)";
        EXPECT_NEAR(r.cs.lambda[1], 8.37556916, 1e-7)
            << "CD §3: the lower rod's multiplier (compression here)";
      }
    }
  }
}

// Energy of a Rig: kinetic plus gravitational (constraint forces do no work).
double energy(const pbm::ParticleSystem& ps) {
  return ps.kineticEnergy() + ps.potentialEnergy(pbm::EnergyKind::Gravity);
}

// CD §3: the constraint force does no work, so a double pendulum released from
// the horizontal conserves energy to RK4's accuracy (order 4).
TEST(Ch06Tinkertoy, DoublePendulumConservesEnergyToFourthOrder) {
  auto maxDrift = [](double h) {
    Rig r;
    r.particle(1.0, Vector2d(1.0, 0.0));
    r.particle(2.0, Vector2d(1.7, 0.0));
    r.add<pbm::CircularWireConstraint>(0, Vector2d(0, 0), 1.0);
    r.add<pbm::RodConstraint>(0, 1, 0.7);
    r.finish(0.0, 0.0);
    const double e0 = energy(r.ps), scale = 1.0 * kG * 1.0 + 2.0 * kG * 1.7;
    double worst = 0;
    const int steps = static_cast<int>(std::lround(10.0 / h));
    for (int k = 0; k < steps; ++k) {
      r.step(h);
      worst = std::max(worst, std::abs(energy(r.ps) - e0) / scale);
    }
    return worst;
  };
  const double fine = maxDrift(1e-3), coarse = maxDrift(2e-3);
  EXPECT_LE(fine, 1e-5) << "CD §3: max |E - E0| / E_s over 10 s of RK4, h = 1e-3";
  EXPECT_GE(coarse / fine, 10.0) << "CD §3, DEB §2.2: the energy error is O(h^4): " << coarse
                                 << " at h = 2e-3, " << fine << " at h = 1e-3";
}

// CD §3 (feedback): the same double pendulum, max |C| over 10 s of RK4 at
// h = 1e-3, with C computed here from the positions. Without feedback the
// constraints drift (about 8e-7); feedback ks = 100, kd = 20 holds them about
// 500 times tighter (about 1.4e-9).
TEST(Ch06Tinkertoy, FeedbackHoldsTheDoublePendulumOnItsConstraints) {
  auto maxC = [](double ks, double kd) {
    Rig r;
    r.particle(1.0, Vector2d(1.0, 0.0));
    r.particle(2.0, Vector2d(1.7, 0.0));
    r.add<pbm::CircularWireConstraint>(0, Vector2d(0, 0), 1.0);
    r.add<pbm::RodConstraint>(0, 1, 0.7);
    r.finish(ks, kd);
    double worst = 0;
    for (int k = 0; k < 10000; ++k) {
      r.step(1e-3);
      const Vector2d x0 = r.ps.particles[0].x, d = x0 - r.ps.particles[1].x;
      worst = std::max({worst, std::abs(0.5 * (x0.squaredNorm() - 1.0)),
                        std::abs(0.5 * (d.squaredNorm() - 0.49))});
    }
    return worst;
  };
  const double without = maxC(0, 0), with = maxC(100, 20);
  EXPECT_LT(without, 1e-5) << "CD §3: without feedback RK4's drift stays small at h = 1e-3";
  EXPECT_GT(without, 1e-8) << "CD §3: without feedback the constraints do drift";
  EXPECT_LT(with, 1e-8) << "CD §3: feedback ks = 100, kd = 20 holds max |C| below 1e-8";
  EXPECT_LT(with, without / 100) << "CD §3: feedback must hold the constraints at least 100x "
                                    "tighter; max |C| = "
                                 << without << " without, " << with << " with";
}

// CD §3 (feedback), slides: feedback makes every constraint error decay
// independently and in closed form, C(t) = (C0 + (Cdot0 + 6 C0) t) e^{-6t} for
// ks = 36, kd = 12 (critical). This pins the signs of all four terms of eq (11).
TEST(Ch06Tinkertoy, FeedbackMakesEachConstraintErrorDecayInClosedForm) {
  Rig r;
  r.particle(1.0, Vector2d(0.1, -0.05));
  r.particle(1.0, Vector2d(1.1, 0.1), Vector2d(0.2, 0.5));
  r.particle(2.0, Vector2d(1.5, -0.7), Vector2d(-0.3, 0.1));
  r.particle(0.5, Vector2d(2.0, -0.2), Vector2d(0.4, 0.4));
  r.add<pbm::NailConstraint>(0, Vector2d(0, 0));
  const double L[] = {1.0, 0.8, 0.6};
  for (int k = 0; k < 3; ++k) r.add<pbm::RodConstraint>(k, k + 1, L[k]);
  r.finish(36, 12);
  // C and Cdot computed here from positions, independently of the constraint code.
  auto Cnow = [&](VectorXd& C, VectorXd& Cd) {
    C.resize(5);
    Cd.resize(5);
    C.head<2>() = r.ps.particles[0].x;
    Cd.head<2>() = r.ps.particles[0].v;
    for (int k = 0; k < 3; ++k) {
      const Vector2d d = r.ps.particles[k].x - r.ps.particles[k + 1].x;
      const Vector2d w = r.ps.particles[k].v - r.ps.particles[k + 1].v;
      C[2 + k] = 0.5 * (d.squaredNorm() - L[k] * L[k]);
      Cd[2 + k] = d.dot(w);
    }
  };
  VectorXd C0, Cd0, C, Cd;
  Cnow(C0, Cd0);
  VectorXd expectC0(5), expectCd0(5);
  expectC0 << 0.1, -0.05, 0.01125, 0.08, 0.07;
  expectCd0 << 0, 0, 0.275, 0.12, 0.5;
  ASSERT_LT((C0 - expectC0).norm(), 1e-14) << "the test's own start state";
  ASSERT_LT((Cd0 - expectCd0).norm(), 1e-14) << "the test's own start state";
  const double h = 1e-3;
  double worst = 0;
  for (int k = 1; k <= 2000; ++k) {
    r.step(h);
    const double t = k * h;
    Cnow(C, Cd);
    const VectorXd exact = (C0 + (Cd0 + 6 * C0) * t) * std::exp(-6 * t);
    worst = std::max(worst, (C - exact).cwiseAbs().maxCoeff());
  }
  EXPECT_LE(worst, 1e-8) << "CD §3 eq 11: every C_k(t) follows (C0 + (Cdot0 + 6 C0) t) e^{-6t}; "
                            "worst deviation over 2 s";
}

}  // namespace
