#include "flex_scene.h"

#include "pbm/core/errors.h"
#include "pbm/integrators/methods.h"
#include "real_time.h"

namespace ch11 {

std::vector<std::string> FlexScene::methods() const {
  return pbm::methodNames(pbm::integratorMethods());
}

int FlexScene::stepsPerFrame() const {
  return realTimeStepsPerFrame(settings_.h);
}

pbm::Param& FlexScene::addModelParam() {
  // Baraff & Witkin 1992 §2: q holds 3 (affine) or 6 (quadratic) 2D columns.
  return params_.choice(
      "model", &model_,
      {{"affine", "affine (6 DOF)", "1"}, {"quadratic", "quadratic (12 DOF)", "2"}},
      "the deformation: affine (6 DOF) or quadratic (12 DOF)");
}

void FlexScene::addMaterialParams(const MaterialRanges& r) {
  dustCloud_ = r.dustCloud;
  if (r.logDensity)
    params_.add("rho", &rho_, 1e-3, 1e3, "density, kg/m^2").logScale = true;
  else
    params_.add("rho", &rho_, 0.0, 1e3, "density, kg/m^2 (> 0)").above(0);
  const std::string sum = r.dustCloud ? "mu + lambda >= 0" : "mu + lambda > 0";
  pbm::Param& mu = params_.add("mu", &mu_, 0.0, r.modulus, "StVK shear modulus mu (>= 0)");
  if (!r.dustCloud) mu.needs(sum);
  pbm::Param& lambda =
      params_.add("lambda", &lambda_, -r.modulus, r.modulus, "StVK Lame lambda (" + sum + ")");
  if (!r.dustCloud) lambda.above(-r.modulus);
  lambda.needs(sum);
  if (r.damping) params_.add("nu", &nu_, 0.0, 100.0, "damping of the metric's rate (>= 0)");
}

void FlexScene::validateMaterial() const {
  if (!(mu_ >= 0)) throw pbm::UsageError("mu must be >= 0");
  if (dustCloud_ ? !(mu_ + lambda_ >= 0) : !(mu_ + lambda_ > 0))
    throw pbm::UsageError(dustCloud_ ? "mu + lambda must be >= 0" : "mu + lambda must be > 0");
  if (!(rho_ > 0)) throw pbm::UsageError("rho must be > 0");
}

}  // namespace ch11
