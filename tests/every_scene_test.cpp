// Every scene of a chapter runs headless for a few steps. This one file is
// compiled into each chapter's test binary (cmake/PbmChapter.cmake), with
// PBM_CHAPTER_NAMESPACE naming the chapter's namespace, and runs every scene
// of that chapter's scenes() (chapters/NN_topic/scenes.h): a scene added to
// the list is covered without a test of its own (common/README.md, "A scene").
//
// What it holds a scene to is the headless runner's contract (app/headless.h)
// and the CSV's (app/csv.h): the header is the scene's columns with "t"
// first; one row at the start, one every `every` steps and the last at t-end
// exactly; every cell a finite number or empty (NaN), the state finite. A
// scene whose exercise is not done fails here, naming the exercise, as the
// chapter's other tests do.
#include <gtest/gtest.h>

#include <cmath>
#include <exception>
#include <memory>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "budget.h"
#include "csv_rows.h"
#include "pbm/app/csv.h"
#include "pbm/app/headless.h"
#include "pbm/core/exercise.h"
#include "scenes.h"

#ifndef PBM_CHAPTER_NAMESPACE
#error "PBM_CHAPTER_NAMESPACE names the chapter's namespace (cmake/PbmChapter.cmake)"
#endif

namespace {

// A few steps of each scene's own default step size, every second one written.
constexpr int kSteps = 5;
constexpr int kEvery = 2;

std::vector<pbm::SceneFactory> chapterScenes() {
  return PBM_CHAPTER_NAMESPACE::scenes();
}

// The header line's names.
std::vector<std::string> headerOf(const std::string& csv) {
  std::istringstream in(csv);
  std::string line, name;
  std::getline(in, line);
  std::vector<std::string> names;
  std::istringstream cells(line);
  while (std::getline(cells, name, ',')) names.push_back(name);
  return names;
}

// The rows the runner writes for `steps` steps, one every `every` and the last.
long expectedRows(long steps, int every) {
  return 1 + steps / every + (steps % every != 0 ? 1 : 0);
}

// Runs scene i of the list headless and checks what the runner and the CSV
// promise; failures are reported and the next scene still runs.
void checkScene(size_t i) {
  const std::unique_ptr<pbm::Scene> scene = chapterScenes().at(i)();
  pbm::Scene& s = *scene;
  const double h = s.settings().h;
  s.settings().tEnd = kSteps * h;
  std::ostringstream csv;
  pbm::HeadlessResult run;
  try {
    // A run that would take long is a failure here, not a wait (headless.h);
    // a step that does not return (a student loop that never ends: issue 30)
    // ends the test at the deadline with the scene's name.
    run = pbm_test::withinSeconds(
        "a step of the scene",
        "scene '" + s.name() + "': " + std::to_string(kSteps) +
            " steps did not end: a loop in a student function its step calls does not end (the "
            "chapter's tests of that function name it)",
        [&] {
          return pbm::runHeadless(s, csv, kEvery, [](const std::string& line) {
            throw std::runtime_error("the few steps would take long: " + line);
          });
        });
  } catch (const pbm::ExerciseNotDone& e) {
    ADD_FAILURE() << "scene '" << s.name() << "': the exercise " << e.exercise()
                  << " is not done yet (" << e.file() << "; " << e.hint() << ")";
    return;
  } catch (const std::exception& e) {
    ADD_FAILURE() << "scene '" << s.name() << "': expected " << kSteps << " steps of h = " << h
                  << " s from its defaults to run headless, got: " << e.what();
    return;
  }

  SCOPED_TRACE("scene '" + s.name() + "', h = " + pbm::formatNumber(h) + " s, t-end " +
               pbm::formatNumber(s.settings().tEnd) + " s");
  // The header: the scene's columns, named, distinct, "t" first (app/scene.h).
  const std::vector<std::string> columns = s.csvColumns();
  ASSERT_GE(columns.size(), 2u) << "expected t and at least one column of the scene";
  EXPECT_EQ(columns.front(), "t");
  EXPECT_EQ(headerOf(csv.str()), columns) << "the header is not the scene's csvColumns()";
  EXPECT_EQ(std::set<std::string>(columns.begin(), columns.end()).size(), columns.size())
      << "a column name appears twice";
  for (const std::string& c : columns) EXPECT_FALSE(c.empty()) << "a column without a name";

  // The rows: as many as asked for, each as wide as the header.
  const std::vector<std::vector<double>> rows = pbm_test::csvRows(csv.str());
  EXPECT_GE(run.steps, 1) << "expected at least one step to t-end";
  EXPECT_LE(run.steps, 100 * kSteps) << "expected about " << kSteps << " steps of h to t-end";
  EXPECT_EQ(run.rows, expectedRows(run.steps, kEvery))
      << "app/headless.h: a row at the start, every " << kEvery << " steps and the last";
  ASSERT_EQ(static_cast<long>(rows.size()), run.rows) << "rows in the CSV text";
  for (size_t r = 0; r < rows.size(); ++r) {
    ASSERT_EQ(rows[r].size(), columns.size()) << "row " << r << " has the wrong number of cells";
    for (size_t c = 0; c < columns.size(); ++c)
      EXPECT_FALSE(std::isinf(rows[r][c]))
          << "row " << r << ", column '" << columns[c] << "': a cell is a number or empty";
    EXPECT_TRUE(std::isfinite(rows[r][0])) << "row " << r << ": t is always written";
    if (r > 0) {
      EXPECT_GT(rows[r][0], rows[r - 1][0]) << "row " << r << ": t must grow";
    }
  }
  // The last row at t-end exactly, and something besides t written in it.
  EXPECT_EQ(rows.back()[0], s.settings().tEnd) << "the last row is at t-end (app/headless.h)";
  bool written = false;
  for (size_t c = 1; c < columns.size(); ++c) written = written || std::isfinite(rows.back()[c]);
  EXPECT_TRUE(written) << "the last row holds no number besides t";
  EXPECT_TRUE(s.stateFinite()) << "the state diverged in " << kSteps << " steps of the defaults";
}

// One test for the chapter's whole list: each scene's failures name it. (One
// test per scene would pass on the exercise skeleton for a scene whose few
// steps call none of its chapter's student functions, e.g. a method of an
// earlier chapter, and CI requires every test to fail there.)
// The suite is named after the chapter (EveryScene_ch09): test names are
// unique across the chapters, whose labels ctest sets by name.
#define PBM_EVERY_SCENE_SUITE(ns) PBM_EVERY_SCENE_SUITE_(ns)
#define PBM_EVERY_SCENE_SUITE_(ns) EveryScene_##ns
TEST(PBM_EVERY_SCENE_SUITE(PBM_CHAPTER_NAMESPACE), RunsHeadlessAFewSteps) {
  const size_t n = chapterScenes().size();
  ASSERT_GT(n, 0u) << "scenes.h lists no scene";
  for (size_t i = 0; i < n; ++i) checkScene(i);
}

}  // namespace
