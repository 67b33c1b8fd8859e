// Chapter 05 scenes (Constrained Dynamics §1-§2): one bead on a circular wire.
//   pendulum  released from an angle under gravity, the exact pendulum beside it;
//   spin      no gravity, an initial tangential speed: uniform circular motion;
//   off_wire  starts off the wire: feedback (eq 11) pulls it on along a closed form;
//   penalty   §1's penalty method: a stiff spring instead of the constraint.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "pbm/app/scene.h"

namespace ch05 {

std::unique_ptr<pbm::Scene> makePendulumScene();
std::unique_ptr<pbm::Scene> makeSpinScene();
std::unique_ptr<pbm::Scene> makeOffWireScene();
std::unique_ptr<pbm::Scene> makePenaltyScene();

// The closed form of C(t) under C'' = -ks C - kd C' (feedback in the solve,
// eq 11), from C(0) = C0, C'(0) = Cd0: under-, critically and over-damped.
double feedbackC(double t, double C0, double Cd0, double ks, double kd);

// The chapter's scene list, in the viewer's order (the first is the default):
// main.cpp runs it, and tests/every_scene_test.cpp runs each of its scenes
// headless for a few steps, so a scene listed here is covered by a test.
inline std::vector<pbm::SceneFactory> scenes() {
  return {
      makePendulumScene,  // bead_scene.cpp
      makeSpinScene,      // bead_scene.cpp
      makeOffWireScene,   // bead_scene.cpp
      makePenaltyScene,   // bead_scene.cpp
  };
}

}  // namespace ch05
