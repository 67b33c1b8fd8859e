// Chapter 07's scenes (RBI §2-§5): scenes() lists them, the first is the default.
#pragma once

#include <memory>
#include <vector>

#include "pbm/app/scene.h"

namespace ch07 {

// spin_scenes.cpp: torque-free motion (RBI §2.9: L constant, omega not).
std::unique_ptr<pbm::Scene> makeSpinIntermediateScene();
std::unique_ptr<pbm::Scene> makeSpinStableMaxScene();
std::unique_ptr<pbm::Scene> makeSpinStableMinScene();
std::unique_ptr<pbm::Scene> makeTorqueFreeScene();
std::unique_ptr<pbm::Scene> makeSymmetricTopScene();
// toss_scene.cpp: a uniform field (RBI §5.2).
std::unique_ptr<pbm::Scene> makeGravityTossScene();
// push_scenes.cpp: RBI §5.3-5.5.
std::unique_ptr<pbm::Scene> makeRotationFreeScene();
std::unique_ptr<pbm::Scene> makeTranslationFreeScene();
std::unique_ptr<pbm::Scene> makeForceVsTorqueScene();
// drift_scene.cpp: quaternion vs rotation-matrix state (RBI §4).
std::unique_ptr<pbm::Scene> makeDriftScene();
// many_bodies_scene.cpp: N boxes, the benchmark's workload.
std::unique_ptr<pbm::Scene> makeManyBodiesScene();

// The chapter's scene list, in the viewer's order (the first is the default):
// main.cpp runs it, and tests/every_scene_test.cpp runs each of its scenes
// headless for a few steps, so a scene listed here is covered by a test.
inline std::vector<pbm::SceneFactory> scenes() {
  return {
      makeSpinIntermediateScene,  // spin_scenes.cpp
      makeSpinStableMaxScene,     // spin_scenes.cpp
      makeSpinStableMinScene,     // spin_scenes.cpp
      makeTorqueFreeScene,        // spin_scenes.cpp
      makeSymmetricTopScene,      // spin_scenes.cpp
      makeGravityTossScene,       // toss_scene.cpp
      makeRotationFreeScene,      // push_scenes.cpp
      makeTranslationFreeScene,   // push_scenes.cpp
      makeForceVsTorqueScene,     // push_scenes.cpp
      makeDriftScene,             // drift_scene.cpp
      makeManyBodiesScene,        // many_bodies_scene.cpp
  };
}

}  // namespace ch07
