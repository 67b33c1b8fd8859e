// The exercise mechanism (common/README.md): every student function is declared in a
// core header and defined twice, in solutions/NN_topic/ and exercises/NN_topic/.
// A skeleton body that is not done throws ExerciseNotDone; the viewer shows the
// message in the window, a headless run prints it and exits with status 4, and
// the tests report it as a failure.
#pragma once

#include <stdexcept>
#include <string>

namespace pbm {

class ExerciseNotDone : public std::logic_error {
 public:
  ExerciseNotDone(const std::string& exercise, const std::string& file, const std::string& hint);
  const std::string& exercise() const { return exercise_; }
  const std::string& file() const { return file_; }
  const std::string& hint() const { return hint_; }

 private:
  std::string exercise_, file_, hint_;
};

}  // namespace pbm

// Use as the whole body of a skeleton:  PBM_TODO("eulerStep", "DEB §2.1: x(t+h) = x + h f(x, t)");
#define PBM_TODO(exercise, hint) throw ::pbm::ExerciseNotDone((exercise), __FILE__, (hint))
