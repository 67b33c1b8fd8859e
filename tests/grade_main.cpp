// The test program's main when a hand-in is graded (./pbm grade, the
// autograders; cmake/PbmChapter.cmake links it instead of gtest_main).
//
// A hand-in's code runs inside this process, so neither the exit status nor
// anything printed can prove that a test passed: a student function may print
// GoogleTest's "[       OK ]" lines and call exit(0) in the middle of a
// test. The grader (tools/grading/grade_sandbox.py) therefore asks for a
// confirmation that only this main can give: before the program starts it
// writes a random word into a pipe (PBM_GRADE_CONFIRM="R,W": R that pipe's
// read end, W the write end of a second pipe). The word is read here before
// any of the hand-in's code can run (the lowest initialisation priority: the
// hand-in's own static objects are initialised later) and the read end is
// closed; after RUN_ALL_TESTS, only when every test it ran passed, the word
// goes back through W. A test program that ends any other way, or that
// returns a wrong word, has not passed, whatever its status and output.
// README.md ("How an instructor grades") says what this cannot stop.
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <string>

#if defined(__unix__)
#include <unistd.h>
#endif

namespace {

struct Confirmation {
  std::string word;
  int back = -1;  // W, or -1 when the grader asked for nothing

  Confirmation() {
#if defined(__unix__)
    char* spec = std::getenv("PBM_GRADE_CONFIRM");
    if (spec == nullptr) return;
    int from = -1;
    char* comma = std::strchr(spec, ',');
    if (comma == nullptr) return;
    from = std::atoi(spec);
    back = std::atoi(comma + 1);
    char buffer[128];
    ssize_t got = 0;
    while (got < static_cast<ssize_t>(sizeof buffer)) {
      ssize_t n = read(from, buffer + got, sizeof buffer - static_cast<size_t>(got));
      if (n <= 0) break;
      got += n;
    }
    close(from);
    word.assign(buffer, static_cast<size_t>(got > 0 ? got : 0));
#endif
  }

  void confirm() const {
#if defined(__unix__)
    if (back < 0 || word.empty()) return;
    std::string line = "passed " + word + "\n";
    ssize_t n = write(back, line.data(), line.size());
    (void)n;  // a broken pipe is the grader's "not confirmed"
    close(back);
#endif
  }
};

// Initialised before every object of default priority, the hand-in's included.
Confirmation confirmation __attribute__((init_priority(101)));

}  // namespace

int main(int argc, char** argv) {
  testing::InitGoogleTest(&argc, argv);
  int status = RUN_ALL_TESTS();
  const testing::UnitTest& run = *testing::UnitTest::GetInstance();
  if (status == 0 && run.test_to_run_count() > 0 &&
      run.successful_test_count() == run.test_to_run_count())
    confirmation.confirm();
  return status;
}
