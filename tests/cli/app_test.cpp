// The shared command line's mechanisms on a toy scene (label cli, not chNN:
// no chapter's student functions are involved, common/README.md): the
// headless runner's energy rule and long-run announcements, the CSV header (after
// reset, and also when reset fails), what a ParamList prints and accepts, and
// when a program tries its window.
// Each expectation is an independent count or a closed form, not the code's
// own output.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "pbm/app/display.h"
#include "pbm/app/headless.h"
#include "pbm/app/param.h"
#include "pbm/core/errors.h"

namespace {

using Clock = std::chrono::steady_clock;

// A clock and an "energy" multiplied by `growth` every step; steps may sleep.
class Toy : public pbm::Scene {
 public:
  double growth = 1.0;
  bool bounded = true;       // reports its energy (the rule applies)
  bool failInReset = false;  // a singular start: throws before the first step
  double resetSleep = 0.0, firstStepSleep = 0.0, laterStepSleep = 0.0;
  int cheapSteps = 0;          // steps before laterStepSleep starts
  bool columnPerPart = false;  // a column per part, the parts made by reset (ch06's x0, y0, ...)

  std::string name() const override { return "toy"; }
  std::string title() const override { return "toy"; }
  std::string lookFor() const override { return ""; }
  void reset() override {
    if (failInReset) throw pbm::SimulationDiverged(0.0, settings_.h, "singular at t = 0 s");
    if (resetSleep > 0) std::this_thread::sleep_for(std::chrono::duration<double>(resetSleep));
    t_ = 0;
    e_ = 1;
    steps_ = 0;
    parts_ = 2;
  }
  void advance(double tLimit, pbm::Host) override {
    const double sleep = steps_ == 0 ? firstStepSleep : steps_ >= cheapSteps ? laterStepSleep : 0;
    if (sleep > 0) std::this_thread::sleep_for(std::chrono::duration<double>(sleep));
    ++steps_;
    t_ = std::min(tLimit, steps_ * settings_.h);
    e_ *= growth;
  }
  double time() const override { return t_; }
  bool stateFinite() const override { return std::isfinite(e_); }
  std::vector<std::string> csvColumns() const override {
    std::vector<std::string> c{"t", "e"};
    if (columnPerPart)
      for (int i = 0; i < parts_; ++i) c.push_back(std::string(1, 'x').append(std::to_string(i)));
    return c;
  }
  std::vector<double> csvRow() const override {
    std::vector<double> r{t_, e_};
    if (columnPerPart) r.resize(2 + parts_, 0.0);
    return r;
  }
  double boundedEnergy() const override { return bounded ? e_ : NAN; }

