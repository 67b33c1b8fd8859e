#include "pbm/constraints/constraint_set.h"

#include <algorithm>
#include <span>

#include "pbm/core/errors.h"

namespace pbm {

void ConstraintSet::addConstraint(std::unique_ptr<Constraint> c, const ParticleSystem& ps) {
  for (int p : c->particles())
    if (p < 0 || p >= ps.n())
      throw UsageError(c->name() + ": no particle " + std::to_string(p) + " (there are " +
                       std::to_string(ps.n()) + ")");
  c->validate(ps);
  const std::string added = c->name();
  constraints.push_back(std::move(c));
  try {
    checkPins(ps, added);
  } catch (...) {
    constraints.pop_back();
    throw;
  }
  rebuild(ps.n());
}

void ConstraintSet::removeConstraint(int k, int nParticles) {
  constraints.erase(constraints.begin() + k);
  rebuild(nParticles);
}

void ConstraintSet::removeParticle(int p, int nParticlesAfter) {
  std::erase_if(constraints, [p](const std::unique_ptr<Constraint>& c) {
    const std::vector<int>& ps = c->particles();
    return std::find(ps.begin(), ps.end(), p) != ps.end();
  });
  for (auto& c : constraints) c->renumberAfterRemoving(p);
  rebuild(nParticlesAfter);
}

void ConstraintSet::rebuild(int nParticles) {
  int m = 0;
  row.clear();
  firstBlock.clear();
  for (const auto& c : constraints) row.push_back(m), m += c->dim();
  J.reset(m, 2 * nParticles);
  Jdot.reset(m, 2 * nParticles);
  for (size_t k = 0; k < constraints.size(); ++k) {
    firstBlock.push_back(static_cast<int>(J.blocks.size()));
    for (int p : constraints[k]->particles()) {
      J.createBlock(row[k], 2 * p, constraints[k]->dim(), 2);
      Jdot.createBlock(row[k], 2 * p, constraints[k]->dim(), 2);
    }
  }
  C = Cdot = lambda = Eigen::VectorXd::Zero(m);
  Qhat = Eigen::VectorXd::Zero(2 * nParticles);
}

void ConstraintSet::evaluate(const ParticleSystem& ps) {
  if (J.cols != 2 * ps.n() || static_cast<int>(row.size()) != size()) rebuild(ps.n());
  for (int k = 0; k < size(); ++k) {
    const Constraint& c = *constraints[k];
    const size_t nb = c.particles().size();
    c.evaluate(ps, C.segment(row[k], c.dim()), Cdot.segment(row[k], c.dim()),
               std::span<MatrixBlock>(J.blocks).subspan(firstBlock[k], nb),
               std::span<MatrixBlock>(Jdot.blocks).subspan(firstBlock[k], nb));
  }
}

void ConstraintSet::checkPins(const ParticleSystem& ps, const std::string& added) const {
  std::vector<int> pins(ps.n(), 0);
  for (int i = 0; i < ps.n(); ++i) pins[i] = ps.particles[i].control.controlled() ? 1 : 0;
  for (const auto& c : constraints)
    if (c->pinsParticle()) ++pins[c->particles()[0]];
  for (const auto& c : constraints) {
    std::string why;
    if (c->pinsParticle() && pins[c->particles()[0]] > 1)
      why = "particle " + std::to_string(c->particles()[0]) + " is already fixed";
    else if (!c->pinsParticle() && std::all_of(c->particles().begin(), c->particles().end(),
                                               [&](int p) { return pins[p] > 0; }))
      why = "every particle of " + c->name() +
            " would be nailed, so its rows move nothing (redundant)";
    if (!why.empty()) throw UsageError(added + ": rejected: " + why);
  }
}

}  // namespace pbm
