// Chapter 07's scenes (RBI §2-§5): main.cpp lists them, the first is the default.
#pragma once

#include <memory>

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

}  // namespace ch07
