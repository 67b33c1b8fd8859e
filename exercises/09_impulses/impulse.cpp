// Exercise 09 · impulseDenominator, impulseMagnitude, applyImpulse (RBII §8, (8-4)-(8-18))
//
// The impulse of a frictionless collision (the notes' collision()).
// impulseDenominator: K = 1/Ma + 1/Mb + n . ((Ia^-1 (ra x n)) x ra)
//   + n . ((Ib^-1 (rb x n)) x rb), ra = p - xa, rb = p - xb. Use invMass and
//   Iinv: a fixed body has both 0 and needs no special case here.
// impulseMagnitude: j = -(1 + eps) v_rel^- / K (8-18), v_rel^- from
//   relativeNormalVelocity BEFORE any impulse ((8-15) in the notes should
//   start from the pre-impulse velocities).
// applyImpulse: J = j n (8-7): P_a += J, L_a += ra x J; P_b -= J,
//   L_b -= rb x J; then v = invMass P, omega = Iinv L for both. A fixed body
//   (invMass = 0, IbodyInv = 0) must stay untouched bit for bit (its P and L
//   stay 0), and a null body pointer is skipped.
//
// Symbols: c (Contact: p, n Eigen::Vector3d), eps (double) -> K, j (double);
//   J = j n (Eigen::Vector3d)
// Tests: Ch09Impulse.*, Ch09ClosedForm.*, Ch09FixedBody.*,
//   Ch09Loop.AppliesNothing* (tests/09_impulses_test.cpp, tests/09_impulses_test_closed_form.cpp,
//   tests/09_impulses_test_loop.cpp)
//   build/bin/ch09_tests --gtest_filter='Ch09Impulse.*:Ch09ClosedForm.*:Ch09FixedBody.*:Ch09Loop.AppliesNothing*'
#include "pbm/impulse/impulse.h"
#include "pbm/core/exercise.h"

namespace pbm {

double impulseDenominator(const Contact& /*c*/) {
  PBM_TODO("impulseDenominator",
           "RBII §8 (8-18): 1/Ma + 1/Mb + n.((Ia^-1 (ra x n)) x ra) + n.((Ib^-1 (rb x n)) x rb)");
}

double impulseMagnitude(const Contact& /*c*/, double /*eps*/) {
  PBM_TODO("impulseMagnitude", "RBII §8 (8-18): j = -(1 + eps) v_rel^- / K");
}

void applyImpulse(Contact& /*c*/, double /*j*/) {
  PBM_TODO("applyImpulse",
           "RBII §8 (8-5)-(8-7): P_a += j n, L_a += ra x j n, the opposite on b; then v and "
           "omega; skip a fixed body");
}

}  // namespace pbm
