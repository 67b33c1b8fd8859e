// Exercise 10 · simultaneousImpulses (RBII §8; our model, not the notes')
//
// Simultaneous impulses (chapter 09 applies them one contact at a time). With v-
// the contacts' relative normal velocities, solve the LCP with
// A = computeAMatrix and b = (1 + eps) v-: j >= 0, w = A j + (1 + eps) v- >= 0,
// j_i w_i = 0; then applyImpulse(contacts[i], j_i) for every i. Returns j.
// Ch10Simultaneous.*: a flat cube leaves at eps v, not spinning.
//
// Symbols: contacts (std::vector<Contact>, n), eps (double) -> j (Eigen::VectorXd, n)
// Tests: Ch10Simultaneous.* (tests/10_resting_contact_test_closed_forms.cpp)
//   build/bin/ch10_tests --gtest_filter='Ch10Simultaneous.*'
#include "pbm/core/exercise.h"
#include "pbm/resting/contact_forces.h"

namespace pbm {

Eigen::VectorXd simultaneousImpulses(std::vector<Contact>& /*contacts*/, double /*eps*/) {
  PBM_TODO("simultaneousImpulses",
           "Chapter 09's sequential loop, all at once: the LCP A j + (1 + eps) v- >= 0, j >= 0");
}

}  // namespace pbm
