#include "pbm/app/headless.h"

#include <cmath>
#include <sstream>

#include "pbm/app/csv.h"
#include "pbm/core/errors.h"

namespace pbm {

double clipStep(double t, double h, double tLimit) {
  const double left = tLimit - t;
  // A step that would overshoot, or leave a sliver below round-off of the
  // clock, lands on tLimit instead: the last CSV row is at T exactly.
  if (h >= left - 1e-12 * std::max(1.0, std::abs(tLimit))) return left;
  return h;
}

HeadlessResult runHeadless(Scene& scene, std::ostream& csv, int every) {
  const double tEnd = scene.settings().tEnd;
  scene.reset();
  CsvWriter writer(csv, scene.csvColumns());
  writer.row(scene.csvRow());
  HeadlessResult result;
  bool lastWritten = true;
  while (scene.time() < tEnd) {
    const double before = scene.time();
    scene.advance(tEnd);
    ++result.steps;
    if (!scene.stateFinite()) {
      csv.flush();
      std::ostringstream msg;
      msg << "simulation diverged at t = " << formatNumber(scene.time())
          << " s with step h = " << formatNumber(scene.lastStepSize())
          << " s (a non-finite or blown-up state); try a smaller --h";
      throw SimulationDiverged(scene.time(), scene.lastStepSize(), msg.str());
    }
    if (!(scene.time() > before))
      throw std::logic_error("scene '" + scene.name() + "' did not advance its clock");
    lastWritten = result.steps % every == 0;
    if (lastWritten) writer.row(scene.csvRow());
  }
  if (!lastWritten) writer.row(scene.csvRow());
  result.rows = writer.rows();
  writer.flush();
  return result;
}

}  // namespace pbm
