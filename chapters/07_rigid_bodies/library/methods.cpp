// Chapter 07's methods: chapter 02's euler, midpoint and rk4, each followed by
// the renormalisation a rigid world asks for (RBI §4, footnote 3: |q| = 1, or
// Gram-Schmidt for the matrix state of §3). Never inside setState: that would
// change the Runge-Kutta stages.
#include "pbm/rigid/methods.h"

#include "pbm/integrators/methods.h"
#include "pbm/rigid/rigid_world.h"
#include "pbm/rigid/rigid_world_matrix.h"

namespace pbm {

namespace {

StepFunction renormalizing(StepFunction inner) {
  return [inner](OdeSystem& sys, double h) {
    if (auto* w = dynamic_cast<RigidWorld*>(&sys)) {
      // The step, then renormalizeAll if the world asks (its last install
      // and the renormalisation in one pass: RigidWorld::swapState).
      w->stepRenormalized([&](OdeSystem& world) { inner(world, h); });
      return;
    }
    inner(sys, h);
    if (auto* m = dynamic_cast<RigidWorldMatrix*>(&sys)) {
      if (m->orthonormalizeAfterStep) m->orthonormalizeAll();
    }
  };
}

}  // namespace

const MethodList& rigidMethods() {
  static const MethodList methods = [] {
    MethodList list = integratorMethods();
    // A method of chapters 07, 09 and 10 alone is one more entry here, before
    // its step is wrapped: their scenes offer it and stepWorld steps it.
    for (auto& m : list) m.step = renormalizing(m.step);
    return list;
  }();
  return methods;
}

}  // namespace pbm
