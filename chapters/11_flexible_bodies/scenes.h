// Chapter 11's scenes (Baraff & Witkin 1992): main.cpp lists them, the first
// is the default. Until chapter 10 (the contact LCP) is a dependency only the
// free body is here; drop, flat_landing, stairs, poke, column and oscillate
// come with the contact code.
#pragma once

#include <memory>

#include "pbm/app/scene.h"

namespace ch11 {

// spin_scene.cpp: a free spinning body; mu = lambda = 0 is the dust cloud
// (det A = 1 + omega^2 t^2), mu > 0 holds the steady stretch s.
std::unique_ptr<pbm::Scene> makeSpinScene();
// oscillate_scene.cpp: one small-oscillation mode (dilation, shear, bend), its
// measured period beside 2 pi / omega.
std::unique_ptr<pbm::Scene> makeOscillateScene();

}  // namespace ch11
