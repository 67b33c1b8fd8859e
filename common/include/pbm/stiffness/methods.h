// Chapter 03's methods for the registry (core/method.h): chapter 02's
// explicit ones and linearised backward Euler, eq. (3-2) (Implicit Methods §3).
#pragma once

#include "pbm/core/method.h"

namespace pbm {

// "implicit": implicitEulerStep (3-2). One evaluation and a Jacobian per step,
// plus 2n evaluations for a finite-difference Jacobian: counted, not stated.
const MethodInfo& implicitEulerMethod();
// euler, midpoint, rk4 (integratorMethods()), implicit.
const MethodList& stiffnessMethods();
inline bool isImplicitEuler(const MethodInfo& m) {
  return m.name == implicitEulerMethod().name;
}

}  // namespace pbm
