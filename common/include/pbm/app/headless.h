// The headless runner: runs a scene to --t-end without a window and writes
// CSV. A diverged run (Scene::stateFinite() false: the stepping layer's rule,
// core/stepping.h, or a row with an infinite cell: an overflow in a derived
// column) stops with SimulationDiverged naming the time and step size; the
// rows written so far stay in the stream, the diverged one is not written.
// NaN cells are written empty (csv.h) and do not stop a run.
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

}  // namespace pbm
