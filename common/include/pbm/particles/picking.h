// Chapter 04 library: which particle the user grabs (PSD §5, "User
// Interaction": grab and drag mass points, the grabbed one coupled to the
// mouse by a spring). Shared by the scenes of chapters 04 and 06.
#pragma once

#include <Eigen/Core>

#include "pbm/particles/particles.h"

namespace pbm {

// The index of the particle nearest to `at` and closer than `radius`, or -1
// when none is (ties: the lowest index).
int nearestParticle(const ParticleSystem& ps, const Eigen::Vector2d& at, double radius);

}  // namespace pbm
