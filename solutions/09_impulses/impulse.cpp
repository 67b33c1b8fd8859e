// Reference: the impulse of a frictionless collision (RBII §8, (8-4)-(8-18),
// the notes' collision()).
#include "pbm/impulse/impulse.h"

namespace pbm {

namespace {

// The rotational term of (8-18) for one body: n . ((I^-1 (r x n)) x r), which
// equals (r x n)^T I^-1 (r x n). A null body contributes nothing.
double rotationalTerm(const RigidBody* body, const Eigen::Vector3d& p, const Eigen::Vector3d& n) {
  if (!body) return 0.0;
  const Eigen::Vector3d r = p - body->x;
  return n.dot((body->Iinv * r.cross(n)).cross(r));
}

// The notes' fixed body (RBII §8, end): invMass = 0 and a zero inverse inertia.
bool isFixed(const RigidBody& b) {
  return b.invMass == 0.0 && b.IbodyInv.isZero(0.0);
}

// (8-5), (8-6) with the momenta: P += J, L += r x J, then the auxiliaries.
void push(RigidBody* body, const Eigen::Vector3d& p, const Eigen::Vector3d& J) {
  if (!body || isFixed(*body)) return;  // bit for bit untouched
  body->P += J;
  body->L += (p - body->x).cross(J);
  body->v = body->invMass * body->P;
  body->omega = body->Iinv * body->L;
}

}  // namespace

double impulseDenominator(const Contact& c) {
  const double term1 = c.a ? c.a->invMass : 0.0;
  const double term2 = c.b ? c.b->invMass : 0.0;
  return term1 + term2 + rotationalTerm(c.a, c.p, c.n) + rotationalTerm(c.b, c.p, c.n);
}

double impulseMagnitude(const Contact& c, double eps) {
  const double vrel = relativeNormalVelocity(c);       // v_rel^-, the pre-impulse velocity
  return -(1.0 + eps) * vrel / impulseDenominator(c);  // (8-18)
}

void applyImpulse(Contact& c, double j) {
  const Eigen::Vector3d J = j * c.n;  // (8-7): +J on a, -J on b
  push(c.a, c.p, J);
  push(c.b, c.p, -J);
}

}  // namespace pbm
