// Exercise 10 · computeContactForces (RBII §9, the notes' compute_contact_forces)
//
// Needs every function above.
// computeContactForces: A = computeAMatrix, b = computeBVector, f =
//   solveLcpDantzig(A, b).f; add f_i n_i at p_i to a (addForceAtPoint: the
//   torque comes with it) and -f_i n_i to b. A failed solve throws
//   SolverFailure naming the reason. Returns the solver's result.
//   (The notes pass bmat for bvec and write * for x in the torque lines.)
//
// Symbols: contacts (std::vector<Contact>, n: a, b RigidBody*; p, n Eigen::Vector3d)
//   -> LcpResult {f, a (n)}
// Tests: Ch10Scenes.* (tests/10_resting_contact_test_closed_forms.cpp)
//   build/bin/ch10_tests --gtest_filter='Ch10Scenes.*'
#include "pbm/resting/contact_forces.h"
#include "pbm/core/exercise.h"

namespace pbm {

LcpResult computeContactForces(std::vector<Contact>& /*contacts*/) {
  PBM_TODO("computeContactForces",
           "RBII §9: solve A f + b >= 0, f >= 0, f.a = 0, then f n on a and -f n on b");
}

}  // namespace pbm
