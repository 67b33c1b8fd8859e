// Reference: mass properties (RBI §2.6, §2.10, §5.1).
#include <string>

#include "pbm/core/errors.h"
#include "pbm/rigid/rigid.h"

namespace pbm {

Eigen::Matrix3d blockInertia(double mass, const Eigen::Vector3d& dims) {
  // (5-3): the off-diagonal integrals vanish by the block's symmetry.
  const Eigen::Vector3d d2 = dims.cwiseProduct(dims);
  return (mass / 12.0) *
         Eigen::Vector3d(d2.y() + d2.z(), d2.x() + d2.z(), d2.x() + d2.y()).asDiagonal();
}

Eigen::Vector3d centerOfMass(const std::vector<double>& m, const std::vector<Eigen::Vector3d>& r) {
  if (m.size() != r.size())
    throw UsageError("centerOfMass: " + std::to_string(m.size()) + " masses but " +
                     std::to_string(r.size()) + " positions");
  double total = 0.0;
  Eigen::Vector3d sum = Eigen::Vector3d::Zero();
  for (size_t i = 0; i < m.size(); ++i) {
    total += m[i];
    sum += m[i] * r[i];
  }
  if (!(total > 0.0)) throw UsageError("centerOfMass: the total mass must be > 0");
  return sum / total;
}

Eigen::Matrix3d inertiaOfParticles(const std::vector<double>& m,
                                   const std::vector<Eigen::Vector3d>& r) {
  const Eigen::Vector3d c = centerOfMass(m, r);
  Eigen::Matrix3d I = Eigen::Matrix3d::Zero();
  for (size_t i = 0; i < m.size(); ++i) {
    const Eigen::Vector3d rp = r[i] - c;  // r' = r - x (2-32)
    // (r'^T r') 1 - r' r'^T: the off-diagonal entries are -m x y (2-35).
    I += m[i] * (rp.squaredNorm() * Eigen::Matrix3d::Identity() - rp * rp.transpose());
  }
  return I;
}

}  // namespace pbm
