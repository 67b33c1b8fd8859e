// Adaptive step sizes (DEB §3): try h, estimate the error by step doubling,
// and if it exceeds the tolerance retry from the same state with the smaller
// step the rule proposes. An accepted step installs x_b (the two half steps):
// it is the more accurate estimate and the one e measures. The rule's
// proposal for the accepted step is returned as the next step to try.
#include <algorithm>
#include <cmath>
#include <sstream>

#include "pbm/core/errors.h"
#include "pbm/integrators/adaptive.h"

namespace pbm {

double adaptiveStep(OdeSystem& sys, double h, double tol, AdaptiveStats* stats,
                    const AdaptiveOptions& options) {
  const int p = methodOrder(options.method);
  Eigen::VectorXd x0;
  double t0;
  sys.getState(x0, t0);

  while (true) {
    if (!(h >= options.hMin)) {
      std::ostringstream msg;
      msg << "adaptive step: h = " << h << " fell below hMin = " << options.hMin << " at t = " << t0
          << " (the tolerance " << tol << " cannot be met)";
      throw SimulationDiverged(t0, h, msg.str());
    }
    const StepDoubling sd = stepDoubling(sys, options.method, h);
    if (stats) stats->evals += sd.evals;

    if (sd.error <= tol) {  // accept: keep x_b
      sys.setState(sd.xb, t0 + h);
      if (stats) {
        ++stats->accepted;
        stats->hMin = std::min(stats->hMin, h);
        stats->hMax = std::max(stats->hMax, h);
        stats->lastH = h;
        stats->lastError = sd.error;
      }
      return proposeStepSize(h, sd.error, tol, p, options.safety, options.maxGrow,
                             options.maxShrink);
    }

    // Reject and retry from the same state (stepDoubling left it installed).
    if (stats) ++stats->rejected;
    double next = std::isfinite(sd.error)
                      ? proposeStepSize(h, sd.error, tol, p, options.safety, options.maxGrow,
                                        options.maxShrink)
                      : options.maxShrink * h;  // a non-finite estimate: shrink all the way
    if (!(next < h)) next = 0.5 * h;            // safety >= 1 could propose no shrink
    h = next;
  }
}

}  // namespace pbm
