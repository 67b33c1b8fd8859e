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
//                   plain numbers).
//   Watchdog        the same deadline for each of many calls (the steps of a
//                   system whose force runs a student solver), without a
//                   thread per call: one watcher, armed during each call.
//
// Shared by the chapter tests (each chapter's tests are graded alone).
#pragma once

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <future>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>

#include "pbm/core/counting_system.h"

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

// Runs call() and returns what it returns (an exception it throws is thrown
// here). When it has not returned after `seconds`, prints a GoogleTest-style
// failure "FUNCTION: still running after S s: HINT" and ends the test's
// process with status 1: ctest runs each test in its own process, so the
// other tests are unaffected, and the message is the test's output. The
// runaway call cannot be stopped from outside, so the process must end.
template <class Call>
auto withinSeconds(const char* function, const std::string& hint, Call&& call,
                   double seconds = kCallSeconds) -> decltype(call()) {
  using Result = decltype(call());
  std::packaged_task<Result()> task(std::forward<Call>(call));
  std::future<Result> done = task.get_future();
  std::thread worker(std::move(task));
  if (done.wait_for(std::chrono::duration<double>(seconds)) != std::future_status::ready) {
    const ::testing::TestInfo* test = ::testing::UnitTest::GetInstance()->current_test_info();
    std::fprintf(stderr, "Failure\n%s: still running after %g s: %s\n[  FAILED  ] %s.%s\n",
                 function, seconds, hint.c_str(), test ? test->test_suite_name() : "?",
                 test ? test->name() : "?");
    std::fflush(stderr);
    std::_Exit(1);
  }
  worker.join();
  return done.get();
}

// What withinSeconds prints and does at its deadline: prints "FUNCTION: still running after S s:
// HINT" as a GoogleTest failure of the current test and ends the process with status 1.
[[noreturn]] inline void stillRunning(const char* function, const std::string& hint,
                                      double seconds) {
  const ::testing::TestInfo* test = ::testing::UnitTest::GetInstance()->current_test_info();
  std::fprintf(stderr, "Failure\n%s: still running after %g s: %s\n[  FAILED  ] %s.%s\n", function,
               seconds, hint.c_str(), test ? test->test_suite_name() : "?",
               test ? test->name() : "?");
  std::fflush(stderr);
  std::_Exit(1);
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
    since_.store(now() + 1);  // 0 means "no call running"
    return std::forward<Call>(call)();
  }

 private:
  static long long now() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
  }
  void watch() {
    std::unique_lock<std::mutex> lock(mutex_);
    while (!stop_) {
      wake_.wait_for(lock, std::chrono::milliseconds(20));
      const long long since = since_.load();
      if (!stop_ && since != 0 && static_cast<double>(now() - since) > seconds_ * 1e9)
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
