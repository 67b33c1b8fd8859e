// What every chapter 11 scene's CSV reads off the body (Baraff & Witkin 1992
// §3): the centre of mass and its velocity, the linear part A of the map
// (q's columns 1 and 2), the stretch sqrt(det A), the kinetic and strain
// energies and the angular momentum.
#pragma once

#include <Eigen/Core>

#include "pbm/flexible/flex_body.h"

namespace ch11 {

struct FlexReadout {
  Eigen::Vector2d com, vcom;
  double axx = 0, axy = 0, ayx = 0, ayy = 0;
  double stretch = 0;  // sqrt(|det A|): the area ratio's square root
  double ke = 0, eStrain = 0, lAng = 0;
};

FlexReadout readFlexBody(const pbm::FlexBody& body, const Eigen::Matrix2Xd& q,
                         const Eigen::Matrix2Xd& qdot);

}  // namespace ch11
