// Exercise 11 · flexKineticEnergy, flexMomentum, flexAngularMomentum, flexCenterOfMass,
//   flexModes (Baraff & Witkin 1992 §3, §4)
//
// The model's exact diagnostics and, as a stretch, the small-oscillation
// spectrum (§4).
// flexKineticEnergy: 1/2 tr(q' M q'^T).  flexMomentum: q' M e_0.
// flexAngularMomentum: W = q M q'^T, L = W(0,1) - W(1,0).
// flexCenterOfMass: q M e_0 / m (m = M(0,0)).
// flexModes: generalized eigenvalues of (Hessian of E at rest by central
//   differences of flexElasticForce, M kron I_2), ascending.
//
// Symbols: q, q' (Eigen::Matrix2Xd, 2 x n), M (n x n) -> energy, L (double), momentum,
//   centre (Eigen::Vector2d), modes (Eigen::VectorXd, 2n, ascending)
// Tests: Ch11Mass.KineticEnergy*, Ch11Dynamics.LinearMomentum*, Ch11Dynamics.ZeroStiffnessSpin*,
//   Ch11Spectrum.SmallOscillation*, Ch11Rect.Oscillate*, Ch11Landing.AffineFlat*,
//   Ch11Landing.QuadraticLanding* (tests/11_flexible_bodies_test.cpp,
//   tests/11_flexible_bodies_test_dynamics.cpp, tests/11_flexible_bodies_test_landing.cpp,
//   tests/11_flexible_bodies_test_rect.cpp)
//   build/bin/ch11_tests --gtest_filter='Ch11Mass.KineticEnergy*:Ch11Dynamics.LinearMomentum*:Ch11Dynamics.ZeroStiffnessSpin*:Ch11Spectrum.SmallOscillation*:Ch11Rect.Oscillate*:Ch11Landing.AffineFlat*:Ch11Landing.QuadraticLanding*'
#include "pbm/core/exercise.h"
#include "pbm/flexible/flex_body.h"

namespace pbm {

double flexKineticEnergy(const FlexBody& /*body*/, const Eigen::Matrix2Xd& /*qdot*/) {
  PBM_TODO("flexKineticEnergy", "Baraff & Witkin 1992 §3: T = 1/2 tr(q' M q'^T)");
}

Eigen::Vector2d flexMomentum(const FlexBody& /*body*/, const Eigen::Matrix2Xd& /*qdot*/) {
  PBM_TODO("flexMomentum", "Baraff & Witkin 1992 §3: P = integral rho x' = q' M e_0");
}

double flexAngularMomentum(const FlexBody& /*body*/, const Eigen::Matrix2Xd& /*q*/,
                           const Eigen::Matrix2Xd& /*qdot*/) {
  PBM_TODO("flexAngularMomentum",
           "Baraff & Witkin 1992 §3: W = q M q'^T = integral rho x x'^T; L = W(0,1) - W(1,0)");
}

Eigen::Vector2d flexCenterOfMass(const FlexBody& /*body*/, const Eigen::Matrix2Xd& /*q*/) {
  PBM_TODO("flexCenterOfMass", "Baraff & Witkin 1992 §3: c = q M e_0 / m");
}

Eigen::VectorXd flexModes(const FlexBody& /*body*/) {
  PBM_TODO("flexModes",
           "Baraff & Witkin 1992 §4: H = -dQ_el/dvec(q) at flexRestState by central differences "
           "(vec(q) basis-major), then Eigen::GeneralizedSelfAdjointEigenSolver(H, M kron I_2)");
}

}  // namespace pbm
