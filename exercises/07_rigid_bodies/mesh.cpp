// Exercise 07 · meshMassProperties (stretch, beyond the notes; RBI §2.10)
//
// Mass properties of a closed triangle mesh with outward (counter-clockwise from
// outside) faces. Each face (a, b, c) and the origin span a tetrahedron of signed
// volume a.(b x c)/6, centroid s/4 and second moment
// V/20 (a a^T + b b^T + c c^T + s s^T), s = a + b + c. Sum them, scale by the
// density, shift C = int rho r r^T to the centre of mass (C - M c c^T), and
// I = tr(C) 1 - C. Throw UsageError when the volume is not positive (a face wound
// inwards).
//
// Symbols: vertices (std::vector<Eigen::Vector3d>), triangles (std::vector<std::array<int, 3>>),
//   density (double) -> MassProperties {mass, centerOfMass (Vector3d), Ibody (Matrix3d)}
// Tests: Ch07Composite.*Mesh* (tests/07_rigid_bodies_test_torque_free.cpp)
//   build/bin/ch07_tests --gtest_filter='Ch07Composite.*Mesh*'
#include "pbm/core/exercise.h"
#include "pbm/rigid/rigid.h"

namespace pbm {

MassProperties meshMassProperties(const std::vector<Eigen::Vector3d>& /*vertices*/,
                                  const std::vector<std::array<int, 3>>& /*triangles*/,
                                  double /*density*/) {
  PBM_TODO("meshMassProperties",
           "RBI §2.10 with signed tetrahedra from the origin: sum V, V s/4, "
           "V/20 (sum v v^T + s s^T), then the parallel-axis shift");
}

}  // namespace pbm
