#include "pbm/integrators/adaptive_run.h"

#include "pbm/core/stepping.h"

namespace pbm {

void AdaptiveRun::reset(double h0, double t0) {
  hNext_ = h0;
  time_ = t0;
  lastRejected_ = false;
  stats_ = {};
}

void AdaptiveRun::advance(OdeSystem& sys, double tLimit, double tol,
                          const AdaptiveOptions& options) {
  const long rejectedBefore = stats_.rejected;
  const double tryH = clipStep(time_, hNext_, tLimit);
  const double next = adaptiveStep(sys, tryH, tol, &stats_, options);
  const bool landed = tryH != hNext_ && stats_.lastH == tryH;  // the clipped last step
  if (!landed) hNext_ = next;
  lastRejected_ = stats_.rejected > rejectedBefore;
  if (landed) {
    time_ = tLimit;
  } else {
    Eigen::VectorXd x;
    sys.getState(x, time_);  // the model's clock: t0 + the accepted steps
  }
}

}  // namespace pbm
