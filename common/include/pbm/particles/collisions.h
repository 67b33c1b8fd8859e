// Chapter 04: particle/plane collisions and contact (Particle System Dynamics
// §7 and its slides). A plane is a point P and a unit normal N pointing to the
// legal side. The tests of §7 are student functions (exercises/04_mass_spring/
// collisions.cpp, contact.cpp); the contact force object and the step driver
// with rollback below are built from them.
//
// Errata in the notes' prose (the slides have them right): the normal
// component of a vector x is x_n = (N.x) N, not (N.x) x; the contact force is
// f_c = -(N.f) N, not -(N.f) f.
#pragma once

#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <vector>

#include "pbm/particles/particles.h"

namespace pbm {

struct Plane {
  Eigen::Vector2d P = Eigen::Vector2d::Zero();   // a point on the plane
  Eigen::Vector2d N = Eigen::Vector2d::UnitY();  // unit normal, into the legal side
};

// --- student functions

// PSD §7.1: (X - P) . N; > 0 inside (legal), < 0 outside, 0 in contact.
double planeDistance(const Eigen::Vector2d& X, const Plane& plane);
// PSD slides "Collision Detection": within eps of the plane AND heading in, N.V < 0.
bool isColliding(const Eigen::Vector2d& X, const Eigen::Vector2d& V, const Plane& plane,
                 double eps);
// PSD §7.1: the fraction s of a step at which the linearly interpolated
// distance d0 + s (d1 - d0) crosses 0: s = d0 / (d0 - d1). Needs d0 != d1.
double contactFraction(double d0, double d1);
// PSD §7.2: V' = V_T - kr V_N with V_N = (N.V) N, V_T = V - V_N; kr in [0, 1].
Eigen::Vector2d collisionResponse(const Eigen::Vector2d& V, const Eigen::Vector2d& N, double kr);
// PSD §7.3 and the slide "Conditions for Contact": |(X - P).N| < eps (on the
// plane), |N.V| < eps (moving along it) and N.F < 0 (pushed into it).
bool inContact(const Eigen::Vector2d& X, const Eigen::Vector2d& V, const Eigen::Vector2d& F,
               const Plane& plane, double eps);
// PSD §7.3: the contact force cancels the normal part of F when F pushes into
// the plane: -(N.F) N if N.F < 0, else 0 (the particle leaves).
Eigen::Vector2d contactForce(const Eigen::Vector2d& F, const Eigen::Vector2d& N);
// PSD §7.3 linear friction: -kf (-F.N) V_T, a tangential drag proportional to
// the normal force (F is the applied force, before the contact force).
Eigen::Vector2d frictionForce(const Eigen::Vector2d& F, const Eigen::Vector2d& V,
                              const Eigen::Vector2d& N, double kf);

// --- resting contact and friction as a force object (PSD §7.3)

// Must be the LAST force of the system: it reads the accumulated force F of
// each free particle and, where the particle is in contact with a plane, adds
// the contact force and friction. `contacts` counts the particle/plane
// contacts found by the last evaluation.
class PlaneContact : public Force {
 public:
  PlaneContact(const std::vector<Plane>* planes, double eps, double kf)
      : planes(planes), eps(eps), kf(kf) {}
  void apply(ParticleSystem& ps) override {
    contacts = 0;
    for (auto& p : ps.particles) {
      if (p.control.controlled()) continue;
      for (const Plane& plane : *planes) {
        if (!inContact(p.x, p.v, p.f, plane, eps)) continue;
        ++contacts;
        const Eigen::Vector2d F = p.f;
        p.f += contactForce(F, plane.N) + frictionForce(F, p.v, plane.N, kf);
      }
    }
  }
  const std::vector<Plane>* planes;
  double eps, kf;
  int contacts = 0;
};

// --- a step with collisions (PSD §7.1-7.2)

struct CollisionOptions {
  double kr = 0.5;       // coefficient of restitution, [0, 1]
  double eps = 1e-3;     // contact tolerance, m and m/s
  bool rollback = true;  // true: roll back to the contact instant; false: displace the point
  int maxEvents = 32;    // rollbacks per step before falling back to displacing
};

struct CollisionStats {
  int collisions = 0;  // particle/plane responses
  int rollbacks = 0;   // times the whole system was rolled back
};

// A collision response at the installed state (PSD §7.2): a free particle
// that went through a plane is put back onto it; one within `within` of a
// plane and heading into it gets V' = V_T - kr V_N. A rebound too slow to
// outlast a step becomes resting contact (its normal velocity is zeroed):
// slower than eps, or than 2 h |N.f| / m, what the normal force (the
// accumulator of the last evaluation) gives back in two steps of h; without
// this a resting particle would chatter, bouncing by g h every step.
inline int respondToCollisions(ParticleSystem& ps, const std::vector<Plane>& planes,
                               const CollisionOptions& o, double within, double h) {
  int count = 0;
  for (auto& p : ps.particles) {
    if (p.control.controlled()) continue;
    for (const Plane& plane : planes) {
      const double d = planeDistance(p.x, plane);
      if (d < 0) p.x -= d * plane.N;  // displace onto the plane
      if (!(d < within) || !isColliding(p.x, p.v, plane, o.eps)) continue;
      p.v = collisionResponse(p.v, plane.N, o.kr);
      const double vn = plane.N.dot(p.v);
      if (std::abs(vn) < std::max(o.eps, 2.0 * h * std::abs(plane.N.dot(p.f)) / p.m))
        p.v -= vn * plane.N;
      ++count;
    }
  }
  return count;
}

// One step of size h taken by stepFn(ps, h), then the notes' "right thing"
// (PSD §7.1): if a particle crossed a plane, find the earliest crossing by
// linear interpolation, s = d0 / (d0 - d1), roll the WHOLE system back to
// t0 + s h (state interpolated linearly), respond, and finish the step from
// there. With rollback off, the cheap alternative: displace the point that
// collided. Crossings slower than eps are resting contact, left to
// PlaneContact and the final displacement.
template <class StepFn>
CollisionStats stepWithCollisions(ParticleSystem& ps, const std::vector<Plane>& planes,
                                  const CollisionOptions& o, double h, StepFn&& stepFn) {
  CollisionStats stats;
  Eigen::VectorXd y0, y1;
  double t0 = 0, t1 = 0;
  ps.getState(y0, t0);
  const double target = t0 + h;
  for (int event = 0;; ++event) {
    stepFn(ps, target - t0);
    if (!o.rollback || event >= o.maxEvents) break;
    ps.getState(y1, t1);
    double sMin = 2.0;
    for (int i = 0; i < ps.n(); ++i) {
      if (ps.particles[i].control.controlled()) continue;
      const Eigen::Vector2d x0 = y0.segment<2>(4 * i), x1 = y1.segment<2>(4 * i);
      const Eigen::Vector2d v1 = y1.segment<2>(4 * i + 2);
      for (const Plane& plane : planes) {
        const double d1 = planeDistance(x1, plane);
        if (!(d1 < 0) || !(plane.N.dot(v1) < -o.eps)) continue;
        const double d0 = planeDistance(x0, plane);
        sMin = std::min(sMin, d0 > 0 ? contactFraction(d0, d1) : 0.0);
      }
    }
    if (sMin > 1.0) break;
    ps.setState(y0 + sMin * (y1 - y0), t0 + sMin * (target - t0));
    ++stats.rollbacks;
    stats.collisions += respondToCollisions(ps, planes, o, o.eps, h);
    ps.getState(y0, t0);
    if (!(target - t0 > 1e-14 * std::max(1.0, std::abs(target)))) {
      ps.setState(y0, target);
      break;
    }
  }
  // Whatever is still through a plane (displace mode, slow crossings, or
  // too many events) is displaced back onto it.
  stats.collisions += respondToCollisions(ps, planes, o, 0.0, h);
  return stats;
}

}  // namespace pbm
