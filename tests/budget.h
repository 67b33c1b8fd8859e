// Budgets for the loops a student writes and a test drives: a wrong loop
// (`while (t <= tEnd)` when the last clipStep returns 0, a retry that never
// shrinks h, a pivot that cycles) fails in seconds with a message naming the
// function and the likely cause, never by ctest's timeout. Two tools:
//
//   BudgetedSystem  an OdeSystem wrapper that counts derivative evaluations
//                   and throws BudgetExceeded past a budget the test sets;
//                   for loops that evaluate f (integrators, adaptive steps,
//                   Newton's iterations on a system).
//   withinSeconds   runs a call and ends the test with the message when the
//                   call has not returned in time; for loops that call
//                   nothing the test can count (a pivot loop, a bisection on
//                   plain numbers). One watcher thread serves every call.
//   Watchdog        the same deadline for each of many calls (the steps of a
//                   system whose force runs a student solver), with a
//                   watcher of its own, armed during each call.
//
// Shared by the chapter tests (each chapter's tests are graded alone).
#pragma once

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>

#include "hang_marker.h"
#include "pbm/core/counting_system.h"
#include "watcher_io.h"

namespace pbm_test {

// A student loop ran past the budget its test set.
class BudgetExceeded : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The seconds a single call of a student function may take in a test: each
// such call needs milliseconds when its loop ends, so a call still running
// after this is a loop that does not.
inline constexpr double kCallSeconds = 5.0;

// CountingSystem with a budget: the (budget + 1)th evaluation of f throws
// BudgetExceeded with "FUNCTION: more than BUDGET evaluations of f: HINT".
class BudgetedSystem : public pbm::CountingSystem {
 public:
  BudgetedSystem(pbm::OdeSystem& inner, long budget, std::string function, std::string hint)
      : pbm::CountingSystem(inner),
        budget_(budget),
        function_(std::move(function)),
        hint_(std::move(hint)) {}

  void derivEval(Eigen::VectorXd& xdot) override {
    charge();
    pbm::CountingSystem::derivEval(xdot);
  }
  void derivEvalAt(const Eigen::VectorXd& x, double t, Eigen::VectorXd& xdot) override {
    charge();
    pbm::CountingSystem::derivEvalAt(x, t, xdot);
  }

 private:
  void charge() {
    if (evals() >= budget_)
      throw BudgetExceeded(function_ + ": more than " + std::to_string(budget_) +
                           " evaluations of f: " + hint_);
  }

  long budget_;
  std::string function_, hint_;
};

// What withinSeconds prints and does at its deadline: prints "FUNCTION: still running after S s:
// HINT" as a GoogleTest failure of the current test and ends the process with status 1.
[[noreturn]] inline void stillRunning(const char* function, const std::string& hint,
                                      double seconds) {
  const ::testing::TestInfo* test = ::testing::UnitTest::GetInstance()->current_test_info();
  if (test)  // the program's later tests get a shorter deadline (hang_marker.h)
    HangMarker::record(std::string(test->test_suite_name()) + "." + test->name(),
                       std::string(function) + " still running after its per-call deadline");
  char after[32];
  std::snprintf(after, sizeof after, "%g", seconds);
  watcher_io::writeError((std::string("Failure\n") + function + ": still running after " + after +
                          " s: " + hint + "\n[  FAILED  ] " +
                          (test ? test->test_suite_name() : "?") + "." +
                          (test ? test->name() : "?") + "\n")
                             .c_str());
  watcher_io::exitFailed();
}

// The steady clock in nanoseconds, for the two watchers below.
inline long long steadyNs() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// The deadline of the withinSeconds call running now, watched by one thread
// for the whole process. A thread per call would be simpler, but creating one
// costs about 2 ms under Wine: Ch10Dantzig.AgreesWithEnumerationAtRest (10 000
// solves, 1 s here) then took 23 s, past the test's own deadline. Calls nest
// (a call inside a timed call): the inner one's deadline replaces the outer's
// until it returns, then the outer's is watched again from its own start.
class CallDeadline {
 public:
  struct Armed {
    const char* function = nullptr;
    const std::string* hint = nullptr;
    double seconds = 0;
    long long since = 0;  // steady-clock ns when the call began; 0: no call
  };

