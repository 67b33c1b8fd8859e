// Chapter 03 tests, part 5: headless runs of the scenes (IM §2-§3): the stiff
// spring's rows against the closed form, an explicit run past 2/k stopped with
// its rows kept, and the energy rule on the spring chain.
#include "03_stiffness_test.h"

namespace {

using namespace ch03_test;

// ---------------------------------------------------------------- headless
// The scene the graders run: `--scene stiff_spring --method M --h H --set k=K`.
struct Rows {
  std::vector<std::vector<double>> rows;
  std::string header;
};

Rows parseCsv(const std::string& text) {
  Rows out;
  std::istringstream in(text);
  std::getline(in, out.header);
  std::string line;
  while (std::getline(in, line)) {
    std::vector<double> row;
    std::stringstream ss(line);
    std::string cell;
    while (std::getline(ss, cell, ',')) row.push_back(std::stod(cell));
    out.rows.push_back(row);
  }
  return out;
}

std::unique_ptr<pbm::Scene> stiffSpring(const std::string& method, double h, double k,
                                        double tEnd) {
  auto scene = ch03::makeStiffSpringScene();
  scene->settings().method = method;
  scene->settings().h = h;
  scene->settings().tEnd = tEnd;
  scene->settings().start = {1.0, 1.0};
  scene->params().set("k=" + std::to_string(k));
  return scene;
}

TEST(Ch03Headless, StiffSpringImplicitRowsFollowTheClosedForm) {
  auto scene = stiffSpring("implicit", 0.25, 4.0, 2.0);
  std::ostringstream csv;
  pbm::runHeadless(*scene, csv);
  const Rows r = parseCsv(csv.str());
  EXPECT_EQ(r.header, "t,x,y,evals") << "the stiff_spring scene's CSV columns";
  ASSERT_EQ(r.rows.size(), 9u) << "IM §3: rows at t = 0, 0.25, ..., 2";
  for (size_t n = 0; n < r.rows.size(); ++n) {
    SCOPED_TRACE("row " + std::to_string(n));
    ASSERT_EQ(r.rows[n].size(), 4u) << "four columns t, x, y, evals";
    ASSERT_DOUBLE_EQ(r.rows[n][0], 0.25 * n) << "IM §3: t = n h";
    ASSERT_NEAR(r.rows[n][1], std::pow(1.0 / 1.25, n), 1e-14) << "IM §3: x_n = (1 + h)^-n";
    ASSERT_NEAR(r.rows[n][2], std::pow(1.0 / 2.0, n), 1e-14) << "IM §3: y_n = (1 + hk)^-n";
    ASSERT_EQ(r.rows[n][3], static_cast<double>(n))
        << "IM §3: one derivative evaluation per implicit step (the Jacobian is analytic)";
  }
}

TEST(Ch03Headless, StiffSpringExplicitBeyondTwoOverKDivergesWithRowsKept) {
  const double k = 50.0, h = 0.05;  // hk = 2.5: |1 - hk| = 1.5 per step
  const double factor = pbm::stabilityFunction(Scheme::Euler, -h * k).real();
  EXPECT_NEAR(factor, -1.5, 1e-15) << "IM §2: explicit Euler's R(-hk) = 1 - hk = -1.5";
  auto scene = stiffSpring("euler", h, k, 10.0);
  std::ostringstream csv;
  EXPECT_THROW(pbm::runHeadless(*scene, csv), pbm::SimulationDiverged)
      << "IM §2: |1 - hk| = 1.5 > 1: the run diverges and must say so";
  const Rows r = parseCsv(csv.str());
  ASSERT_GT(r.rows.size(), 20u) << "IM §2: the rows before the divergence are kept";
  for (size_t n = 0; n < r.rows.size(); ++n) {
    const double want = std::pow(factor, n);
    ASSERT_GE(r.rows[n].size(), 3u) << "columns t, x, y, evals; row " << n;
    ASSERT_NEAR(r.rows[n][2], want, 1e-12 * std::abs(want))
        << "IM §2: y_n = R(-hk)^n y0 = (-1.5)^n; row " << n;
  }
  // Just below 2/k the same run stays bounded.
  auto stable = stiffSpring("euler", 0.039, k, 10.0);
  std::ostringstream ok;
  EXPECT_NO_THROW(pbm::runHeadless(*stable, ok)) << "IM §2: h = 0.039 < 2/k = 0.04 is stable";
  const Rows bounded = parseCsv(ok.str());
  ASSERT_FALSE(bounded.rows.empty()) << "IM §2: the stable run writes rows";
  EXPECT_LT(std::abs(bounded.rows.back()[2]), 1.0)
      << "IM §2: below 2/k the stiff component stays bounded; |1 - hk| = 0.95";
}

// The headless energy rule (pbm/app/headless.h) on spring_chain: springs,
// gravity and no drag keep the energy. Midpoint's |R(i w h)|^2 = 1 +
// (w h)^4 / 4 > 1 for every mode (IM §2: its region misses the imaginary
// axis; checked first on stabilityFunction against that closed form), so its
// energy grows without end; the run stops by the energy rule (its state has
// grown far less than the growth rule's 10^6), naming t and h, with every
// written row's energy within 101 E0.
TEST(Ch03EnergyRule, SpringChainUnderMidpointStopsByItsEnergy) {
  for (const double wh : {0.1, 1.0, 2.0}) {
    const double r2 = std::norm(pbm::stabilityFunction(Scheme::Midpoint, cd(0.0, wh)));
    ASSERT_NEAR(r2, 1 + std::pow(wh, 4) / 4, 1e-12)
        << "IM §2: midpoint's |R(i w h)|^2 at w h = " << wh
        << ": expected 1 + (w h)^4/4 = " << 1 + std::pow(wh, 4) / 4 << ", got " << r2;
  }
  auto scene = ch03::makeSpringChainScene();
  scene->settings().method = "midpoint";
  std::ostringstream csv;
  try {
    pbm::runHeadless(*scene, csv);
    FAIL() << "IM §2: midpoint gains energy on an undamped chain; expected the energy rule to "
              "stop the run before t = "
           << scene->settings().tEnd;
  } catch (const pbm::SimulationDiverged& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("energy"), std::string::npos) << "expected the energy rule: " << what;
    EXPECT_NE(what.find("h = 0.005 s"), std::string::npos) << "the line names h: " << what;
  }
  const Rows r = parseCsv(csv.str());
  ASSERT_GT(r.rows.size(), 2u) << "the rows before the stop are kept";
  const double e0 = r.rows.front()[1];
  EXPECT_GT(e0, 0.0) << "a plucked chain starts with positive energy";
  double emax = e0;
  for (const auto& row : r.rows) emax = std::max(emax, row[1]);
  EXPECT_LE(emax, 101 * e0) << "a written row's energy past 101 E0 (the rule's limit)";
  EXPECT_GT(emax, 2 * e0) << "IM §2: midpoint's energy grew before the stop";
}

// The default (RK4 at h omega_max < 2.83) and implicit Euler (which only
// loses energy, IM §4) keep the rule over the default run.
TEST(Ch03EnergyRule, SpringChainDefaultAndImplicitKeepTheRule) {
  for (const char* method : {"rk4", "implicit"}) {
    auto scene = ch03::makeSpringChainScene();
    scene->settings().method = method;
    std::ostringstream csv;
    ASSERT_NO_THROW(pbm::runHeadless(*scene, csv))
        << method << ": IM §4, the default run must end at t = " << scene->settings().tEnd;
  }
}

}  // namespace
