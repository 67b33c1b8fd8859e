// Exercise 10 · computeBVector (RBII §9 (9-4), App. D compute_b_vector)
//
// The vector b of d'' = A f + b. Needs computeNdot.
// computeBVector: b_i = n_i . (pointAcceleration(a, p) - pointAcceleration(b, p))
//   + 2 computeNdot(c_i) . (pointVelocity(a, p) - pointVelocity(b, p)),
//   chapter 07's pointAcceleration giving the external-force, gyroscopic
//   (L x omega) and centripetal terms from the accumulators. Null bodies
//   contribute nothing. A fixed body (a table: invMass = 0, Iinv = 0) is not
//   null: it goes through pointVelocity and pointAcceleration like any other,
//   so one that turns (its omega set) counts. The notes' 001 copy writes
//   L * omega: it is L x omega.
// Ch10BVector.* checks it against finite differences of (9-4).
//
// Symbols: contacts (std::vector<Contact>, n) -> b (Eigen::VectorXd, n)
// Tests: Ch10BVector.*, Ch10Pgs.CubeOnTable* (tests/10_resting_contact_test.cpp,
//   tests/10_resting_contact_test_fd.cpp, tests/10_resting_contact_test_pgs.cpp)
//   build/bin/ch10_tests --gtest_filter='Ch10BVector.*:Ch10Pgs.CubeOnTable*'
#include "pbm/core/exercise.h"
#include "pbm/resting/contact_forces.h"

namespace pbm {

Eigen::VectorXd computeBVector(const std::vector<Contact>& /*contacts*/) {
  PBM_TODO("computeBVector",
           "RBII App. D: n . (pddot_a - pddot_b) + 2 ndot . (pdot_a - pdot_b) per contact");
}

}  // namespace pbm
