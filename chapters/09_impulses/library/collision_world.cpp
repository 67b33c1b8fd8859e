// Chapter 09 library code: a rigid world that stops at collisions (RBII §6,
// §8): the shapes' separations and contacts, the resting-contact stopgap, and
// the step that bisects to t_c, applies the impulses and restarts from Y(t_c)+.
#include "pbm/impulse/collision_world.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <string>

#include "pbm/core/errors.h"
#include "pbm/rigid/rigid.h"

namespace pbm {

namespace {

bool isFixedShape(const Shape& s) {
  return s.kind == Shape::HalfSpace || s.kind == Shape::Peg;
}

std::array<Eigen::Vector3d, 8> boxVertices(const RigidBody& b) {
  std::array<Eigen::Vector3d, 8> v;
  for (int c = 0; c < 8; ++c) {
    const Eigen::Vector3d s((c & 1) ? 1 : -1, (c & 2) ? 1 : -1, (c & 4) ? 1 : -1);
    v[c] = b.x + b.R * s.cwiseProduct(b.halfExtents);
  }
  return v;
}

double cross2(const Eigen::Vector2d& o, const Eigen::Vector2d& a, const Eigen::Vector2d& b) {
  return (a - o).x() * (b - o).y() - (a - o).y() * (b - o).x();
}

// The box seen along the peg (world z): the convex hull of its projected
// vertices, counter-clockwise (Andrew's monotone chain; duplicates dropped).
std::vector<Eigen::Vector2d> projectedHull(const RigidBody& box) {
  std::vector<Eigen::Vector2d> pts;
  for (const auto& v : boxVertices(box)) pts.emplace_back(v.x(), v.y());
  std::sort(pts.begin(), pts.end(), [](const Eigen::Vector2d& p, const Eigen::Vector2d& q) {
    return p.x() < q.x() || (p.x() == q.x() && p.y() < q.y());
  });
  std::vector<Eigen::Vector2d> h(2 * pts.size());
  std::size_t k = 0;
  for (std::size_t i = 0; i < pts.size(); ++i) {
    while (k >= 2 && cross2(h[k - 2], h[k - 1], pts[i]) <= 0) --k;
    h[k++] = pts[i];
  }
  for (std::size_t i = pts.size() - 1, t = k + 1; i-- > 0;) {
    while (k >= t && cross2(h[k - 2], h[k - 1], pts[i]) <= 0) --k;
    h[k++] = pts[i];
  }
  h.resize(k - 1);
  return h;
}

// The signed distance from the peg's line to the box (both along z) and the
// unit normal of the box's face nearest the peg (outward, towards the peg).
double pegBoxGap(const RigidBody& peg, const RigidBody& box, Eigen::Vector3d* normal) {
  const std::vector<Eigen::Vector2d> h = projectedHull(box);
  const Eigen::Vector2d q(peg.x.x(), peg.x.y());
  double inside = -1e300, outside = 1e300;
  Eigen::Vector2d nIn(0, 1), nOut(0, 1);
  for (std::size_t i = 0; i < h.size(); ++i) {
    const Eigen::Vector2d a = h[i], b = h[(i + 1) % h.size()], e = b - a;
    const Eigen::Vector2d m = Eigen::Vector2d(e.y(), -e.x()).normalized();  // outward (CCW)
    const double s = m.dot(q - a);
    if (s > inside) inside = s, nIn = m;
    const double u = std::clamp(e.dot(q - a) / e.squaredNorm(), 0.0, 1.0);
    const Eigen::Vector2d d = q - (a + u * e);
    const double dist = d.norm();
    if (dist < outside) {
      outside = dist;
      // On the face's interior the face normal; past a corner, the corner's direction.
      nOut = (u > 0.0 && u < 1.0) || dist == 0.0 ? m : Eigen::Vector2d(d / dist);
    }
  }
  const bool in = inside <= 0.0;
  const Eigen::Vector2d n2 = in ? nIn : nOut;
  if (normal) *normal = Eigen::Vector3d(n2.x(), n2.y(), 0.0);
  return in ? inside : outside;
}

// The separation of bodies i and j (+inf when the pair is not modelled); the
// contacts within tol appended to out when it is given.
double pairGap(std::vector<RigidBody>& bodies, const std::vector<Shape>& shapes, int i, int j,
               double tol, std::vector<Contact>* out) {
  const Shape &si = shapes[i], &sj = shapes[j];
  // Two fixed bodies never touch (a table box standing on the ground).
  if ((isFixedShape(si) || isFixedBody(bodies[i])) && (isFixedShape(sj) || isFixedBody(bodies[j])))
    return 1e300;
  if (si.kind == Shape::Sphere && sj.kind == Shape::Sphere) {
    RigidBody &a = bodies[i], &b = bodies[j];
    const Eigen::Vector3d d = a.x - b.x;
    const double dist = d.norm();
    const double gap = dist - si.radius - sj.radius;
    if (out && std::abs(gap) <= tol && dist > 0.0) {
      const Eigen::Vector3d n = d / dist;  // from b to a
      out->push_back({&a, &b, b.x + n * (sj.radius + 0.5 * gap), n});
    }
    return gap;
  }
  // One dynamic body d against a fixed one o.
  const bool iFixed = isFixedShape(si);
  if (!iFixed && !isFixedShape(sj)) return 1e300;  // box-box, sphere-box: not in this chapter
  const int di = iFixed ? j : i, oi = iFixed ? i : j;
  RigidBody &d = bodies[di], &o = bodies[oi];
  const Shape &sd = shapes[di], &so = shapes[oi];
  if (so.kind == Shape::HalfSpace) {
    const Eigen::Vector3d& n = so.n;
    if (sd.kind == Shape::Sphere) {
      const double gap = n.dot(d.x) - so.offset - sd.radius;
      if (out && std::abs(gap) <= tol)
        out->push_back({&d, &o, d.x - n * (sd.radius + 0.5 * gap), n});
      return gap;
    }
    double gap = 1e300;
    for (const auto& v : boxVertices(d)) {
      const double g = n.dot(v) - so.offset;
      gap = std::min(gap, g);
      if (out && std::abs(g) <= tol) out->push_back({&d, &o, v, n});
    }
    return gap;
  }
  // The peg: a knife edge along z through o.x.
  if (sd.kind == Shape::Sphere) {
    Eigen::Vector3d dxy = d.x - o.x;
    dxy.z() = 0.0;
    const double dist = dxy.norm();
    const double gap = dist - sd.radius;
    if (out && std::abs(gap) <= tol && dist > 0.0) {
      const Eigen::Vector3d n = dxy / dist;
      out->push_back({&d, &o, d.x - n * (sd.radius + 0.5 * gap), n});
    }
    return gap;
  }
  Eigen::Vector3d n;
  const double gap = pegBoxGap(o, d, &n);
  if (out && std::abs(gap) <= tol) {
    // a is the peg (its edge touches b's face), n the face's outward normal.
    const Eigen::Vector3d p(o.x.x(), o.x.y(), d.x.z());
    out->push_back({&o, &d, p - 0.5 * gap * n, n});
  }
  return gap;
}

std::string bodiesText(int a, int b) {
  return "bodies " + std::to_string(a) + " and " + std::to_string(b);
}

[[noreturn]] void diverged(double t, double h, const std::string& what) {
  char head[96];
  std::snprintf(head, sizeof head, "at t = %.9g s with h = %.6g s: ", t, h);
  throw SimulationDiverged(t, h, head + what);
}

// The ddot of a contact's gap, for the stopgap: n . (pa'' - pb'') + 2 n' .
// (pa' - pb') (RBII §9, (9-4) for a vertex/face contact; n' = omega_b x n,
// b holding the face). A sphere's contact point is not a material point: its
// gap follows the centre, so the centre's acceleration stands in.
double normalAcceleration(const Contact& c, bool aSphere, bool bSphere) {
  auto acc = [&](const RigidBody* b, bool sphere) -> Eigen::Vector3d {
    if (!b) return Eigen::Vector3d::Zero();
    return sphere ? Eigen::Vector3d(b->invMass * b->force) : pointAcceleration(*b, c.p);
  };
  auto vel = [&](const RigidBody* b, bool sphere) -> Eigen::Vector3d {
    if (!b) return Eigen::Vector3d::Zero();
    return sphere ? b->v : pointVelocity(*b, c.p);
  };
  double a = c.n.dot(acc(c.a, aSphere) - acc(c.b, bSphere));
  if (c.b && !bSphere) a += 2.0 * c.b->omega.cross(c.n).dot(vel(c.a, aSphere) - vel(c.b, bSphere));
  return a;
}

// Projected Gauss-Seidel sweeps on the resting contacts' normal
// accelerations: the stopgap until chapter 10's contact forces (RBII §9).
constexpr int kRestingSweeps = 30;
// A contact whose v_rel is at most this fraction of the threshold after the
// cancelling impulses is held (its approach was cancelled to round-off).
constexpr double kHoldSpeed = 1e-3;

}  // namespace

int CollisionWorld::add(const RigidBody& b, const Shape& s) {
  if (isFixedShape(s) && b.invMass != 0.0)
    throw UsageError("CollisionWorld::add: a half-space or peg must be a fixed body (invMass = 0)");
  if (s.kind == Shape::Sphere && !(s.radius > 0.0))
    throw UsageError("CollisionWorld::add: a sphere needs a radius > 0");
  resting.clear();  // its pointers may move with the bodies
  const int k = RigidWorld::add(b);
  shapes.resize(bodies.size(), Shape::box());
  shapes[k] = s;
  return k;
}

Separation CollisionWorld::closest() const {
  Separation s;
  auto& bs = const_cast<std::vector<RigidBody>&>(bodies);  // read only: no contacts asked for
  const int n = static_cast<int>(std::min(bodies.size(), shapes.size()));
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      const double g = pairGap(bs, shapes, i, j, 0.0, nullptr);
      if (g < s.gap) s = {g, i, j};
    }
  return s;
}

