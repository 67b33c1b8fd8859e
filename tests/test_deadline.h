// A deadline for each whole test, the backstop of budget.h: a loop inside a
// student function that evaluates nothing the test can count and is reached
// through library code on every step (a particle system's derivative loop, a
// CG solve inside a scene's implicit step) would otherwise hang until ctest's
// timeout with no message. A test that has used kTestSeconds of CPU time
// prints "SUITE.TEST: still running after S s of CPU time: it drives
// FUNCTIONS: HINT" and ends its process with status 1 (ctest runs each test in
// its own process). CPU time, not the clock: a loop that does not end burns
// it at once, while a busy machine (CI beside a build, an autograder's half
// core) slows a correct test's clock, never its CPU time. Where std::clock()
// is the clock (Microsoft's C library) it is wall time.
//
// Install once per chapter test binary, from a header, with the student
// functions each test suite drives (the suites the exercise headers' "Tests:"
// lines name):
//   inline const bool kDeadline = pbm_test::installTestDeadline({{"Ch04State", "particleGetState,
//       particleSetState, particleDerivative"}, ...}, "does every loop advance and end?");
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <utility>

namespace pbm_test {

// Every test of every chapter ends in well under a second with the
// reference (the slowest about 2.6 s, chapter 04's energy rule, which
// extends its own deadline); a test still running after this is a loop that
// does not end.
inline constexpr double kTestSeconds = 8.0;

class TestDeadline : public ::testing::EmptyTestEventListener {
 public:
  TestDeadline(std::map<std::string, std::string> drives, std::string hint, double seconds)
      : drives_(std::move(drives)), hint_(std::move(hint)), seconds_(seconds) {
    // The watcher and what it watches outlive GoogleTest's listeners (which
    // are deleted at exit while the watcher still waits): never freed.
    State* s = state_;
    current() = s;
    std::thread([s] { watch(*s); }).detach();
  }

  void OnTestStart(const ::testing::TestInfo& test) override {
    std::lock_guard<std::mutex> lock(state_->mutex);
    state_->name = std::string(test.test_suite_name()) + "." + test.name();
    const auto it = drives_.find(test.test_suite_name());
    state_->message =
        state_->name + ": still running after " + seconds(seconds_) + " s of CPU time: it drives " +
        (it != drives_.end() ? it->second : "the chapter's student functions") + ": " + hint_;
    state_->deadline = cpuSeconds() + seconds_;
    state_->armed = true;
    state_->wake.notify_all();
  }
  // A test whose reference itself runs long (every scene's default run) moves
  // its own deadline: `seconds` of CPU time from now.
  static void extend(double seconds) {
    State* s = current();
    if (!s) return;
    std::lock_guard<std::mutex> lock(s->mutex);
    s->deadline = cpuSeconds() + seconds;
    s->wake.notify_all();
  }

  void OnTestEnd(const ::testing::TestInfo&) override {
    std::lock_guard<std::mutex> lock(state_->mutex);
    state_->armed = false;
    state_->wake.notify_all();
  }

 private:
  struct State {
    std::mutex mutex;
    std::condition_variable wake;
    std::string name, message;
    double deadline = 0;  // the process's CPU seconds
    bool armed = false;
  };

  // The CPU time of the whole process (every thread: withinSeconds runs the
  // student's call on its own).
  static double cpuSeconds() { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

  static State*& current() {
    static State* s = nullptr;
    return s;
  }

  static std::string seconds(double s) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", s);
    return buf;
  }

  // Looks at the CPU clock every 50 ms of wall time while a test runs.
  static void watch(State& s) {
    std::unique_lock<std::mutex> lock(s.mutex);
    for (;;) {
      if (!s.armed) {
        s.wake.wait(lock);
      } else if (s.wake.wait_for(lock, std::chrono::milliseconds(50)) == std::cv_status::timeout &&
                 s.armed && cpuSeconds() >= s.deadline) {
        std::fprintf(stderr, "Failure\n%s\n[  FAILED  ] %s\n", s.message.c_str(), s.name.c_str());
        std::fflush(stderr);
        std::_Exit(1);
      }
    }
  }

  std::map<std::string, std::string> drives_;
  std::string hint_;
  double seconds_;
  State* state_ = new State;
};

// Appends a TestDeadline to GoogleTest's listeners (before main runs the
// tests); returns true so that it can initialise an inline constant.
inline bool installTestDeadline(std::map<std::string, std::string> drives, std::string hint,
                                double seconds = kTestSeconds) {
  ::testing::UnitTest::GetInstance()->listeners().Append(
      new TestDeadline(std::move(drives), std::move(hint), seconds));
  return true;
}

// For a test that runs the chapter's scenes for seconds with the reference:
// its deadline becomes `seconds` from now (a no-op where none is installed).
inline void extendTestDeadline(double seconds) {
  TestDeadline::extend(seconds);
}

}  // namespace pbm_test
