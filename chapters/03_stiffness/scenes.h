// Chapter 03's scenes (Implicit Methods §1-4 and the slides "Implicit Methods:
// how to not blow up"), in the order of the lesson; the first is the default.
#pragma once

#include <memory>
#include <vector>

#include "pbm/app/scene.h"

namespace ch03 {

std::unique_ptr<pbm::Scene> makeStiffSpringScene();       // eq. (2-1), explicit vs implicit
std::unique_ptr<pbm::Scene> makeParticleOnLineScene();    // slides: penalty k = f_max / epsilon
std::unique_ptr<pbm::Scene> makeStabilityRegionsScene();  // |R(z)| <= 1 in the z-plane
std::unique_ptr<pbm::Scene> makeSpringChainScene();       // eq. (4-5) on a stiff chain

// The chapter's scene list, in the viewer's order (the first is the default):
// main.cpp runs it, and tests/every_scene_test.cpp runs each of its scenes
// headless for a few steps, so a scene listed here is covered by a test.
inline std::vector<pbm::SceneFactory> scenes() {
  return {
      makeStiffSpringScene,       // stiff_spring_scene.cpp
      makeParticleOnLineScene,    // particle_on_line_scene.cpp
      makeStabilityRegionsScene,  // stability_regions_scene.cpp
      makeSpringChainScene,       // spring_chain_scene.cpp
  };
}

}  // namespace ch03