std::vector<Contact> CollisionWorld::contacts(double tol) {
  std::vector<Contact> out;
  const int n = static_cast<int>(std::min(bodies.size(), shapes.size()));
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) pairGap(bodies, shapes, i, j, tol, &out);
  return out;
}

void CollisionWorld::addRestingForces() {
  if (resting.empty()) return;
  auto isSphere = [&](const RigidBody* b) {
    if (!b) return false;
    const std::ptrdiff_t k = b - bodies.data();
    return k >= 0 && k < std::ptrdiff_t(shapes.size()) && shapes[k].kind == Shape::Sphere;
  };
  // Push f n at p (the centre of a sphere: a frictionless force through it
  // has no torque) on a movable body.
  auto push = [&](RigidBody* b, const Eigen::Vector3d& F, const Eigen::Vector3d& p) {
    if (b && !isFixedBody(*b)) addForceAtPoint(*b, F, isSphere(b) ? b->x : p);
  };
  std::vector<double> f(resting.size(), 0.0), K(resting.size());
  for (std::size_t i = 0; i < resting.size(); ++i) K[i] = impulseDenominator(resting[i]);
  for (int sweep = 0; sweep < kRestingSweeps; ++sweep)
    for (std::size_t i = 0; i < resting.size(); ++i) {
      Contact& c = resting[i];
      if (!(K[i] > 0.0)) continue;
      const double a = normalAcceleration(c, isSphere(c.a), isSphere(c.b));
      const double fi = std::max(0.0, f[i] - a / K[i]);  // never pulls (f >= 0)
      const Eigen::Vector3d F = (fi - f[i]) * c.n;
      push(c.a, F, c.p);
      push(c.b, -F, c.p);
      f[i] = fi;
    }
}

