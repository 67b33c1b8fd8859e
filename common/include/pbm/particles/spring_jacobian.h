// Chapter 04 student function: the Jacobians of the damped spring, eq. (1),
// that chapter 03's implicit step needs to run a particle system (Implicit
// Methods §3-4; Baraff & Witkin 1998). With l = xa - xb, L = |l|, u = l / L,
// ldot = va - vb:
//   dfa/dxa = -ks [ (1 - r/L)(I - u u^T) + u u^T ]
//             - (kd / L) [ u ldot^T + (u . ldot)(I - 2 u u^T) ]
//   dfa/dva = -kd u u^T
// and the other blocks follow by sign: dfa/dxb = -dfa/dxa, dfa/dvb = -dfa/dva,
// and since fb = -fa, dfb/dxb = dfa/dxa, dfb/dvb = dfa/dva.
#pragma once

#include <Eigen/Core>

namespace pbm {

struct SpringJacobian {
  Eigen::Matrix2d dfa_dxa = Eigen::Matrix2d::Zero();
  Eigen::Matrix2d dfa_dva = Eigen::Matrix2d::Zero();
};

// Coincident endpoints (L ~ 0): the direction is undefined; returns zeros, like the force.
SpringJacobian dampedSpringJacobian(const Eigen::Vector2d& xa, const Eigen::Vector2d& xb,
                                    const Eigen::Vector2d& va, const Eigen::Vector2d& vb, double ks,
                                    double kd, double rest);

}  // namespace pbm
