// The chapter-01 scenes, in the viewer's order (the first is the default).
#pragma once

#include <memory>
#include <vector>

#include "pbm/app/scene.h"

namespace ch01 {

std::unique_ptr<pbm::Scene> makeRotationScene();
std::unique_ptr<pbm::Scene> makeSpiralSinkScene();
std::unique_ptr<pbm::Scene> makeSaddleScene();
std::unique_ptr<pbm::Scene> makeStiffBowlScene();
std::unique_ptr<pbm::Scene> makeRotatingWindScene();
std::unique_ptr<pbm::Scene> makeSpringPhaseScene();
std::unique_ptr<pbm::Scene> makePendulumPhaseScene();
std::unique_ptr<pbm::Scene> makeLorenzScene();  // 3D (lorenz_scene.cpp)

// The chapter's scene list, in the viewer's order (the first is the default):
// main.cpp runs it, and tests/every_scene_test.cpp runs each of its scenes
// headless for a few steps, so a scene listed here is covered by a test.
inline std::vector<pbm::SceneFactory> scenes() {
  return {
      makeRotationScene,       // catalogue_scenes.cpp
      makeSpiralSinkScene,     // catalogue_scenes.cpp
      makeSaddleScene,         // catalogue_scenes.cpp
      makeStiffBowlScene,      // catalogue_scenes.cpp
      makeRotatingWindScene,   // catalogue_scenes.cpp
      makeSpringPhaseScene,    // phase_scenes.cpp
      makePendulumPhaseScene,  // phase_scenes.cpp
      makeLorenzScene,         // lorenz_scene.cpp
  };
}

}  // namespace ch01