namespace {

// The column of R (signed) closest to the direction d: the box axis a
// feature's direction or normal was found along.
Eigen::Vector3d nearestAxis(const Eigen::Matrix3d& R, const Eigen::Vector3d& d) {
  int best = 0;
  for (int k = 1; k < 3; ++k)
    if (std::abs(R.col(k).dot(d)) > std::abs(R.col(best).dot(d))) best = k;
  return R.col(best).dot(d) < 0 ? Eigen::Vector3d(-R.col(best)) : Eigen::Vector3d(R.col(best));
}

// The box edge parallel to the axis e nearest the point p: a point on it.
Eigen::Vector3d nearestEdgePoint(const RigidBody& b, const Eigen::Vector3d& e,
                                 const Eigen::Vector3d& p) {
  Eigen::Vector3d best = b.x;
  double bestD = 1e300;
  for (const auto& v : boxVertices(b)) {
    const Eigen::Vector3d w = p - v;
    const double d = (w - w.dot(e) * e).squaredNorm();
    if (d < bestD) bestD = d, best = v;
  }
  return best;
}

}  // namespace

// Within a step the bodies move, and a resting contact must move with its
// features: the vertex of a, the face normal of b (RBII §9: the contact is a
// pair of features, p and n its current geometry). Each evaluation snaps p, n
// (and the edges of an edge/edge contact) to the current positions of the
// features nearest to them; a contact found at t_c is never more than one step
// old, so the nearest feature is the one it was found on.
void CollisionWorld::trackResting() {
  auto shapeOf = [&](const RigidBody* b) -> const Shape* {
    if (!b) return nullptr;
    const std::ptrdiff_t k = b - bodies.data();
    return k >= 0 && k < std::ptrdiff_t(shapes.size()) ? &shapes[k] : nullptr;
  };
  for (Contact& c : resting) {
    const Shape *sa = shapeOf(c.a), *sb = shapeOf(c.b);
    if (!sa || !sb) continue;
    if (sa->kind == Shape::Sphere && sb->kind == Shape::Sphere) {
      const Eigen::Vector3d d = c.a->x - c.b->x;
      if (d.norm() > 0) c.n = d.normalized();
      c.p = c.b->x + sb->radius * c.n;
      continue;
    }
    // b's face normal turns with b (a half-space or a peg's support: fixed).
    if (sb->kind == Shape::Box) c.n = nearestAxis(c.b->R, c.n);
    if (sa->kind == Shape::Sphere) {
      c.p = c.a->x - sa->radius * c.n;
    } else if (sa->kind == Shape::Box && c.vf) {
      double bestD = 1e300;
      Eigen::Vector3d best = c.p;
      for (const auto& v : boxVertices(*c.a))
        if ((v - c.p).squaredNorm() < bestD) bestD = (v - c.p).squaredNorm(), best = v;
      c.p = best;
    } else if (sa->kind == Shape::Box && sb->kind == Shape::Box) {
      // Edge/edge: the two edges' current lines, p midway between their
      // closest points, n = +-ea x eb as before.
      const Eigen::Vector3d ea = nearestAxis(c.a->R, c.ea), eb = nearestAxis(c.b->R, c.eb);
      const Eigen::Vector3d pa = nearestEdgePoint(*c.a, ea, c.p),
                            pb = nearestEdgePoint(*c.b, eb, c.p);
      const Eigen::Vector3d u = ea.cross(eb);
      if (u.norm() < 1e-12) continue;
      const Eigen::Vector3d w = pb - pa;
      const double den = u.squaredNorm();
      const double s = w.cross(eb).dot(u) / den, t = w.cross(ea).dot(u) / den;
      const Eigen::Vector3d n = u.normalized();
      c.n = n.dot(c.n) < 0 ? Eigen::Vector3d(-n) : n;
      c.ea = ea;
      c.eb = eb;
      c.p = 0.5 * ((pa + s * ea) + (pb + t * eb));
    }
  }
}

