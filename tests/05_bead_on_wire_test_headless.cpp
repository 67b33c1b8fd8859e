// Chapter 05 tests, part: headless runs of the scenes (CD §1, §2.2): drift and
// feedback on the wire in the CSV, and the penalty spring's sag m g / k.
#include "05_bead_on_wire_test.h"

namespace {

using namespace ch05_test;

std::vector<std::vector<double>> runScene(pbm::Scene& s, std::string& header) {
  std::ostringstream out;
  pbm::runHeadless(s, out);
  std::istringstream in(out.str());
  std::getline(in, header);
  std::vector<std::vector<double>> rows;
  std::string line;
  while (std::getline(in, line)) {
    std::vector<double> row;
    std::stringstream ls(line);
    std::string cell;
    while (std::getline(ls, cell, ',')) row.push_back(std::stod(cell));
    rows.push_back(row);
  }
  return rows;
}

// CD §2.2 through the headless runner: without feedback Euler spirals out
// (C grows to ~0.78, radius ~1.6); feedback holds C near 0; off_wire is
// pulled on to the wire.
TEST(Ch05Bead, HeadlessRunsShowDriftAndFeedbackHoldsTheWire) {
  std::string header;
  auto pend = ch05::makePendulumScene();
  pend->settings().method = "euler";
  auto rows = runScene(*pend, header);
  EXPECT_EQ(header, "t,x,y,vx,vy,c,c_dot,lambda,energy") << "the pendulum scene's CSV columns";
  ASSERT_FALSE(rows.empty()) << "the pendulum run writes rows";
  ASSERT_EQ(rows.back().size(), 9u) << "nine columns";
  EXPECT_DOUBLE_EQ(rows.back()[0], 10.0) << "the run ends at t = 10 s";
  EXPECT_GT(rows.back()[5], 0.3) << "CD §2.2: without feedback Euler drifts outward, C > 0.3";

  pend->settings().method = "rk4";
  pend->params().set("ks=100");
  pend->params().set("kd=20");
  rows = runScene(*pend, header);
  ASSERT_FALSE(rows.empty()) << "the pendulum run writes rows";
  double worst = 0;
  for (const auto& r : rows) worst = std::max(worst, std::abs(r.at(5)));
  EXPECT_LT(worst, 1e-5) << "CD §2.2: RK4 with feedback ks = 100, kd = 20 holds max |C| < 1e-5";
  // CSV's c equals 1/2 (x^2 + y^2 - 1) of its own x, y.
  const auto& last = rows.back();
  EXPECT_NEAR(last.at(5), 0.5 * (last[1] * last[1] + last[2] * last[2] - 1), 1e-12)
      << "CD §2 eq 1: the CSV's c is C of its own x, y";

  auto off = ch05::makeOffWireScene();
  rows = runScene(*off, header);
  ASSERT_FALSE(rows.empty()) << "the off_wire run writes rows";
  EXPECT_NEAR(rows.front().at(5), 0.5 * (1.44 - 1), 1e-12)
      << "CD §2 eq 1: off_wire starts at radius 1.2, C = 0.22";
  EXPECT_LT(std::abs(rows.back().at(5)), 1e-6) << "CD §2.2: feedback pulls the bead on to the wire";
}

// CD §1: a penalty spring only holds the bead by being stretched; hanging at
// rest it sags by m g / k (the spring balances the weight).
TEST(Ch05Bead, PenaltySpringSagsByMgOverK) {
  auto pen = ch05::makePenaltyScene();
  pen->params().set("angle=0");
  pen->params().set("zeta=1");
  pen->params().set("k_pen=1000");
  pen->settings().tEnd = 2.0;
  std::string header;
  const auto rows = runScene(*pen, header);
  ASSERT_FALSE(rows.empty()) << "the penalty run writes rows";
  const auto& last = rows.back();
  ASSERT_GE(last.size(), 8u) << "the CSV has the columns t, x, y, vx, vy, c, c_dot, lambda";
  const double rho = std::hypot(last[1], last[2]);
  EXPECT_NEAR(rho, 1.0 + kG / 1000, 1e-7)
      << "CD §1: hanging at rest the penalty spring sags by m g / k = 9.81e-3";
  EXPECT_NEAR(last[5], 0.5 * (rho * rho - 1), 1e-12) << "CD §2 eq 1: the CSV's c is C of x, y";
  // Its "multiplier" is the spring force over (x - c): -k sag / rho.
  EXPECT_NEAR(last[7], -kG / rho, 1e-5)
      << "CD §1: the penalty's multiplier is its spring force over (x - c), -k sag / rho";
}

}  // namespace
