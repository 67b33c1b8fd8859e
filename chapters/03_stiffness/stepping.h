// What the chapter-03 scenes share: the four methods a scene can step with
// (chapter 02's explicit ones and chapter 03's implicit Euler), their colours,
// and the rule that says a run has blown up.
#pragma once

#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "pbm/integrators/integrators.h"
#include "pbm/stiffness/implicit.h"
#include "pbm/viewer/canvas2d.h"

namespace ch03 {

enum class StepMethod { Euler, Midpoint, RK4, Implicit };

inline const std::vector<std::string>& methodNames() {
  static const std::vector<std::string> names{"euler", "midpoint", "rk4", "implicit"};
  return names;
}
inline const std::vector<std::string>& explicitMethodNames() {
  static const std::vector<std::string> names{"euler", "midpoint", "rk4"};
  return names;
}

// The scenes only accept names from methodNames() (the runner checks them).
inline StepMethod parseMethod(const std::string& name) {
  if (name == "midpoint") return StepMethod::Midpoint;
  if (name == "rk4") return StepMethod::RK4;
  if (name == "implicit") return StepMethod::Implicit;
  return StepMethod::Euler;
}

inline const char* methodLabel(StepMethod m) {
  switch (m) {
    case StepMethod::Euler:
      return "explicit Euler";
    case StepMethod::Midpoint:
      return "midpoint";
    case StepMethod::RK4:
      return "RK4";
    case StepMethod::Implicit:
      return "implicit Euler";
  }
  return "?";
}

inline pbm::Color methodColor(StepMethod m) {
  switch (m) {
    case StepMethod::Euler:
      return pbm::colors::kEuler;
    case StepMethod::Midpoint:
      return pbm::colors::kMidpoint;
    case StepMethod::RK4:
      return pbm::colors::kRk4;
    case StepMethod::Implicit:
      return pbm::colors::kImplicit;
  }
  return pbm::colors::kText;
}

// One step: chapter 02's step() for the explicit methods, chapter 03's
// linearised backward Euler (3-2) for "implicit".
inline void stepWith(pbm::OdeSystem& sys, StepMethod m, double h) {
  switch (m) {
    case StepMethod::Euler:
      pbm::step(sys, pbm::Method::Euler, h);
      return;
    case StepMethod::Midpoint:
      pbm::step(sys, pbm::Method::Midpoint, h);
      return;
    case StepMethod::RK4:
      pbm::step(sys, pbm::Method::RK4, h);
      return;
    case StepMethod::Implicit:
      pbm::implicitEulerStep(sys, h);
      return;
  }
}

// The exact solutions of this chapter's examples never grow (their energy
// only decreases), so a state 10^6 times larger than where it started can
// only be a numerical blow-up: the scenes call that "diverged" (headless:
// exit status 3, the rows so far kept) rather than waiting hundreds of steps
// more for the overflow to infinity.
inline constexpr double kBlowUpFactor = 1e6;

inline double stateScale(const Eigen::VectorXd& y) {
  return std::max(1.0, y.size() ? y.lpNorm<Eigen::Infinity>() : 0.0);
}
inline bool blownUp(const Eigen::VectorXd& y, double startScale) {
  return !y.allFinite() || y.lpNorm<Eigen::Infinity>() > kBlowUpFactor * startScale;
}

// The scenes know whether they run in the viewer (advance(+inf)) or headless
// (advance(tEnd)): in the viewer a diverged explicit particle is frozen and
// labelled while the implicit one goes on; headless, divergence ends the run.
inline bool inViewer(double tLimit) {
  return std::isinf(tLimit);
}

}  // namespace ch03
