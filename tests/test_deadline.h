// A deadline for each whole test, the backstop of budget.h: a loop inside a
// student function that evaluates nothing the test can count and is reached
// through library code on every step (a particle system's derivative loop, a
// CG solve inside a scene's implicit step) would otherwise hang until ctest's
// timeout with no message. A test that has used kTestSeconds of CPU time
// prints "SUITE.TEST: still running after S s of CPU time: it drives
// FUNCTIONS: HINT" and ends its process with status 1 (ctest runs each test in
// its own process); once one test of a build has, every other test of that
// build gets hang_marker.h's kAfterHangSeconds, so that a loop most tests
// reach costs the chapter one deadline, not one per test. CPU time, not the
// clock: a loop that does not end burns it at once, while a busy machine (CI
// beside a build, an autograder's half core) slows a correct test's clock,
// never its CPU time. Microsoft's C library's std::clock() is the wall clock,
// so MinGW reads the process's CPU time through winpthreads' clock_gettime
// (under Wine, CI's Windows run beside a build timed out four correct tests
// at 8 s of std::clock()); MSVC (not run here) keeps std::clock().
//
// The same listener caps the process's memory (where the system has
// setrlimit: Linux; macOS ignores the cap, Windows has none): a loop that
// keeps adding to a vector (a push_back whose counter never advances) would
// otherwise fill the machine's memory for minutes. Past kTestMemoryBytes of
// address space an allocation fails, and the test ends at once with
// "SUITE.TEST: ran out of memory (over 1 GB): it drives FUNCTIONS: ...".
// Every test needs under 20 MB.
//
// And a crash (a bad memory access, an integer division by zero, an abort)
// would end the test program with no word of which test or function: it
// prints "SUITE.TEST: crashed (SIGSEGV, ...): it drives FUNCTIONS" first, then
// ends as the signal would have.
//
// Install once per chapter test binary, from a header, with the student
// functions each test suite drives (the suites the exercise headers' "Tests:"
// lines name):
//   inline const bool kDeadline = pbm_test::installTestDeadline({{"Ch04State", "particleGetState,
//       particleSetState, particleDerivative"}, ...}, "does every loop advance and end?");
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <map>
#include <mutex>
#include <new>
#include <string>
#include <thread>
#include <utility>

#if defined(__unix__) || defined(__APPLE__)
#include <sys/resource.h>
#include <unistd.h>
#endif
#if defined(__MINGW32__)
#include <pthread_time.h>
#endif

#include "hang_marker.h"
#include "watcher_io.h"

namespace pbm_test {

// Every test of every chapter ends in well under a second with the
// reference (the slowest about 2.6 s, chapter 04's energy rule, which
// extends its own deadline); a test still running after this is a loop that
// does not end.
inline constexpr double kTestSeconds = 8.0;
inline constexpr unsigned long long kTestMemoryBytes = 1ull << 30;

class TestDeadline : public ::testing::EmptyTestEventListener {
 public:
  TestDeadline(std::map<std::string, std::string> drives, std::string hint, double seconds,
               std::string memoryHint)
      : drives_(std::move(drives)),
        hint_(std::move(hint)),
        memoryHint_(std::move(memoryHint)),
        seconds_(seconds * kPlatformSlowdown) {
    // The watcher and what it watches outlive GoogleTest's listeners (which
    // are deleted at exit while the watcher still waits): never freed.
    State* s = state_;
    current() = s;
    std::thread([s] { watch(*s); }).detach();
    capMemory();
    for (int sig : {SIGSEGV, SIGFPE, SIGABRT}) std::signal(sig, onCrash);
  }

  void OnTestStart(const ::testing::TestInfo& test) override {
    std::lock_guard<std::mutex> lock(state_->mutex);
    state_->name = std::string(test.test_suite_name()) + "." + test.name();
    const auto it = drives_.find(test.test_suite_name());
    state_->drives =
        (it != drives_.end() ? it->second : "the chapter's student functions") + ": " + hint_;
    state_->message = state_->name + ": still running after " + seconds(seconds_) +
                      " s of CPU time: it drives " + state_->drives;
    state_->outOfMemory =
        "Failure\n" + state_->name + ": ran out of memory (over " +
        std::to_string(kTestMemoryBytes >> 30) + " GB): it drives " +
        (it != drives_.end() ? it->second : "the chapter's student functions") +
        ": does a loop keep adding to a vector (push_back) because its counter never "
        "advances?" +
        (memoryHint_.empty() ? "" : " " + memoryHint_) + "\n[  FAILED  ] " + state_->name + "\n";
    state_->crashHead = "\nFailure\n" + state_->name + ": crashed (";
    state_->crashTail = "): it drives " +
                        (it != drives_.end() ? it->second : "the chapter's student functions") +
                        ": an index out of range, a pointer to nothing, a division by zero? "
                        "(a debugger or -fsanitize=address shows where)\n[  FAILED  ] " +
                        state_->name + "\n";
    state_->full = seconds_;
    state_->start = cpuSeconds();
    state_->deadline = state_->start + seconds_;
    state_->cut = state_->extended = false;
    state_->checks = 0;
    // Once a test of this build has hung, the rest get kAfterHangSeconds
    // (hang_marker.h): a never-ending loop costs the chapter one deadline.
    cutIfAnotherHung(*state_);
    state_->armed = true;
    watcher_io::setCrashWords(state_->crashHead, state_->crashTail);
    state_->wake.notify_all();
  }
  // A test whose reference itself runs long (every scene's default run) moves
  // its own deadline: `seconds` of CPU time from now.
  static void extend(double seconds) {
    State* s = current();
    if (!s) return;
    std::lock_guard<std::mutex> lock(s->mutex);
    s->deadline = cpuSeconds() + seconds * kPlatformSlowdown;
    s->extended = true;  // its own long run: never cut short by another test's hang
    s->wake.notify_all();
  }

