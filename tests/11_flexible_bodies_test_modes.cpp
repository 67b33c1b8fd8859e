// Chapter 11 tests, the oscillate scene: a free quadratic square started in
// its bending mode swings with the period of the bending cubic's smallest root
// for any lambda (the spectrum test checks the roots at lambda = 0 only, from
// the Hessian, not from a motion). The expected period is solved here by
// Viete's trigonometric formula, independent of the scene's Newton iteration.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "11_flexible_bodies_test.h"
#include "csv_rows.h"
#include "pbm/app/headless.h"
#include "scenes.h"

namespace {

using ch11_test::kPi;

// The smallest root of w^3 + a w^2 + b w + c (three real roots) by Viete.
double smallestRoot(double a, double b, double c) {
  const double p = b - a * a / 3, q = 2 * a * a * a / 27 - a * b / 3 + c;
  const double r = 2 * std::sqrt(-p / 3);
  const double phi = std::acos(3 * q / (p * r)) / 3;
  double lo = HUGE_VAL;
  for (int k = 0; k < 3; ++k) lo = std::min(lo, r * std::cos(phi - 2 * kPi * k / 3) - a / 3);
  return lo;
}

// rho omega^2 of the bend: w^3 - (216 mu + 72 lambda) w^2
// + (12960 mu^2 + 7920 lambda mu) w - 172800 mu^2 (mu + lambda) = 0.
double bendingW(double mu, double lambda) {
  return smallestRoot(-(216 * mu + 72 * lambda), 12960 * mu * mu + 7920 * lambda * mu,
                      -172800 * mu * mu * (mu + lambda));
}

TEST(Ch11Modes, BendPeriodIsTheBendingCubicsSmallestRoot) {
  const double mu = 50;
  ASSERT_NEAR(bendingW(mu, 0), (48 - 12 * std::sqrt(6.0)) * mu, 1e-9 * mu)
      << "the test's own cubic solver at lambda = 0";
  for (double lambda : {0.0, 20.0, -30.0}) {
    const double rho = 1.5;
    const double T = 2 * kPi / std::sqrt(bendingW(mu, lambda) / rho);
    auto scene = ch11::makeOscillateScene();
    scene->settings().method = "rk4";
    scene->settings().h = 5e-4;
    scene->settings().tEnd = 3 * T;
    for (const std::string& kv : {std::string("model=2"), std::string("mode=2"),
                                  std::string("amplitude=1e-4"), "mu=" + std::to_string(mu),
                                  "lambda=" + std::to_string(lambda), "rho=" + std::to_string(rho)})
      scene->params().set(kv);
    std::ostringstream csv;
    pbm_test::withinSeconds("a headless run of the scene (flexInverseDeform, the contact LCPs)",
                            ch11_test::kWorldHint, [&] { return pbm::runHeadless(*scene, csv); });
    const std::string header = csv.str().substr(0, csv.str().find('\n'));
    ASSERT_NE(header.find("mode_coord,period,period_exact"), std::string::npos) << header;
    const auto rows = pbm_test::csvRows(csv.str());
    ASSERT_GT(rows.size(), 100u);
    const std::vector<double>& last = rows.back();
    const size_t n = last.size();  // ..., period, period_exact, evals
    EXPECT_NEAR(last[n - 3], T, 1e-5 * T)
        << "Baraff & Witkin 1992 §4 (our StVK): lambda = " << lambda
        << ", the measured bending period, expected 2 pi / sqrt(w/rho) = " << T;
    EXPECT_NEAR(last[n - 2], T, 1e-12 * T) << "the scene's exact period, lambda = " << lambda;
  }
}

}  // namespace
