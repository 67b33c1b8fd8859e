// Chapter 11 tests, the spin and oscillate scenes on a rectangle: their closed
// forms follow width, height and rho. The expected values are solved here
// from the linearised StVK energy and the rectangle's moments (Eigen's dense
// solvers, not the scenes' quadratic formula and Newton iteration), checked
// against the body's own spectrum (flexModes, the Hessian), and the scenes'
// motion (the measured period, the held stretch) must agree with them.
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "11_flexible_bodies_test.h"
#include "csv_rows.h"
#include "pbm/app/headless.h"
#include "pbm/flexible/flex_body.h"
#include "scenes.h"

namespace {

using Eigen::Matrix2d;
using Eigen::Matrix3d;
using Eigen::Vector2d;

using ch11_test::kPi;
constexpr double kW = 1.6, kH = 0.7, kRho = 2.5, kMu = 50.0;

// omega^2 of a mode of the kW x kH rectangle, by a dense generalized
// eigensolve of its parity class's linearised StVK energy and kinetic energy,
// both per area (ix = W^2/12, iy = H^2/12 the second moments per area):
// mode 0: u = (d11 x, d22 y), the root whose eigenvector is in phase;
// mode 1: u = (d12 y, d21 x), the non-zero root (the other is a rotation);
// mode 2: the bend u = (a + b x^2 + c y^2, d x y), a taking out the
// momentum, the lowest root.
double expectedOmega2(int mode, double lambda) {
  const double ix = kW * kW / 12, iy = kH * kH / 12, mu = kMu;
  if (mode == 0) {
    // Uniform strain e_xx = d11, e_yy = d22: mu (d11^2 + d22^2) + lambda/2
    // (d11 + d22)^2; kinetic rho (ix d11'^2 + iy d22'^2) / 2.
    Matrix2d K{{2 * mu + lambda, lambda}, {lambda, 2 * mu + lambda}};
    Matrix2d M{{kRho * ix, 0}, {0, kRho * iy}};
    Eigen::GeneralizedSelfAdjointEigenSolver<Matrix2d> eig(K, M);
    for (int i = 0; i < 2; ++i)
      if (eig.eigenvectors()(0, i) * eig.eigenvectors()(1, i) > 0) return eig.eigenvalues()(i);
    return NAN;
  }
  if (mode == 1) {
    // e_xy = (d12 + d21) / 2: 2 mu e_xy^2 = mu (d12 + d21)^2 / 2; kinetic
    // rho (iy d12'^2 + ix d21'^2) / 2.
    Matrix2d K{{mu, mu}, {mu, mu}};
    Matrix2d M{{kRho * iy, 0}, {0, kRho * ix}};
    Eigen::GeneralizedSelfAdjointEigenSolver<Matrix2d> eig(K, M);
    return eig.eigenvalues().maxCoeff();
  }
  // The bend: e_xx = 2 b x, e_yy = d x, e_xy = (c + d/2) y; the energy's
  // x^2 and y^2 terms integrate to ix and iy; the mass of b x^2 - b ix is
  // rho (W^4/80 - W^4/144) = rho W^4 / 180, of d x y rho ix iy.
  Matrix3d K{{ix * (8 * mu + 4 * lambda), 0, 2 * lambda * ix},
             {0, 4 * mu * iy, 2 * mu * iy},
             {2 * lambda * ix, 2 * mu * iy, ix * (2 * mu + lambda) + mu * iy}};
  Matrix3d M = Matrix3d::Zero();
  M(0, 0) = kRho * std::pow(kW, 4) / 180;
  M(1, 1) = kRho * std::pow(kH, 4) / 180;
  M(2, 2) = kRho * ix * iy;
  Eigen::GeneralizedSelfAdjointEigenSolver<Matrix3d> eig(K, M);
  return eig.eigenvalues().minCoeff();
}

TEST(Ch11Rect, OscillatePeriodsFollowWidthHeightAndRho) {
  struct Case {
    int model, mode;
    double lambda;
  };
  for (const Case c : {Case{1, 0, 20.0}, Case{2, 0, -30.0}, Case{1, 1, 20.0}, Case{2, 1, 0.0},
                       Case{2, 2, 20.0}, Case{2, 2, -30.0}}) {
    const std::string what = "model " + std::to_string(c.model) + ", mode " +
                             std::to_string(c.mode) + ", lambda " + std::to_string(c.lambda);
    const double w2 = expectedOmega2(c.mode, c.lambda);
    ASSERT_TRUE(std::isfinite(w2)) << what;
    // The hand-derived root is one of the body's small-oscillation modes.
    const Eigen::VectorXd spectrum = pbm::flexModes(
        pbm::makeFlexRect(c.model == 1 ? pbm::DeformKind::Affine : pbm::DeformKind::Quadratic, kW,
                          kH, {kRho, kMu, c.lambda, 0.0}));
    const double nearest = (spectrum.array() - w2).abs().minCoeff();
    EXPECT_LT(nearest, 1e-6 * w2) << what << ": omega^2 = " << w2
                                  << " is not in the body's spectrum\n"
                                  << spectrum.transpose();
    const double T = 2 * kPi / std::sqrt(w2);
    auto scene = ch11::makeOscillateScene();
    scene->settings().method = "rk4";
    scene->settings().h = 5e-4;
    scene->settings().tEnd = 3 * T;
    for (const std::string& kv :
         {"model=" + std::to_string(c.model), "mode=" + std::to_string(c.mode),
          std::string("amplitude=1e-4"), "mu=" + std::to_string(kMu),
          "lambda=" + std::to_string(c.lambda), "rho=" + std::to_string(kRho),
          "width=" + std::to_string(kW), "height=" + std::to_string(kH)})
      scene->params().set(kv);
    std::ostringstream csv;
    pbm_test::withinSeconds("a headless run of the scene (flexInverseDeform, the contact LCPs)",
                            ch11_test::kWorldHint, [&] { return pbm::runHeadless(*scene, csv); });
    const auto rows = pbm_test::csvRows(csv.str());
    ASSERT_GT(rows.size(), 100u) << what;
    const std::vector<double>& last = rows.back();
    const size_t n = last.size();  // ..., period, period_exact, evals
    EXPECT_NEAR(last[n - 2], T, 1e-9 * T)
        << "Baraff & Witkin 1992 §4 (our StVK), " << what << ": the scene's exact period on a "
        << kW << " x " << kH << " rectangle, rho " << kRho << ", expected 2 pi / omega = " << T;
    EXPECT_NEAR(last[n - 3], T, 1e-4 * T)
        << "Baraff & Witkin 1992 §4, " << what
        << ": the measured period (started in the mode's shape), expected " << T;
  }
}

TEST(Ch11Rect, SpinHoldsTheRectanglesSteadyStretch) {
  const double W = 1.5, H = 0.8, rho = 2.0, mu = 50.0, lambda = 20.0, omega = 3.0;
  // omega^2 A0 S = V P(A0) for A0 = diag(a, b): with alpha = a^2 - 1,
  // beta = b^2 - 1 the Piola stress is linear in them (StVK).
  const double c = rho * omega * omega / 12;
  Matrix2d K{{mu + lambda / 2, lambda / 2}, {lambda / 2, mu + lambda / 2}};
  const Vector2d ab = K.fullPivLu().solve(Vector2d(c * W * W, c * H * H));
  const double a = std::sqrt(1 + ab(0)), b = std::sqrt(1 + ab(1));
  ASSERT_GT(a - b, 1e-3) << "a rectangle stretches more along its long side";
  for (int model : {1, 2}) {
    auto scene = ch11::makeSpinScene();
    scene->settings().method = "rk4";
    scene->settings().h = 1e-3;
    scene->settings().tEnd = 1.0;
    for (const std::string& kv : {"model=" + std::to_string(model), std::string("steady=1"),
                                  "mu=" + std::to_string(mu), "lambda=" + std::to_string(lambda),
                                  "omega=" + std::to_string(omega), "rho=" + std::to_string(rho),
                                  "width=" + std::to_string(W), "height=" + std::to_string(H)})
      scene->params().set(kv);
    std::ostringstream csv;
    pbm_test::withinSeconds("a headless run of the scene (flexInverseDeform, the contact LCPs)",
                            ch11_test::kWorldHint, [&] { return pbm::runHeadless(*scene, csv); });
    const auto rows = pbm_test::csvRows(csv.str());
    ASSERT_GT(rows.size(), 900u);
    // t, com_x, com_y, a_xx, a_xy, a_yx, a_yy, stretch, ...
    EXPECT_NEAR(rows.front()[7], std::sqrt(a * b), 1e-12)
        << "Baraff & Witkin 1992 §4: the steady start's stretch sqrt(det A0) = sqrt(a b)";
    double worst = 0;
    for (const auto& r : rows) {
      const Matrix2d A{{r[3], r[4]}, {r[5], r[6]}};
      const Matrix2d want =
          Eigen::Rotation2Dd(omega * r[0]).toRotationMatrix() * Vector2d(a, b).asDiagonal();
      worst = std::max(worst, (A - want).norm());
    }
    EXPECT_LT(worst, 1e-6) << "Baraff & Witkin 1992 §4 (our StVK), model " << model << ": a " << W
                           << " x " << H << " rectangle (rho " << rho
                           << ") spun at omega = " << omega
                           << " holds A = R(omega t) diag(a, b), a = " << a << ", b = " << b;
  }
}

}  // namespace
