// The common part of chapter 11's scenes (Baraff & Witkin 1992 §2-§4): the
// body's model (an affine or a quadratic deformation, §2) and its material
// (density, the StVK moduli mu and lambda, the damping nu of the metric's
// rate), registered and checked in one place; stepped by chapter 02's
// methods, near real time in the viewer, on a plane with the scene's own axes
// (plane_axes.h). A scene registers its other keys around these and owns its
// body, its CSV (flex_readout.h) and its drawing.
#pragma once

#include <string>
#include <vector>

#include "pbm/app/stepped_scene.h"
#include "pbm/flexible/flex_body.h"

namespace ch11 {

// What FlexScene's material keys accept, where the scenes differ.
struct FlexMaterialRanges {
  double modulus = 1e5;     // mu in [0, modulus], lambda above -modulus up to modulus
  bool dustCloud = false;   // mu = lambda = 0 accepted (spin: no stiffness at all)
  bool damping = true;      // registers nu (otherwise nu stays 0)
  bool logDensity = false;  // rho in [1e-3, 1e3] on a log slider; otherwise above 0 to 1e3
};

class FlexScene : public pbm::SteppedScene {
 public:
  std::vector<std::string> methods() const override;
  double time() const override { return stepper_.time(); }
  bool drawsOwnAxes() const override { return true; }
  int stepsPerFrame() const override;

 protected:
  using MaterialRanges = FlexMaterialRanges;

  // Registers `model`: affine | quadratic (the older 1 | 2 still accepted).
  pbm::Param& addModelParam();
  // Registers rho, mu, lambda and, with damping, nu.
  void addMaterialParams(const MaterialRanges& ranges = {});
  // The rules no range can say: mu + lambda > 0 (>= 0 with dustCloud), and
  // mu >= 0, rho > 0 for a scene whose keys were set around the ranges.
  void validateMaterial() const;

  pbm::DeformKind kind() const {
    return model_ == kAffine ? pbm::DeformKind::Affine : pbm::DeformKind::Quadratic;
  }
  pbm::FlexMaterial material() const { return {rho_, mu_, lambda_, nu_}; }

  static constexpr int kAffine = 0, kQuadratic = 1;  // model_'s options
  int model_ = kAffine;
  double rho_ = 1.0, mu_ = 100.0, lambda_ = 0.0, nu_ = 0.0;

 private:
  bool dustCloud_ = false;
};

}  // namespace ch11
