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
//
// Shared by the chapter tests (each chapter's tests are graded alone).
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <future>
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

}  // namespace pbm_test
