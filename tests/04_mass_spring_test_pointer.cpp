// Chapter 04 tests, part: the viewer's pointer path of the particle scenes
// (PSD §5, "User Interaction": grab and drag mass points with a mouse spring,
// nail them, connect them with springs). Driven through pbm::Scene's pointer
// callbacks as the shell calls them; a press picks the particle nearest the
// cursor within the pick radius (pbm::nearestParticle). Checked against the
// mouse spring's force law written out here and the geometry of the presses.
#include <gtest/gtest.h>

#include <Eigen/Core>
#include <memory>

#include "expect_vec_near.h"
#include "particle_scene.h"
#include "pbm/app/scene.h"
#include "pbm/particles/forces.h"
#include "scene_driver.h"
#include "scenes.h"

namespace {

using Eigen::Vector2d;

using pbm_test::kViewerLimit;
constexpr auto at = pbm_test::pointerAt;
constexpr auto systemOf = pbm_test::systemOf<ch04::ParticleScene>;

// spring_pair (1 kg and 3 kg at rest, no gravity) under explicit Euler.
std::unique_ptr<pbm::Scene> eulerPair(double h) {
  return pbm_test::sceneWith(ch04::makeSpringPairScene, "euler", h);
}

// A press near particle 1 grabs it; one Euler step from rest then adds
// h f / m to its velocity alone, f = ks (cursor - x) (PSD §5-6 with v = 0 and
// the cursor at rest), beside a twin run nobody touches. Released, the
// mouse spring lets go: the next step adds nothing more.
TEST(Ch04Pointer, APressGrabsTheNearestParticleWithTheMouseSpring) {
  const double h = 0.01, ks = 50.0, m = 3.0;  // the defaults mouse_ks and m2 (particle 1)
  auto grabbed = eulerPair(h), twin = eulerPair(h);
  const Vector2d x1 = systemOf(*grabbed).particles[1].x;
  const Vector2d cursor = x1 + Vector2d(0.5, 0.4);
  // The press: 0.032 m from particle 1 (pick radius 0.04 x the view's half
  // height 1.2), 1.17 m from particle 0.
  ASSERT_TRUE(pbm_test::pressDragAndStep(*grabbed, *twin, x1 + Vector2d(-0.03, 0.01), cursor))
      << "PSD §5: a press on a particle grabs it";
  const auto& a = systemOf(*grabbed).particles;
  const auto& b = systemOf(*twin).particles;
  const Vector2d kick = h * ks * (cursor - x1) / m;
  EXPECT_VEC_NEAR(Vector2d(a[1].v - b[1].v), kick, 1e-12)
      << "PSD §5: the grabbed particle 1 feels the mouse spring ks (cursor - x)";
  EXPECT_VEC_NEAR(Vector2d(a[0].v - b[0].v), Vector2d(0, 0), 0.0)
      << "PSD §5: particle 0 was not grabbed";
  grabbed->onPointerUp(at(cursor));
  grabbed->advance(kViewerLimit, pbm::Host::Viewer);
  twin->advance(kViewerLimit, pbm::Host::Viewer);
  // Step 2 reads x after step 1 (x0 + h v0 = x0 in both runs) and the
  // spring has no damping: only a mouse spring still attached would differ.
  EXPECT_VEC_NEAR(Vector2d(a[1].v - b[1].v), kick, 1e-12)
      << "PSD §5: released, the mouse spring no longer pulls";
}

// A press farther than the pick radius from every particle grabs nothing,
// and a right click on a particle nails it where it is (PSD §5: controlled
// particles keep their prescribed position and zero velocity).
TEST(Ch04Pointer, AMissGrabsNothingAndARightClickNails) {
  const double h = 0.01;
  auto s = eulerPair(h), twin = eulerPair(h);
  const Vector2d x1 = systemOf(*s).particles[1].x;
  EXPECT_FALSE(
      pbm_test::pressDragAndStep(*s, *twin, x1 + Vector2d(0.06, 0.0), x1 + Vector2d(0.5, 0.4)))
      << "PSD §5: 0.06 m is beyond the pick radius 0.048 m: nothing to grab";
  EXPECT_VEC_NEAR(systemOf(*s).particles[1].v, systemOf(*twin).particles[1].v, 0.0)
      << "PSD §5: a missed press must not attach the mouse spring";
  s->onPointerUp(at(x1));

  auto n = eulerPair(h);
  ASSERT_TRUE(n->onPointerDown(at(x1 + Vector2d(0.02, -0.02)), 1)) << "right click on particle 1";
  for (int k = 0; k < 20; ++k) n->advance(kViewerLimit, pbm::Host::Viewer);
  const auto& p = systemOf(*n).particles;
  EXPECT_VEC_NEAR(p[1].x, x1, 1e-15) << "PSD §5: the nailed particle 1 stays where it was";
  EXPECT_VEC_NEAR(p[1].v, Vector2d(0, 0), 1e-15) << "PSD §5: ... with zero velocity";
  EXPECT_GT((p[0].x - systemOf(*twin).particles[0].x).norm(), 0.0)
      << "the other particle still moves (the stretched spring pulls it)";
}

// Sandbox, attach tool: a press on empty space makes a particle there; a drag
// from one particle to another attaches a spring at their current distance.
// Two particles 0.1 m apart, both within the pick radius (0.04 x 2.0 = 0.08 m)
// of the press and of the release: each time the nearer one is picked.
TEST(Ch04Pointer, TheSandboxAttachesASpringBetweenTheNearestParticles) {
  auto s = ch04::makeSandboxScene();
  s->reset();
  auto& ps = systemOf(*s);
  const int n0 = ps.n();
  const Vector2d P(-2.0, 1.0), Q(-1.9, 1.0);
  for (const Vector2d& x : {P, Q}) {
    ASSERT_TRUE(s->onPointerDown(at(x), 0));
    s->onPointerUp(at(x));
  }
  ASSERT_EQ(ps.n(), n0 + 2) << "PSD §5: a click on empty space creates a particle";
  EXPECT_VEC_NEAR(ps.particles[n0].x, P, 0.0);
  EXPECT_VEC_NEAR(ps.particles[n0 + 1].x, Q, 0.0);
  const size_t forces = ps.forces.size();
  ASSERT_TRUE(s->onPointerDown(at(Vector2d(-1.94, 1.0)), 0));  // 0.04 from Q, 0.06 from P
  s->onPointerUp(at(Vector2d(-2.03, 1.0)));                    // 0.03 from P, 0.13 from Q
  ASSERT_EQ(ps.forces.size(), forces + 1) << "PSD §5: the drag attaches one spring";
  const pbm::DampedSpring* spring = nullptr;
  for (const auto& f : ps.forces)
    if (auto* d = dynamic_cast<const pbm::DampedSpring*>(f.get())) spring = d;  // the last one
  ASSERT_NE(spring, nullptr);
  EXPECT_EQ(spring->a, n0 + 1) << "the press picks the nearer particle, Q";
  EXPECT_EQ(spring->b, n0) << "the release picks the nearer particle, P";
  EXPECT_NEAR(spring->rest, 0.1, 1e-12) << "PSD §5: rest length = the current distance |P - Q|";
  s->advance(kViewerLimit, pbm::Host::Viewer);  // and the system still steps (student functions)
  EXPECT_TRUE(s->stateFinite());
}

}  // namespace
