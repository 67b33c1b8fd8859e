#include "pbm/particles/methods.h"

#include <stdexcept>

#include "pbm/integrators/methods.h"
#include "pbm/particles/particles.h"
#include "pbm/stiffness/methods.h"

namespace pbm {

MethodList particleMethods(ImplicitParticleSolve& solve) {
  MethodList methods = integratorMethods();
  MethodInfo implicit = implicitEulerMethod();
  implicit.evalsPerStep = 1;  // F0 and the force Jacobians once per step
  implicit.step = [&solve](OdeSystem& sys, double h) {
    auto* ps = dynamic_cast<ParticleSystem*>(&sys);
    if (!ps) throw std::logic_error("the implicit step (4-5) steps a ParticleSystem only");
    solve.iterations += implicitParticleStep(*ps, h, solve.cg).iterations;
  };
  methods.push_back(std::move(implicit));
  return methods;
}

}  // namespace pbm
