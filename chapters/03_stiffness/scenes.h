// Chapter 03's scenes (Implicit Methods §1-4 and the slides "Implicit Methods:
// how to not blow up"), in the order of the lesson; the first is the default.
#pragma once

#include <memory>

#include "pbm/app/scene.h"

namespace ch03 {

std::unique_ptr<pbm::Scene> makeStiffSpringScene();       // eq. (2-1), explicit vs implicit
std::unique_ptr<pbm::Scene> makeParticleOnLineScene();    // slides: penalty k = f_max / epsilon
std::unique_ptr<pbm::Scene> makeStabilityRegionsScene();  // |R(z)| <= 1 in the z-plane
std::unique_ptr<pbm::Scene> makeSpringChainScene();       // eq. (4-5) on a stiff chain

}  // namespace ch03
