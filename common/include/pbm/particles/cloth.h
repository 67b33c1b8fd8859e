// A hanging net of N x N particles (beyond the notes: Baraff & Witkin 1998,
// Provot 1995): structural springs between grid neighbours (rest length =
// spacing), shear springs on the diagonals (spacing sqrt 2) and bend springs
// that skip one particle (2 spacing). The top corners are nailed; gravity and
// a little drag act on every particle (PSD §4.1).
#pragma once

#include <Eigen/Core>

#include "pbm/particles/particles.h"

namespace pbm {

struct ClothSpec {
  int n = 20;            // particles per side
  double spacing = 0.1;  // m
  double mass = 0.01;    // kg per particle
  double ks = 300.0;     // structural stiffness, N/m
  double shear = 0.5;    // shear stiffness = shear * ks
  double bend = 0.2;     // bend stiffness = bend * ks
  double kd = 0.5;       // spring damping, N s/m (every spring)
  double drag = 0.002;   // viscous drag, N s/m
  double g = 9.81;       // m/s^2, downward
  Eigen::Vector2d topLeft{-0.95, 0.0};
  double startScale = 1.0;  // initial spacing / rest spacing (< 1: starts compressed)
};

struct ClothCounts {
  int particles = 0, structural = 0, shear = 0, bend = 0;
  int springs() const { return structural + shear + bend; }
};

// Adds the particles (row-major from the top-left, index row * n + col) and the
// forces: Gravity, Drag, then the springs. Throws pbm::UsageError for n < 2.
ClothCounts buildCloth(pbm::ParticleSystem& ps, const ClothSpec& spec);

}  // namespace pbm
