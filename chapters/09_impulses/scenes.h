// Chapter 09's scenes (RBII §6, §8): main.cpp lists them, the first is the default.
#pragma once

#include <memory>

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

}  // namespace ch09
