// Chapter 09 benchmark: what an impulse costs, how many passes the notes'
// sequential loop needs on a stack (RBII §8, find_all_collisions), and what
// bisection for the collision time costs against the secant method (RBII §6:
// "predict t_c").
//
// BM_Impulse                 one impulseMagnitude + applyImpulse between two
//                            free, turned boxes (eps = 1, so v_rel just flips
//                            sign and the state stays bounded). real_time:
//                            ns per impulse.
// BM_ResolveCollisions/S     resolveCollisions (eps = 0.5, THRESHOLD 1e-9) on
//                            contacts built directly: `flat_cube` (a unit cube
//                            flat on the floor at 2 m/s down, 4 vf contacts),
//                            `stack2|4|8` (unit boxes stacked with small
//                            offsets, all at 2 m/s down: 4 vf contacts with
//                            the floor and 4 per box on the box below).
//                            Counters contacts, passes, impulses, and
//                            max_residual (the most negative v_rel left,
//                            0 when none collides).
// BM_CollisionTime/M/tol     findCollisionTime (bisection) against
//                            findCollisionTimeSecant on the bouncing ball's
//                            gap: a ball 1 m over the floor's impact speed
//                            (4.43 m/s) half a step above the floor, each trial
//                            re-simulated by one RK4 step of tau (as
//                            stepWithCollisions does); dt = 0.01 s, tol
//                            1e-4 ... 1e-12 m. Counters evals (gapAfter calls),
//                            tol, err_tc (|t_c - exact|).
#include <benchmark/benchmark.h>

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "pbm/impulse/collision_world.h"
#include "pbm/impulse/impulse.h"
#include "pbm/rigid/methods.h"
#include "pbm/rigid/rigid.h"
#include "pbm/rigid/rigid_forces.h"
#include "pbm/rigid/rigid_world.h"

