// One particle of a chapter-03 comparison (IM §2-3): a 2D model stepped by one
// method beside the same model under implicit Euler. The scenes stiff_spring
// and particle_on_line each hold two: the model, its stepper (clock,
// evaluations, the divergence rule), the trail drawn in the viewer, and the
// freeze of a run that diverged in the viewer (headless, the runner stops).
#pragma once

#include <Eigen/Core>
#include <optional>
#include <utility>
#include <vector>

#include "pbm/core/stepping.h"

namespace ch03 {

// System: an OdeSystem with position(), built from its constructor arguments.
template <class System>
struct MethodRun {
  std::optional<System> sys;
  pbm::Stepper stepper;
  std::vector<Eigen::Vector2d> trail;  // viewer only
  bool frozen = false;                 // viewer only: diverged, no longer stepped
  double frozenAt = 0.0;

  // A fresh run of method m at step h on System(args...).
  template <class... Args>
  void start(const pbm::MethodInfo& m, double h, Args&&... args) {
    sys.emplace(std::forward<Args>(args)...);
    stepper.reset(m, h);
    stepper.watch(*sys);
    trail.assign(1, position());
    frozen = false;
  }

  // One step towards tLimit. The clock runs on for a frozen run, which is not
  // stepped: returns false then. After a step, stepper.diverged() tells.
  bool advance(double tLimit) {
    const double h = stepper.plan(tLimit);
    if (frozen) return false;
    stepper.step(*sys, h);
    stepper.installClock(*sys);  // t0 + k h, not a running sum (a target may follow t)
    stepper.check(*sys);
    return true;
  }

  // Viewer: stop stepping a diverged run, keep the others going.
  void freeze() {
    frozen = true;
    frozenAt = stepper.time();
  }

  const pbm::MethodInfo& method() const { return stepper.method(); }
  Eigen::Vector2d position() const { return sys->position(); }
};

}  // namespace ch03
