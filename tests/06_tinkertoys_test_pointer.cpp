// Chapter 06 tests, part: the viewer's pointer path of the tinkertoy scenes.
// The simulate tool grabs the particle nearest the press (within the pick
// radius, pbm::nearestParticle) with the mouse spring, an applied force (CD
// §4.1); the constraint force then takes out what would violate the
// constraints. Driven through pbm::Scene's pointer callbacks as the shell
// calls them, checked against the projection written out here.
#include <gtest/gtest.h>

#include <Eigen/Core>
#include <memory>

#include "expect_vec_near.h"
#include "pbm/app/scene.h"
#include "scene_driver.h"
#include "scenes.h"
#include "tinkertoy_scene.h"

namespace {

using Eigen::Matrix2d;
using Eigen::Vector2d;

constexpr auto at = pbm_test::pointerAt;
constexpr auto systemOf = pbm_test::systemOf<ch06::TinkertoyScene>;

// The pendulum (nail at the origin, a 1 kg bob on a 1 m rod, released
// horizontal, at rest). A press near the bob grabs it with the mouse spring
// F = 60 m (cursor - x) (at rest). One Euler step beside an untouched twin:
// the nail holds particle 0 (its acceleration is 0) and the rod allows the
// bob only motion across it, so the velocity difference is h (I - r r^T) F / m
// on the bob, with r the rod's unit direction (CD §3-4: the constraint force
// lies along grad C and cancels the component of F that would stretch the
// rod), and none on particle 0.
TEST(Ch06Pointer, TheMouseSpringGrabsTheNearestParticleAndTheRodProjectsItsPull) {
  const double h = 0.01, m = 1.0;
  auto grabbed = pbm_test::sceneWith(ch06::makePendulumScene, "euler", h),
       twin = pbm_test::sceneWith(ch06::makePendulumScene, "euler", h);
  const auto& p0 = systemOf(*grabbed).particles;
  ASSERT_EQ(p0.size(), 2u);
  const Vector2d x0 = p0[0].x, x1 = p0[1].x;
  const Vector2d cursor = x1 + Vector2d(0.3, 0.5);
  // The press: 0.028 m from the bob (pick radius 0.08 x the view's half
  // height 1.3), 1 m from the nail.
  ASSERT_TRUE(pbm_test::pressDragAndStep(*grabbed, *twin, x1 + Vector2d(-0.02, 0.02), cursor))
      << "a press on the bob grabs it (simulate tool)";
  const auto& a = systemOf(*grabbed).particles;
  const auto& b = systemOf(*twin).particles;
  const Vector2d F = 60.0 * m * (cursor - x1);
  const Vector2d r = (x1 - x0).normalized();
  const Vector2d kick = h * (Matrix2d::Identity() - r * r.transpose()) * F / m;
  EXPECT_VEC_NEAR(Vector2d(a[1].v - b[1].v), kick, 1e-8 * kick.norm())
      << "CD §3-4: the rod passes the mouse spring's pull across it, not along it";
  EXPECT_VEC_NEAR(Vector2d(a[0].v - b[0].v), Vector2d(0, 0), 1e-8 * kick.norm())
      << "CD §3: the nail holds particle 0; it was not grabbed";
  grabbed->onPointerUp(at(cursor));
  // A press farther than the pick radius grabs nothing.
  EXPECT_FALSE(twin->onPointerDown(at(x1 + Vector2d(0.0, 0.2)), 0))
      << "0.2 m from the bob, beyond the pick radius 0.104 m: nothing to grab";
}

}  // namespace