namespace {

using Eigen::AngleAxisd;
using Eigen::Vector3d;

// ------------------------------------------------------------ one impulse

void BM_Impulse(benchmark::State& state) {
  std::vector<pbm::RigidBody> b(2);
  b[0] = pbm::makeBlock(2.0, Vector3d(1.0, 0.4, 0.7));
  b[1] = pbm::makeBlock(3.0, Vector3d(0.5, 1.2, 0.9));
  b[0].q = Eigen::Quaterniond(AngleAxisd(0.4, Vector3d(1, 2, 3).normalized()));
  b[1].q = Eigen::Quaterniond(AngleAxisd(1.1, Vector3d(-2, 1, 1).normalized()));
  b[0].x = Vector3d(0.0, 1.0, 0.0);
  b[0].P = Vector3d(0.3, -2.0, 0.1);
  b[0].L = Vector3d(0.2, 0.1, -0.3);
  for (auto& body : b) pbm::computeAuxiliary(body);
  pbm::Contact c;
  c.a = &b[0];
  c.b = &b[1];
  c.p = Vector3d(0.2, 0.6, -0.1);
  c.n = Vector3d::UnitY();
  for (auto _ : state) {
    double j = pbm::impulseMagnitude(c, 1.0);  // not const: DoNotOptimize takes T&
    pbm::applyImpulse(c, j);
    benchmark::DoNotOptimize(j);
    benchmark::ClobberMemory();
  }
}
BENCHMARK(BM_Impulse);

// ------------------------------------------------ the sequential loop

// Unit boxes: box 0 the floor (fixed), boxes 1..k stacked with small
// offsets, all falling at 2 m/s, each resting on the one below.
struct Stack {
  std::vector<pbm::RigidBody> bodies;
  std::vector<pbm::Contact> contacts;
  explicit Stack(int k) {
    bodies.reserve(k + 1);
    bodies.push_back(pbm::makeFixedBlock(Vector3d(10.0, 1.0, 10.0)));
    bodies[0].x = Vector3d(0.0, -0.5, 0.0);
    for (int i = 0; i < k; ++i) {
      pbm::RigidBody b = pbm::makeBlock(1.0, Vector3d::Ones());
      b.x = Vector3d(0.05 * ((i % 2) ? 1.0 : -1.0), 0.5 + i, 0.03 * i);
      b.P = Vector3d(0.0, -2.0, 0.0);
      pbm::computeAuxiliary(b);
      bodies.push_back(b);
    }
    for (int i = 1; i <= k; ++i)
      for (int cx : {1, -1})
        for (int cz : {1, -1}) {
          pbm::Contact c;
          c.a = &bodies[i];
          c.b = &bodies[i - 1];
          c.p = bodies[i].x + Vector3d(0.5 * cx, -0.5, 0.5 * cz);
          c.n = Vector3d::UnitY();
          contacts.push_back(c);
        }
  }
};

void BM_ResolveCollisions(benchmark::State& state, int boxes) {
  Stack stack(boxes);
  const std::vector<pbm::RigidBody> start = stack.bodies;
  int passes = 0;
  for (auto _ : state) {
    stack.bodies = start;  // same storage: the contacts' pointers stay valid
    passes = pbm::resolveCollisions(stack.contacts, 0.5, 1e-9, 100000);
    benchmark::DoNotOptimize(passes);
  }
  stack.bodies = start;
  std::vector<pbm::ImpulseRecord> log;
  passes = pbm::resolveCollisions(stack.contacts, 0.5, 1e-9, 100000, &log);
  double residual = 0.0;
  for (const auto& c : stack.contacts)
    residual = std::max(residual, -pbm::relativeNormalVelocity(c));
  state.counters["contacts"] = static_cast<double>(stack.contacts.size());
  state.counters["boxes"] = boxes;
  state.counters["passes"] = passes;
  state.counters["impulses"] = static_cast<double>(log.size());
  state.counters["max_residual"] = residual;
  state.SetLabel("series=sequential");
}
BENCHMARK_CAPTURE(BM_ResolveCollisions, flat_cube, 1)->Name("BM_ResolveCollisions/flat_cube");
BENCHMARK_CAPTURE(BM_ResolveCollisions, stack2, 2)->Name("BM_ResolveCollisions/stack2");
BENCHMARK_CAPTURE(BM_ResolveCollisions, stack4, 4)->Name("BM_ResolveCollisions/stack4");
BENCHMARK_CAPTURE(BM_ResolveCollisions, stack8, 8)->Name("BM_ResolveCollisions/stack8");

// ------------------------------------------------- the collision time

constexpr double kG = 9.81, kDt = 0.01, kRadius = 0.1;

// The ball at its first impact: 1 m of fall gives v = sqrt(2 g) downward;
// it starts half a step's travel above the floor.
struct FallingBall {
  pbm::CollisionWorld world;
  Eigen::VectorXd y0;
  double gap0 = 0.0, v = 0.0;
  const pbm::MethodInfo& rk4 = pbm::findMethod(pbm::rigidMethods(), "rk4");
  FallingBall() {
    v = std::sqrt(2.0 * kG);
    gap0 = 0.5 * v * kDt;
    pbm::RigidBody ball = pbm::makeBlock(1.0, Vector3d::Constant(2.0 * kRadius));
    ball.Ibody = Eigen::Matrix3d::Identity() * (0.4 * kRadius * kRadius);
    ball.IbodyInv = ball.Ibody.inverse();
    ball.x = Vector3d(0.0, kRadius + gap0, 0.0);
    ball.P = Vector3d(0.0, -v, 0.0);
    world.add(ball, pbm::Shape::sphere(kRadius));
    pbm::RigidBody floor = pbm::makeFixedBlock(Vector3d::Constant(1.0));
    world.add(floor, pbm::Shape::halfSpace(Vector3d::UnitY(), 0.0));
    world.addForce(std::make_unique<pbm::RigidGravity>(Vector3d(0.0, -kG, 0.0)));
    double t = 0.0;
    world.getState(y0, t);
  }
  double gapAfter(double tau) {
    world.setState(y0, 0.0);
    pbm::stepWorld(world, rk4, tau);
    return world.closest().gap;
  }
  // gap0 - v t - g t^2 / 2 = 0.
  double exactTc() const { return (-v + std::sqrt(v * v + 2.0 * kG * gap0)) / kG; }
};

void BM_CollisionTime(benchmark::State& state, bool secant) {
  const double tol = std::pow(10.0, -static_cast<double>(state.range(0)));
  FallingBall ball;
  const auto gap = [&](double tau) { return ball.gapAfter(tau); };
  int evals = 0;
  double tc = 0.0;
  for (auto _ : state) {
    tc = secant ? pbm::findCollisionTimeSecant(gap, kDt, tol, &evals)
                : pbm::findCollisionTime(gap, kDt, tol, &evals);
    benchmark::DoNotOptimize(tc);
  }
  state.counters["evals"] = evals;
  state.counters["tol"] = tol;
  state.counters["err_tc"] = std::abs(tc - ball.exactTc());
  state.SetLabel(secant ? "series=secant" : "series=bisection");
}
void BM_CollisionTime_bisection(benchmark::State& state) {
  BM_CollisionTime(state, false);
}
void BM_CollisionTime_secant(benchmark::State& state) {
  BM_CollisionTime(state, true);
}
BENCHMARK(BM_CollisionTime_bisection)->Name("BM_CollisionTime/bisection")->DenseRange(4, 12, 2);
BENCHMARK(BM_CollisionTime_secant)->Name("BM_CollisionTime/secant")->DenseRange(4, 12, 2);

}  // namespace

BENCHMARK_MAIN();
