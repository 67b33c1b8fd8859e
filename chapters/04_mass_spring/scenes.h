// The chapter-04 scenes, in the viewer's order (the first is the default).
#pragma once

#include <memory>
#include <vector>

#include "pbm/app/scene.h"

namespace ch04 {

std::unique_ptr<pbm::Scene> makeClothScene();
std::unique_ptr<pbm::Scene> makeSpringPairScene();
std::unique_ptr<pbm::Scene> makeChainScene();
std::unique_ptr<pbm::Scene> makeBouncingBallScene();
std::unique_ptr<pbm::Scene> makeSlidingBlockScene();
std::unique_ptr<pbm::Scene> makeJellyScene();
std::unique_ptr<pbm::Scene> makeSandboxScene();

// The chapter's scene list, in the viewer's order (the first is the default):
// main.cpp runs it, and tests/every_scene_test.cpp runs each of its scenes
// headless for a few steps, so a scene listed here is covered by a test.
inline std::vector<pbm::SceneFactory> scenes() {
  return {
      makeClothScene,         // cloth_scene.cpp
      makeSpringPairScene,    // spring_scenes.cpp
      makeChainScene,         // spring_scenes.cpp
      makeBouncingBallScene,  // collision_scenes.cpp
      makeSlidingBlockScene,  // collision_scenes.cpp
      makeJellyScene,         // collision_scenes.cpp
      makeSandboxScene,       // sandbox_scene.cpp
  };
}

}  // namespace ch04
