// The stepping layer: what every scene used to write for itself around a
// method's step (DEB §2-§4). A Stepper owns one run's method and nominal step
// h, clips the last step to land on a time limit, keeps the clock (t0 + k h,
// computed from k so it does not drift), counts derivative evaluations, maps a
// failed linear solve (SolverFailure) to a run failure that names the scene's
// context, t and h, and applies ONE divergence rule for every chapter.
//
// It lives in the core (pbm_core), not in the app layer beside the scene and
// the shell: it needs no window or command line, and the tests, benchmarks and
// later chapters' library code (a rigid-body world that steps itself) use it
// without them.
//
// A scene with one model:
//   reset():    stepper_.reset(findMethod(methods, settings_.method), settings_.h);
//               stepper_.watch(model_);
//   advance():  stepper_.advance(model_, tLimit);
//   time(), evals(), lastStepSize(): stepper_.time(), .evals(), .lastStep();
//   stateFinite(): !stepper_.diverged()
// Scenes that step several models (a comparison run beside the chosen one)
// own a Stepper per run and use the parts: plan, step, check.
#pragma once

#include <Eigen/Core>
#include <string>

#include "pbm/core/errors.h"
#include "pbm/core/method.h"
#include "pbm/core/ode.h"

namespace pbm {

// The step to take from t towards tLimit: h, or what is left when that is
// less than h (plus a sliver of round-off), so the last step lands on tLimit.
// tLimit = +infinity never clips (the viewer).
double clipStep(double t, double h, double tLimit);

// The divergence rule, the same in every chapter: a run has diverged when its
// state is not finite, or has grown beyond kDivergenceGrowth times its size at
// the start (the max-norm, at least 1). The scenes' exact solutions keep or
// lose energy, so growth that large is a numerical blow-up (IM §2: an
// unstable step multiplies the error by |R(h lambda)| > 1 every step), caught
// long before the overflow to infinity. A scene whose exact state does grow
// far supplies its own measure and start size (Stepper::checkSize).
inline constexpr double kDivergenceGrowth = 1e6;
// max(1, |x|_inf): the size the rule compares with.
double stateSize(const Eigen::VectorXd& x);
// The rule itself: size not finite, or beyond kDivergenceGrowth * startSize.
bool grownBeyond(double size, double startSize);

class Stepper {
 public:
  // --- set-up, in Scene::reset
  // The method, the nominal step h and the start time t0; clears the clock,
  // the counts and the divergence flag. `context` names the scene's step in a
  // failure message ("constraint solve failed at t = ... s with h = ... s");
  // by default "the <label> step".
  void reset(const MethodInfo& method, double h, std::string context = {}, double t0 = 0.0);
  // The start size of the divergence rule: stateSize of sys's state now, or
  // of a state the scene holds, or a size of the scene's own measure.
  void watch(const OdeSystem& sys);
  void watch(const Eigen::VectorXd& start) { startSize_ = stateSize(start); }
  void setStartSize(double size) { startSize_ = size; }

  // --- one step, in Scene::advance
  // The whole of it for a scene with one model: plan, step, check.
  void advance(OdeSystem& sys, double tLimit);

  // The parts. plan(tLimit) takes the next step on the counted clock and
  // returns its size: h, or what is left to tLimit; plan(t, tLimit) the same
  // from a model's own clock t (particle systems keep theirs).
  double plan(double tLimit);
  double plan(double t, double tLimit);
  // One step of the method on sys; counts its evaluations; a SolverFailure
  // becomes SimulationDiverged naming the context and the planned t and h.
  void step(OdeSystem& sys, double h);
  // A step the scene takes itself (an implicit step on its own state, a
  // step with collisions): failures mapped as in step(); count with countEvals.
  template <class F>
  void run(F&& takeStep) {
    try {
      takeStep();
    } catch (const SolverFailure& e) {
      fail(e);
    }
  }
  void countEvals(long n) { evals_ += n; }
  // The divergence rule on sys's state, a state, or the scene's own measure;
  // once diverged the run stays so until reset. Each returns diverged().
  bool check(const OdeSystem& sys);
  bool check(const Eigen::VectorXd& state);
  bool checkSize(double size);
  // Installs time() as sys's clock (a copy out and in): a model whose f
  // depends on t sees t0 + k h rather than a sum of steps.
  void installClock(OdeSystem& sys);

  // --- readouts
  const MethodInfo& method() const { return method_; }
  double h() const { return h_; }
  double time() const { return time_; }          // the clock after the last planned step
  double lastStep() const { return lastStep_; }  // its size; 0 before the first
  long steps() const { return steps_; }
  long evals() const { return evals_; }
  bool diverged() const { return diverged_; }
  double startSize() const { return startSize_; }

 private:
  [[noreturn]] void fail(const SolverFailure& e) const;

  MethodInfo method_;
  std::string context_;
  double h_ = 0.0, t0_ = 0.0, time_ = 0.0, stepStart_ = 0.0, lastStep_ = 0.0;
  long steps_ = 0, evals_ = 0;
  double startSize_ = 1.0;
  bool diverged_ = false;
  Eigen::VectorXd scratch_;  // check()'s copy of a state that offers no view
};

}  // namespace pbm
