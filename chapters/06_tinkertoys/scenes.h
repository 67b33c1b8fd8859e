// Chapter 06's scenes (Constrained Dynamics §3-§5, slides "Things to try at
// home"), in the order of the lesson; the first is the default.
#pragma once

#include <memory>
#include <vector>

#include "pbm/app/scene.h"

namespace ch06 {

std::unique_ptr<pbm::Scene> makeDoublePendulumScene();  // the default: chaotic, two rods
std::unique_ptr<pbm::Scene> makePendulumScene();        // one nail, one rod: tension
std::unique_ptr<pbm::Scene> makeTriplePendulumScene();
std::unique_ptr<pbm::Scene> makeChainScene();         // N slider: CG iterations grow with m
std::unique_ptr<pbm::Scene> makeSquareScene();        // redundant / contradictory diagonal
std::unique_ptr<pbm::Scene> makeWirePendulumScene();  // a pendulum hung from a bead on a wire
std::unique_ptr<pbm::Scene> makeFourBarScene();       // a four-bar linkage
std::unique_ptr<pbm::Scene> makeDumbbellScene();      // §5 Lagrangian object in a hybrid model
std::unique_ptr<pbm::Scene> makeSandboxScene();       // build mode

// The chapter's scene list, in the viewer's order (the first is the default):
// main.cpp runs it, and tests/every_scene_test.cpp runs each of its scenes
// headless for a few steps, so a scene listed here is covered by a test.
inline std::vector<pbm::SceneFactory> scenes() {
  return {
      makeDoublePendulumScene,  // scenes.cpp
      makePendulumScene,        // scenes.cpp
      makeTriplePendulumScene,  // scenes.cpp
      makeChainScene,           // scenes.cpp
      makeSquareScene,          // scenes.cpp
      makeWirePendulumScene,    // scenes.cpp
      makeFourBarScene,         // scenes.cpp
      makeDumbbellScene,        // dumbbell_scene.cpp
      makeSandboxScene,         // scenes.cpp
  };
}

}  // namespace ch06
