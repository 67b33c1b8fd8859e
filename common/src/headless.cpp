#include "pbm/app/headless.h"

#include <cmath>
#include <iomanip>
#include <sstream>

#include "pbm/app/csv.h"
#include "pbm/core/errors.h"
#include "pbm/core/stepping.h"

namespace pbm {

HeadlessResult runHeadless(Scene& scene, std::ostream& csv, int every) {
  const double tEnd = scene.settings().tEnd;
  scene.reset();
  CsvWriter writer(csv, scene.csvColumns());
  writer.row(scene.csvRow());
  HeadlessResult result;
  bool lastWritten = true;
  while (scene.time() < tEnd) {
    const double before = scene.time();
    scene.advance(tEnd, Host::Headless);
    ++result.steps;
    if (!scene.stateFinite()) {
      csv.flush();
      std::ostringstream msg;
      // %.6g: the clock's last digits (0.30000000000000004) say nothing here.
      msg << std::setprecision(6) << "simulation diverged at t = " << scene.time()
          << " s with step h = " << scene.lastStepSize() << " s (not finite, or grown beyond "
          << kDivergenceGrowth << " times its start); try a smaller --h";
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
