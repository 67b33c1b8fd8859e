// Chapter 07 library code: N rigid bodies as one OdeSystem (RBI §3:
// Bodies_to_Array, Array_to_Bodies, dydt).
#include "pbm/rigid/rigid_world.h"

#include <cstdio>
#include <stdexcept>
#include <string>

#include "pbm/core/errors.h"
#include "pbm/rigid/rigid.h"

namespace pbm {

int RigidWorld::add(const RigidBody& b) {
  bodies.push_back(b);
  computeAuxiliary(bodies.back());
  return static_cast<int>(bodies.size()) - 1;
}

void RigidWorld::getState(Eigen::VectorXd& y, double& t) const {
  y.resize(dim());
  for (size_t k = 0; k < bodies.size(); ++k)
    stateToArray(bodies[k],
                 y.segment(kRigidStateSize * static_cast<Eigen::Index>(k), kRigidStateSize));
  t = t_;
}

void RigidWorld::setState(const Eigen::VectorXd& y, double t) {
  if (y.size() != dim())
    throw std::invalid_argument("RigidWorld::setState: " + std::to_string(y.size()) +
                                " numbers for " + std::to_string(bodies.size()) + " bodies");
  for (size_t k = 0; k < bodies.size(); ++k)
    arrayToState(bodies[k],
                 y.segment(kRigidStateSize * static_cast<Eigen::Index>(k), kRigidStateSize));
  t_ = t;
}

void RigidBodies::accumulateForces() {
  for (auto& b : bodies) clearForces(b);
  for (auto& f : forces) f->apply(bodies, t_);
}

void RigidWorld::derivEval(Eigen::VectorXd& ydot) {
  ydot.resize(dim());
  accumulateForces();
  for (size_t k = 0; k < bodies.size(); ++k)
    ddtStateToArray(bodies[k],
                    ydot.segment(kRigidStateSize * static_cast<Eigen::Index>(k), kRigidStateSize));
}

void RigidWorld::renormalizeAll() {
  for (auto& b : bodies) renormalize(b);
}

void checkBodiesFinite(const std::vector<RigidBody>& bodies, double t0, double h) {
  for (const auto& b : bodies) {
    if (!(b.x.allFinite() && b.q.coeffs().allFinite() && b.R.allFinite() && b.P.allFinite() &&
          b.L.allFinite())) {
      char msg[160];
      std::snprintf(msg, sizeof msg,
                    "the rigid-body state is not finite after the step at t = %.6g s with h = "
                    "%.6g s",
                    t0, h);
      throw SimulationDiverged(t0, h, msg);
    }
  }
}

void stepWorld(RigidWorld& world, Method m, double h) {
  const double t0 = world.time();
  step(world, m, h);
  if (world.renormalizeAfterStep) world.renormalizeAll();
  checkBodiesFinite(world.bodies, t0, h);
}

double adaptiveStepWorld(RigidWorld& world, double h, double tol, AdaptiveStats* stats,
                         const AdaptiveOptions& options) {
  const double t0 = world.time();
  const double next = adaptiveStep(world, h, tol, stats, options);
  if (world.renormalizeAfterStep) world.renormalizeAll();
  checkBodiesFinite(world.bodies, t0, world.time() - t0);
  return next;
}

}  // namespace pbm
