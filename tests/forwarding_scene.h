// A scene that passes every call the headless runner makes on to a chapter's
// scene, so a test can change one thing about it (a CSV cell, the time a step
// takes) and still run the chapter's student functions. Shared by the
// chapter tests.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "pbm/app/scene.h"

namespace pbm_test {

class ForwardingScene : public pbm::Scene {
 public:
  explicit ForwardingScene(std::unique_ptr<pbm::Scene> inner) : inner_(std::move(inner)) {
    settings_ = inner_->settings();
  }
  std::string name() const override { return inner_->name(); }
  std::string title() const override { return inner_->title(); }
  std::string lookFor() const override { return inner_->lookFor(); }
  void reset() override {
    inner_->settings() = settings_;
    inner_->reset();
  }
  void advance(double tLimit, pbm::Host host) override { inner_->advance(tLimit, host); }
  double time() const override { return inner_->time(); }
  double lastStepSize() const override { return inner_->lastStepSize(); }
  bool stateFinite() const override { return inner_->stateFinite(); }
  double boundedEnergy() const override { return inner_->boundedEnergy(); }
  double boundedEnergyScale() const override { return inner_->boundedEnergyScale(); }
  std::vector<std::string> csvColumns() const override { return inner_->csvColumns(); }
  std::vector<double> csvRow() const override { return inner_->csvRow(); }

 protected:
  std::unique_ptr<pbm::Scene> inner_;
};

}  // namespace pbm_test
