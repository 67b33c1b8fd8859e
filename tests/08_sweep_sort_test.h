// Chapter 08 tests: shared helpers and the independent oracles (RBII §7).
// Every oracle here is written from the definitions, not from the student
// functions: the brute-force pair sets (closed intervals, the tie rule of
// pbm/collision/broadphase.h), an O(n^2) inversion count, the plane of a
// witness and the vertex-by-vertex plane check, and the penetration oracle
// for boxes worked in each box's own frame.
#pragma once

#include <gtest/gtest.h>

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "budget.h"
#include "expect_vec_near.h"
#include "pbm/collision/broadphase.h"
#include "pbm/collision/contact.h"
#include "pbm/collision/separating_plane.h"
#include "pbm/core/split_mix64.h"
#include "test_deadline.h"

namespace ch08_test {

// The geometric tolerance the contact and separating-plane tests pass.
constexpr double kTol = 1e-9;

using Eigen::Matrix3d;
using Eigen::Vector3d;
using pbm::AABB;
using pbm::ConvexPolyhedron;
using pbm::Endpoint;
using pbm::Interval;
using pbm::PairList;

// --- broad phase oracles (RBII §7.2)

inline PairList brutePairs1D(const std::vector<Interval>& iv) {
  PairList out;
  for (int i = 0; i < int(iv.size()); ++i)
    for (int j = i + 1; j < int(iv.size()); ++j)
      if (iv[i].b <= iv[j].e && iv[j].b <= iv[i].e) out.emplace_back(i, j);
  return out;
}

inline bool closedOverlap3D(const AABB& a, const AABB& b) {
  return a.lo.x() <= b.hi.x() && b.lo.x() <= a.hi.x() && a.lo.y() <= b.hi.y() &&
         b.lo.y() <= a.hi.y() && a.lo.z() <= b.hi.z() && b.lo.z() <= a.hi.z();
}

inline PairList brutePairs3D(const std::vector<AABB>& boxes) {
  PairList out;
  for (int i = 0; i < int(boxes.size()); ++i)
    for (int j = i + 1; j < int(boxes.size()); ++j)
      if (closedOverlap3D(boxes[i], boxes[j])) out.emplace_back(i, j);
  return out;
}

// p strictly before q by the key (value, isEnd).
inline bool keyLess(const Endpoint& p, const Endpoint& q) {
  return p.value < q.value || (p.value == q.value && !p.isEnd && q.isEnd);
}

inline long inversions(const std::vector<Endpoint>& list) {  // O(n^2), on purpose
  long k = 0;
  for (std::size_t i = 0; i < list.size(); ++i)
    for (std::size_t j = i + 1; j < list.size(); ++j) k += keyLess(list[j], list[i]) ? 1 : 0;
  return k;
}

// The first few differences between two pair lists, for failure messages.
inline std::string pairDiff(const PairList& gotAsGiven, const PairList& want) {
  std::ostringstream s;
  PairList got = gotAsGiven;
  if (!std::is_sorted(got.begin(), got.end())) {
    s << "the pairs are not sorted (overlaps() returns the table sorted, broadphase.h); ";
    std::sort(got.begin(), got.end());
  }
  PairList extra, missing;
  std::set_difference(got.begin(), got.end(), want.begin(), want.end(), std::back_inserter(extra));
  std::set_difference(want.begin(), want.end(), got.begin(), got.end(),
                      std::back_inserter(missing));
  s << "expected " << want.size() << " pairs, got " << got.size() << "; extra:";
  for (std::size_t k = 0; k < std::min<std::size_t>(extra.size(), 5); ++k)
    s << " (" << extra[k].first << "," << extra[k].second << ")";
  s << "; missing:";
  for (std::size_t k = 0; k < std::min<std::size_t>(missing.size(), 5); ++k)
    s << " (" << missing[k].first << "," << missing[k].second << ")";
  return s.str();
}

// The generator of the Bullet comparison scene (pbm/core; its check values are
// in the scene's test).
using pbm::SplitMix64;

// --- boxes as polyhedra (RBII §7.1)

struct Box {
  Vector3d x;
  Matrix3d R;
  Vector3d h;
  ConvexPolyhedron poly() const { return pbm::boxPolyhedron(x, R, h); }
};

inline Matrix3d randomRotation(std::mt19937& rng) {
  std::normal_distribution<double> g(0.0, 1.0);
  return Eigen::Quaterniond(g(rng), g(rng), g(rng), g(rng)).normalized().toRotationMatrix();
}

inline Matrix3d rotY(double a) {
  return Eigen::AngleAxisd(a, Vector3d::UnitY()).toRotationMatrix();
}

// The plane a witness defines, written here from RBII §7.1 (A on n.x <= d),
// oriented by A's centre xA; nullopt for parallel edges.
struct OraclePlane {
  Vector3d n;
  double d;
};
inline std::optional<OraclePlane> oraclePlane(const pbm::Witness& w, const ConvexPolyhedron& A,
                                              const ConvexPolyhedron& B, const Vector3d& xA) {
  if (w.kind == pbm::Witness::FaceA) {
    const Vector3d n = A.f[w.i].n;
    return OraclePlane{n, n.dot(A.v[A.f[w.i].idx[0]])};
  }
  if (w.kind == pbm::Witness::FaceB) {
    const Vector3d n = -B.f[w.i].n;
    return OraclePlane{n, n.dot(B.v[B.f[w.i].idx[0]])};
  }
  const Vector3d a0 = A.v[A.e[w.i].first];
  const Vector3d c = (A.v[A.e[w.i].second] - a0).cross(B.v[B.e[w.j].second] - B.v[B.e[w.j].first]);
  if (c.norm() < 1e-9) return std::nullopt;
  Vector3d n = c.normalized();
  if (n.dot(xA - a0) > 0.0) n = -n;
  return OraclePlane{n, n.dot(a0)};
}

// The vertex-by-vertex check (RBII §7.1): the gap min_B n.v - max_A n.v
// measured from the plane: >= -tol on both sides means it separates.
inline double sideGap(const OraclePlane& p, const ConvexPolyhedron& A, const ConvexPolyhedron& B) {
  double worst = 1e300;
  for (const auto& v : A.v) worst = std::min(worst, p.d - p.n.dot(v));
  for (const auto& v : B.v) worst = std::min(worst, p.n.dot(v) - p.d);
  return worst;
}

// The penetration oracle for two boxes (RBII §7.1), in each box's frame: a
// vertex of one strictly inside the other (margin 1e-12), or an edge of one
// crossing a face plane of the other strictly, at a point strictly inside
// that face.
inline bool strictlyInsideBox(const Vector3d& p, const Box& b, double m) {
  const Vector3d q = b.R.transpose() * (p - b.x);
  return (q.cwiseAbs() - b.h).maxCoeff() < -m;
}
inline bool edgeCrossesBoxFace(const Vector3d& p0, const Vector3d& p1, const Box& b, double m) {
  const Vector3d q0 = b.R.transpose() * (p0 - b.x), q1 = b.R.transpose() * (p1 - b.x);
  for (int k = 0; k < 3; ++k)
    for (double s : {-1.0, 1.0}) {
      const double f0 = q0[k] - s * b.h[k], f1 = q1[k] - s * b.h[k];
      if (!((f0 < -m && f1 > m) || (f0 > m && f1 < -m))) continue;
      const Vector3d x = q0 + (f0 / (f0 - f1)) * (q1 - q0);
      const int u = (k + 1) % 3, w = (k + 2) % 3;
      if (std::abs(x[u]) < b.h[u] - m && std::abs(x[w]) < b.h[w] - m) return true;
    }
  return false;
}
inline bool boxesPenetrate(const Box& A, const Box& B, double m = 1e-12) {
  const ConvexPolyhedron PA = A.poly(), PB = B.poly();
  for (const auto& v : PA.v)
    if (strictlyInsideBox(v, B, m)) return true;
  for (const auto& v : PB.v)
    if (strictlyInsideBox(v, A, m)) return true;
  for (const auto& e : PA.e)
    if (edgeCrossesBoxFace(PA.v[e.first], PA.v[e.second], B, m)) return true;
  for (const auto& e : PB.e)
    if (edgeCrossesBoxFace(PB.v[e.first], PB.v[e.second], A, m)) return true;
  return false;
}

// Random box pairs (claim 8 of the lesson's list): half extents U(0.3, 1),
// random rotations, B's centre N(0, 1.5^2) per axis from A's at the origin.
inline std::pair<Box, Box> randomBoxPair(std::mt19937& rng) {
  std::uniform_real_distribution<double> h(0.3, 1.0);
  std::normal_distribution<double> off(0.0, 1.5);
  Box A{Vector3d::Zero(), randomRotation(rng), Vector3d(h(rng), h(rng), h(rng))};
  Box B{Vector3d(off(rng), off(rng), off(rng)), randomRotation(rng),
        Vector3d(h(rng), h(rng), h(rng))};
  return {A, B};
}

// --- budgets (issue 30): the chapter's student functions under a deadline
// (and the insertion sort under a swap budget), so a loop that does not end
// fails in seconds, naming the function, instead of at ctest's timeout. The
// tests call these in place of pbm::'s.
namespace within {

inline const std::string kSortHint =
    "does each item move towards the front only while it is smaller than the one before it "
    "(by value, a b before an e at equal values), one place per exchange, and does the outer "
    "loop visit each item once (RBII §7.2.2, exercises/08_sweep_sort/insertion_sort.cpp)?";

// The insertion sort: an exchange per inversion, at most L(L - 1)/2 for L
// endpoints; past that onSwap (when the test gives one) throws.
inline long insertionSortEndpoints(std::vector<Endpoint>& list, const pbm::SwapCallback& onSwap) {
  pbm::SwapCallback counted;
  if (onSwap) {
    const long budget = static_cast<long>(list.size()) * (static_cast<long>(list.size()) - 1) / 2;
    counted = [&, budget, calls = 0L](const Endpoint& moved, const Endpoint& passed) mutable {
      if (++calls > budget)
        throw pbm_test::BudgetExceeded("insertionSortEndpoints: more than " +
                                       std::to_string(budget) + " exchanges of " +
                                       std::to_string(list.size()) + " endpoints: " + kSortHint);
      onSwap(moved, passed);
    };
  }
  return pbm_test::withinSeconds("insertionSortEndpoints", kSortHint,
                                 [&] { return pbm::insertionSortEndpoints(list, counted); });
}

inline PairList sweepAndPrune1D(const std::vector<pbm::Interval>& intervals) {
  return pbm_test::withinSeconds(
      "sweepAndPrune1D",
      "does the sweep visit each of the 2n endpoints once, and does the sort end (RBII §7.2.1, "
      "exercises/08_sweep_sort/sweep_1d.cpp)?",
      [&] { return pbm::sweepAndPrune1D(intervals); });
}

inline const std::string kCoherentHint =
    "does each axis's insertion sort end (insertionSortEndpoints) and the sweep visit each "
    "endpoint once (RBII §7.2.2, exercises/08_sweep_sort/coherent_sweep.cpp)?";
inline void init(pbm::CoherentSweep3D& sweep, const std::vector<AABB>& boxes) {
  pbm_test::withinSeconds("CoherentSweep3D::init", kCoherentHint, [&] { sweep.init(boxes); });
}
inline void update(pbm::CoherentSweep3D& sweep, const std::vector<AABB>& boxes) {
  pbm_test::withinSeconds("CoherentSweep3D::update", kCoherentHint, [&] { sweep.update(boxes); });
}

inline const std::string kPlaneHint =
    "does the search try each face of A, each face of B and each edge pair once, and stop at "
    "the first that separates (RBII §7.1, exercises/08_sweep_sort/separating_plane.cpp)?";
inline std::optional<pbm::Witness> findSeparatingPlane(const ConvexPolyhedron& A,
                                                       const ConvexPolyhedron& B, double tol,
                                                       int* tried = nullptr) {
  return pbm_test::withinSeconds("findSeparatingPlane", kPlaneHint,
                                 [&] { return pbm::findSeparatingPlane(A, B, tol, tried); });
}
inline bool disjointWithCache(const ConvexPolyhedron& A, const ConvexPolyhedron& B,
                              std::optional<pbm::Witness>& cache, double tol) {
  return pbm_test::withinSeconds("disjointWithCache", kPlaneHint,
                                 [&] { return pbm::disjointWithCache(A, B, cache, tol); });
}
inline std::optional<pbm::PenetrationWitness> findPenetration(const ConvexPolyhedron& A,
                                                              const ConvexPolyhedron& B) {
  return pbm_test::withinSeconds(
      "findPenetration",
      "does it try each vertex, then each edge against each face, once (RBII §7.1, "
      "exercises/08_sweep_sort/penetration.cpp)?",
      [&] { return pbm::findPenetration(A, B); });
}
inline std::vector<pbm::Contact> contactsOnPlane(const ConvexPolyhedron& A,
                                                 const ConvexPolyhedron& B,
                                                 const pbm::SeparatingPlane& plane, double tol,
                                                 pbm::RigidBody* bodyA = nullptr,
                                                 pbm::RigidBody* bodyB = nullptr) {
  return pbm_test::withinSeconds(
      "contactsOnPlane",
      "does it visit each vertex and each edge pair once (RBII §7.1, §8, "
      "exercises/08_sweep_sort/contacts.cpp)?",
      [&] { return pbm::contactsOnPlane(A, B, plane, tol, bodyA, bodyB); });
}

}  // namespace within

// The backstop for loops nothing counts (test_deadline.h): a test still
// running after kTestSeconds ends with this message, naming the student
// functions its suite drives (the exercise headers' --gtest_filter lines).
inline const bool kDeadlineInstalled = pbm_test::installTestDeadline(
    {{"Ch08Aabb", "boxAabb, aabbOverlap"},
     {"Ch08Coherent3D", "CoherentSweep3D::init, update, overlaps"},
     {"Ch08Anchor", "CoherentSweep3D::init, update, overlaps"},
     {"Ch08Contacts", "contactsOnPlane"},
     {"Ch08InsertionSort", "insertionSortEndpoints"},
     {"Ch08Parity", "insertionSortEndpoints"},
     {"Ch08Penetration",
      "findPenetration, planeFromWitness, separates, findSeparatingPlane, disjointWithCache"},
     {"Ch08SeparatingPlane", "planeFromWitness, separates, findSeparatingPlane, disjointWithCache"},
     {"Ch08WitnessCache", "planeFromWitness, separates, findSeparatingPlane, disjointWithCache"},
     {"Ch08Sweep1D", "sweepAndPrune1D"},
     {"Ch08SweepAndSort", "CoherentSweep3D::init, update, overlaps, insertionSortEndpoints"}},
    "does every sweep, sort and search loop advance and end?");

}  // namespace ch08_test
