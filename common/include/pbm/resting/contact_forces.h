// Chapter 10: the contact forces of resting contact (RBII §9 and App. D).
// d''_i = (A f + b)_i (9-8, 9-9): A says how contact i's normal acceleration
// answers a unit force at contact j; b is everything else (the external
// forces, the velocity terms). Contacts are chapter 08's pbm::Contact, n from
// b to a; fixed bodies have invMass = 0 and Iinv = 0.
#pragma once
#include <Eigen/Core>
#include <vector>

#include "pbm/collision/contact.h"
#include "pbm/resting/lcp.h"

namespace pbm {

// --- [ndot.cpp]
// The rate of change of the normal (App. D, compute_ndot): vertex/face: the
// normal turns with b, omega_b x n; edge/edge: with u = ea x eb,
// u' = (omega_a x ea) x eb + ea x (omega_b x eb), n' = (u' - (u'.n) n) / |u|, negated when n =
// -u/|u| (the notes' code writes * for x and divides by the wrong length).
Eigen::Vector3d computeNdot(const Contact& c);

// --- [a_matrix.cpp]
// a_ij (App. D, compute_aij): the change of d''_i per unit f_j. With the
// notes' sign slip fixed: on the body where contact j is b, the force is
// -n_j and its torque (p_j - x) x (-n_j). 0 when the contacts share no body.
double computeAij(const Contact& ci, const Contact& cj);
Eigen::MatrixXd computeAMatrix(const std::vector<Contact>& contacts);

// --- [b_vector.cpp]
// b_i (App. D, compute_b_vector): n_i . (the acceleration of a's contact
// point minus b's under the external forces and torques, with the gyroscopic
// term I^-1 (L x omega) and the centripetal omega x (omega x r)), plus
// 2 n'_i . (pdot_a - pdot_b). Reads the bodies' force and torque accumulators:
// call it after the external forces are in.
Eigen::VectorXd computeBVector(const std::vector<Contact>& contacts);

// --- [jacobian.cpp]
// The contact Jacobian over the 6-vectors (v, omega) of the listed bodies:
// row i is +[n^T, (ra x n)^T] in a's block and -[n^T, (rb x n)^T] in b's
// (a body not listed contributes nothing). A = J M^-1 J^T: the independent
// check of computeAMatrix.
Eigen::MatrixXd contactJacobian(const std::vector<Contact>& contacts,
                                const std::vector<const RigidBody*>& bodies);

// --- [contact_forces.cpp]
// The notes' compute_contact_forces (RBII §9): A and b, solveLcpDantzig, then
// f_i n_i and (p_i - x_a) x f_i n_i into a's accumulators, the negatives into
// b's. Returns the solver's result (forces, accelerations, pivots); throws
// SolverFailure naming the contact when the LCP is infeasible (with its
// certificate) or the solver fails.
LcpResult computeContactForces(std::vector<Contact>& contacts);

// --- [simultaneous_impulses.cpp]
// Chapter 09's "sequential vs simultaneous": all impulses at once, from the
// LCP w = A j + (1 + eps) v^- >= 0, j >= 0, j^T w = 0 (v^- the contacts'
// relative normal velocities), so every contact leaves with
// v^+ = v^- + A j >= -eps v^-; then applied. Our model, not the notes'.
// Returns j.
Eigen::VectorXd simultaneousImpulses(std::vector<Contact>& contacts, double eps);

}  // namespace pbm
