// A scene whose run is stepped by one Stepper (core/stepping.h): the readouts
// that every such scene gave the same way, written once. The scene still owns
// what is its own: its model, time() (a particle system keeps its own clock),
// and how it resets and advances stepper_. A scene that steps a comparison run
// beside the chosen one overrides stateFinite() to include it.
#pragma once

#include "pbm/app/scene.h"
#include "pbm/core/stepping.h"

namespace pbm {

class SteppedScene : public Scene {
 public:
  // The last step's size (clipped to land on a limit), or h before the first.
  double lastStepSize() const override {
    return stepper_.steps() ? stepper_.lastStep() : settings_.h;
  }
  long evals() const override { return stepper_.evals(); }
  // The one divergence rule of the stepping layer.
  bool stateFinite() const override { return !stepper_.diverged(); }

 protected:
  Stepper stepper_;
};

}  // namespace pbm
