#include "pbm/core/exercise.h"

namespace pbm {

namespace {
// Show the path from the repository's exercises/ folder on, not the build machine's prefix.
std::string shortPath(const std::string& file) {
  for (const char* root : {"exercises/", "solutions/"}) {
    auto pos = file.rfind(root);
    if (pos != std::string::npos) return file.substr(pos);
  }
  return file;
}
}  // namespace

ExerciseNotDone::ExerciseNotDone(const std::string& exercise, const std::string& file,
                                 const std::string& hint)
    : std::logic_error("exercise not done: " + exercise + " (" + shortPath(file) + ") -- " + hint),
      exercise_(exercise),
      file_(shortPath(file)),
      hint_(hint) {}

}  // namespace pbm
