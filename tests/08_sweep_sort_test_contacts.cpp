// Chapter 08 tests, part 4: the cached separating-plane witness under
// coherence (claim 12; RBII §7.1, figures 16-17) and the contacts on the
// plane (claim 13; RBII §7.1, §8), against closed-form contact sets.
#include <numbers>

#include "08_sweep_sort_test.h"

namespace {

using namespace ch08_test;
using pbm::Contact;
using pbm::Witness;

// --- claim 12: the cached witness stays valid while B approaches A

// One approach: B from (3, 0.2, 0.1) towards A along -x at 0.01 per frame,
// both turning at 0.03 rad per frame, until they interpenetrate. Adds the
// frames with a cached witness, and the hits among them, to the totals.
void approach(unsigned seed, int& frames, int& hits) {
  std::mt19937 rng(seed);
  Box A{Vector3d::Zero(), randomRotation(rng), Vector3d(0.5, 0.4, 0.3)};
  Box B{Vector3d(3.0, 0.2, 0.1), randomRotation(rng), Vector3d(0.4, 0.4, 0.6)};
  std::normal_distribution<double> g(0.0, 1.0);
  const Vector3d wA = 0.03 * Vector3d(g(rng), g(rng), g(rng)).normalized();
  const Vector3d wB = 0.03 * Vector3d(g(rng), g(rng), g(rng)).normalized();
  const Matrix3d dA = Eigen::AngleAxisd(wA.norm(), wA.normalized()).toRotationMatrix();
  const Matrix3d dB = Eigen::AngleAxisd(wB.norm(), wB.normalized()).toRotationMatrix();
  std::optional<Witness> cache;
  for (int frame = 0; frame < 1000; ++frame) {
    const ConvexPolyhedron PA = A.poly(), PB = B.poly();
    const bool penetrate = boxesPenetrate(A, B);
    // The oracle's view of the cache: does the cached feature's plane,
    // rebuilt now, still separate (checked vertex by vertex)?
    bool hit = false;
    if (cache) {
      const auto p = oraclePlane(*cache, PA, PB, A.x);
      hit = p && sideGap(*p, PA, PB) >= -kTol;
    }
    const std::optional<Witness> old = cache;
    const bool disjoint = within::disjointWithCache(PA, PB, cache, kTol);
    ASSERT_EQ(disjoint, !penetrate) << "RBII §7.1: disjointWithCache says disjoint exactly when "
                                       "the boxes do not interpenetrate (frame "
                                    << frame << ")";
    if (penetrate) {
      EXPECT_FALSE(cache.has_value()) << "RBII §7.1: no plane, so the cache is reset";
      return;
    }
    ASSERT_TRUE(cache.has_value()) << "RBII §7.1: a disjoint pair leaves its witness cached";
    const auto p = oraclePlane(*cache, PA, PB, A.x);
    ASSERT_TRUE(p && sideGap(*p, PA, PB) >= -kTol)
        << "RBII §7.1 (figure 16): the cached witness's plane separates (frame " << frame << ")";
    if (old) {
      ++frames;
      hits += hit;
      if (hit) {
        EXPECT_TRUE(cache->kind == old->kind && cache->i == old->i && cache->j == old->j)
            << "RBII §7.1 (figure 16): on a hit the cached witness is kept (frame " << frame << ")";
      }
    }
    B.x.x() -= 0.01;  // approach along -x, both turning
    A.R = dA * A.R;
    B.R = dB * B.R;
  }
  FAIL() << "the boxes never met (seed " << seed << ")";
}

TEST(Ch08WitnessCache, HitsInAlmostEveryFrameOfASlowApproach) {
  int frames = 0, hits = 0;
  for (unsigned seed = 21; seed < 26; ++seed) {
    approach(seed, frames, hits);
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(frames, 500) << "the approaches must last for the rate to mean anything";
  EXPECT_GE(hits, 0.95 * frames) << "RBII §7.1 (figures 16-17): under coherence the cached "
                                    "feature stays valid in >= 95% of frames; misses "
                                 << frames - hits << " of " << frames << " (5 approaches)";
}

// --- claim 13: contacts on the plane, closed forms (RBII §7.1, §8)

struct Expected {
  Vector3d p;
  bool vf;
};

// Compares the contacts with the expected set (order free), and checks n,
// ea, eb: the normal points from b (the face, or B's edge) to a, here +y.
void expectContacts(const std::vector<Contact>& got, const std::vector<Expected>& want,
                    const char* what) {
  ASSERT_EQ(got.size(), want.size()) << what << ": expected " << want.size() << " contacts, got "
                                     << got.size() << " (RBII §8: vf and non-parallel ee only)";
  std::vector<bool> used(got.size(), false);
  for (const auto& w : want) {
    int match = -1;
    for (int k = 0; k < int(got.size()); ++k)
      if (!used[k] && (got[k].p - w.p).norm() < 1e-9) match = k;
    ASSERT_GE(match, 0) << what << ": expected a contact at (" << w.p.transpose()
                        << ") (RBII §7.1: the features in the plane)";
    used[match] = true;
    const Contact& c = got[match];
    EXPECT_EQ(c.vf, w.vf) << what << ": the contact at (" << w.p.transpose() << ") is "
                          << (w.vf ? "vertex/face" : "edge/edge") << " (RBII §8)";
    EXPECT_VEC_NEAR(c.n, Vector3d(0, 1, 0), 1e-12)
        << what << ": RBII §8: n points from b to a (up, from the lower body)";
    if (!w.vf) {
      EXPECT_NEAR(c.ea.norm(), 1.0, 1e-12) << "ea is a unit edge direction";
      EXPECT_NEAR(c.eb.norm(), 1.0, 1e-12) << "eb is a unit edge direction";
      EXPECT_NEAR(std::abs(c.ea.cross(c.eb).normalized().dot(c.n)), 1.0, 1e-12)
          << "RBII §8: n = ea x eb normalised, turned from b to a";
    }
  }
}

// The unit cube A on top (centre (0, 0.5, 0) plus offsets), the lower body B
// with its top face at y = 0: the plane y = 0 with A on n.x <= d means n = -y.
const pbm::SeparatingPlane kFloor{Vector3d(0, -1, 0), 0.0};

TEST(Ch08Contacts, CubeOnASlabHasFourVertexFaceContacts) {
  const Box cube{Vector3d(0, 0.5, 0), Matrix3d::Identity(), Vector3d::Constant(0.5)};
  const Box slab{Vector3d(0, -0.25, 0), Matrix3d::Identity(), Vector3d(3, 0.25, 3)};
  pbm::RigidBody a, b;
  const auto got = within::contactsOnPlane(cube.poly(), slab.poly(), kFloor, kTol, &a, &b);
  std::vector<Expected> want;
  for (double x : {-0.5, 0.5})
    for (double z : {-0.5, 0.5}) want.push_back({Vector3d(x, 0, z), true});
  expectContacts(got, want, "cube on a slab");
  for (const auto& c : got)
    EXPECT_TRUE(c.a == &a && c.b == &b) << "RBII §8: a holds the vertex (the cube), b the face";
}

TEST(Ch08Contacts, OverhangingCubeHasTwoVertexFaceAndTwoEdgeEdge) {
  // The slab occupies x <= -0.2 (relative to the cube's centre).
  const Box cube{Vector3d(0, 0.5, 0), Matrix3d::Identity(), Vector3d::Constant(0.5)};
  const Box slab{Vector3d(-3.2, -0.25, 0), Matrix3d::Identity(), Vector3d(3, 0.25, 3)};
  pbm::RigidBody a, b;
  const auto got = within::contactsOnPlane(cube.poly(), slab.poly(), kFloor, kTol, &a, &b);
  expectContacts(got,
                 {{Vector3d(-0.5, 0, -0.5), true},
                  {Vector3d(-0.5, 0, 0.5), true},
                  {Vector3d(-0.2, 0, -0.5), false},
                  {Vector3d(-0.2, 0, 0.5), false}},
                 "cube overhanging the slab's edge (RBII §8: 2 vf + 2 ee)");
  for (const auto& c : got)
    EXPECT_TRUE(c.a == &a && c.b == &b) << "RBII §8: a = the cube (vertex, or edge ea)";
}

TEST(Ch08Contacts, CubeOnACubeTurned45DegreesHasEightEdgeEdge) {
  const Box top{Vector3d(0, 0.5, 0), rotY(std::numbers::pi / 4), Vector3d::Constant(0.5)};
  const Box bottom{Vector3d(0, -0.5, 0), Matrix3d::Identity(), Vector3d::Constant(0.5)};
  const double q = std::sqrt(0.5) - 0.5;
  std::vector<Expected> want;
  for (double s : {-1.0, 1.0})
    for (double t : {-1.0, 1.0}) {
      want.push_back({Vector3d(0.5 * s, 0, q * t), false});
      want.push_back({Vector3d(q * s, 0, 0.5 * t), false});
    }
  expectContacts(within::contactsOnPlane(top.poly(), bottom.poly(), kFloor, kTol), want,
                 "cube on a cube turned 45 deg (8 ee, no vertex inside)");
}

TEST(Ch08Contacts, VertexOnAFaceBoundaryCountsOnce) {
  // Equal cubes face to face: every corner of one is a corner of the other.
  const Box top{Vector3d(0, 0.5, 0), Matrix3d::Identity(), Vector3d::Constant(0.5)};
  const Box bottom{Vector3d(0, -0.5, 0), Matrix3d::Identity(), Vector3d::Constant(0.5)};
  expectContacts(within::contactsOnPlane(top.poly(), bottom.poly(), kFloor, kTol),
                 {{Vector3d(-0.5, 0, -0.5), true},
                  {Vector3d(-0.5, 0, 0.5), true},
                  {Vector3d(0.5, 0, -0.5), true},
                  {Vector3d(0.5, 0, 0.5), true}},
                 "equal cubes face to face (a corner on a face boundary counts once: 4, not 8; "
                 "edges meeting at corners are not ee)");
  // A cube whose left edge lies on the slab's edge: 2 vf on the boundary, no ee.
  const Box cube{Vector3d(0, 0.5, 0), Matrix3d::Identity(), Vector3d::Constant(0.5)};
  const Box slab{Vector3d(-3.5, -0.25, 0), Matrix3d::Identity(), Vector3d(3, 0.25, 3)};
  expectContacts(within::contactsOnPlane(cube.poly(), slab.poly(), kFloor, kTol),
                 {{Vector3d(-0.5, 0, -0.5), true}, {Vector3d(-0.5, 0, 0.5), true}},
                 "cube edge on the slab's edge (vertices on the face boundary, within tol)");
  // The slab's corner under the cube's bottom face: B's vertex on A's face,
  // so a = B, b = A and n = A's outward normal (-y).
  const Box corner{Vector3d(-2.8, -0.25, -2.8), Matrix3d::Identity(), Vector3d(3, 0.25, 3)};
  pbm::RigidBody a, b;
  const auto got = within::contactsOnPlane(cube.poly(), corner.poly(), kFloor, kTol, &a, &b);
  int slabVertex = 0;
  for (const auto& c : got)
    if (c.vf && (c.p - Vector3d(0.2, 0, 0.2)).norm() < 1e-9) {
      ++slabVertex;
      EXPECT_TRUE(c.a == &b && c.b == &a) << "RBII §8: B's vertex on A's face: a = B, b = A";
      EXPECT_VEC_NEAR(c.n, Vector3d(0, -1, 0), 1e-12) << "RBII §8: n = A's outward face normal";
    }
  EXPECT_EQ(slabVertex, 1) << "RBII §7.1: the slab's corner (0.2, 0, 0.2) lies under the cube's "
                              "bottom face: one vf contact of B's vertex";
  EXPECT_EQ(got.size(), 4u) << "corner overlap: 1 vf of A's vertex, 1 of B's, 2 ee";
}

// A vertex on a face's edge only up to rounding: the boxes turned about y by
// angles that are not multiples of pi/2 and moved by non-dyadic offsets
// (0.1 + 0.2 is not 0.3), so the edge test n . ((q - p) x (x - p)) comes out
// as +-1e-17 instead of exactly 0. RBII §8 counts the vertex on the boundary
// as a vf contact: the point-in-face test must allow -tol |q - p|, or about
// half of these vertices are lost by the sign of a rounding error.
TEST(Ch08Contacts, VertexOnARotatedFaceEdgeUpToRoundingIsAContact) {
  const Vector3d offsets[] = {Vector3d(0.1 + 0.2, 0, 0.7), Vector3d(1.0 / 3.0, 0, -0.1 * 3),
                              Vector3d(-2.0 / 7.0, 0, 0.1 + 0.7), Vector3d(0.3, 0, 1.1)};
  int cases = 0;
  for (const Vector3d& o : offsets) {
    for (int j = 0; j < 17; ++j) {
      const double theta = 0.1 + 0.37 * j;  // all four quadrants, no multiple of pi/2
      const Matrix3d R = rotY(theta);
      // In the frame (o, R): the unit cube on top with its -x face at x = -0.5,
      // the slab below filling x <= -0.5; they share the line x = -0.5, y = 0.
      const Box cube{Vector3d(o + R * Vector3d(0, 0.5, 0)), R, Vector3d::Constant(0.5)};
      const Box slab{Vector3d(o + R * Vector3d(-3.5, -0.25, 0)), R, Vector3d(3, 0.25, 3)};
      pbm::RigidBody a, b;
      const auto got = within::contactsOnPlane(cube.poly(), slab.poly(), kFloor, kTol, &a, &b);
      // The closed form: the cube's two corners on the shared line, vf (RBII §8).
      const std::vector<Expected> want = {{Vector3d(o + R * Vector3d(-0.5, 0, -0.5)), true},
                                          {Vector3d(o + R * Vector3d(-0.5, 0, 0.5)), true}};
      const std::string what = "cube turned " + std::to_string(theta) + " rad about y at offset (" +
                               std::to_string(o.x()) + ", " + std::to_string(o.z()) +
                               "), its corners on the slab's edge up to rounding (RBII §8: the "
                               "point-in-face test keeps the boundary within -tol |q - p|)";
      expectContacts(got, want, what.c_str());
      ++cases;
      if (HasFatalFailure()) return;
    }
  }
  EXPECT_EQ(cases, 4 * 17);
}

}  // namespace
