// The headless runner: runs a scene to --t-end without a window and writes
// CSV. A non-finite state stops the run with SimulationDiverged naming the
// time and step size; the rows written so far stay in the stream.
#pragma once

#include <ostream>

#include "pbm/app/scene.h"

namespace pbm {

struct HeadlessResult {
  long steps = 0;
  long rows = 0;
};

// Resets the scene, writes the header and the initial row, then one row every
// `every` steps and always the last one (at t = tEnd exactly).
HeadlessResult runHeadless(Scene& scene, std::ostream& csv, int every = 1);

// The step to take from t towards tLimit: h, or what is left when that is
// less than h (plus a sliver of round-off), so the last step lands on tLimit.
double clipStep(double t, double h, double tLimit);

}  // namespace pbm