 private:
  double t_ = 0, e_ = 1;
  long steps_ = 0;
  int parts_ = 0;  // none until reset makes them
};

int lines(const std::string& s) {
  return static_cast<int>(std::count(s.begin(), s.end(), '\n'));
}

// E0 = 1 and E = 1.1^k: the rule E > E0 + 100 |E0| first holds at the k
// below, and the run stops there with the rows before it written.
TEST(CliEnergyRule, StopsABoundedSceneWhoseEnergyGrowsAHundredfold) {
  Toy toy;
  toy.growth = 1.1;
  toy.settings().h = 0.1;
  toy.settings().tEnd = 100;
  const int k = static_cast<int>(std::ceil(std::log(101.0) / std::log(1.1)));  // 49
  std::ostringstream csv;
  try {
    pbm::runHeadless(toy, csv);
    FAIL() << "expected SimulationDiverged by the energy rule at step " << k << ", got none";
  } catch (const pbm::SimulationDiverged& e) {
    const std::string what = e.what();
    EXPECT_NEAR(e.time(), 0.1 * k, 1e-9) << what;
    EXPECT_NE(what.find("energy"), std::string::npos) << what;
    EXPECT_NE(what.find("h = 0.1 s"), std::string::npos) << "the line names h: " << what;
    EXPECT_EQ(what.find('\n'), std::string::npos) << "one line: " << what;
  }
  EXPECT_EQ(lines(csv.str()), 1 + k) << "the header and rows for steps 0 to " << k - 1;
}

TEST(CliEnergyRule, LetsAHundredfoldPassAndIgnoresSceneWithoutEnergy) {
  Toy toy;
  toy.growth = std::pow(100.0, 1.0 / 50);  // E reaches 100 E0; the rule trips past 101 E0
  toy.settings().h = 0.1;
  toy.settings().tEnd = 5.0;  // 50 steps: E = 100 at the end
  std::ostringstream csv;
  EXPECT_NO_THROW(pbm::runHeadless(toy, csv)) << "E grew to 100 E0, within the rule";
  Toy free;
  free.bounded = false;
  free.growth = 1.5;
  free.settings().h = 0.1;
  free.settings().tEnd = 5.0;
  std::ostringstream csv2;
  EXPECT_NO_THROW(pbm::runHeadless(free, csv2)) << "a scene that reports no energy has no rule";
}

// A scene that fails in reset (t = 0) still leaves the header (errors.h:
// nothing written so far is lost; the header says what the CSV would hold).
TEST(CliHeadless, HeaderIsWrittenWhenTheSceneFailsToReset) {
  Toy toy;
  toy.failInReset = true;
  std::ostringstream csv;
  EXPECT_THROW(pbm::runHeadless(toy, csv), pbm::SimulationDiverged);
  EXPECT_EQ(csv.str(), "t,e\n") << "expected the header alone";
}

// A scene whose columns are made by reset (one per part, as chapter 06's
// x0, y0, ...): the header is the columns after reset, as every row is.
TEST(CliHeadless, HeaderHasTheColumnsResetMade) {
  Toy toy;
  toy.bounded = false;
  toy.columnPerPart = true;
  toy.settings().h = 0.5;
  toy.settings().tEnd = 1.0;
  std::ostringstream csv;
  ASSERT_NO_THROW(pbm::runHeadless(toy, csv));
  const std::string text = csv.str();
  EXPECT_EQ(text.substr(0, text.find('\n')), "t,e,x0,x1")
      << "expected the two parts' columns that reset made; the CSV:\n"
      << text;
  EXPECT_EQ(lines(text), 4) << "the header and the rows at t = 0, 0.5, 1";
}

// Runs toy headless and returns each warning with the seconds since the start
// at which it came (the watchdog thread may call from outside the run).
std::vector<std::pair<double, std::string>> timedWarnings(Toy& toy) {
  std::mutex m;
  std::vector<std::pair<double, std::string>> warned;
  const auto start = Clock::now();
  std::ostringstream csv;
  pbm::runHeadless(toy, csv, 1, [&](const std::string& line) {
    std::lock_guard<std::mutex> lock(m);
    warned.emplace_back(std::chrono::duration<double>(Clock::now() - start).count(), line);
  });
  return warned;
}

// A first step of 1.5 s, then 999 quick ones: the whole run takes 1.5 s of
// compute... but what the runner sees at 0.5 s is one step running and 999
// to go: at least 999 * 0.5 s. It says so while the step runs, within the
// first second.
TEST(CliLongRun, AStepLongerThanASecondIsAnnouncedWhileItRuns) {
  Toy toy;
  toy.bounded = false;
  toy.firstStepSleep = 1.5;
  toy.settings().h = 0.01;
  toy.settings().tEnd = 10.0;
  const auto warned = timedWarnings(toy);
  ASSERT_EQ(warned.size(), 1u) << "one warning expected";
  EXPECT_LT(warned[0].first, 1.2) << "announced after " << warned[0].first
                                  << " s, expected within the first second: " << warned[0].second;
  EXPECT_EQ(warned[0].second.rfind("toy: this run will take at least ", 0), 0u) << warned[0].second;
}

// A setup (reset) of 1.5 s, as 50 000 boxes paired by brute force: nothing
// is timed yet, but the run is noted as possibly long while the setup runs,
// within the first second, and only once.
TEST(CliLongRun, ASlowSetupIsNotedWhileItRuns) {
  Toy toy;
  toy.bounded = false;
  toy.resetSleep = 1.5;
  toy.settings().h = 0.01;
  toy.settings().tEnd = 1.0;
  const auto warned = timedWarnings(toy);
  ASSERT_EQ(warned.size(), 1u) << "one note expected (the 100 steps after it are quick)";
  EXPECT_LT(warned[0].first, 1.2) << "noted after " << warned[0].first
                                  << " s, expected within the first second: " << warned[0].second;
  EXPECT_EQ(
      warned[0].second.rfind("toy: this run may take long: setting the scene up has taken ", 0), 0u)
      << warned[0].second;
}

// 400 cheap steps, then 30 ms a step for the 2600 left: the first quarter
// second extrapolates to a second or two, the windows after it to
// 2600 * 0.03 = 78 s. The warning (thrown here to end the test) comes soon
// after the steps grew dear, not at the end.
TEST(CliLongRun, ARunWhoseStepsGrowDearerIsReEstimated) {
  Toy toy;
  toy.bounded = false;
  toy.cheapSteps = 400;
  toy.laterStepSleep = 0.03;
  toy.settings().h = 0.01;
  toy.settings().tEnd = 30.0;
  struct Warned {
    double at;
    std::string line;
  };
  const auto start = Clock::now();
  std::ostringstream csv;
  try {
    pbm::runHeadless(toy, csv, 1, [&](const std::string& line) {
      throw Warned{std::chrono::duration<double>(Clock::now() - start).count(), line};
    });
    FAIL() << "expected a warning, got none";
  } catch (const Warned& w) {
    EXPECT_LT(w.at, 2.0) << "warned after " << w.at << " s: " << w.line;
    EXPECT_NE(w.line.find("this run will take about "), std::string::npos) << w.line;
  }
}

TEST(CliParams, OpenMinimumAndRulesArePrintedAndEnforced) {
  double width = 1, hit = 0;
  pbm::ParamList p;
  p.add("width", &width, 0.0, 10.0, "rest width, m").above(0);
  p.add("hit", &hit, 0.0, 5.0, "offset, m").needs("at most length/2");
  double n = 1;
  p.add("n", &n, 1, 40, "count").integer = true;
  EXPECT_EQ(p.find("width")->accepted(), "above 0 to 10");
  EXPECT_EQ(p.find("hit")->accepted(), "0 to 5; at most length/2");
  EXPECT_THROW(p.set("width=0"), pbm::UsageError) << "0 is outside an open minimum";
  EXPECT_NO_THROW(p.set("width=1e-9"));
  EXPECT_DOUBLE_EQ(width, 1e-9);
  try {
    p.set("n=2.5");
    FAIL() << "n=2.5 accepted for an integer key";
  } catch (const pbm::UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("1 to 40"), std::string::npos)
        << "the message names the range: " << e.what();
  }
}

