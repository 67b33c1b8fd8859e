// The chapter-04 scenes, in the viewer's order (the first is the default).
#pragma once

#include <memory>

#include "pbm/app/scene.h"

namespace ch04 {

std::unique_ptr<pbm::Scene> makeClothScene();
std::unique_ptr<pbm::Scene> makeSpringPairScene();
std::unique_ptr<pbm::Scene> makeChainScene();
std::unique_ptr<pbm::Scene> makeBouncingBallScene();
std::unique_ptr<pbm::Scene> makeSlidingBlockScene();
std::unique_ptr<pbm::Scene> makeJellyScene();
std::unique_ptr<pbm::Scene> makeSandboxScene();

}  // namespace ch04
