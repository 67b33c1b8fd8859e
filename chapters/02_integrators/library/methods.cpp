// Chapter 02's methods for the registry. The step functions are the student
// functions themselves, so a scene runs whatever the student wrote.
#include "pbm/integrators/methods.h"

#include "pbm/integrators/integrators.h"

namespace pbm {

const MethodList& integratorMethods() {
  static const MethodList methods{
      {"euler", "Euler", methodColours::kEuler, methodOrder(Method::Euler),
       methodEvals(Method::Euler), eulerStep},
      {"midpoint", "midpoint", methodColours::kMidpoint, methodOrder(Method::Midpoint),
       methodEvals(Method::Midpoint), midpointStep},
      {"rk4", "RK4", methodColours::kRk4, methodOrder(Method::RK4), methodEvals(Method::RK4),
       rk4Step},
  };
  return methods;
}

const MethodInfo& adaptiveEulerMethod() {
  // Cost per attempt 3p - 1 = 2 evaluations (step doubling), attempts vary.
  static const MethodInfo adaptive{"adaptive", "adaptive Euler", methodColours::kAdaptive, 1, 0,
                                   {}};
  return adaptive;
}

}  // namespace pbm
