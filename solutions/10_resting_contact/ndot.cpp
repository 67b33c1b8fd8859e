// Reference: the rate of change of a contact normal (RBII App. D,
// compute_ndot, with the notes' * read as the cross product it means).
#include "pbm/resting/contact_forces.h"

namespace pbm {

Eigen::Vector3d computeNdot(const Contact& c) {
  const Eigen::Vector3d wa = c.a ? c.a->omega : Eigen::Vector3d::Zero();
  const Eigen::Vector3d wb = c.b ? c.b->omega : Eigen::Vector3d::Zero();
  // vertex/face: n is fixed in b, the face's body, so it turns with b.
  if (c.vf) return wb.cross(c.n);
  // edge/edge: n = +-u/|u|, u = ea x eb (turned from b towards a: chapter 08
  // may flip n and keep the edges), each edge turning with its body; the
  // derivative of a normalised vector drops the part of u' along n.
  const Eigen::Vector3d u = c.ea.cross(c.eb);
  const Eigen::Vector3d eaDot = wa.cross(c.ea), ebDot = wb.cross(c.eb);
  const Eigen::Vector3d uDot = eaDot.cross(c.eb) + c.ea.cross(ebDot);
  const double sign = u.dot(c.n) < 0.0 ? -1.0 : 1.0;
  return sign * (uDot - uDot.dot(c.n) * c.n) / u.norm();
}

}  // namespace pbm
