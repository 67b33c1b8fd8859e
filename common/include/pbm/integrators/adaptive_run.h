// Adaptive Euler as a scene runs it (DEB §3): the step size rule's proposal,
// clipped to land on a time limit (clipStep, core/stepping.h), retried smaller
// by adaptiveStep until its error estimate meets the tolerance. Library code
// of chapter 02 (not a student function): the loop the scenes share.
#pragma once

#include "pbm/core/ode.h"
#include "pbm/integrators/adaptive.h"

namespace pbm {

class AdaptiveRun {
 public:
  // The first step to try, h0, and the clock's start.
  void reset(double h0, double t0 = 0.0);
  // One accepted step from time() towards tLimit. A step clipped to land on
  // tLimit says nothing about the h the field wants: the proposal for the next
  // step is kept then. Throws SimulationDiverged when tol cannot be met.
  void advance(OdeSystem& sys, double tLimit, double tol, const AdaptiveOptions& options = {});

  double time() const { return time_; }             // tLimit exactly after the landing step
  double lastStep() const { return stats_.lastH; }  // the step just accepted; 0 before
  double nextStep() const { return hNext_; }
  bool lastRejected() const { return lastRejected_; }  // the last advance retried
  const AdaptiveStats& stats() const { return stats_; }

 private:
  double hNext_ = 0.0, time_ = 0.0;
  bool lastRejected_ = false;
  AdaptiveStats stats_;
};

}  // namespace pbm
