// A deadline for each whole test, the backstop of budget.h: a loop inside a
// student function that evaluates nothing the test can count and is reached
// through library code on every step (a particle system's derivative loop, a
// CG solve inside a scene's implicit step) would otherwise hang until ctest's
// timeout with no message. A test still running after kTestSeconds prints
// "SUITE.TEST: still running after S s: it drives FUNCTIONS: HINT" and ends its
// process with status 1 (ctest runs each test in its own process).
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
        state_->name + ": still running after " + seconds(seconds_) + " s: it drives " +
        (it != drives_.end() ? it->second : "the chapter's student functions") + ": " + hint_;
    state_->deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                          std::chrono::duration<double>(seconds_));
    state_->armed = true;
    state_->wake.notify_all();
  }
  // A test whose reference itself runs long (every scene's default run) moves
  // its own deadline: `seconds` from now.
  static void extend(double seconds) {
    State* s = current();
    if (!s) return;
    std::lock_guard<std::mutex> lock(s->mutex);
    s->deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                     std::chrono::duration<double>(seconds));
    s->wake.notify_all();
  }

  void OnTestEnd(const ::testing::TestInfo&) override {
    std::lock_guard<std::mutex> lock(state_->mutex);
    state_->armed = false;
    state_->wake.notify_all();
  }

 private:
  using Clock = std::chrono::steady_clock;
  struct State {
    std::mutex mutex;
    std::condition_variable wake;
    std::string name, message;
    Clock::time_point deadline;
    bool armed = false;
  };

  static State*& current() {
    static State* s = nullptr;
    return s;
  }

  static std::string seconds(double s) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", s);
    return buf;
  }

  static void watch(State& s) {
    std::unique_lock<std::mutex> lock(s.mutex);
    for (;;) {
      if (!s.armed) {
        s.wake.wait(lock);
      } else if (s.wake.wait_until(lock, s.deadline) == std::cv_status::timeout && s.armed &&
                 Clock::now() >= s.deadline) {
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