  // Never destroyed: the watcher may still wait while static objects go.
  static CallDeadline& instance() {
    static CallDeadline* d = new CallDeadline;
    return *d;
  }

  // Starts watching a call; returns what was watched before (to restore).
  Armed arm(const char* function, const std::string& hint, double seconds) {
    std::lock_guard<std::mutex> lock(mutex_);
    const Armed before = now_;
    now_ = Armed{function, &hint, seconds * kPlatformSlowdown, steadyNs()};
    wake_.notify_all();
    return before;
  }
  void restore(const Armed& before) {
    std::lock_guard<std::mutex> lock(mutex_);
    now_ = before;
  }

 private:
  CallDeadline() {
    std::thread([this] { watch(); }).detach();
  }
  void watch() {
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
      if (now_.since == 0) {
        wake_.wait(lock);
        continue;
      }
      wake_.wait_for(lock, std::chrono::milliseconds(20));
      if (now_.since != 0 && static_cast<double>(steadyNs() - now_.since) > now_.seconds * 1e9)
        stillRunning(now_.function, *now_.hint, now_.seconds);
    }
  }

  std::mutex mutex_;
  std::condition_variable wake_;
  Armed now_;
};

// Runs call() on this thread and returns what it returns (an exception it
// throws is thrown here). When it has not returned after `seconds`, prints a
// GoogleTest-style failure "FUNCTION: still running after S s: HINT" and ends
// the test's process with status 1: ctest runs each test in its own process,
// so the other tests are unaffected, and the message is the test's output.
// The runaway call cannot be stopped from outside, so the process must end.
template <class Call>
auto withinSeconds(const char* function, const std::string& hint, Call&& call,
                   double seconds = kCallSeconds) -> decltype(call()) {
  struct Restore {
    CallDeadline::Armed before;
    ~Restore() { CallDeadline::instance().restore(before); }
  } restore{CallDeadline::instance().arm(function, hint, seconds)};
  return std::forward<Call>(call)();
}

// withinSeconds for many calls: dog(call) runs call() on this thread and
// returns what it returns; one watcher thread, started with the Watchdog,
// ends the process as withinSeconds does when a call has been running for
// `seconds`. Between calls nothing is timed (the test's own work is free).
class Watchdog {
 public:
  Watchdog(std::string function, std::string hint, double seconds = kCallSeconds)
      : function_(std::move(function)),
        hint_(std::move(hint)),
        seconds_(seconds),
        watcher_([this] { watch(); }) {}
  Watchdog(const Watchdog&) = delete;
  Watchdog& operator=(const Watchdog&) = delete;
  ~Watchdog() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stop_ = true;
    }
    wake_.notify_all();
    watcher_.join();
  }

  template <class Call>
  decltype(auto) operator()(Call&& call) {
    struct Disarm {
      std::atomic<long long>& since;
      ~Disarm() { since.store(0); }
    } disarm{since_};
    since_.store(steadyNs() + 1);  // 0 means "no call running"
    return std::forward<Call>(call)();
  }

 private:
  void watch() {
    std::unique_lock<std::mutex> lock(mutex_);
    while (!stop_) {
      wake_.wait_for(lock, std::chrono::milliseconds(20));
      const long long since = since_.load();
      if (!stop_ && since != 0 && static_cast<double>(steadyNs() - since) > seconds_ * 1e9)
        stillRunning(function_.c_str(), hint_, seconds_);
    }
  }

  std::string function_, hint_;
  double seconds_;
  std::atomic<long long> since_{0};
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stop_ = false;
  std::thread watcher_;  // last: starts once the members above exist
};

}  // namespace pbm_test
