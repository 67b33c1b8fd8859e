// Exercise 04 · behaviourForce, springEnergy (PSD §6)
//
// Energy functions. A behaviour function C vanishes when the system is "happy";
// E = (ks/2) C.C and, with damping, eq. (2):
//   f_i = -(dC/dx_i)^T (ks C + kd Cdot)
// (C may be a vector: use the TRANSPOSE of the Jacobian; the notes write it as
// if C were a scalar). springEnergy is E for C = |xa - xb| - r.
//
// Symbols: C, Cdot (Eigen::VectorXd, m), dC/dx_i (Eigen::Matrix<double, Dynamic, 2>, m x 2)
//   -> f_i (Eigen::Vector2d); springEnergy -> E (double)
// Tests: Ch04EnergyFunctions.*Behaviour*, Ch04EnergyFunctions.Undamped*
//   (tests/04_mass_spring_test_springs.cpp)
//   build/bin/ch04_tests --gtest_filter='Ch04EnergyFunctions.*Behaviour*:Ch04EnergyFunctions.Undamped*'
#include "pbm/core/exercise.h"
#include "pbm/particles/forces.h"

namespace pbm {

Eigen::Vector2d behaviourForce(const Eigen::VectorXd& /*C*/, const Eigen::VectorXd& /*Cdot*/,
                               const Eigen::Matrix<double, Eigen::Dynamic, 2>& /*dCdxi*/,
                               double /*ks*/, double /*kd*/) {
  PBM_TODO("behaviourForce", "PSD §6 eq. (2): f_i = -(dC/dx_i)^T (ks C + kd Cdot)");
}

double springEnergy(const Eigen::Vector2d& /*xa*/, const Eigen::Vector2d& /*xb*/, double /*ks*/,
                    double /*rest*/) {
  PBM_TODO("springEnergy", "PSD §6: E = (ks/2) C^2 with C = |xa - xb| - r");
}

}  // namespace pbm
