// Chapter 07 library code: N rigid bodies as one OdeSystem (RBI §3:
// Bodies_to_Array, Array_to_Bodies, dydt).
#include "pbm/rigid/rigid_world.h"

#include <cstdio>
#include <stdexcept>
#include <string>
#include <typeinfo>

#include "pbm/core/errors.h"
#include "pbm/rigid/rigid.h"

namespace pbm {

int RigidWorld::add(const RigidBody& b) {
  bodies.push_back(b);
  computeAuxiliary(bodies.back());
  return static_cast<int>(bodies.size()) - 1;
}

namespace {
// Body k's 13 numbers of a state or derivative array.
auto slice(Eigen::VectorXd& y, size_t k) {
  return y.segment(kRigidStateSize * static_cast<Eigen::Index>(k), kRigidStateSize);
}
auto slice(const Eigen::VectorXd& y, size_t k) {
  return y.segment(kRigidStateSize * static_cast<Eigen::Index>(k), kRigidStateSize);
}
void checkSize(const Eigen::VectorXd& y, int dim, size_t bodies, const char* who) {
  if (y.size() != dim)
    throw std::invalid_argument(std::string("RigidWorld::") + who + ": " +
                                std::to_string(y.size()) + " numbers for " +
                                std::to_string(bodies) + " bodies");
}
}  // namespace

void RigidWorld::getState(Eigen::VectorXd& y, double& t) const {
  t = t_;
  if (finalPending_) {  // the state is the kept vector (swapState)
    y = final_;
    return;
  }
  y.resize(dim());
  for (size_t k = 0; k < bodies.size(); ++k) stateToArray(bodies[k], slice(y, k));
}

void RigidWorld::setState(const Eigen::VectorXd& y, double t) {
  checkSize(y, dim(), bodies.size(), "setState");
  finalPending_ = false;  // whatever swapState kept is superseded
  for (size_t k = 0; k < bodies.size(); ++k) arrayToState(bodies[k], slice(y, k));
  t_ = t;
}

void RigidWorld::swapState(Eigen::VectorXd& y, double t) {
  if (!deferFinal_) {
    setState(y, t);
    return;
  }
  checkSize(y, dim(), bodies.size(), "swapState");
  final_.swap(y);
  t_ = t;
  finalPending_ = true;
}

void RigidWorld::completeInstall() {
  if (!finalPending_) return;
  finalPending_ = false;
  for (size_t k = 0; k < bodies.size(); ++k) arrayToState(bodies[k], slice(final_, k));
}

void RigidBodies::accumulateForces() {
  completeInstall();
  for (auto& b : bodies) clearForces(b);
  for (auto& f : forces) f->apply(bodies, t_);
}

void RigidWorld::derivEval(Eigen::VectorXd& ydot) {
  ydot.resize(dim());
  completeInstall();
  if (forces.empty()) {
    // No force object reads another body: clear and differentiate each body
    // in one pass (the calls and their order per body as below).
    for (size_t k = 0; k < bodies.size(); ++k) {
      clearForces(bodies[k]);
      ddtStateToArray(bodies[k], slice(ydot, k));
    }
    return;
  }
  accumulateForces();
  for (size_t k = 0; k < bodies.size(); ++k) ddtStateToArray(bodies[k], slice(ydot, k));
}

void RigidWorld::derivEvalAt(const Eigen::VectorXd& y, double t, Eigen::VectorXd& ydot) {
  // A subclass may evaluate differently (chapter 09's world overrides
  // derivEval): it gets the default, install then evaluate.
  if (!forces.empty() || typeid(*this) != typeid(RigidWorld)) {
    setState(y, t);
    derivEval(ydot);
    return;
  }
  checkSize(y, dim(), bodies.size(), "derivEvalAt");
  finalPending_ = false;
  t_ = t;
  ydot.resize(dim());
  // Install, clear, differentiate: body by body, one pass (what setState then
  // derivEval do, each body's calls in the same order).
  for (size_t k = 0; k < bodies.size(); ++k) {
    arrayToState(bodies[k], slice(y, k));
    clearForces(bodies[k]);
    ddtStateToArray(bodies[k], slice(ydot, k));
  }
}

void RigidWorld::renormalizeAll() {
  if (finalPending_) {
    // The step's last state, installed and renormalised body by body: the
    // same numbers as arrayToState then renormalize (RBI §4), but the
    // auxiliaries derived once, by renormalize. The stores are
    // arrayToState's: y = [x | q.w, q.x, q.y, q.z | P | L] (stateToArray).
    finalPending_ = false;
    for (size_t k = 0; k < bodies.size(); ++k) {
      RigidBody& b = bodies[k];
      const double* y = final_.data() + kRigidStateSize * static_cast<Eigen::Index>(k);
      b.x = Eigen::Vector3d(y[0], y[1], y[2]);
      b.q = Eigen::Quaterniond(y[3], y[4], y[5], y[6]);
      b.P = Eigen::Vector3d(y[7], y[8], y[9]);
      b.L = Eigen::Vector3d(y[10], y[11], y[12]);
      renormalize(b);
    }
    return;
  }
  for (auto& b : bodies) renormalize(b);
}

void RigidWorld::stepRenormalized(const std::function<void(OdeSystem&)>& step) {
  deferFinal_ = renormalizeAfterStep;
  try {
    step(*this);
  } catch (...) {
    deferFinal_ = false;
    completeInstall();  // the bodies agree with the clock, as after setState
    throw;
  }
  deferFinal_ = false;
  if (renormalizeAfterStep)
    renormalizeAll();
  else
    completeInstall();
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

void stepWorld(RigidWorld& world, const MethodInfo& method, double h) {
  if (!method.step)
    throw std::invalid_argument("stepWorld: '" + method.name +
                                "' chooses its own step size (adaptiveStepWorld steps it)");
  const double t0 = world.time();
  method.step(world, h);  // rigidMethods(): the step, then stepRenormalized's renormalisation
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
