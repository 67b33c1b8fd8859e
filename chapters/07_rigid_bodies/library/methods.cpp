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
    inner(sys, h);
    if (auto* w = dynamic_cast<RigidWorld*>(&sys)) {
      if (w->renormalizeAfterStep) w->renormalizeAll();
    } else if (auto* m = dynamic_cast<RigidWorldMatrix*>(&sys)) {
      if (m->orthonormalizeAfterStep) m->orthonormalizeAll();
    }
  };
}

}  // namespace

const MethodList& rigidMethods() {
  static const MethodList methods = [] {
    MethodList list = integratorMethods();
    for (auto& m : list) m.step = renormalizing(m.step);
    return list;
  }();
  return methods;
}

}  // namespace pbm
