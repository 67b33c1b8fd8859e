// The chapter-01 scenes, in the viewer's order (the first is the default).
#pragma once

#include <memory>

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

}  // namespace ch01
