// Chapter 03's methods for the registry: the step function is the student's
// implicitEulerStep, so a scene runs whatever the student wrote.
#include "pbm/stiffness/methods.h"

#include "pbm/integrators/methods.h"
#include "pbm/stiffness/implicit.h"

namespace pbm {

const MethodInfo& implicitEulerMethod() {
  static const MethodInfo implicit{"implicit", "implicit Euler", methodColours::kImplicit, 1,
                                   0,          implicitEulerStep};
  return implicit;
}

const MethodList& stiffnessMethods() {
  static const MethodList methods = [] {
    MethodList m = integratorMethods();
    m.push_back(implicitEulerMethod());
    return m;
  }();
  return methods;
}

}  // namespace pbm
