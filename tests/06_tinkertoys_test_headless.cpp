// Chapter 06 tests, headless runs: a run that will take minutes says so once,
// early, and still runs (a chain of 4096 rods at a small h takes hours). The
// cost is measured, not guessed: each test runs a chapter-06 scene, so each
// fails on the exercise skeleton.
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "budget.h"
#include "forwarding_scene.h"
#include "pbm/app/headless.h"
#include "scenes.h"

namespace {

// The chain, each step made to take `stepSeconds` of wall time.
class SlowScene : public pbm_test::ForwardingScene {
 public:
  SlowScene(std::unique_ptr<pbm::Scene> inner, double stepSeconds)
      : ForwardingScene(std::move(inner)), stepSeconds_(stepSeconds) {}
  void advance(double tLimit, pbm::Host host) override {
    dog_([&] { inner_->advance(tLimit, host); });
    std::this_thread::sleep_for(std::chrono::duration<double>(stepSeconds_));
    if (++steps_ > 20) throw std::runtime_error("no warning after 20 slow steps");
  }

 private:
  double stepSeconds_;
  int steps_ = 0;
  // A step that does not return is a student loop that does not end (issue 30).
  pbm_test::Watchdog dog_{"the chain's step (applyConstraintForces, conjugateGradient)",
                          "does the constraint solve's loop end (CD §4.4; Ch06Cg.* name it)?"};
};

struct Warned {
  std::string line;
};

// 1000 steps of 0.1 s: about 100 s, past kLongRunSeconds. The warning comes
// after the first kLongRunSampleSeconds (3 steps), once, naming the scene and
// the estimate; here it stops the run so the test stays short.
TEST(Ch06Headless, ARunOfMinutesWarnsOnceEarly) {
  auto chain = ch06::makeChainScene();
  chain->settings().h = 0.01;
  chain->settings().tEnd = 10.0;
  SlowScene scene(std::move(chain), 0.1);
  std::ostringstream csv;
  int calls = 0;
  try {
    pbm::runHeadless(scene, csv, 1, [&](const std::string& line) {
      ++calls;
      throw Warned{line};
    });
    FAIL() << "expected a warning before the run ends, got none";
  } catch (const Warned& w) {
    EXPECT_EQ(calls, 1);
    EXPECT_EQ(w.line.find('\n'), std::string::npos) << "one line, got: " << w.line;
    // About 100 s; "2 min", or more on a loaded machine.
    EXPECT_EQ(w.line.rfind("chain: this run will take about ", 0), 0u)
        << "expected 'chain: this run will take about N min ...', got: " << w.line;
    EXPECT_NE(w.line.find(" min ("), std::string::npos)
        << "1000 steps of 0.1 s: expected minutes, got: " << w.line;
  } catch (const std::runtime_error& e) {
    FAIL() << "expected a warning within the first 3 steps of 0.1 s; " << e.what();
  }
}

// A run of a fraction of a second gets no warning and runs to the end.
TEST(Ch06Headless, AShortRunDoesNotWarn) {
  auto chain = ch06::makeChainScene();
  chain->settings().tEnd = 1.0;
  std::ostringstream csv;
  std::vector<std::string> warnings;
  const auto r = pbm_test::withinSeconds(
      "the chain's steps (applyConstraintForces, conjugateGradient)",
      "a 1 s run did not end: does the constraint solve's loop end (CD §4.4; Ch06Cg.* name it)?",
      [&] {
        return pbm::runHeadless(*chain, csv, 1,
                                [&](const std::string& line) { warnings.push_back(line); });
      });
  EXPECT_TRUE(warnings.empty()) << "expected no warning, got: " << warnings.front();
  EXPECT_NEAR(chain->time(), 1.0, 1e-12) << "the run goes on to t = 1 s";
  EXPECT_GT(r.rows, 1);
}

}  // namespace
