// Chapter 10: the notes' compute_aij taken verbatim (RBII App. D), which the
// viewer's "verbatim" toggle shows beside yours. Its slip: on the body that is
// contact j's b the force is -n_j but the torque is written (p_j - x) x n_j.
#include "10_resting_contact_test.h"
#include "pbm/resting/aij_verbatim.h"

using namespace ch10_test;

// Claim: the verbatim routine is J M^-1 J~^T, where J~ is the contact Jacobian
// with the angular part of b's block negated (the slip), so it is not
// symmetric; computeAMatrix (the slip fixed) is J M^-1 J^T and differs from it
// exactly where a moving body is some contact's b. Both against the oracles.
TEST(Ch10AMatrix, DiffersFromTheNotesVerbatimRoutineByTheTorqueSlip) {
  std::mt19937_64 rng(1010);
  double worstAsymmetry = 0.0, worstDifference = 0.0;
  for (int trial = 0; trial < 100; ++trial) {
    RandomSystem s = randomSystem(rng, 2, 5);
    const std::vector<RigidBody*> bodies = s.ptrs();
    const MatrixXd A = pbm::computeAMatrix(s.contacts);
    const MatrixXd J = jacobianOracle(s.contacts, bodies);
    MatrixXd Jslip = J;
    for (size_t i = 0; i < s.contacts.size(); ++i)
      for (size_t k = 0; k < bodies.size(); ++k)
        if (s.contacts[i].b == bodies[k]) Jslip.block<1, 3>(i, 6 * k + 3) *= -1.0;
    const MatrixXd Minv = inverseMassOracle(bodies);
    const MatrixXd want = J * Minv * J.transpose();
    const MatrixXd verbatim = pbm::computeAMatrixVerbatim(s.contacts);
    const double scale = std::max(1.0, want.cwiseAbs().maxCoeff());
    ASSERT_LE((verbatim - J * Minv * Jslip.transpose()).cwiseAbs().maxCoeff(), 1e-12 * scale)
        << "trial " << trial << ": RBII App. D verbatim is J M^-1 J~^T (b's torque sign slipped)";
    ASSERT_LE((A - want).cwiseAbs().maxCoeff(), 1e-12 * scale)
        << "trial " << trial << ": RBII App. D: computeAMatrix must be J M^-1 J^T, not the "
        << "notes' routine verbatim.\nexpected\n"
        << want << "\ngot\n"
        << A;
    worstAsymmetry =
        std::max(worstAsymmetry, (verbatim - verbatim.transpose()).cwiseAbs().maxCoeff());
    worstDifference = std::max(worstDifference, (verbatim - A).cwiseAbs().maxCoeff());
  }
  EXPECT_GT(worstAsymmetry, 1.0) << "RBII App. D: the notes' routine verbatim is not symmetric";
  EXPECT_GT(worstDifference, 1.0) << "RBII App. D: the slip changes A";
}
