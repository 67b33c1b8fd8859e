// The headless runner: runs a scene to --t-end without a window and writes
// CSV. A diverged run stops with SimulationDiverged naming the time and step
// size; the rows written so far stay in the stream, the diverged one is not
// written. Diverged means: Scene::stateFinite() false (the stepping layer's
// growth rule, core/stepping.h), a row with an infinite cell (an overflow in
// a derived column), or the energy rule: a scene whose physics keeps or loses
// energy (Scene::boundedEnergy) whose energy grew by more than kEnergyGrowth times
// its size at the start (IM §2: an unstable step feeds energy in, however
// slowly the state itself grows). NaN cells are written empty (csv.h) and do
// not stop a run.
#pragma once

#include <functional>
#include <ostream>
#include <string>

#include "pbm/app/scene.h"

namespace pbm {

// 64-bit counts: --max-rows allows runs past 2^31 rows, and Windows' long is 32 bits.
struct HeadlessResult {
  long long steps = 0;
  long long rows = 0;
};

// A run measured to take longer than this gets one warning (it still runs).
inline constexpr double kLongRunSeconds = 60.0;
// Every kLongRunSampleSeconds of wall time the rest of the run is
// extrapolated at the rate of that last window (a run whose steps grow dearer,
// as contacts form, is announced when they do). A single step still running
// after twice this long is announced while it runs (a lower bound: the steps
// to go, each as long), so a long run is announced within its first second
// however slow its first step. A setup (the scene's reset) still running
// after twice this long is noted while it runs ("may take long"), once; the
// estimate follows when the steps are timed.
inline constexpr double kLongRunSampleSeconds = 0.25;
// The energy rule: E > E0 + kEnergyGrowth * max(|E0|, boundedEnergyScale()).
inline constexpr double kEnergyGrowth = 100.0;

// Resets the scene, writes the header (also when reset fails: then it is all
// the CSV holds) and the initial row, then one row every
// `every` steps and always the last one (at t = tEnd exactly). `warn`, if
// given, is called once with a one-line estimate when the run will take more
// than kLongRunSeconds (a chain of 4096 rods at a small h: hours).
HeadlessResult runHeadless(Scene& scene, std::ostream& csv, int every = 1,
                           const std::function<void(const std::string&)>& warn = {});

// The warning's text: `elapsed` seconds of wall time took the clock to t,
// the last `window` of them advanced it by `advanced`; the rest of the run,
// to tEnd, is extrapolated at that rate. Empty when the whole run is
// estimated to take kLongRunSeconds or less.
std::string longRunWarning(double elapsed, double t, double tEnd, double window, double advanced,
                           long long steps);
// "about 3 min", "about 1.5 h".
std::string durationText(double seconds);

}  // namespace pbm
