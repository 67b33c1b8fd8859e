// Chapter 06: the constraint list and its global matrices (Constrained
// Dynamics §4.3). Each constraint owns a slice of rows of C, Cdot and its
// blocks of J and Jdot; the set rebuilds that layout on every structural
// change and asks each constraint to fill its part on every evaluation.
#pragma once

#include <Eigen/Core>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "pbm/constraints/block_sparse.h"
#include "pbm/constraints/constraints.h"
#include "pbm/particles/particles.h"

namespace pbm {

class ConstraintSet {
 public:
  std::vector<std::unique_ptr<Constraint>> constraints;
  BlockSparseMatrix J, Jdot;         // m x 2n, the same block pattern
  Eigen::VectorXd C, Cdot;           // m
  Eigen::VectorXd lambda;            // m, the last solve's multipliers
  Eigen::VectorXd Qhat;              // 2n, the last constraint force J^T lambda
  std::vector<int> row, firstBlock;  // per constraint: first row, first block

  int m() const { return J.rows; }
  int size() const { return static_cast<int>(constraints.size()); }

  // Validates and registers a constraint: its particles exist, its gradient
  // does not vanish, and it does not leave a constraint whose particles are
  // all nailed (redundant rows that move nothing). Throws UsageError naming it.
  template <class T, class... Args>
  T& add(const ParticleSystem& ps, Args&&... args) {
    auto c = std::make_unique<T>(std::forward<Args>(args)...);
    T& ref = *c;
    addConstraint(std::move(c), ps);
    return ref;
  }
  void addConstraint(std::unique_ptr<Constraint> c, const ParticleSystem& ps);
  void removeConstraint(int k, int nParticles);
  // Removes every constraint touching particle p and renumbers the rest for
  // the particle list without p (the caller erases the particle itself).
  void removeParticle(int p, int nParticlesAfter);

  // Row offsets and blocks from scratch (§4.3: on every structural change).
  void rebuild(int nParticles);
  // Every constraint writes its slices of C, Cdot and its own blocks (§4.3).
  void evaluate(const ParticleSystem& ps);

  double maxAbsC() const { return C.size() ? C.cwiseAbs().maxCoeff() : 0.0; }

 private:
  void checkPins(const ParticleSystem& ps, const std::string& added) const;
};

}  // namespace pbm
