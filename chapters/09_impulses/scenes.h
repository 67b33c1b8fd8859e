// Chapter 09's scenes (RBII §6, §8): scenes() lists them, the first is the default.
#pragma once

#include <memory>
#include <vector>

#include "pbm/app/scene.h"

namespace ch09 {

// ball_scene.cpp: a ball bouncing to rest (RBII §6, §8).
std::unique_ptr<pbm::Scene> makeBallScene();
// rod_scene.cpp: a rod falling flat onto a peg, against the closed forms.
std::unique_ptr<pbm::Scene> makeRodScene();
// cube_scenes.cpp: a cube on a corner; a cube flat (the contact order).
std::unique_ptr<pbm::Scene> makeCubeCornerScene();
std::unique_ptr<pbm::Scene> makeCubeFlatScene();
// cradle_scene.cpp: Newton's cradle.
std::unique_ptr<pbm::Scene> makeCradleScene();
// billiards_scene.cpp: many balls, chapter 08's sweep for the pairs.
std::unique_ptr<pbm::Scene> makeBilliardsScene();

// The chapter's scene list, in the viewer's order (the first is the default):
// main.cpp runs it, and tests/every_scene_test.cpp runs each of its scenes
// headless for a few steps, so a scene listed here is covered by a test.
inline std::vector<pbm::SceneFactory> scenes() {
  return {
      makeBallScene,        // ball_scene.cpp
      makeRodScene,         // rod_scene.cpp
      makeCubeCornerScene,  // cube_scenes.cpp
      makeCubeFlatScene,    // cube_scenes.cpp
      makeCradleScene,      // cradle_scene.cpp
      makeBilliardsScene,   // billiards_scene.cpp
  };
}

}  // namespace ch09
