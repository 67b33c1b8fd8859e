// Driving a scene as the shell does, for the tests of the scenes' pointer
// paths: the viewer's time limit, a 2D pointer at a world point, a scene made
// by its factory with a given method and step and reset, and the particle
// system of a particle scene. Shared by the chapter tests.
#pragma once

#include <Eigen/Core>
#include <limits>
#include <memory>
#include <string>

#include "pbm/app/scene.h"
#include "pbm/particles/particles.h"

namespace pbm_test {

// The viewer calls Scene::advance with tLimit = +infinity (app/scene.h, Host).
inline constexpr double kViewerLimit = std::numeric_limits<double>::infinity();

// The pointer a 2D view hands the scene with the cursor over world point p.
inline pbm::Pointer pointerAt(const Eigen::Vector2d& p) {
  pbm::Pointer q;
  q.plane = p;
  return q;
}

// make(), with --method and --h set, reset.
template <class Factory>
std::unique_ptr<pbm::Scene> sceneWith(Factory make, const std::string& method, double h) {
  std::unique_ptr<pbm::Scene> s = make();
  s->settings().method = method;
  s->settings().h = h;
  s->reset();
  return s;
}

// A press at `press` (left button), a drag to `cursor` and one viewer step of
// s, beside one step of an untouched twin; whether s took the press.
inline bool pressDragAndStep(pbm::Scene& s, pbm::Scene& twin, const Eigen::Vector2d& press,
                             const Eigen::Vector2d& cursor) {
  const bool took = s.onPointerDown(pointerAt(press), 0);
  s.onPointerDrag(pointerAt(cursor));
  s.advance(kViewerLimit, pbm::Host::Viewer);
  twin.advance(kViewerLimit, pbm::Host::Viewer);
  return took;
}

// The particle system of a scene of class S (one with system()).
template <class S>
pbm::ParticleSystem& systemOf(pbm::Scene& s) {
  return dynamic_cast<S&>(s).system();
}

}  // namespace pbm_test
