// Chapter 02 student functions: adaptive step sizes by step doubling (DEB §3).
// x_a is one step of size h, x_b two steps of size h/2; e = |x_a - x_b|
// estimates the error of x_b, and the step that would meet a tolerance is
// h' = h (tol / e)^(1/(p+1)) for a method of order p (1/2 for Euler, as in
// the notes; 1/5 for RK4).
#pragma once

#include <Eigen/Core>
#include <limits>

#include "pbm/core/ode.h"
#include "pbm/integrators/integrators.h"

namespace pbm {

struct StepDoubling {
  Eigen::VectorXd xa;  // one step of h
  Eigen::VectorXd xb;  // two steps of h/2
  double error = 0;    // |xa - xb|, Euclidean
  int evals = 0;       // derivative evaluations spent
};

// Both estimates from the installed state; leaves sys at its start state and time.
StepDoubling stepDoubling(OdeSystem& sys, Method m, double h);

// h (safety * tol / e)^(1/(order+1)), clamped to [maxShrink h, maxGrow h].
// e = 0 (a field the method integrates exactly) grows by maxGrow.
double proposeStepSize(double h, double error, double tol, int order = 1, double safety = 1.0,
                       double maxGrow = std::numeric_limits<double>::infinity(),
                       double maxShrink = 0.0);

struct AdaptiveOptions {
  Method method = Method::Euler;  // the notes wrap Euler
  double safety = 0.9;
  double maxGrow = 5.0;
  double maxShrink = 0.1;
  double hMin = 1e-12;  // below this the tolerance cannot be met
};

struct AdaptiveStats {
  long accepted = 0, rejected = 0, evals = 0;
  double hMin = std::numeric_limits<double>::infinity();  // smallest accepted step
  double hMax = 0;                                        // largest accepted step
  double lastH = 0;                                       // the step just accepted
  double lastError = 0;                                   // its error estimate
};

// Tries h, shrinking by the rule and retrying from the same state until
// e <= tol; installs x_b at t0 + h_accepted. Returns the proposed next h.
// Every retry is smaller than the attempt before, even when the rule proposes
// no shrink (safety >= 1). A non-finite e (f left its domain: NaN or inf)
// counts as e = inf: the retry is the rule's smallest, maxShrink h.
// h == options.hMin is still tried; below it throws SimulationDiverged, whose
// time() is the step's start t0, stepSize() the h that fell below hMin, and
// whose message names hMin (the tolerance cannot be met).
double adaptiveStep(OdeSystem& sys, double h, double tol, AdaptiveStats* stats = nullptr,
                    const AdaptiveOptions& options = {});

}  // namespace pbm
