// Chapter 08's scenes (RBII §7): scenes() lists them, the first is the default.
#pragma once

#include <memory>
#include <vector>

#include "pbm/app/scene.h"

namespace ch08 {

// boxes_scene.cpp, coherent_scene.cpp: the coherent 3D sweep (RBII §7.2.2).
std::unique_ptr<pbm::Scene> makeBoxes3DScene();
std::unique_ptr<pbm::Scene> makeCoherentBoxesScene();
// intervals_scene.cpp: the 1D sweep and insertion sort (RBII §7.2.1-7.2.2, figure 18).
std::unique_ptr<pbm::Scene> makeIntervals1DScene();
// separating_plane_scene.cpp: separating planes and their witnesses (RBII §7.1).
std::unique_ptr<pbm::Scene> makeSeparatingPlaneScene();
// contact_points_scene.cpp: the contacts on the plane (RBII §7.1, §8).
std::unique_ptr<pbm::Scene> makeContactPointsScene();

// The chapter's scene list, in the viewer's order (the first is the default):
// main.cpp runs it, and tests/every_scene_test.cpp runs each of its scenes
// headless for a few steps, so a scene listed here is covered by a test.
inline std::vector<pbm::SceneFactory> scenes() {
  return {
      makeBoxes3DScene,          // boxes_scene.cpp
      makeIntervals1DScene,      // intervals_scene.cpp
      makeCoherentBoxesScene,    // coherent_scene.cpp
      makeSeparatingPlaneScene,  // separating_plane_scene.cpp
      makeContactPointsScene,    // contact_points_scene.cpp
  };
}

}  // namespace ch08
