// Reference: simultaneous impulses (our model for chapter 09's flat cube;
// the notes apply them one at a time, RBII §8). The impulses j obey the same
// complementarity as resting forces, on velocities: v+ = v- + A j, and
// w = v+ + eps v- = A j + (1 + eps) v- >= 0, j >= 0, j_i w_i = 0: every
// contact leaves at least eps times as fast as it came, and one that would
// anyway gets no impulse.
#include "pbm/core/errors.h"
#include "pbm/impulse/impulse.h"
#include "pbm/resting/contact_forces.h"

namespace pbm {

Eigen::VectorXd simultaneousImpulses(std::vector<Contact>& contacts, double eps) {
  const int n = static_cast<int>(contacts.size());
  Eigen::VectorXd vMinus(n);
  for (int i = 0; i < n; ++i) vMinus(i) = relativeNormalVelocity(contacts[i]);
  const LcpResult r = solveLcpDantzig(computeAMatrix(contacts), (1.0 + eps) * vMinus);
  if (!r.ok) throw SolverFailure("simultaneous impulses: the LCP solve failed (" + r.why + ")");
  for (int i = 0; i < n; ++i) applyImpulse(contacts[i], r.f(i));
  return r.f;
}

}  // namespace pbm
