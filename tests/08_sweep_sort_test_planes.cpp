// Chapter 08 tests, part 3: separating planes, their witnesses and cache, the
// penetration witness and the contacts on the plane (RBII §7.1, §8): claims
// 8-14, footnote 6.
#include <numbers>

#include "08_sweep_sort_test.h"

namespace {

using namespace ch08_test;
using pbm::Witness;

// --- the planes of the witnesses (RBII §7.1)

TEST(Ch08SeparatingPlane, PlanesOfEveryWitnessOfTwoBoxes) {
  std::mt19937 rng(2);
  const auto [A, B] = randomBoxPair(rng);
  const ConvexPolyhedron PA = A.poly(), PB = B.poly();
  ASSERT_EQ(PA.v.size(), 8u);
  ASSERT_EQ(PA.f.size(), 6u);
  ASSERT_EQ(PA.e.size(), 12u);
  for (int i = 0; i < 6; ++i) {
    // The library's faces: outward, counter-clockwise seen from outside.
    const auto& f = PA.f[i];
    const Vector3d turn = (PA.v[f.idx[1]] - PA.v[f.idx[0]]).cross(PA.v[f.idx[2]] - PA.v[f.idx[1]]);
    ASSERT_GT(turn.dot(f.n), 0.0) << "boxPolyhedron: face " << i
                                  << " counter-clockwise from outside";
    ASSERT_GT(f.n.dot(PA.v[f.idx[0]] - A.x), 0.0) << "boxPolyhedron: face " << i << " outward";
    for (auto [kind, P] : {std::pair{Witness::FaceA, &PA}, std::pair{Witness::FaceB, &PB}}) {
      const auto got = pbm::planeFromWitness({kind, i, 0}, PA, PB);
      const auto want = oraclePlane({kind, i, 0}, PA, PB, A.x);
      ASSERT_TRUE(got.has_value()) << "RBII §7.1: every face defines a plane";
      EXPECT_VEC_NEAR(got->n, want->n, 1e-12)
          << "RBII §7.1: "
          << (kind == Witness::FaceA ? "A's face: its outward normal"
                                     : "B's face: minus its outward normal")
          << " (face " << i << ")";
      EXPECT_NEAR(got->d, want->d, 1e-12) << "the plane passes through the face " << i;
      (void)P;
    }
  }
  int parallel = 0;
  for (int i = 0; i < 12; ++i)
    for (int j = 0; j < 12; ++j) {
      const auto got = pbm::planeFromWitness({Witness::EdgeEdge, i, j}, PA, PB);
      const auto want = oraclePlane({Witness::EdgeEdge, i, j}, PA, PB, A.x);
      ASSERT_EQ(got.has_value(), want.has_value()) << "nullopt only for parallel edges";
      if (!want) {
        ++parallel;
        continue;
      }
      EXPECT_VEC_NEAR(got->n, want->n, 1e-12)
          << "RBII §7.1: normal e_A x e_B, turned away from A (edges " << i << ", " << j << ")";
      EXPECT_NEAR(got->d, want->d, 1e-12) << "the plane contains A's edge " << i;
    }
  EXPECT_EQ(parallel, 0) << "two randomly turned boxes have no parallel edges";
  const auto same = pbm::planeFromWitness({Witness::EdgeEdge, 0, 0}, PA, PA);
  EXPECT_FALSE(same.has_value()) << "RBII §7.1: parallel edges span no plane (nullopt)";
}

TEST(Ch08SeparatingPlane, SeparatesNeedsTheToleranceAndChecksEveryVertex) {
  std::mt19937 rng(4);
  int needed = 0;
  for (int k = 0; k < 50; ++k) {
    const Box A{Vector3d(0.1, 0.2, 0.3), randomRotation(rng), Vector3d(0.5, 0.4, 0.3)};
    const Box B{A.x + A.R * Vector3d(3, 0, 0), randomRotation(rng), Vector3d(0.4, 0.4, 0.4)};
    const ConvexPolyhedron PA = A.poly(), PB = B.poly();
    // A's +x face (through A's own vertices) separates: B lies 2.5+ beyond.
    const pbm::SeparatingPlane p{PA.f[0].n, PA.f[0].n.dot(PA.v[PA.f[0].idx[0]])};
    EXPECT_TRUE(pbm::separates(p, PA, PB, kTol))
        << "RBII §7.1: a plane through A's face holds A's vertices ON it: with tol = " << kTol
        << " it separates (rotated box " << k << ")";
    double worst = -1e300;
    for (const auto& v : PA.v) worst = std::max(worst, p.n.dot(v) - p.d);
    needed += worst > 0.0;
    // Move one vertex of B across: every vertex is checked.
    for (int m = 0; m < 8; ++m) {
      ConvexPolyhedron Q = PB;
      Q.v[m] = A.x;
      ASSERT_FALSE(pbm::separates(p, PA, Q, kTol)) << "RBII §7.1: vertex " << m
                                                   << " of B is on "
                                                      "A's side: not separating";
      ConvexPolyhedron R = PA;
      R.v[m] = B.x;
      ASSERT_FALSE(pbm::separates(p, R, PB, kTol)) << "RBII §7.1: vertex " << m
                                                   << " of A is on "
                                                      "B's side: not separating";
    }
    const pbm::SeparatingPlane shifted{p.n, p.d - 5e-10};
    EXPECT_TRUE(pbm::separates(shifted, PA, PB, kTol)) << "within tol of the plane counts";
    const pbm::SeparatingPlane beyond{p.n, p.d - 2e-9};
    EXPECT_FALSE(pbm::separates(beyond, PA, PB, kTol)) << "beyond tol does not";
  }
  EXPECT_GT(needed, 5) << "rounding puts some of A's own vertices above its face plane: the "
                          "tolerance is needed (RBII §7.1)";
}

// --- claims 8, 9, 11: the exhaustive search (RBII §7.1, figure 15)

TEST(Ch08SeparatingPlane, SearchAgreesWithThePenetrationOracle) {
  std::mt19937 rng(8);
  int found = 0, none = 0, byEdges = 0, maxTried = 0;
  for (int k = 0; k < 2000; ++k) {
    const auto [A, B] = randomBoxPair(rng);
    const ConvexPolyhedron PA = A.poly(), PB = B.poly();
    int tried = -1;
    const auto w = within::findSeparatingPlane(PA, PB, kTol, &tried);
    const bool penetrate = boxesPenetrate(A, B);
    ASSERT_EQ(w.has_value(), !penetrate)
        << "RBII §7.1: a separating plane exists exactly when neither a vertex is inside nor an "
           "edge crosses a face (pair "
        << k << "; expected " << (penetrate ? "none" : "a plane") << ")";
    ASSERT_GE(tried, 1) << "*tried receives the candidates tested";
    ASSERT_LE(tried, 156) << "RBII §7.1: at most 6 + 6 + 144 candidates for two boxes";
    maxTried = std::max(maxTried, tried);
    if (!w) {
      EXPECT_EQ(tried, 156) << "RBII §7.1: no plane after all 156 candidates";
      ++none;
      continue;
    }
    ++found;
    byEdges += w->kind == Witness::EdgeEdge;
    const auto plane = oraclePlane(*w, PA, PB, A.x);
    ASSERT_TRUE(plane.has_value()) << "the witness defines a plane";
    ASSERT_GE(sideGap(*plane, PA, PB), -kTol)
        << "RBII §7.1: the returned witness's plane separates, checked vertex by vertex (pair " << k
        << ")";
  }
  EXPECT_GT(found, 200) << "the sample needs disjoint pairs";
  EXPECT_GT(none, 200) << "and interpenetrating ones";
  EXPECT_GT(byEdges, 10) << "RBII §7.1: some pairs are separated only by an edge-edge plane";
  EXPECT_EQ(maxTried, 156) << "RBII §7.1: the whole search is 6 + 6 + 144 = 156 candidates";
}

TEST(Ch08SeparatingPlane, EdgeOnEdgeNeedsTheEdgePairPlane) {
  // A turned 45 deg about x (an edge along x on top), B turned 45 deg about z
  // (an edge along z below), B above A: no face plane separates them.
  const double r = std::sqrt(0.5);
  const Box A{Vector3d::Zero(),
              Eigen::AngleAxisd(std::numbers::pi / 4, Vector3d::UnitX()).toRotationMatrix(),
              Vector3d::Constant(0.5)};
  const Box B{Vector3d(0, 2 * r + 0.01, 0),
              Eigen::AngleAxisd(std::numbers::pi / 4, Vector3d::UnitZ()).toRotationMatrix(),
              Vector3d::Constant(0.5)};
  const auto w = within::findSeparatingPlane(A.poly(), B.poly(), kTol);
  ASSERT_TRUE(w.has_value()) << "RBII §7.1: the edges are 0.01 apart: disjoint";
  EXPECT_EQ(w->kind, Witness::EdgeEdge) << "RBII §7.1 (ii): only the plane through A's edge "
                                           "parallel to B's edge separates";
  const auto p = pbm::planeFromWitness(*w, A.poly(), B.poly());
  ASSERT_TRUE(p.has_value());
  EXPECT_VEC_NEAR(p->n, Vector3d(0, 1, 0), 1e-12) << "RBII §7.1: n = e_A x e_B, from A to B";
  EXPECT_NEAR(p->d, r, 1e-12) << "through A's top edge";
}

// --- claim 10 (footnote 6) and claim 14: the penetration witness (RBII §7.1)

TEST(Ch08Penetration, FootnoteSixHasNoPlaneAndNoWitness) {
  const Box A{Vector3d::Zero(), Matrix3d::Identity(), Vector3d::Constant(0.5)};
  const Box B{Vector3d(0, 1 - 1e-3, 0), Matrix3d::Identity(), Vector3d::Constant(0.5)};
  const ConvexPolyhedron PA = A.poly(), PB = B.poly();
  int tried = 0;
  EXPECT_FALSE(within::findSeparatingPlane(PA, PB, kTol, &tried).has_value())
      << "RBII §7.1 footnote 6: equal cubes sunk 1e-3 into each other have no separating plane";
  EXPECT_EQ(tried, 156) << "all 156 candidates tried";
  double best = -1e300;  // the best candidate's gap, by the oracle
  for (int i = 0; i < 6; ++i)
    for (auto kind : {Witness::FaceA, Witness::FaceB})
      best = std::max(best, sideGap(*oraclePlane({kind, i, 0}, PA, PB, A.x), PA, PB));
  EXPECT_NEAR(best, -1e-3, 1e-12) << "footnote 6: the best candidate misses by the overlap";
  EXPECT_FALSE(boxesPenetrate(A, B)) << "the oracle: no vertex inside, no edge through a face";
  EXPECT_FALSE(within::findPenetration(PA, PB).has_value())
      << "RBII §7.1 footnote 6: no vertex strictly inside, no edge crossing a face interior: the "
         "witness heuristic finds nothing (expected nullopt)";
  const Box touching{Vector3d(0, 1, 0), Matrix3d::Identity(), Vector3d::Constant(0.5)};
  const auto w = within::findSeparatingPlane(PA, touching.poly(), kTol);
  ASSERT_TRUE(w.has_value()) << "RBII §7.1: touching cubes are separated by the common face plane";
  EXPECT_EQ(w->kind, Witness::FaceA) << "A's +y face, the first candidate that separates";
  EXPECT_EQ(w->i, 2) << "A's +y face (faces +x, -x, +y, ...)";
  EXPECT_FALSE(within::findPenetration(PA, touching.poly()).has_value()) << "touching: no witness";
}

TEST(Ch08Penetration, WitnessIsValidAndStaysValidWhileBackingUp) {
  std::mt19937 rng(12);
  int found = 0, vertices = 0, edges = 0, confirmed = 0, states = 0;
  for (int k = 0; k < 600; ++k) {
    const auto [A, B] = randomBoxPair(rng);
    const bool penetrate = boxesPenetrate(A, B);
    const auto w = within::findPenetration(A.poly(), B.poly());
    ASSERT_EQ(w.has_value(), penetrate)
        << "RBII §7.1: a penetration witness exists exactly when the oracle finds one (pair " << k
        << "; boxes in general position)";
    if (!w) continue;
    ++found;
    auto valid = [&](const Box& a, const Box& b) {  // the oracle's 1 test of the cached witness
      const ConvexPolyhedron PA = a.poly(), PB = b.poly();
      switch (w->kind) {
        case pbm::PenetrationWitness::VertexOfAInB:
          return strictlyInsideBox(PA.v[w->i], b, 1e-12);
        case pbm::PenetrationWitness::VertexOfBInA:
          return strictlyInsideBox(PB.v[w->i], a, 1e-12);
        case pbm::PenetrationWitness::EdgeOfAFaceOfB: {
          const auto& f = PB.f[w->j];
          const Vector3d p0 = PA.v[PA.e[w->i].first], p1 = PA.v[PA.e[w->i].second];
          const double s0 = f.n.dot(p0 - PB.v[f.idx[0]]), s1 = f.n.dot(p1 - PB.v[f.idx[0]]);
          return s0 * s1 < 0.0 && edgeCrossesBoxFace(p0, p1, b, 1e-12);
        }
        case pbm::PenetrationWitness::EdgeOfBFaceOfA: {
          const auto& f = PA.f[w->j];
          const Vector3d p0 = PB.v[PB.e[w->i].first], p1 = PB.v[PB.e[w->i].second];
          const double s0 = f.n.dot(p0 - PA.v[f.idx[0]]), s1 = f.n.dot(p1 - PA.v[f.idx[0]]);
          return s0 * s1 < 0.0 && edgeCrossesBoxFace(p0, p1, a, 1e-12);
        }
      }
      return false;
    };
    ASSERT_TRUE(valid(A, B)) << "RBII §7.1: the witness returned really is a vertex inside or an "
                                "edge through a face (pair "
                             << k << ", kind " << int(w->kind) << ")";
    const bool isVertex = w->kind == pbm::PenetrationWitness::VertexOfAInB ||
                          w->kind == pbm::PenetrationWitness::VertexOfBInA;
    vertices += isVertex, edges += !isVertex;
    // Backing up (claim 14): B moved a little back towards where it came
    // from; while still penetrating, the cached witness confirms it in 1 test.
    for (int s = 1; s <= 5; ++s) {
      Box b = B;
      b.x += 0.002 * s * B.x.normalized();
      if (!boxesPenetrate(A, b)) break;
      ++states;
      confirmed += valid(A, b);
    }
  }
  EXPECT_GT(found, 150) << "the sample needs interpenetrating pairs";
  EXPECT_GT(vertices, 0) << "some witnesses are vertices";
  EXPECT_GT(edges, 0) << "and some edge/face crossings";
  EXPECT_GE(confirmed, 0.95 * states) << "RBII §7.1: while backing up, the cached witness confirms "
                                         "the penetration with one test in almost every state";
}

// The header's order (RBII §7.1): a vertex strictly inside is the witness
// before any edge. A box turned so that one corner points straight down,
// that corner alone sunk 0.05 into a slab (its three neighbours stand 0.58
// above it; the slab's corners are far away): for each of the 8 corners the
// witness must be that vertex, whichever of the two the box is.
TEST(Ch08Penetration, ASunkCornerIsTheWitnessBeforeAnyEdge) {
  const Box slab{Vector3d(0, 0, -5), Matrix3d::Identity(), Vector3d(10, 10, 5)};
  const Vector3d h = Vector3d::Constant(0.5);
  for (int c = 0; c < 8; ++c) {
    const Vector3d s((c & 1) ? 1 : -1, (c & 2) ? 1 : -1, (c & 4) ? 1 : -1);
    // R takes the corner's direction s / |s| to -z.
    const Matrix3d R =
        Eigen::Quaterniond::FromTwoVectors(s.normalized(), -Vector3d::UnitZ()).toRotationMatrix();
    Box A{Vector3d::Zero(), R, h};
    A.x.z() = h.norm() - 0.05;  // the corner at z = -0.05
    const ConvexPolyhedron PA = A.poly(), PS = slab.poly();
    int k = 0;  // the sunk corner's index in the polyhedron, by the oracle
    for (int i = 1; i < int(PA.v.size()); ++i)
      if (PA.v[i].z() < PA.v[k].z()) k = i;
    int inside = 0;
    for (const auto& v : PA.v) inside += strictlyInsideBox(v, slab, 1e-12);
    ASSERT_EQ(inside, 1) << "the set-up: one corner of the box in the slab (corner " << c << ")";
    const auto w = within::findPenetration(PA, PS);
    ASSERT_TRUE(w.has_value()) << "findPenetration (RBII §7.1): corner " << k
                               << " of A is 0.05 inside the slab B: expected a witness, got none";
    EXPECT_TRUE(w->kind == pbm::PenetrationWitness::VertexOfAInB && w->i == k)
        << "findPenetration (RBII §7.1, separating_plane.h: a vertex inside, else an edge): "
           "expected VertexOfAInB, vertex "
        << k << "; got kind " << int(w->kind) << ", i " << w->i;
    const auto v = within::findPenetration(PS, PA);
    ASSERT_TRUE(v.has_value()) << "findPenetration (RBII §7.1): the slab as A, the box as B: "
                                  "expected a witness, got none";
    EXPECT_TRUE(v->kind == pbm::PenetrationWitness::VertexOfBInA && v->i == k)
        << "findPenetration (RBII §7.1, separating_plane.h: a vertex inside, else an edge): "
           "expected VertexOfBInA, vertex "
        << k << "; got kind " << int(v->kind) << ", i " << v->i;
  }
}

}  // namespace
