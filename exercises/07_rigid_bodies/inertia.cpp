// Exercise 07 · blockInertia, centerOfMass, inertiaOfParticles (RBI §2.6, §2.10, §5.1)
//
// Mass properties.
// blockInertia: the uniform block about its centre (5-3).
// centerOfMass: sum m_i r_i / sum m_i (RBI §2.6); throw UsageError when the
//   sizes differ or the total mass is not positive.
// inertiaOfParticles: about the particles' own centre of mass (2-32/2-35):
//   sum m_i ((r'^T r') 1 - r' r'^T), r' = r_i - centre. The off-diagonal
//   entries are MINUS sum m x y (the notes' (5-2) drops the sign).
//
// Symbols: m_i (std::vector<double>), r_i (std::vector<Eigen::Vector3d>), dims (Eigen::Vector3d)
//   -> the centre (Eigen::Vector3d), Ibody (Eigen::Matrix3d)
// Tests: Ch07Inertia.*, Ch07WorldInertia.RotatedLattice*, Ch07Momentum.ParticleSums*,
//   Ch07Composite.TwoBlocks*, Ch07Composite.ClosedMesh* (tests/07_rigid_bodies_test.cpp,
//   tests/07_rigid_bodies_test_torque_free.cpp)
//   build/bin/ch07_tests --gtest_filter='Ch07Inertia.*:Ch07WorldInertia.RotatedLattice*:Ch07Momentum.ParticleSums*:Ch07Composite.TwoBlocks*:Ch07Composite.ClosedMesh*'
#include "pbm/core/exercise.h"
#include "pbm/rigid/rigid.h"

namespace pbm {

Eigen::Matrix3d blockInertia(double /*mass*/, const Eigen::Vector3d& /*dims*/) {
  PBM_TODO("blockInertia", "RBI §5.1 (5-3): (M/12) diag(y0^2 + z0^2, x0^2 + z0^2, x0^2 + y0^2)");
}

Eigen::Vector3d centerOfMass(const std::vector<double>& /*m*/,
                             const std::vector<Eigen::Vector3d>& /*r*/) {
  PBM_TODO("centerOfMass", "RBI §2.6: sum m_i r_i / sum m_i");
}

Eigen::Matrix3d inertiaOfParticles(const std::vector<double>& /*m*/,
                                   const std::vector<Eigen::Vector3d>& /*r*/) {
  PBM_TODO("inertiaOfParticles",
           "RBI §2.10 (2-32): sum m_i ((r'^T r') 1 - r' r'^T) about the centre of mass; "
           "off-diagonals are -sum m x y");
}

}  // namespace pbm
