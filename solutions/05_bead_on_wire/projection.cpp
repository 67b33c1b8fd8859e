// The geometric picture of the constraint force at rest (Constrained Dynamics
// §2.3, eq 8): f + f^ is f projected orthogonally onto the wire's tangent.
#include "pbm/bead/bead.h"

namespace pbm {

// Remove the component along the normal; the projection is orthogonal so the
// bead gets no "gratuitous" push along the wire (§2.3).
Eigen::Vector2d projectOntoTangent(const Eigen::Vector2d& f, const Eigen::Vector2d& normal) {
  return f - (f.dot(normal) / normal.squaredNorm()) * normal;
}

}  // namespace pbm
