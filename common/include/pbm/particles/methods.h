// Chapter 04's methods for the registry (core/method.h): chapter 02's explicit
// methods and the implicit step (4-5) on a particle system (Implicit Methods
// §4, mass-weighted as in Baraff & Witkin 1998), implicitParticleStep.
#pragma once

#include "pbm/core/method.h"
#include "pbm/stiffness/implicit.h"

namespace pbm {

// What the implicit step needs beyond the system and h, and what it reports:
// owned by the scene, which sets cg before stepping.
struct ImplicitParticleSolve {
  CgOptions cg;
  long iterations = 0;  // CG iterations, summed over the steps taken
};

// euler, midpoint, rk4, and "implicit": chapter 03's entry (same name, label
// and colour) stepping a ParticleSystem by implicitParticleStep with
// `solve`'s options, one force evaluation per step. `solve` must outlive the
// list and every Stepper that copied an entry of it.
MethodList particleMethods(ImplicitParticleSolve& solve);

}  // namespace pbm
