// The circle constraint and its derivatives (Constrained Dynamics §2, eqs 1-3),
// generalised from the unit circle to centre c and radius r.
#include "pbm/bead/bead.h"

namespace pbm {

// Eq (1): zero exactly on the wire, positive outside, negative inside.
double beadC(const Eigen::Vector2d& x, const CircleWire& wire) {
  return 0.5 * ((x - wire.c).squaredNorm() - wire.r * wire.r);
}

// Eq (2): the chain rule, Cdot = (dC/dx) . xdot.
double beadCdot(const Eigen::Vector2d& x, const Eigen::Vector2d& v, const CircleWire& wire) {
  return (x - wire.c).dot(v);
}

// The gradient of eq (1): the outward normal scaled by |x - c|.
Eigen::Vector2d beadGradC(const Eigen::Vector2d& x, const CircleWire& wire) {
  return x - wire.c;
}

// d/dx of (x - c) . v is v; eq (3)'s velocity term v . v is this dotted with v.
Eigen::Vector2d beadGradCdot(const Eigen::Vector2d& /*x*/, const Eigen::Vector2d& v,
                             const CircleWire& /*wire*/) {
  return v;
}

}  // namespace pbm
