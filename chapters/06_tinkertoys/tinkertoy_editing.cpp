// TinkertoyScene (tinkertoy_scene.h): picking and editing. The pointer picks
// the nearest particle or constraint; the build tools add particles, rods,
// nails and wires or delete them, a rejected edit (pbm::UsageError) shown as
// a message, the set left usable (CD §4).
#include <algorithm>
#include <cmath>
#include <limits>

#include "pbm/core/errors.h"
#include "pbm/particles/picking.h"
#include "tinkertoy_scene.h"

namespace ch06 {

using Eigen::Vector2d;

namespace {

double segmentDistance(const Vector2d& p, const Vector2d& a, const Vector2d& b) {
  const Vector2d ab = b - a;
  const double s = std::clamp((p - a).dot(ab) / std::max(1e-300, ab.squaredNorm()), 0.0, 1.0);
  return (p - (a + s * ab)).norm();
}

}  // namespace

int TinkertoyScene::pickConstraint(const Vector2d& world) const {
  int best = -1;
  double bestD = pickRadius_;
  for (int k = 0; k < cs_.size(); ++k) {
    const pbm::Constraint& c = *cs_.constraints[k];
    const auto& ids = c.particles();
    double d = std::numeric_limits<double>::infinity();
    if (ids.size() == 2) {
      d = segmentDistance(world, ps_.particles[ids[0]].x, ps_.particles[ids[1]].x);
    } else if (auto* w = dynamic_cast<const pbm::CircularWireConstraint*>(&c)) {
      d = std::abs((world - w->center).norm() - w->radius);
    } else if (auto* l = dynamic_cast<const pbm::LineWireConstraint*>(&c)) {
      d = std::abs(l->normal.dot(world - l->point));
    } else if (auto* n = dynamic_cast<const pbm::NailConstraint*>(&c)) {
      d = (world - n->point).norm() + 0.5 * pickRadius_;
    }
    if (d < bestD) best = k, bestD = d;
  }
  return best;
}

void TinkertoyScene::tryAdd(const std::function<void()>& add) {
  try {
    add();
    message_.clear();
  } catch (const pbm::UsageError& e) {
    message_ = e.what();
  }
}

void TinkertoyScene::removeParticle(int p) {
  ps_.particles.erase(ps_.particles.begin() + p);
  cs_.removeParticle(p, ps_.n());
  if (mouse_->particle == p) mouse_->particle = -1;
  if (mouse_->particle > p) --mouse_->particle;
  if (trailParticle_ == p) trailParticle_ = -1, trail_.clear();
  if (trailParticle_ > p) --trailParticle_;
  hoverParticle_ = hoverConstraint_ = -1;
}

bool TinkertoyScene::onMouseDown(const Vector2d& world, int button) {
  pointer_ = world;
  pickRadius_ = 0.08 * std::max(0.5, std::abs(initialView().halfHeight));
  const int p = pbm::nearestParticle(ps_, world, pickRadius_);
  if (button == 1 || tool_ == Tool::Delete) {  // right click deletes, in every tool
    if (p >= 0) {
      removeParticle(p);
      return true;
    }
    const int k = pickConstraint(world);
    if (k >= 0) {
      cs_.removeConstraint(k, ps_.n());
      hoverConstraint_ = -1;
      return true;
    }
    return button == 0;
  }
  switch (tool_) {
    case Tool::Simulate:
      if (p < 0) return false;
      mouse_->particle = p;
      mouse_->cursor = world;
      mouse_->ks = 60.0 * ps_.particles[p].m;
      mouse_->kd = 12.0 * ps_.particles[p].m;
      return true;
    case Tool::Particle:
      particle(newMass_, world);
      cs_.rebuild(ps_.n());
      return true;
    case Tool::Rod:
    case Tool::CircleWire:
      dragFrom_ = p;
      return p >= 0;
    case Tool::Nail:
      if (p >= 0) tryAdd([&] { nail(p); });
      return p >= 0;
    case Tool::LineWire:
      if (p >= 0)
        tryAdd(
            [&] { cs_.add<pbm::LineWireConstraint>(ps_, p, ps_.particles[p].x, Vector2d(0, 1)); });
      return p >= 0;
    case Tool::Delete:
      break;
  }
  return false;
}

void TinkertoyScene::onMouseDrag(const Vector2d& world) {
  pointer_ = world;
  if (mouse_ && mouse_->particle >= 0) mouse_->cursor = world;
}

void TinkertoyScene::onMouseUp(const Vector2d& world) {
  pointer_ = world;
  if (mouse_) mouse_->particle = -1;
  if (dragFrom_ >= 0 && dragFrom_ < ps_.n()) {
    const int a = dragFrom_;
    if (tool_ == Tool::Rod) {
      const int b = pbm::nearestParticle(ps_, world, pickRadius_);
      if (b >= 0 && b != a) tryAdd([&] { rod(a, b); });
    } else if (tool_ == Tool::CircleWire) {
      tryAdd([&] {
        cs_.add<pbm::CircularWireConstraint>(ps_, a, world, (ps_.particles[a].x - world).norm());
      });
    }
  }
  dragFrom_ = -1;
}

void TinkertoyScene::onHover(const Vector2d& world) {
  pointer_ = world;
  pickRadius_ = 0.08 * std::max(0.5, std::abs(initialView().halfHeight));
  hoverParticle_ = pbm::nearestParticle(ps_, world, pickRadius_);
  hoverConstraint_ = hoverParticle_ >= 0 ? -1 : pickConstraint(world);
}

}  // namespace ch06
