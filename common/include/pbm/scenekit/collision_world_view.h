// Scene kit: drawing code that the scenes of more than one chapter share and
// that knows a topic's types (so it cannot live in viewer/, which knows no
// topic, nor in a chapter folder, which is private). Linked by every chapter's
// scenes as pbm_scenekit; uses the topics' headers only, never their
// functions, so it links alike with a hand-in's or the reference's.
//
// A CollisionWorld (chapters 09 and 10, RBII §6-§9) as its shapes: the first
// upward half-space as the ground grid, spheres with a mark on the surface
// (so their spin shows), boxes solid or as the scene draws them, pegs (knife
// edges along z) as prisms under the edge.
#pragma once

#include <cstddef>
#include <functional>

#include "pbm/impulse/collision_world.h"
#include "pbm/viewer/canvas3d.h"
#include "pbm/viewer/colors.h"

namespace pbm {

// How drawCollisionWorld shows a world: the scene's choices.
struct WorldLook {
  double floorExtent = 3.0;  // the ground grid reaches this far from the origin, m
  double gridStep = 0.5;     // its spacing, m
  // The colour of body i's sphere or solid box.
  std::function<Color(size_t)> colour = [](size_t) { return pbm::rgba(150, 162, 185, 255); };
  // Box i drawn another way (as glass): returns true when it drew it, false
  // for a solid box in colour(i). Unset: every box solid.
  std::function<bool(Canvas3D&, size_t, const RigidBody&)> drawBox;
  Color pegColour = pbm::rgba(110, 100, 90, 255);
  Color markColour = pbm::rgba(235, 87, 87, 255);  // the line on each sphere
};

void drawCollisionWorld(Canvas3D& canvas, const CollisionWorld& world, const WorldLook& look);

}  // namespace pbm
