// Chapter 07 library code: N rigid bodies as one OdeSystem (RBI §3:
// Bodies_to_Array, Array_to_Bodies, dydt), so chapter 02's integrators step
// them unchanged. Body k occupies y[13k, 13k + 13) as [x | q w,x,y,z | P | L].
#pragma once
#include <Eigen/Core>
#include <functional>
#include <memory>
#include <vector>

#include "pbm/core/method.h"
#include "pbm/core/ode.h"
#include "pbm/integrators/adaptive.h"
#include "pbm/integrators/integrators.h"
#include "pbm/rigid/rigid_body.h"

namespace pbm {

// A force object for rigid bodies (the rigid twin of chapter 04's pbm::Force,
// PSD §4): apply() adds into the accumulators of the bodies it acts on, with
// the student's addForceAtPoint and friends, so every force also adds its torque.
class RigidForce {
 public:
  virtual ~RigidForce() = default;
  virtual void apply(std::vector<RigidBody>& bodies, double t) = 0;
};

// What both rigid worlds share (the quaternion state of RBI §4 here, the
// matrix state of §3 in rigid_world_matrix.h): the bodies, the force
// objects, the clock, and dydt's first half: clear every accumulator, then
// let each force object add its forces and torques at the installed time.
class RigidBodies : public OdeSystem {
 public:
  std::vector<RigidBody> bodies;
  std::vector<std::unique_ptr<RigidForce>> forces;

  // Adds a force object; returns it, for the scene to adjust later.
  template <class F>
  F* addForce(std::unique_ptr<F> f) {
    F* raw = f.get();
    forces.push_back(std::move(f));
    return raw;
  }
  double time() const { return t_; }

 protected:
  // The student's clearForces on every body, then each force's apply (after
  // completeInstall: every evaluation starts from the installed bodies).
  void accumulateForces();
  // Finishes an install a world deferred (RigidWorld::swapState); no-op here.
  virtual void completeInstall() {}
  double t_ = 0.0;
};

// The divergence rule of a rigid world, after a step from t0 of size h:
// throws SimulationDiverged naming t0 and h unless every body's x, q, R, P
// and L are finite (R covers the matrix state, q the quaternion state).
void checkBodiesFinite(const std::vector<RigidBody>& bodies, double t0, double h);

class RigidWorld : public RigidBodies {
 public:
  // Adds a body (its auxiliaries computed); returns its index.
  int add(const RigidBody& b);

  // --- OdeSystem (RBI §3)
  int dim() const override { return kRigidStateSize * static_cast<int>(bodies.size()); }
  // Bodies_to_Array with the student's stateToArray.
  void getState(Eigen::VectorXd& y, double& t) const override;
  // Array_to_State with the student's arrayToState: q stored as given (a
  // renormalisation here would change the Runge-Kutta stages), auxiliaries
  // recomputed.
  void setState(const Eigen::VectorXd& y, double t) override;
  // dydt: the forces accumulated, then ddtStateToArray for every body.
  void derivEval(Eigen::VectorXd& ydot) override;
  // A stage of a multi-stage method (DEB §2.2): setState then derivEval, as
  // the default does; a RigidWorld with no force objects does both in one
  // pass over the bodies (the same calls on each body, in the same order).
  void derivEvalAt(const Eigen::VectorXd& y, double t, Eigen::VectorXd& ydot) override;
  // A step's last write. Inside stepRenormalized, the state is kept (its
  // buffer taken, no copy) and installed by the renormalisation that follows,
  // so each body's auxiliaries are derived once, by renormalize, not twice;
  // anything that reads the bodies first (an evaluation, getState) installs it.
  // Elsewhere it is setState.
  void swapState(Eigen::VectorXd& y, double t) override;

  // renormalize (the student's) on every body: after an accepted step.
  void renormalizeAll();
  // Whether the stepping methods of rigidMethods() renormalise after each
  // step (RBI §4, footnote 3). On by default; the drift scene turns it off.
  bool renormalizeAfterStep = true;

  // One fixed step, `step` (chapter 02's, on this world), then
  // renormalizeAll if renormalizeAfterStep: what stepWorld and
  // rigidMethods() do. The bodies are complete when it returns.
  void stepRenormalized(const std::function<void(OdeSystem&)>& step);

 protected:
  void completeInstall() override;

 private:
  Eigen::VectorXd final_;      // the state swapState kept, not yet in the bodies
  bool finalPending_ = false;  // final_ is the state (the bodies are behind it)
  bool deferFinal_ = false;    // inside stepRenormalized, renormalising after
};

// One step of a fixed-step method of the registry, then the divergence check:
// a non-finite state throws SimulationDiverged naming t and h. `method` is an
// entry of rigidMethods() (pbm/rigid/methods.h), or of a later chapter's list
// built on it: its step is chapter 02's step followed by renormalize on every
// body (if renormalizeAfterStep), so stepWorld adds no renormalisation of its
// own. A method with no step (adaptive: adaptiveStepWorld) is invalid_argument.
void stepWorld(RigidWorld& world, const MethodInfo& method, double h);
// The adaptive path (DEB §3, step doubling around Euler by default): one
// accepted adaptiveStep from the installed state, then the same
// renormalisation and divergence check as stepWorld. Returns the proposed
// next step, as adaptiveStep does.
double adaptiveStepWorld(RigidWorld& world, double h, double tol, AdaptiveStats* stats = nullptr,
                         const AdaptiveOptions& options = {});

}  // namespace pbm
