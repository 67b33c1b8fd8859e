// TinkertoyScene (tinkertoy_scene.h): its parameters, the build helpers, reset
// and the step (the constraint force appended last, CD §4.1 step 3), the plots'
// records and the CSV. Picking and editing: tinkertoy_editing.cpp; drawing, HUD
// and panel: tinkertoy_drawing.cpp.
#include "tinkertoy_scene.h"

#include <algorithm>
#include <cmath>
#include <iostream>

#include "pbm/core/exercise.h"
#include "pbm/integrators/methods.h"
#include "pbm/viewer/colors.h"

namespace ch06 {

using Eigen::Vector2d;
using Eigen::VectorXd;

TinkertoyScene::TinkertoyScene()
    : energyPlot_("energy drift |E - E0|, J (log)", {"|E - E0|"}, {pbm::colors::kRk4}),
      errorPlot_("max |C| (log)", {"max |C|"}, {pbm::colors::kWarning}),
      iterPlot_("solver iterations per step (worst solve)", {"iterations"},
                {pbm::colors::kMidpoint}) {
  // The energy plot shows the drift from E0 on a log axis, as max |C| beside
  // it. The constraint forces do no work (CD §3, the principle of virtual
  // work), so E = T + V moves only by the integrator's error and the small
  // work of the feedback terms: a slow drift (1e-6 J over a second with RK4)
  // and, when the double pendulum's bob whips over, a transient a hundred
  // times larger. A linear autoscale of E fitted that transient and flattened
  // the rest of the curve into a line; the drift spans decades, so the log
  // axis shows both.
  energyPlot_.logY = true;
  errorPlot_.logY = true;
  settings_.method = "rk4";
  settings_.h = 0.01;
  settings_.hMin = 1e-4;
  settings_.hMax = 0.05;
  settings_.tEnd = 10.0;
  params_.add("ks", &ks_, 0.0, 10000.0, "feedback on C, 1/s^2 (eq 11; 0 = off)");
  params_.add("kd", &kd_, 0.0, 200.0, "feedback on Cdot, 1/s (critical: 2 sqrt(ks))");
  params_.choice("solver", &solver_,
                 {{"cg", "CG"},
                  {"jacobi_cg", "Jacobi-CG"},
                  {"cgls", "CG least squares"},
                  {"ldlt", "sparse LDLT"},
                  {"auto", "auto (from the system)"}},
                 "constraint solver (CD §4.4)");
  params_.add("cg_tol", &cgTol_, 1e-14, 1e-2, "solver tolerance, relative true residual").logScale =
      true;
  params_.add("max_iter", &maxIter_, 0, 100000, "solver iteration cap (0: 3m + 10)").integer = true;
  params_.add("gravity", &g_, 0.0, 30.0, "gravity, m/s^2");
  params_.add("drag", &drag_, 0.0, 10.0, "viscous drag on every particle, N s/m");
}

pbm::ConstraintSolverSettings TinkertoyScene::solverSettings() const {
  pbm::ConstraintSolverSettings s;
  s.ks = ks_;
  s.kd = kd_;
  s.solver = static_cast<pbm::ConstraintSolver>(solver_);
  s.tolerance = cgTol_;
  s.maxIterations = static_cast<int>(maxIter_);
  return s;
}

int TinkertoyScene::particle(double m, const Vector2d& x, const Vector2d& v) {
  pbm::Particle p;
  p.m = m;
  p.x = x;
  p.v = v;
  return ps_.add(p);
}

void TinkertoyScene::rod(int a, int b) {
  cs_.add<pbm::RodConstraint>(ps_, a, b, (ps_.particles[a].x - ps_.particles[b].x).norm());
}

void TinkertoyScene::nail(int p) {
  cs_.add<pbm::NailConstraint>(ps_, p, ps_.particles[p].x);
}

void TinkertoyScene::reset() {
  ps_.particles.clear();
  ps_.forces.clear();
  ps_.t = 0.0;
  cs_.constraints.clear();
  cs_.rebuild(0);
  trailParticle_ = -1;
  build();
  cs_.rebuild(ps_.n());
  gravity_ = &ps_.addForce<pbm::Gravity>(Vector2d(0.0, -g_));
  dragForce_ = &ps_.addForce<pbm::Drag>(drag_);
  mouse_ = &ps_.addForce<pbm::MouseSpring>(50.0, 10.0);
  cf_ = &ps_.addForce<pbm::ConstraintForce>(cs_, solverSettings());  // last (§4.1 step 3)
  stepper_.reset(pbm::findMethod(pbm::integratorMethods(), settings_.method), settings_.h,
                 "the constraint solve");
  stepper_.watch(ps_);
  warnedFallback_ = false;
  message_.clear();
  dragFrom_ = -1;
  trail_.clear();
  energyPlot_.clear();
  errorPlot_.clear();
  iterPlot_.clear();
  // One evaluation so that row 0 and the first frame show C, lambda and the solve.
  VectorXd xdot;
  ps_.derivEval(xdot);
  e0_ = energy();
  maxAbsC_ = cs_.maxAbsC();
  lastIterations_ = cf_->last.result.iterations;
  lastResidual_ = cf_->last.result.relativeResidual;
  lastFellBack_ = cf_->last.fellBack;
}

void TinkertoyScene::advance(double tLimit, pbm::Host host) {
  // The particle system keeps its own clock; a failed constraint solve stops
  // the run with t and h (headless: exit status 3; viewer: the message, paused).
  const double t0 = ps_.t, hStep = stepper_.plan(t0, tLimit);
  gravity_->g = Vector2d(0.0, -g_);
  dragForce_->kd = drag_;
  cf_->settings = solverSettings();
  cf_->resetStepStats();
  stepper_.step(ps_, hStep);
  ps_.t = t0 + hStep;
  stepper_.check(ps_);
  cs_.evaluate(ps_);
  maxAbsC_ = cs_.maxAbsC();
  lastIterations_ = cf_->worstIterations;
  lastResidual_ = cf_->worstResidual;
  lastFellBack_ = cf_->fellBack;
  if (host == pbm::Host::Headless) {
    // Headless: a fallback is not silent either (the viewer shows it in amber).
    if (lastFellBack_ && !warnedFallback_) {
      std::cerr << "warning: " << name() << ": CG did not converge at t = " << t0
                << " s; using the CG least-squares fallback (contradictory constraints?)\n";
      warnedFallback_ = true;
    }
    return;
  }
  record();
}

void TinkertoyScene::record() {
  energyPlot_.push(ps_.t, {std::abs(energy() - e0_)});  // 0 (t = 0) is left off the log axis
  errorPlot_.push(ps_.t, {std::max(maxAbsC_, 1e-16)});
  iterPlot_.push(ps_.t, {static_cast<double>(lastIterations_)});
  if (trailParticle_ >= 0 && trailParticle_ < ps_.n()) {
    trail_.push_back(ps_.particles[trailParticle_].x);
    if (trail_.size() > 600) trail_.pop_front();
  }
}

double TinkertoyScene::energy() const {
  return ps_.kineticEnergy() + ps_.potentialEnergy(pbm::EnergyKind::Gravity) +
         ps_.potentialEnergy(pbm::EnergyKind::Spring);
}

std::vector<std::string> TinkertoyScene::methods() const {
  return pbm::methodNames(pbm::integratorMethods());
}

std::vector<std::string> TinkertoyScene::csvColumns() const {
  std::vector<std::string> c = {"t", "energy", "max_abs_c", "cg_iterations", "cg_residual"};
  if (ps_.n() <= 8)
    for (int i = 0; i < ps_.n(); ++i) {
      // (std::string(1, 'x') + ...: GCC 12 warns falsely on "x" + std::string at -O3)
      c.push_back(std::string(1, 'x').append(std::to_string(i)));
      c.push_back(std::string(1, 'y').append(std::to_string(i)));
    }
  extraColumns(c);
  return c;
}

std::vector<double> TinkertoyScene::csvRow() const {
  std::vector<double> r = {ps_.t, energy(), maxAbsC_, static_cast<double>(lastIterations_),
                           lastResidual_};
  if (ps_.n() <= 8)
    for (const auto& p : ps_.particles) {
      r.push_back(p.x.x());
      r.push_back(p.x.y());
    }
  extraRow(r);
  return r;
}

}  // namespace ch06
