// Chapter 10's scenes (RBII §9): scenes() lists them, the first is the default.
#pragma once

#include <memory>
#include <vector>

#include "pbm/app/scene.h"

namespace ch10 {

// block_table_scene.cpp: a block on a table, slid over its edge, lifted by wind.
std::unique_ptr<pbm::Scene> makeBlockTableScene();
// plank_scene.cpp: a plank on two knife-edge supports, against the closed forms.
std::unique_ptr<pbm::Scene> makePlankScene();
// pyramid_scene.cpp: unit cubes in a pyramid on the ground, rows exactly touching.
std::unique_ptr<pbm::Scene> makePyramidScene();
// stack_scene.cpp: n cubes, each `shrink` times the one below, exactly touching.
std::unique_ptr<pbm::Scene> makeStackScene();
// cube_on_cube_scene.cpp: a cube on a cube turned 45 degrees, 8 redundant ee contacts.
std::unique_ptr<pbm::Scene> makeCubeOnCubeScene();
// cube_flat_scene.cpp: chapter 09's flat drop, sequential vs simultaneous impulses.
std::unique_ptr<pbm::Scene> makeCubeFlatScene();

// The chapter's scene list, in the viewer's order (the first is the default):
// main.cpp runs it, and tests/every_scene_test.cpp runs each of its scenes
// headless for a few steps, so a scene listed here is covered by a test.
inline std::vector<pbm::SceneFactory> scenes() {
  return {
      makeBlockTableScene,  // block_table_scene.cpp
      makePlankScene,       // plank_scene.cpp
      makeStackScene,       // stack_scene.cpp
      makePyramidScene,     // pyramid_scene.cpp
      makeCubeOnCubeScene,  // cube_on_cube_scene.cpp
      makeCubeFlatScene,    // cube_flat_scene.cpp
  };
}

}  // namespace ch10