  void OnTestEnd(const ::testing::TestInfo&) override {
    std::lock_guard<std::mutex> lock(state_->mutex);
    state_->armed = false;
    watcher_io::setCrashWords("", "");
    state_->wake.notify_all();
  }

 private:
  struct State {
    std::mutex mutex;
    std::condition_variable wake;
    std::string name, drives, message, outOfMemory, crashHead, crashTail;
    double start = 0, deadline = 0;  // the process's CPU seconds
    double full = 0;                 // the test's own limit (kTestSeconds)
    bool armed = false;
    bool cut = false;       // the deadline was cut to kAfterHangSeconds
    bool extended = false;  // extendTestDeadline set the deadline
    int checks = 0;         // the watcher's wakes since the test began
  };

  // When another test of this build hung (at this test's start, or while it
  // runs beside it: ctest runs two at a time), cuts the deadline to
  // kAfterHangSeconds from the test's start, or now when that has passed.
  static void cutIfAnotherHung(State& s) {
    if (s.cut || s.extended) return;
    const std::string hung = HangMarker::firstHung();
    if (hung.empty()) return;
    s.cut = true;
    s.deadline = std::min(s.deadline, s.start + kAfterHangSeconds);
    s.message = s.name + ": still running after " + seconds(kAfterHangSeconds) +
                " s of CPU time (the deadline cut from " + seconds(s.full) + " s because " + hung +
                " ran out of time first in this build of the test program: the same loop?)" +
                ": it drives " + s.drives;
  }

  // The CPU time of the whole process (every thread: withinSeconds runs the
  // student's call on its own).
  static double cpuSeconds() {
#if defined(__MINGW32__)
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
#else
    return static_cast<double>(std::clock()) / CLOCKS_PER_SEC;
#endif
  }

  static State*& current() {
    static State* s = nullptr;
    return s;
  }

  static std::string seconds(double s) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", s);
    return buf;
  }

  // An address-space limit, and a message instead of std::bad_alloc (which
  // GoogleTest would report without naming anything) when it is reached. The
  // message is composed at the test's start: nothing is allocated here.
  static void capMemory() {
#if defined(__unix__) || defined(__APPLE__)
    rlimit limit{};
    if (getrlimit(RLIMIT_AS, &limit) == 0 &&
        (limit.rlim_cur == RLIM_INFINITY || limit.rlim_cur > kTestMemoryBytes)) {
      limit.rlim_cur = static_cast<rlim_t>(kTestMemoryBytes);
      setrlimit(RLIMIT_AS, &limit);
    }
#endif
    std::set_new_handler([] {
      const State* s = current();
      if (!s || !s->armed) {  // between tests: the usual std::bad_alloc
        std::set_new_handler(nullptr);
        return;
      }
      watcher_io::writeError(s->outOfMemory.c_str());
      watcher_io::exitFailed();
    });
  }

  // The crash's words, written with nothing allocated (the heap may be what
  // broke), then the signal's own end, so ctest still reports the signal.
  static void emit(const char* text) {
#if defined(__unix__) || defined(__APPLE__)
    if (::write(2, text, std::strlen(text)) < 0) return;
#else
    std::fputs(text, stderr);
#endif
  }
  static void onCrash(int sig) {
    const State* s = current();
    if (s && s->armed) {
      emit(s->crashHead.c_str());
      emit(sig == SIGSEGV  ? "SIGSEGV, a bad memory access"
           : sig == SIGFPE ? "SIGFPE, an arithmetic fault such as an integer division by zero"
                           : "SIGABRT, an abort: a failed assert, or std::terminate");
      emit(s->crashTail.c_str());
    }
    std::signal(sig, SIG_DFL);
    std::raise(sig);
  }

  // Looks at the CPU clock every 50 ms of wall time while a test runs.
  static void watch(State& s) {
    std::unique_lock<std::mutex> lock(s.mutex);
    for (;;) {
      if (!s.armed) {
        s.wake.wait(lock);
      } else if (s.wake.wait_for(lock, std::chrono::milliseconds(50)) == std::cv_status::timeout &&
                 s.armed) {
        if (++s.checks % 5 == 0) cutIfAnotherHung(s);  // a look at the marker every 250 ms
        if (cpuSeconds() < s.deadline) continue;
        HangMarker::record(s.name, "the whole test's CPU deadline");
        watcher_io::writeError(
            ("Failure\n" + s.message + "\n[  FAILED  ] " + s.name + "\n").c_str());
        watcher_io::exitFailed();
      }
    }
  }

  std::map<std::string, std::string> drives_;
  std::string hint_, memoryHint_;
  double seconds_;
  State* state_ = new State;
};

// Appends a TestDeadline to GoogleTest's listeners (before main runs the
// tests); returns true so that it can initialise an inline constant.
// memoryHint: what the out-of-memory message adds (a function every test
// reaches through library code, say).
inline bool installTestDeadline(std::map<std::string, std::string> drives, std::string hint,
                                double seconds = kTestSeconds, std::string memoryHint = "") {
  ::testing::UnitTest::GetInstance()->listeners().Append(
      new TestDeadline(std::move(drives), std::move(hint), seconds, std::move(memoryHint)));
  return true;
}

// For a test that runs the chapter's scenes for seconds with the reference:
// its deadline becomes `seconds` from now (a no-op where none is installed).
inline void extendTestDeadline(double seconds) {
  TestDeadline::extend(seconds);
}

}  // namespace pbm_test
