// Reference: the notes' compute_contact_forces (RBII §9): solve for the
// forces of all resting contacts at once, then add each f_i n_i to the
// bodies' accumulators, +f n on a and -f n on b, with its torque.
#include <string>

#include "pbm/core/errors.h"
#include "pbm/resting/contact_forces.h"
#include "pbm/rigid/rigid.h"

namespace pbm {

LcpResult computeContactForces(std::vector<Contact>& contacts) {
  const Eigen::MatrixXd A = computeAMatrix(contacts);
  const Eigen::VectorXd b = computeBVector(contacts);
  LcpResult r = solveLcpDantzig(A, b);
  if (!r.ok) {
    std::string which;
    for (Eigen::Index i = 0; i < r.certificate.size(); ++i)
      if (r.certificate(i) > 0.0) which += (which.empty() ? "" : ", ") + std::to_string(i);
    throw SolverFailure("contact forces: the LCP solve failed (" + r.why + ")" +
                        (which.empty() ? "" : "; the contacts that prove it: " + which));
  }
  for (size_t i = 0; i < contacts.size(); ++i) {
    const Contact& c = contacts[i];
    const Eigen::Vector3d F = r.f(static_cast<Eigen::Index>(i)) * c.n;
    if (c.a) addForceAtPoint(*c.a, F, c.p);
    if (c.b) addForceAtPoint(*c.b, -F, c.p);
  }
  return r;
}

}  // namespace pbm
