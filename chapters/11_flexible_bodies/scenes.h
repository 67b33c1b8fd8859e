// Chapter 11's scenes (Baraff & Witkin 1992): scenes() lists them, the first
// is the default.
#pragma once

#include <memory>
#include <vector>

#include "pbm/app/scene.h"

namespace ch11 {

// contact_scene.cpp: a rectangle against the floor with the two-phase contact
// (pbm/flexible/flex_world.h). drop: falls, squashes, rebounds, settles;
// flat_landing: g = 0, the rebound ratio 3/4 (affine, lambda = 0); stairs:
// the paper's quadratic block down frictionless stairs; column: resting on its
// weight beside the exact column's sink profile.
std::unique_ptr<pbm::Scene> makeDropScene();
std::unique_ptr<pbm::Scene> makeFlatLandingScene();
std::unique_ptr<pbm::Scene> makeStairsScene();
std::unique_ptr<pbm::Scene> makeColumnScene();

// spin_scene.cpp: a free spinning body; mu = lambda = 0 is the dust cloud
// (det A = 1 + omega^2 t^2), mu > 0 holds the steady stretch s.
std::unique_ptr<pbm::Scene> makeSpinScene();
// poke_scene.cpp: a free body (g = 0) poked by an impulse j at a point u: the
// response field K(v, u) j as arrows, the point's velocity change K(u, u) j.
std::unique_ptr<pbm::Scene> makePokeScene();
// oscillate_scene.cpp: one small-oscillation mode (dilation, shear, bend), its
// measured period beside 2 pi / omega.
std::unique_ptr<pbm::Scene> makeOscillateScene();

// The chapter's scene list, in the viewer's order (the first is the default):
// main.cpp runs it, and tests/every_scene_test.cpp runs each of its scenes
// headless for a few steps, so a scene listed here is covered by a test.
inline std::vector<pbm::SceneFactory> scenes() {
  return {
      makeDropScene,         // contact_scene.cpp
      makeFlatLandingScene,  // contact_scene.cpp
      makeStairsScene,       // contact_scene.cpp
      makeColumnScene,       // contact_scene.cpp
      makeSpinScene,         // spin_scene.cpp
      makePokeScene,         // poke_scene.cpp
      makeOscillateScene,    // oscillate_scene.cpp
  };
}

}  // namespace ch11