void CollisionWorld::derivEval(Eigen::VectorXd& ydot) {
  ydot.resize(dim());
  accumulateForces();
  trackResting();
  addRestingForces();
  for (size_t k = 0; k < bodies.size(); ++k)
    ddtStateToArray(bodies[k],
                    ydot.segment(kRigidStateSize * static_cast<Eigen::Index>(k), kRigidStateSize));
}

namespace {

// At a contact time (or the step's end): the colliding contacts bounce
// (resolveCollisions), the approach of the resting ones is cancelled (eps = 0
// impulses, a few sweeps), and the resting list becomes the contacts that
// neither separate nor collide (RBII §6, §8).
void settleAt(CollisionWorld& w, double t, double h, CollisionStats& st) {
  const CollisionSettings& s = w.settings;
  std::vector<Contact> cs = w.contacts(s.distTol);
  try {
    st.passes = resolveCollisions(cs, s.eps, s.threshold, s.maxPasses, &st.log);
  } catch (const SolverFailure& e) {
    diverged(t, h, e.what());
  }
  // The impulses just applied happened at t; a later arrival in the same step
  // that only rests (v_rel above -THRESHOLD) has its own bisection but none.
  st.logTimes.resize(st.log.size(), t);
  for (int sweep = 0; sweep < kRestingSweeps; ++sweep) {
    bool any = false;
    for (auto& c : cs) {
      if (!c.a || !c.b || (isFixedBody(*c.a) && isFixedBody(*c.b))) continue;
      if (relativeNormalVelocity(c) < 0.0) {
        applyImpulse(c, impulseMagnitude(c, 0.0));
        any = true;
      }
    }
    if (!any) break;
  }
  // Held from now on: the contacts that stay (v_rel ~ 0 after the cancelling
  // impulses). One leaving slowly (0 < v_rel <= threshold, a bounce that no
  // longer counts as colliding) flies: holding its acceleration at 0 would
  // carry it away at constant speed. Gravity brings it back, and its approach
  // is cancelled when it arrives.
  w.resting.clear();
  for (const auto& c : cs)
    if (c.a && c.b && !(isFixedBody(*c.a) && isFixedBody(*c.b)) &&
        relativeNormalVelocity(c) <= kHoldSpeed * s.threshold)
      w.resting.push_back(c);
}

}  // namespace