TEST(CliParams, OnlyDecimalNumbersParse) {
  double v = -7;
  for (const char* bad : {"", "0x1p-3", "0x10", "inf", "nan", "1e999", "1,5", "2 ", "abc"})
    EXPECT_FALSE(pbm::parseDecimal(bad, v)) << "'" << bad << "' parsed as " << v;
  for (const auto& [text, want] :
       std::vector<std::pair<const char*, double>>{{"1", 1}, {"-2.5", -2.5}, {"3e-4", 3e-4}}) {
    ASSERT_TRUE(pbm::parseDecimal(text, v)) << text;
    EXPECT_EQ(v, want) << text;
  }
}

// The window decision (app/display.h, issue 29): X11 and Wayland need their
// server's variable, set and non-empty; macOS and Windows have their desktop
// whatever the environment holds.
TEST(CliDisplay, EachSystemTriesItsWindowWhenItHasADesktop) {
  using pbm::WindowSystem;
  struct Case {
    const char* name;
    WindowSystem system;
    const char* display;
    const char* wayland;
    bool tries;
  };
  const Case cases[] = {
      {"X11/Wayland, neither variable", WindowSystem::X11OrWayland, nullptr, nullptr, false},
      {"X11/Wayland, both empty", WindowSystem::X11OrWayland, "", "", false},
      {"X11/Wayland, DISPLAY=:0", WindowSystem::X11OrWayland, ":0", nullptr, true},
      {"X11/Wayland, WAYLAND_DISPLAY=wayland-0", WindowSystem::X11OrWayland, nullptr, "wayland-0",
       true},
      {"X11/Wayland, DISPLAY empty, WAYLAND_DISPLAY set", WindowSystem::X11OrWayland, "",
       "wayland-0", true},
      {"macOS, neither variable", WindowSystem::MacOS, nullptr, nullptr, true},
      {"macOS, both empty", WindowSystem::MacOS, "", "", true},
      {"macOS, DISPLAY=:0 (XQuartz)", WindowSystem::MacOS, ":0", nullptr, true},
      {"Windows, neither variable", WindowSystem::Windows, nullptr, nullptr, true},
      {"Windows, both empty", WindowSystem::Windows, "", "", true},
      {"a web page, neither variable", WindowSystem::Browser, nullptr, nullptr, true},
  };
  for (const Case& c : cases)
    ASSERT_EQ(pbm::shouldTryWindow(c.system, c.display, c.wayland), c.tries)
        << c.name << ": expected " << (c.tries ? "to try the window" : "\"no display\"");
}

#if !defined(_WIN32)
// This process: the variables as the environment holds them (POSIX setenv),
// restored afterwards.
TEST(CliDisplay, ThisProcessReadsItsEnvironment) {
  struct Saved {
    const char* name;
    std::string value;
    bool was;
  };
  std::vector<Saved> saved;
  for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY"}) {
    const char* v = std::getenv(name);
    saved.push_back({name, v ? v : "", v != nullptr});
  }
  ::unsetenv("DISPLAY");
  ::unsetenv("WAYLAND_DISPLAY");
  const bool bare = pbm::shouldTryWindowHere();
  ::setenv("DISPLAY", ":99", 1);
  const bool withDisplay = pbm::shouldTryWindowHere();
  for (const Saved& s : saved)
    if (s.was)
      ::setenv(s.name, s.value.c_str(), 1);
    else
      ::unsetenv(s.name);
  EXPECT_TRUE(withDisplay) << "DISPLAY=:99 set: expected to try the window";
#if defined(__APPLE__)
  EXPECT_EQ(pbm::kWindowSystem, pbm::WindowSystem::MacOS);
  EXPECT_TRUE(bare) << "macOS, no DISPLAY: expected to try the window (the desktop is there)";
#elif defined(__EMSCRIPTEN__)
  EXPECT_EQ(pbm::kWindowSystem, pbm::WindowSystem::Browser);
  EXPECT_TRUE(bare) << "emscripten, no DISPLAY: expected to try the window (a web page's canvas)";
#else
  EXPECT_EQ(pbm::kWindowSystem, pbm::WindowSystem::X11OrWayland);
  EXPECT_FALSE(bare) << "X11/Wayland, neither variable: expected \"no display\"";
#endif
}
#endif

}  // namespace
