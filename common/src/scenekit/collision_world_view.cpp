#include "pbm/scenekit/collision_world_view.h"

#include <algorithm>
#include <vector>

namespace pbm {

using Eigen::Vector3d;

void drawCollisionWorld(Canvas3D& canvas, const CollisionWorld& world, const WorldLook& look) {
  bool grid = false;
  for (size_t i = 0; i < world.bodies.size() && i < world.shapes.size(); ++i) {
    const RigidBody& b = world.bodies[i];
    const Shape& s = world.shapes[i];
    switch (s.kind) {
      case Shape::Sphere:
        canvas.sphere(b.x, s.radius, look.colour(i));
        // A mark on the ball so that its spin shows.
        canvas.line(b.x, b.x + 1.02 * s.radius * b.R.col(0), look.markColour, 2.f);
        break;
      case Shape::Box:
        if (!look.drawBox || !look.drawBox(canvas, i, b))
          canvas.box(b.x, b.R, b.halfExtents, look.colour(i));
        break;
      case Shape::HalfSpace:
        // The floor as the ground grid; walls are not drawn.
        if (s.n.y() > 0.99 && !grid) {
          canvas.groundGrid(look.floorExtent, look.gridStep, s.offset);
          grid = true;
        }
        break;
      case Shape::Peg: {
        // A knife edge along z through x: a prism under it, as deep as body 0.
        const double w = std::max(0.3, 1.2 * world.bodies[0].halfExtents.z());
        const Vector3d a = b.x;
        std::vector<Vector3d> v{a + Vector3d(0, 0, -w),         a + Vector3d(0, 0, w),
                                a + Vector3d(-0.08, -0.25, -w), a + Vector3d(-0.08, -0.25, w),
                                a + Vector3d(0.08, -0.25, -w),  a + Vector3d(0.08, -0.25, w)};
        canvas.polyhedron(v, {{0, 1, 3, 2}, {0, 2, 4}, {1, 5, 3}, {0, 4, 5, 1}, {2, 3, 5, 4}},
                          look.pegColour);
        break;
      }
    }
  }
}

}  // namespace pbm
