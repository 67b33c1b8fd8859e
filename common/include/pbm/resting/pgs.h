// Chapter 10 library code (benchmark only, not a student function):
// projected Gauss-Seidel for the contact LCP a = A f + b >= 0, f >= 0,
// f_i a_i = 0 (RBII §9). Each sweep sets, contact by contact,
// f_i = max(0, f_i - a_i / A_ii) with a_i from the forces found so far: the
// iterative relative of Dantzig's method that dWorldQuickStep runs. A fixed
// number of sweeps, so the answer is approximate: the benchmark reports its
// complementarity beside Dantzig's.
#pragma once
#include <Eigen/Core>
#include <vector>

#include "pbm/collision/contact.h"
#include "pbm/resting/lcp.h"

namespace pbm {

// The sweeps on a dense A (O(n^2) per sweep), starting from f = max(0, start)
// (start empty: f = 0). Returns f, a = A f + b, pivots = the sweeps done,
// ok = true. A zero diagonal (a contact between fixed bodies) keeps f = 0.
LcpResult solveLcpPgs(const Eigen::MatrixXd& A, const Eigen::VectorXd& b, int sweeps,
                      const Eigen::VectorXd& start = Eigen::VectorXd());

// The same sweeps without forming A: A = J M^-1 J^T (the contact Jacobian
// rows, RBII App. D), so a_i = b_i + J_i u with u = M^-1 J^T f, each body's
// velocity change per unit time, kept up to date as each f_i changes. O(n)
// per sweep, as in ODE's QuickStep. b as computeBVector gives it; start as
// above (a simulation may pass the last step's forces: a warm start).
LcpResult solveLcpPgs(const std::vector<Contact>& contacts, const Eigen::VectorXd& b, int sweeps,
                      const Eigen::VectorXd& start = Eigen::VectorXd());

}  // namespace pbm
