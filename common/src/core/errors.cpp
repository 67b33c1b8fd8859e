#include "pbm/core/errors.h"

namespace pbm {

SimulationDiverged::SimulationDiverged(double t, double h, const std::string& what)
    : std::runtime_error(what), t_(t), h_(h) {}

}  // namespace pbm