void stepWithCollisions(CollisionWorld& world, const MethodInfo& method, double h,
                        CollisionStats* stats) {
  CollisionStats local;
  CollisionStats& st = stats ? *stats : local;
  st = CollisionStats{};
  const CollisionSettings& s = world.settings;
  const double tStep = world.time();

  const Separation start = world.closest();
  if (start.gap < -s.distTol)
    diverged(tStep, h,
             bodiesText(start.a, start.b) + " interpenetrate at the step's start by " +
                 std::to_string(-start.gap) + " m");

  double remaining = h;
  Eigen::VectorXd y0;
  for (int event = 0;; ++event) {
    double t0;
    world.getState(y0, t0);
    const std::vector<Contact> resting0 = world.resting;
    stepWorld(world, method, remaining);
    st.evals += method.evalsPerStep;
    const Separation sep = world.closest();
    if (sep.gap >= -s.distTol) break;  // no interpenetration: the step stands

    if (event >= s.maxEventsPerStep)
      diverged(tStep, h,
               std::to_string(s.maxEventsPerStep) +
                   " collisions inside one step (last: " + bodiesText(sep.a, sep.b) + ")");
    // RBII §6: back to the last legal state, bisect to t_c.
    double lastTau = -1.0;
    auto gapAfter = [&](double tau) {
      world.setState(y0, t0);
      world.resting = resting0;
      stepWorld(world, method, tau);
      st.evals += method.evalsPerStep;
      st.trialTimes.push_back(t0 + tau);
      lastTau = tau;
      return world.closest().gap;
    };
    double tc = 0.0;
    try {
      tc = findCollisionTime(gapAfter, remaining, s.distTol, &st.bisections);
    } catch (const SolverFailure& e) {
      diverged(t0, h, bodiesText(sep.a, sep.b) + ": " + e.what());
    }
    if (lastTau != tc) gapAfter(tc);  // install Y(t_c)
    ++st.events;
    settleAt(world, t0 + tc, h, st);  // Y(t_c)+
    remaining -= tc;
    if (!(remaining > 0.0)) break;
  }
  settleAt(world, world.time(), h, st);  // the step's end: arrivals bounce, separations drop
  st.impacts = static_cast<int>(st.log.size());
}

void settleContacts(CollisionWorld& world, CollisionStats* stats) {
  CollisionStats local;
  settleAt(world, world.time(), 0.0, stats ? *stats : local);
}

}  // namespace pbm
