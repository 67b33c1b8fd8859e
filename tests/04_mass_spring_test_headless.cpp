// Chapter 04 tests, headless runs: what a CSV may hold. A cell is a finite
// number or empty (NaN, pbm/app/csv.h); a row with an infinite cell is a
// diverged run, stopped (exit status 3) naming t and h, the rows before it
// kept. Each runs a chapter-04 scene, so each fails on the exercise skeleton.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "csv_rows.h"
#include "forwarding_scene.h"
#include "pbm/app/headless.h"
#include "pbm/core/errors.h"
#include "scenes.h"
#include "test_deadline.h"

namespace {

// A scene as it is, except that from t = tBad on its last CSV column is +inf:
// an overflow in a derived column while the state itself still passes the
// stepping layer's rule.
class InfiniteColumnScene : public pbm_test::ForwardingScene {
 public:
  InfiniteColumnScene(std::unique_ptr<pbm::Scene> inner, double tBad)
      : ForwardingScene(std::move(inner)), tBad_(tBad) {}
  std::vector<double> csvRow() const override {
    std::vector<double> r = inner_->csvRow();
    if (time() >= tBad_ - 1e-12) r.back() = std::numeric_limits<double>::infinity();
    return r;
  }

 private:
  double tBad_;
};

// The run stops at the first row with an infinite cell, names its t, h and
// column, and keeps every row before it; all of them hold only finite numbers
// (PSD §7.3: the sliding block's x = x0 + v t while it slides).
TEST(Ch04Headless, AnInfiniteCellStopsTheRunNamingTAndHAndKeepsTheRowsBefore) {
  auto block = ch04::makeSlidingBlockScene();
  block->settings().h = 0.1;
  InfiniteColumnScene scene(std::move(block), 0.5);
  std::ostringstream csv;
  try {
    pbm::runHeadless(scene, csv);
    FAIL() << "expected SimulationDiverged at t = 0.5 s (an infinite cell), got a finished run";
  } catch (const pbm::SimulationDiverged& e) {
    EXPECT_NEAR(e.time(), 0.5, 1e-12) << "expected the stop at the first infinite row, t = 0.5 s";
    EXPECT_EQ(e.stepSize(), 0.1);
    const std::string what = e.what();
    EXPECT_NE(what.find("t = 0.5 s"), std::string::npos) << "the message names t; got: " << what;
    EXPECT_NE(what.find("h = 0.1 s"), std::string::npos) << "the message names h; got: " << what;
    EXPECT_NE(what.find("x_stop"), std::string::npos) << "the message names the column: " << what;
  }
  const auto rows = pbm_test::csvRows(csv.str());
  ASSERT_EQ(rows.size(), 5u) << "expected the rows at t = 0, 0.1, ..., 0.4, the infinite one not";
  for (size_t i = 0; i < rows.size(); ++i) {
    ASSERT_NEAR(rows[i][0], 0.1 * static_cast<double>(i), 1e-12) << "row " << i << ": t";
    for (double v : rows[i]) ASSERT_FALSE(std::isinf(v)) << "row " << i << ": an infinite cell";
  }
}

// PSD §7.3: without friction (kf = 0) the block slides on at v0 and never
// stops: its stopping point v0 / (kf g) is an empty cell, not "inf", and the
// run finishes.
TEST(Ch04Headless, ABlockWithoutFrictionSlidesOnAndItsStopCellIsEmpty) {
  auto scene = ch04::makeSlidingBlockScene();
  scene->settings().h = 0.1;
  scene->params().set("kf=0");
  std::ostringstream csv;
  ASSERT_NO_THROW(pbm::runHeadless(*scene, csv)) << "a block that never stops is no divergence";
  const auto columns = scene->csvColumns();
  ASSERT_EQ(columns.back(), "x_stop");
  const size_t vx = columns.size() - 3;
  ASSERT_EQ(columns[vx], "vx");
  const auto rows = pbm_test::csvRows(csv.str());
  ASSERT_EQ(rows.size(), 31u) << "expected a row every 0.1 s to t = 3 s";
  for (size_t i = 0; i < rows.size(); ++i) {
    ASSERT_EQ(rows[i].size(), columns.size()) << "row " << i;
    ASSERT_TRUE(std::isnan(rows[i].back()))
        << "row " << i << ": x_stop should be empty, got " << rows[i].back();
    ASSERT_NEAR(rows[i][vx], 3.0, 1e-12)
        << "PSD §7.3: row " << i << ": no friction, the contact force cancels gravity: vx = v0";
  }
}

// A finite blow-up stops loudly (exit status 3) at the step that makes it, not
// at t_end: spring_pair with explicit Euler, ks = 1e6, h = 0.1 (masses 1 and
// 3, mu = 3/4, omega h = 115). IM §2: each step multiplies the oscillation's
// energy by |1 + i omega h|^2 = 1 + omega^2 h^2, so step 1 gives E1 = E0 (1 +
// omega^2 h^2), 13 334 E0 exactly (E0 = ks stretch^2 / 2). The pair keeps its
// energy (no drag, g = 0), so that step is past the headless energy rule's
// 101 E0 (pbm/app/headless.h): the run stops at t = 0.1 s naming h = 0.1 s,
// two steps before the state's 10^6 growth rule would (the relative velocity
// reaches some 3.5e8 m/s at step 3); the row at t = 0 is kept.
TEST(Ch04Headless, FiniteBlowUpStopsAtTheStepThatMakesItWithTAndH) {
  auto scene = ch04::makeSpringPairScene();
  scene->settings().method = "euler";
  scene->settings().h = 0.1;
  scene->params().set("ks=1e6");
  std::ostringstream csv;
  try {
    pbm::runHeadless(*scene, csv);
    FAIL() << "IM §2: expected SimulationDiverged before t_end = 3 s, got a finished run";
  } catch (const pbm::SimulationDiverged& e) {
    EXPECT_NEAR(e.time(), 0.1, 1e-12) << "the energy rule: expected the stop at t = 0.1 s";
    EXPECT_EQ(e.stepSize(), 0.1);
    EXPECT_NE(std::string(e.what()).find("h = 0.1 s"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("energy"), std::string::npos) << e.what();
  }
  const double e0 = 0.5 * 1e6 * 0.2 * 0.2, omega2h2 = 1e6 / 0.75 * 0.01;
  EXPECT_NEAR(scene->boundedEnergy(), e0 * (1 + omega2h2), 1e-9 * e0 * omega2h2)
      << "IM §2: Euler multiplies the energy by 1 + omega^2 h^2 (the state at the stop)";
  const auto rows = pbm_test::csvRows(csv.str());
  ASSERT_EQ(rows.size(), 1u) << "expected the row at t = 0 alone";
  for (double v : rows[0]) EXPECT_TRUE(std::isfinite(v)) << "only finite rows are kept";
  EXPECT_NEAR(rows[0][4], e0, 1e-9 * e0) << "t = 0: E0 = ks stretch^2 / 2";
  EXPECT_NEAR(rows[0][5], 0.0, 1e-9 * e0) << "PSD §4.2: momentum x";
  EXPECT_NEAR(rows[0][6], 0.0, 1e-9 * e0) << "PSD §4.2: momentum y";
}

// The headless energy rule (pbm/app/headless.h): springs, gravity, drag and
// the walls (kr <= 1, friction) keep or lose ke + spring + gravity energy
// (PSD §6-7), so a run that gains a hundredfold is no longer this physics.
// A step of 3 s on the sliding block (the exact block stops after v0/(kf g))
// and midpoint on the jelly at h = 4 ms for 60 s blew up with exit 0 before
// the rule; each now stops by it, naming t and h, every written row within
// 101 times the start's energy (or its scale, m g * 1 m).
TEST(Ch04EnergyRule, BlowUpsOfBoundedScenesStopByTheirEnergy) {
  struct Case {
    std::unique_ptr<pbm::Scene> scene;
    const char* method;
    double h, tEnd;
  };
  Case cases[] = {{ch04::makeSlidingBlockScene(), "rk4", 3.0, 0.0},
                  {ch04::makeJellyScene(), "midpoint", 0.004, 60.0}};
  for (auto& c : cases) {
    pbm::Scene& scene = *c.scene;
    SCOPED_TRACE(scene.name() + " --method " + c.method);
    scene.settings().method = c.method;
    scene.settings().h = c.h;
    if (c.tEnd > 0) scene.settings().tEnd = c.tEnd;
    std::ostringstream csv;
    try {
      pbm::runHeadless(scene, csv);
      ADD_FAILURE() << "expected the energy rule to stop the run, it ran to t = "
                    << scene.settings().tEnd;
    } catch (const pbm::SimulationDiverged& e) {
      const std::string what = e.what();
      ASSERT_NE(what.find("energy"), std::string::npos) << "expected the energy rule: " << what;
      ASSERT_NE(what.find("h = "), std::string::npos) << "the line names h: " << what;
    }
    const auto columns = scene.csvColumns();
    ASSERT_EQ(columns[4], "e_total");
    const auto rows = pbm_test::csvRows(csv.str());
    ASSERT_FALSE(rows.empty()) << "the rows before the stop are kept";
    const double limit =
        rows.front()[4] + 100 * std::max(std::abs(rows.front()[4]), scene.boundedEnergyScale());
    for (size_t i = 0; i < rows.size(); ++i)
      ASSERT_LE(rows[i][4], limit) << "row " << i << ": a written row past the rule's limit";
  }
}

// No default run of chapter 04 trips the rule (the default method, RK4, at
// the default h loses or keeps the energy; only motor=on feeds it in, and
// then the chain reports no energy).
TEST(Ch04EnergyRule, EveryDefaultRunKeepsTheRule) {
  for (const auto& make : {ch04::makeClothScene, ch04::makeSpringPairScene, ch04::makeChainScene,
                           ch04::makeBouncingBallScene, ch04::makeSlidingBlockScene,
                           ch04::makeJellyScene, ch04::makeSandboxScene}) {
    // Seconds per scene for the reference on a loaded machine, not per test.
    pbm_test::extendTestDeadline(20);
    auto scene = make();
    std::ostringstream csv;
    EXPECT_NO_THROW(pbm::runHeadless(*scene, csv))
        << scene->name() << ": the default run must end at t = " << scene->settings().tEnd;
    EXPECT_TRUE(std::isfinite(scene->boundedEnergy())) << scene->name() << " reports its energy";
  }
  auto motor = ch04::makeChainScene();
  motor->params().set("motor=on");
  motor->reset();
  EXPECT_TRUE(std::isnan(motor->boundedEnergy())) << "a motor feeds energy in: no rule";
}

}  // namespace
