#include "flex_readout.h"

#include <cmath>

#include "pbm/flexible/flexible.h"

namespace ch11 {

FlexReadout readFlexBody(const pbm::FlexBody& body, const Eigen::Matrix2Xd& q,
                         const Eigen::Matrix2Xd& qdot) {
  FlexReadout r;
  r.com = pbm::flexCenterOfMass(body, q);
  r.vcom = pbm::flexCenterOfMass(body, qdot);
  r.axx = q(0, 1), r.axy = q(0, 2), r.ayx = q(1, 1), r.ayy = q(1, 2);
  r.stretch = std::sqrt(std::abs(r.axx * r.ayy - r.axy * r.ayx));
  r.ke = pbm::flexKineticEnergy(body, qdot);
  r.eStrain = pbm::flexStrainEnergy(body, q);
  r.lAng = pbm::flexAngularMomentum(body, q, qdot);
  return r;
}

}  // namespace ch11
