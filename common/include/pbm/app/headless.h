// The headless runner: runs a scene to --t-end without a window and writes
// CSV. A diverged run (Scene::stateFinite() false: the stepping layer's rule,
// core/stepping.h, or a row with an infinite cell: an overflow in a derived
// column) stops with SimulationDiverged naming the time and step size; the
// rows written so far stay in the stream, the diverged one is not written.
// NaN cells are written empty (csv.h) and do not stop a run.
#pragma once

#include <functional>
#include <ostream>
#include <string>

#include "pbm/app/scene.h"

namespace pbm {

struct HeadlessResult {
  long steps = 0;
  long rows = 0;
};

// A run measured to take longer than this gets one warning (it still runs).
inline constexpr double kLongRunSeconds = 60.0;
// The run's wall time is measured over its first kLongRunSampleSeconds (or
// its first step, if that takes longer) and extrapolated to tEnd.
inline constexpr double kLongRunSampleSeconds = 0.25;

// Resets the scene, writes the header and the initial row, then one row every
// `every` steps and always the last one (at t = tEnd exactly). `warn`, if
// given, is called once with a one-line estimate when the run will take more
// than kLongRunSeconds (a chain of 4096 rods at a small h: hours).
HeadlessResult runHeadless(Scene& scene, std::ostream& csv, int every = 1,
                           const std::function<void(const std::string&)>& warn = {});

// The warning's text: `elapsed` seconds of wall time took the clock from t0
// to t; the run goes on to tEnd. Empty when the whole run is estimated to
// take kLongRunSeconds or less.
std::string longRunWarning(double elapsed, double t0, double t, double tEnd, long steps);

}  // namespace pbm
