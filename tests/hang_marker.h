// A test program's memory, across its processes, that one of its tests ran
// out of time (issue 39): ctest runs each test in a process of its own, two at
// a time, so a loop that never ends in a function most tests drive (a CG that
// never stops) used to cost every such test its whole deadline: 22 tests, 79 s
// to chapter 06's verdict. The first test that ends at a deadline (the
// whole-test CPU deadline of test_deadline.h, or withinSeconds and Watchdog's
// per-call ones of budget.h) leaves a marker; every other test of the same
// build of the program that finds it, at its start or while it runs beside
// the one that hung, gets kAfterHangSeconds of CPU time from its start
// instead of kTestSeconds (a test that does not loop still passes: most need
// under 0.1 s with the reference; a test that extends its own deadline for a
// long run keeps it), and its message names the test that hung first. A
// never-ending loop then costs a chapter one deadline and a quarter of a
// second of CPU per test.
//
// The marker is ".pbm_hung.PROGRAM" in the current working directory: the
// one folder all of a program's tests share both under ctest (the build
// tree, gtest_discover_tests' WORKING_DIRECTORY) and in grading
// (build/grade/scratch/chNN_tests, emptied before each chapter's run; the
// test's TMPDIR is private to each test there, so it cannot serve). It holds
// the program's size and modification time: after a rebuild (the loop fixed)
// an old marker is ignored, never failing the fixed build. A folder that
// cannot be written (a read-only checkout) only loses the shortcut.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <sstream>
#include <string>

#if defined(__unix__) || defined(__APPLE__)
#include <unistd.h>
#endif

#include "watcher_io.h"

namespace pbm_test {

// The CPU seconds a test gets once another test of its build hung. Every
// test of every chapter needs under 0.2 s of CPU with the reference but two:
// Ch04EnergyRule.EveryDefaultRunKeepsTheRule extends its own deadline (kept),
// and Ch10Dantzig.AgreesWithEnumerationAtRest (10 000 solves, 0.6 s) can
// fail then, but only beside a loop that never ends, when its chapter is
// failing anyway. A cut test takes 4 times its CPU time in wall time on a
// machine as loaded as ours (2 cores, load 3 to 4.5): 0.25 s keeps chapter
// 10's 19 cut tests within 20 s in all.
// Under node (the web build, issue 37) a test takes up to 80 times as long
// as natively (chapter 11's Ch11Rect.OscillatePeriodsFollowWidthHeightAndRho:
// 0.085 s native, 6.6 s under node here): emscripten's C++ exceptions pass
// through JavaScript at every call that may throw, its sums are scalar, and
// its std::clock() is the wall clock. Every deadline of the watchers is this
// many times longer there (40 s a test, within ctest's 60), so a test that
// passes natively is not cut short by a loaded machine.
#if defined(__EMSCRIPTEN__)
inline constexpr double kPlatformSlowdown = 5.0;
#else
inline constexpr double kPlatformSlowdown = 1.0;
#endif

inline constexpr double kAfterHangSeconds = 0.25 * kPlatformSlowdown;

class HangMarker {
 public:
  // "SUITE.TEST (WHAT)" of the first test that hung in this build of the
  // program, or "" when none did (or the marker is from another build).
  static std::string firstHung() {
    const Where w = where();
    if (w.path.empty()) return "";
    std::istringstream in(watcher_io::readFile(w.path));
    std::string key, first;
    if (!std::getline(in, key) || key != w.key || !std::getline(in, first)) return "";
    return first;
  }

  // Records that TEST hung (WHAT: which deadline), unless a test already did.
  // Written to a file of this process and renamed into place, so that two
  // tests that hang at once leave one whole marker.
  static void record(const std::string& test, const std::string& what) {
    const Where w = where();
    if (w.path.empty() || !firstHung().empty()) return;
    watcher_io::replaceFile(w.path, w.path + "." + std::to_string(processId()),
                            w.key + "\n" + test + " (" + what + ")\n");
  }

 private:
  struct Where {
    std::string path, key;
  };
  // The marker's path and the program's key: its size and modification time
  // (GoogleTest keeps argv[0]; ctest and grading give a full path).
  static Where where() {
    const auto& argv = ::testing::internal::GetArgvs();
    if (argv.empty()) return {};
    const std::string exe = watcher_io::programPath(argv[0]);
    const std::string key = watcher_io::fileKey(exe);
    const std::string dir = watcher_io::currentDir();
    if (key.empty() || dir.empty()) return {};
    return {
        (std::filesystem::path(dir) / (".pbm_hung." + std::filesystem::path(exe).stem().string()))
            .string(),
        key};
  }
  static long processId() {
#if defined(__unix__) || defined(__APPLE__)
    return static_cast<long>(::getpid());
#else
    return static_cast<long>(std::chrono::steady_clock::now().time_since_epoch().count() & 0xffff);
#endif
  }
};

}  // namespace pbm_test
