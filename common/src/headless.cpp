#include "pbm/app/headless.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iomanip>
#include <sstream>

#include "pbm/app/csv.h"
#include "pbm/core/errors.h"
#include "pbm/core/stepping.h"

namespace pbm {

namespace {

[[noreturn]] void diverged(const Scene& scene, const std::string& why) {
  std::ostringstream msg;
  // %.6g: the clock's last digits (0.30000000000000004) say nothing here.
  msg << std::setprecision(6) << "simulation diverged at t = " << scene.time()
      << " s with step h = " << scene.lastStepSize() << " s (" << why << "); try a smaller --h";
  throw SimulationDiverged(scene.time(), scene.lastStepSize(), msg.str());
}

// A cell is a finite number, or empty where the scene writes NaN on purpose
// (csv.h: a column with no value here). An infinite cell is an overflow the
// state check did not see (a derived quantity such as lambda or an energy):
// the run has diverged, and the row is not written.
void writeRow(CsvWriter& writer, const Scene& scene, const std::vector<std::string>& columns) {
  const std::vector<double> row = scene.csvRow();
  for (size_t i = 0; i < row.size(); ++i)
    if (std::isinf(row[i]))
      diverged(scene, "column '" + (i < columns.size() ? columns[i] : std::to_string(i)) +
                          "' is infinite");
  writer.row(row);
}

}  // namespace

std::string longRunWarning(double elapsed, double t0, double t, double tEnd, long steps) {
  if (!(t > t0)) return {};
  const double total = elapsed * (tEnd - t0) / (t - t0);
  if (!(total > kLongRunSeconds)) return {};
  const double perStep = elapsed / static_cast<double>(std::max(1L, steps));
  char buf[256];
  if (total < 3600)
    std::snprintf(buf, sizeof buf, "this run will take about %.0f min", std::ceil(total / 60));
  else
    std::snprintf(buf, sizeof buf, "this run will take about %.1f h", total / 3600);
  char rest[256];
  std::snprintf(rest, sizeof rest,
                " (%.3g s per step over the first %ld, to t = %.6g s); a larger --h or a "
                "shorter --t-end ends sooner",
                perStep, steps, tEnd);
  return std::string(buf) + rest;
}

HeadlessResult runHeadless(Scene& scene, std::ostream& csv, int every,
                           const std::function<void(const std::string&)>& warn) {
  using Clock = std::chrono::steady_clock;
  const double tEnd = scene.settings().tEnd;
  scene.reset();
  const std::vector<std::string> columns = scene.csvColumns();
  CsvWriter writer(csv, columns);
  HeadlessResult result;
  const double t0 = scene.time();
  const Clock::time_point started = Clock::now();
  bool measured = !warn;  // the cost is measured once, early in the run
  try {
    writeRow(writer, scene, columns);
    bool lastWritten = true;
    while (scene.time() < tEnd) {
      const double before = scene.time();
      scene.advance(tEnd, Host::Headless);
      ++result.steps;
      if (!measured) {
        const double elapsed = std::chrono::duration<double>(Clock::now() - started).count();
        if (elapsed >= kLongRunSampleSeconds) {
          measured = true;
          const std::string w = longRunWarning(elapsed, t0, scene.time(), tEnd, result.steps);
          if (!w.empty()) warn(scene.name() + ": " + w);
        }
      }
      if (!scene.stateFinite())
        diverged(scene, "not finite, or grown beyond " + formatNumber(kDivergenceGrowth) +
                            " times its start");
      if (!(scene.time() > before))
        throw std::logic_error("scene '" + scene.name() + "' did not advance its clock");
      lastWritten = result.steps % every == 0;
      if (lastWritten) writeRow(writer, scene, columns);
    }
    if (!lastWritten) writeRow(writer, scene, columns);
  } catch (const SimulationDiverged&) {
    csv.flush();  // the finite rows so far stay
    throw;
  }
  result.rows = writer.rows();
  writer.flush();
  return result;
}

}  // namespace pbm
