// Chapter 08's scenes (RBII §7): main.cpp lists them, the first is the default.
#pragma once

#include <memory>

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

}  // namespace ch08
