// Chapter 02 scenes (Differential Equation Basics §2-4): the three spirals on
// the rotation field (`circle`), adaptive step sizes on an eccentric Kepler
// orbit (`kepler`), and the x' = -kx instability staircase (`decay`).
#pragma once

#include <memory>
#include <vector>

#include "pbm/app/scene.h"
#include "pbm/viewer/canvas2d.h"
#include "pbm/viewer/ui.h"

namespace ch02 {

std::unique_ptr<pbm::Scene> makeCircleScene();
std::unique_ptr<pbm::Scene> makeKeplerScene();
std::unique_ptr<pbm::Scene> makeDecayScene();

// A separator with a heading.
inline void sectionTitle(const char* text) {
  pbm::ui::separator();
  pbm::ui::textColored(pbm::rgbaF(1.f, 0.85f, 0.45f, 1.f), "%s", text);
}

// The chapter's scene list, in the viewer's order (the first is the default):
// main.cpp runs it, and tests/every_scene_test.cpp runs each of its scenes
// headless for a few steps, so a scene listed here is covered by a test.
inline std::vector<pbm::SceneFactory> scenes() {
  return {
      makeCircleScene,  // circle_scene.cpp
      makeKeplerScene,  // kepler_scene.cpp
      makeDecayScene,   // decay_scene.cpp
  };
}

}  // namespace ch02
