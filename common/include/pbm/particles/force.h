// Chapter 04: the force-object interface (Particle System Dynamics §4,
// Fig. 4-7) and the Jacobian blocks an implicit step asks of it (IM §4).
#pragma once

#include <Eigen/Core>
#include <Eigen/SparseCore>
#include <vector>

namespace pbm {

class ParticleSystem;

// Which potential a force's energy() belongs to, for the energy plot and CSV.
enum class EnergyKind { None, Spring, Gravity };

// Baraff & Witkin 1998 (beyond the notes): the implicit step solves with CG,
// which needs a symmetric positive definite matrix. Full keeps the exact
// Jacobians; BaraffWitkin drops the non-symmetric damping part of dF/dx and
// clamps the compressed-spring factor (1 - r/L) at 0, so the matrix of (4-5)
// is always positive definite.
enum class JacobianFilter { Full, BaraffWitkin };

// Entries of a 2n x 2n matrix; coordinate k of particle i is row 2 i + k.
using Triplets = std::vector<Eigen::Triplet<double>>;

inline void addBlock(Triplets& t, int i, int j, const Eigen::Matrix2d& B) {
  for (int r = 0; r < 2; ++r)
    for (int c = 0; c < 2; ++c)
      if (B(r, c) != 0.0) t.emplace_back(2 * i + r, 2 * j + c, B(r, c));
}

// A force object "knows how to apply its own forces" (PSD §4): apply() adds
// into the accumulators of the particles it points at.
class Force {
 public:
  virtual ~Force() = default;
  virtual void apply(ParticleSystem& ps) = 0;
  virtual double energy(const ParticleSystem&) const { return 0.0; }
  virtual EnergyKind energyKind() const { return EnergyKind::None; }
  // dF/dx and dF/dv contributions (Implicit Methods §4); none by default.
  virtual void addJacobians(const ParticleSystem&, Triplets& /*dFdx*/, Triplets& /*dFdv*/,
                            JacobianFilter) const {}
};

}  // namespace pbm
