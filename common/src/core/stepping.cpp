#include "pbm/core/stepping.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>
#include <utility>

#include "pbm/core/counting_system.h"

namespace pbm {

double clipStep(double t, double h, double tLimit) {
  const double left = tLimit - t;
  // A step that would overshoot, or leave a sliver below round-off of the
  // clock, lands on tLimit instead: the last CSV row is at T exactly.
  if (h >= left - 1e-12 * std::max(1.0, std::abs(tLimit))) return left;
  return h;
}

double stateSize(const Eigen::VectorXd& x) {
  if (x.size() == 0) return 1.0;
  if (!x.allFinite()) return std::numeric_limits<double>::infinity();
  return std::max(1.0, x.lpNorm<Eigen::Infinity>());
}

bool grownBeyond(double size, double startSize) {
  return !(std::isfinite(size) && size <= kDivergenceGrowth * startSize);
}

void Stepper::reset(const MethodInfo& method, double h, std::string context, double t0) {
  method_ = method;
  context_ = context.empty() ? "the " + method.label + " step" : std::move(context);
  h_ = h;
  t0_ = time_ = stepStart_ = t0;
  lastStep_ = 0.0;
  steps_ = evals_ = 0;
  startSize_ = 1.0;
  diverged_ = false;
}

void Stepper::watch(const OdeSystem& sys) {
  double t;
  startSize_ = stateSize(stateOf(sys, scratch_, t));
}

void Stepper::advance(OdeSystem& sys, double tLimit) {
  step(sys, plan(tLimit));
  check(sys);
}

double Stepper::plan(double tLimit) {
  const double h = plan(time_, tLimit);
  // Full steps end at t0 + k h, computed from k; the step that reaches tLimit
  // ends on it exactly.
  time_ = h == tLimit - stepStart_ ? tLimit : t0_ + static_cast<double>(steps_) * h_;
  return h;
}

double Stepper::plan(double t, double tLimit) {
  stepStart_ = t;
  lastStep_ = clipStep(t, h_, tLimit);
  ++steps_;
  time_ = t + lastStep_;
  return lastStep_;
}

void Stepper::step(OdeSystem& sys, double h) {
  if (!method_.step)
    throw std::logic_error("method '" + method_.name +
                           "' chooses its own step size: its scene drives it, not Stepper::step");
  run([&] {
    if (method_.evalsPerStep > 0) {
      method_.step(sys, h);
      evals_ += method_.evalsPerStep;
      return;
    }
    CountingSystem counted(sys);  // a varying cost: count the calls
    method_.step(counted, h);
    evals_ += counted.evals();
  });
}

bool Stepper::check(const OdeSystem& sys) {
  double t;
  return check(stateOf(sys, scratch_, t));
}

bool Stepper::check(const Eigen::VectorXd& state) {
  return checkSize(stateSize(state));
}

bool Stepper::checkSize(double size) {
  if (grownBeyond(size, startSize_)) diverged_ = true;
  return diverged_;
}

void Stepper::installClock(OdeSystem& sys) {
  double t;
  sys.getState(scratch_, t);
  sys.setState(scratch_, time_);
}

void Stepper::fail(const SolverFailure& e) const {
  char where[96];
  std::snprintf(where, sizeof where, " failed at t = %.6g s with h = %.6g s: ", stepStart_,
                lastStep_);
  throw SimulationDiverged(stepStart_, lastStep_, context_ + where + e.what());
}

}  // namespace pbm
