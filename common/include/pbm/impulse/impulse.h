// Chapter 09: colliding contact (RBII §6, §8). The student functions: the
// relative normal velocity of a contact, its classification, the impulse that
// obeys the restitution law, the notes' find_all_collisions loop, and the
// bisection for the collision time. Contacts are chapter 08's pbm::Contact (n
// from b to a); a fixed body has invMass = 0 and Iinv = 0, so no formula here
// needs a special case for it (RBII §8, end).
#pragma once
#include <Eigen/Core>
#include <functional>
#include <vector>

#include "pbm/collision/contact.h"

namespace pbm {

// --- [relative_velocity.cpp]
// (8-3): v_rel = n . (pdot_a - pdot_b), the point velocities from chapter
// 07's pointVelocity (8-1, 8-2). Positive: separating; negative: colliding.
double relativeNormalVelocity(const Contact& c);

enum class ContactKind { Separating, Resting, Colliding };
// The notes' colliding() with its two neighbours (RBII §8): v_rel > threshold
// separates, v_rel < -threshold collides, anything between rests.
ContactKind classify(const Contact& c, double threshold);

// --- [impulse.cpp]
// The denominator of (8-18), K = 1/Ma + 1/Mb + n.((Ia^-1 (ra x n)) x ra) +
// n.((Ib^-1 (rb x n)) x rb), with ra = p - xa, rb = p - xb: the inverse of
// the contact's effective mass. Each rotational term equals
// (r x n)^T I^-1 (r x n) >= 0, so K >= 1/Ma + 1/Mb.
double impulseDenominator(const Contact& c);
// (8-18): j = -(1 + eps) v_rel^- / K, the magnitude that makes
// v_rel^+ = -eps v_rel^- (8-10). Meaningful only on a colliding contact: on a
// separating one it is negative, an impulse that would pull the bodies together.
double impulseMagnitude(const Contact& c, double eps);
// Applies J = j n at p (8-7): P_a += J, L_a += ra x J; P_b -= J,
// L_b -= rb x J; then v = invMass P and omega = Iinv L for both (the notes'
// collision(): momenta first, then the auxiliaries). A fixed body
// (invMass = 0, Iinv = 0) is left untouched, bit for bit: its P and L stay 0.
// A null body pointer is skipped.
void applyImpulse(Contact& c, double j);

// --- [collision_loop.cpp]
// What the loop did, for the viewer's "v_rel- / v_rel+ per impulse" and the
// headless CSV's last_* columns.
struct ImpulseRecord {
  int contact = 0;  // index in the list
  int pass = 0;     // 1-based
  double j = 0, vrelMinus = 0, vrelPlus = 0;
};
// The notes' find_all_collisions (RBII §8): sweep the list in order; apply
// impulseMagnitude(c, eps) at every contact that classify() calls colliding,
// re-reading velocities after each impulse; repeat the sweep until one pass
// applies none. Returns the number of passes (the last one applies nothing:
// a list with no collision takes 1). Contacts between two fixed bodies (or
// with a null body) are skipped. More than maxPasses passes that still apply
// impulses throws SolverFailure naming the passes and the contact (for
// eps < 1 the loop ends: every impulse removes at least
// (1 - eps^2) threshold^2 / (2 K) of kinetic energy). Each applied impulse is
// appended to log when log is given.
int resolveCollisions(std::vector<Contact>& contacts, double eps, double threshold,
                      int maxPasses = 1000, std::vector<ImpulseRecord>* log = nullptr);

// --- [collision_time.cpp]
// The collision time by bisection (RBII §6, figures 13-14): gapAfter(tau)
// re-simulates from the step's start t0 to t0 + tau and returns the smallest
// separation (negative: interpenetration). The start is legal (the caller
// knows gap(0) >= -tol; it is never evaluated). First evaluates gapAfter(dt):
// unless it is < -tol the interval brackets no collision and SolverFailure is
// thrown. Then bisects [lo, hi] = [0, dt], keeping gap(hi) < -tol: a trial
// tau = (lo + hi)/2 with -tol <= gap(tau) <= tol is returned; gap > tol moves
// lo, gap < -tol moves hi. For a gap moving at speed |v| that takes at most
// ceil(log2(dt |v| / tol)) + 1 halvings; a hard cap of 200 throws
// SolverFailure. *evals (when given) receives the number of gapAfter calls.
double findCollisionTime(const std::function<double(double)>& gapAfter, double dt, double tol,
                         int* evals = nullptr);

}  // namespace pbm
