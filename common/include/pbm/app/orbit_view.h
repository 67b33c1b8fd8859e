// Where a 3D scene's camera starts and what "Fit view" returns to: a scene
// says it (Scene::initialOrbit) without knowing the viewer; the viewer's
// Camera3D (pbm/viewer/camera3d.h) turns it into a projection.
#pragma once

#include <Eigen/Core>

namespace pbm {

struct OrbitView {
  Eigen::Vector3d target{0.0, 0.0, 0.0};  // the point looked at, world units
  double distance = 10.0;                 // from the eye to the target, world units
  double yawDeg = 30.0;                   // about `up`; 0 looks along the reference axis
  double pitchDeg = 20.0;                 // above the ground plane, within (-90, 90)
  // World up: +y for the rigid-body chapters; a scene may pick another axis
  // (the Lorenz attractor is drawn with +z up). A unit coordinate axis or any
  // non-zero vector.
  Eigen::Vector3d up{0.0, 1.0, 0.0};
};

}  // namespace pbm
