// Exercise 10 · computeNdot (RBII App. D, compute_ndot)
//
// The rate of change of a contact normal.
// computeNdot: vertex/face: the normal is fixed in b, so n' = omega_b x n.
//   Edge/edge: u = ea x eb, u' = (omega_a x ea) x eb + ea x (omega_b x eb),
//   n' = (u' - (u'.n) n) / |u|, negated when n = -u/|u|. The notes' code writes
//   * where it means x and divides by the wrong length: read the formula, not
//   the code.
// Needed by computeBVector (Ch10BVector.* then).
//
// Symbols: c (Contact: n, ea, eb Eigen::Vector3d; vf) -> n' (Eigen::Vector3d)
// Tests: Ch10Ndot.* (tests/10_resting_contact_test_fd.cpp)
//   build/bin/ch10_tests --gtest_filter='Ch10Ndot.*'
#include "pbm/core/exercise.h"
#include "pbm/resting/contact_forces.h"

namespace pbm {

Eigen::Vector3d computeNdot(const Contact& /*c*/) {
  PBM_TODO("computeNdot", "RBII App. D: vf: omega_b x n; ee: (u' - (u'.n) n)/|u| with u = ea x eb");
}

}  // namespace pbm
