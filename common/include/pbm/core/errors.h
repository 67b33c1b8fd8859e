// Errors the shared command line turns into exit statuses (README.md, "One
// command line for every chapter"):
//   UsageError        bad arguments, unknown scenes or keys, out-of-range values -> 2
//   SimulationDiverged a run stopped at t with step h: its state diverged (the
//                     stepping layer's rule, stepping.h), or a step's solve
//                     failed (the stepping layer maps SolverFailure to this) -> 3
//   SolverFailure     a linear solve that is singular, indefinite or did not converge -> 3
//   OutputFailure     the CSV could not be written (disk full, closed pipe)      -> 3
//   ExerciseNotDone   (exercise.h) a student function not written yet           -> 4
#pragma once

#include <stdexcept>
#include <string>

namespace pbm {

class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class SimulationDiverged : public std::runtime_error {
 public:
  SimulationDiverged(double t, double h, const std::string& what);
  double time() const { return t_; }
  double stepSize() const { return h_; }

 private:
  double t_, h_;
};

// A linear system the step needs could not be solved (Implicit Methods §3:
// (I/h - f') must be invertible; CG needs a symmetric positive definite matrix).
class SolverFailure : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Writing the output failed; what was flushed before stays.
class OutputFailure : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Exit statuses, documented in README.md.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;
inline constexpr int kExitUsage = 2;
inline constexpr int kExitDiverged = 3;
inline constexpr int kExitExerciseNotDone = 4;

}  // namespace pbm
