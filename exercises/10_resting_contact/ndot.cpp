// Exercise: the rate of change of a contact normal (RBII App. D, compute_ndot).
// computeNdot: vertex/face: the normal is fixed in b, so n' = omega_b x n.
//   Edge/edge: u = ea x eb, u' = (omega_a x ea) x eb + ea x (omega_b x eb),
//   n' = (u' - (u'.n) n) / |u|, negated when n = -u/|u|. The notes' code writes * where it means x
//   and divides by the wrong length: read the formula, not the code.
// Needed by computeBVector. Tests: Ch10Ndot.*, then Ch10BVector.*
#include "pbm/core/exercise.h"
#include "pbm/resting/contact_forces.h"

namespace pbm {

Eigen::Vector3d computeNdot(const Contact& /*c*/) {
  PBM_TODO("computeNdot", "RBII App. D: vf: omega_b x n; ee: (u' - (u'.n) n)/|u| with u = ea x eb");
}

}  // namespace pbm
