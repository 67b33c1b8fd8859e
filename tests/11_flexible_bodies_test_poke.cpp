// Chapter 11 tests, part: the poke scene (Baraff & Witkin 1992 §5). An
// impulse j at the corner of the free unit square (m = 1) changes the corner's
// velocity by K(u, u) j with K m = 7 (affine: M = m diag(1, 1/12, 1/12), so
// K m = 1 + 12 |u|^2 = 1 + 12 (1/4 + 1/4)) and 26 (quadratic), the
// centre of mass's by j / m (momentum), the angular momentum by u x j, and
// the kinetic energy from rest is K(u, u) |j|^2 / 2. All closed forms.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "11_flexible_bodies_test.h"
#include "csv_rows.h"
#include "pbm/app/headless.h"
#include "scenes.h"

namespace {

// The first CSV row (t = 0, right after the poke) of a headless poke run.
std::vector<double> pokedRow(const std::vector<std::string>& keys) {
  auto scene = ch11::makePokeScene();
  scene->settings().method = "rk4";
  scene->settings().h = 1e-3;
  scene->settings().tEnd = 0.01;
  for (const auto& kv : keys) scene->params().set(kv);
  std::ostringstream csv;
  pbm_test::withinSeconds("a headless run of the poke scene (flexInverseDeform, the contact LCPs)",
                          ch11_test::kWorldHint, [&] { return pbm::runHeadless(*scene, csv); });
  const auto rows = pbm_test::csvRows(csv.str());
  EXPECT_GT(rows.size(), 5u);
  return rows.empty() ? std::vector<double>(13, 0.0) : rows.front();
}

// Columns: t,com_x,com_y,vcom_x,vcom_y,ke,e_strain,l_ang,poke_dv_x,poke_dv_y,kj_x,kj_y,evals
TEST(Ch11Poke, CornerVelocityChangeIsKj) {
  for (int model : {1, 2}) {
    const double km = model == 1 ? 7.0 : 26.0;
    const double jx = 0.03, jy = -0.1;
    const auto r = pokedRow({"model=" + std::to_string(model), "poke_x=0.5", "poke_y=0.5",
                             "jx=" + std::to_string(jx), "jy=" + std::to_string(jy), "mu=100"});
    ASSERT_EQ(r.size(), 13u);
    EXPECT_NEAR(r[8], km * jx, 1e-12)
        << "Baraff & Witkin 1992 §5: model " << model
        << ", the corner's velocity change x, expected K m j_x = " << km * jx << ", got " << r[8];
    EXPECT_NEAR(r[9], km * jy, 1e-12)
        << "Baraff & Witkin 1992 §5: model " << model
        << ", the corner's velocity change y, expected K m j_y = " << km * jy << ", got " << r[9];
    EXPECT_NEAR(r[10], km * jx, 1e-12)
        << "flexResponse: K(u, u) j_x at the corner, model " << model;
    EXPECT_NEAR(r[11], km * jy, 1e-12)
        << "flexResponse: K(u, u) j_y at the corner, model " << model;
    EXPECT_NEAR(r[3], jx, 1e-12) << "momentum: the COM velocity changes by j/m, model " << model;
    EXPECT_NEAR(r[4], jy, 1e-12) << "momentum: the COM velocity changes by j/m, model " << model;
    EXPECT_NEAR(r[7], 0.5 * jy - 0.5 * jx, 1e-12)
        << "angular momentum: u x j = " << 0.5 * jy - 0.5 * jx << ", model " << model;
    EXPECT_NEAR(r[5], 0.5 * km * (jx * jx + jy * jy), 1e-12)
        << "Baraff & Witkin 1992 §5: KE from rest = K |j|^2 / 2, model " << model;
  }
}

// Off the corner, affine: K m = 1 + 12 |u|^2 for the unit square.
TEST(Ch11Poke, AffineInteriorPoint) {
  const auto r = pokedRow({"model=1", "poke_x=0.2", "poke_y=-0.1", "jx=1", "jy=0.5"});
  ASSERT_EQ(r.size(), 13u);
  const double K = 1.0 + 12.0 * (0.04 + 0.01);
  EXPECT_NEAR(r[8], K * 1.0, 1e-12) << "Baraff & Witkin 1992 §5: expected K = " << K;
  EXPECT_NEAR(r[9], K * 0.5, 1e-12) << "Baraff & Witkin 1992 §5: expected K = " << K;
  EXPECT_NEAR(r[10], K * 1.0, 1e-12) << "flexResponse: K(u, u) j_x, expected K = " << K;
}

}  // namespace
