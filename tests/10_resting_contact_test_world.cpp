// Chapter 10 tests, part: the resting world (RBII §9 in the simulation loop:
// contact forces in every derivative evaluation, chapter 09's stepping with
// collisions around them): stacks and pyramids that hold still, and a cube
// that starts to tip over a table edge as the closed form says.
#include <memory>

#include "10_resting_contact_test.h"
#include "pbm/resting/resting_world.h"
#include "pbm/rigid/methods.h"
#include "pbm/rigid/rigid_forces.h"

using namespace ch10_test;

namespace {

// A world with gravity and the ground as a half-space y >= 0.
struct World {
  pbm::RestingWorld w;
  explicit World(bool ground = true) {
    w.settings.eps = 0.5;
    w.settings.threshold = 1e-3;
    w.settings.distTol = 1e-6;
    if (ground) w.add(fixedBody(), pbm::Shape::halfSpace(Vector3d::UnitY(), 0.0));
    w.addForce(std::make_unique<pbm::RigidGravity>(Vector3d(0, -kG, 0)));
  }
  int cube(double m, double s, const Vector3d& x) {
    return w.add(box(m, Vector3d::Constant(s), x), pbm::Shape::box());
  }
  // Steps of h up to T with RK4; returns the largest displacement of any body.
  double run(double h, double T) {
    std::vector<Vector3d> x0;
    for (const auto& b : w.bodies) x0.push_back(b.x);
    // Bodies that touch at t = 0 rest from the first step on.
    withinDeadline("settleContacts", [&] { pbm::settleContacts(w); });
    double worst = 0;
    const int n = static_cast<int>(std::lround(T / h));
    for (int k = 0; k < n; ++k) {
      // A pyramid whose contact forces come without their torques tumbles, and
      // its solves then run long: the deadline's message names that too.
      withinDeadline(
          "stepWithCollisions (computeContactForces in every evaluation; if "
          "Ch10ContactForces.AppliesEachForceAndTorqueToBothBodies failed, a force "
          "without its torque makes the bodies tumble and this step run long)",
          [&] { pbm::stepWithCollisions(w, pbm::findMethod(pbm::rigidMethods(), "rk4"), h); });
      for (size_t i = 0; i < w.bodies.size(); ++i)
        worst = std::max(worst, (w.bodies[i].x - x0[i]).norm());
    }
    return worst;
  }
};

}  // namespace

// A stack of 3 cubes, each 0.8 x the one below, exactly touching: 2 s at
// h = 0.01 and none moves by more than 1e-6 m (RBII §9: the forces make every
// a_i = 0, so nothing drifts).
TEST(Ch10World, StackHoldsStill) {
  World W;
  double y = 0, s = 1;
  for (int k = 0; k < 3; ++k, s *= 0.8) {
    W.cube(1, s, Vector3d(0.02 * k, y + s / 2, 0));
    y += s;
  }
  double moved = 0;
  ASSERT_NO_THROW(moved = W.run(0.01, 2.0)) << "RBII §9: a stack at rest must be solvable";
  EXPECT_LE(moved, 1e-6) << "RBII §9: resting contact forces hold the stack: the largest "
                            "displacement after 2 s";
  EXPECT_GT(W.w.restingStats.solves, 0) << "the contact forces were never solved";
}

// The degenerate pyramid (base 4, rows exactly touching, every contact on a
// face's boundary): 2 s, every cube within 1e-6 m, and the forces on each cube
// balance its weight.
TEST(Ch10World, PyramidHoldsStill) {
  World W;
  const int base = 4;
  for (int r = 0; r < base; ++r)
    for (int j = 0; j < base - r; ++j)
      W.cube(1, 1, Vector3d((j - (base - r - 1) / 2.0) * 1.1, 0.5 + r, 0));
  double moved = 0;
  ASSERT_NO_THROW(moved = W.run(0.01, 2.0));
  EXPECT_LE(moved, 1e-6) << "RBII §9: the pyramid of 10 cubes holds still";
  // The last solve: per cube, sum of f n (as a) minus (as b) = M g up.
  const pbm::LcpResult& r = W.w.restingStats.last;
  ASSERT_EQ(r.f.size(), static_cast<Eigen::Index>(W.w.resting.size()));
  for (size_t k = 1; k < W.w.bodies.size(); ++k) {
    Vector3d F = Vector3d::Zero();
    for (size_t i = 0; i < W.w.resting.size(); ++i) {
      if (W.w.resting[i].a == &W.w.bodies[k]) F += r.f(i) * W.w.resting[i].n;
      if (W.w.resting[i].b == &W.w.bodies[k]) F -= r.f(i) * W.w.resting[i].n;
    }
    EXPECT_VEC_NEAR(F, Vector3d(0, kG, 0), 1e-6) << "cube " << k << ": contact forces carry Mg";
  }
}

// A cube (M = 2, s = 1) whose centre is e = 0.2 beyond the edge of a fixed
// table box starts to turn about the edge at alpha = -e F / I with
// F = Mg/(1 + 6 e^2), I = M/6 (RBII §9; chapter 10's claim 8 in motion).
TEST(Ch10World, CubeTipsOverTheTableEdge) {
  World W(false);
  RigidBody table = fixedBody(Vector3d(-2, -0.5, 0));
  table.halfExtents = Vector3d(2, 0.5, 2);  // top at y = 0, edge at x = 0
  W.w.add(table, pbm::Shape::box());
  const int c = W.cube(2, 1, Vector3d(0.2, 0.5 + 1e-9, 0));
  const double F = 2 * kG / (1 + 6 * 0.04), alpha = -0.2 * F / (2.0 / 6.0);
  const double h = 1e-3, T = 0.02;
  ASSERT_NO_THROW(W.run(h, T));
  EXPECT_NEAR(W.w.bodies[c].omega.z(), alpha * T, 0.02 * std::abs(alpha * T))
      << "RBII §9: the edge contacts carry Mg/(1 + 6e^2), the cube turns at alpha = -eF/I";
  EXPECT_LT(W.w.bodies[c].x.y(), 0.5) << "and its centre falls";
}
