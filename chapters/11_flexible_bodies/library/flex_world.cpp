// The two-phase contact of one flexible body (Baraff & Witkin 1992 §5) with
// chapter 09's event loop (RBII §6): see pbm/flexible/flex_world.h.
#include "pbm/flexible/flex_world.h"

#include <Eigen/QR>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <utility>

#include "pbm/core/errors.h"
#include "pbm/resting/lcp.h"

namespace pbm {

namespace {
// A touching vertex rests only if its normal velocity after the impulses is at
// most this fraction of velTol: its approach was cancelled to round-off
// (chapter 09's kHoldSpeed, collision_world.cpp). The force LCP holds a
// resting vertex's acceleration at 0 (RBII §9 assumes its velocity is 0), so
// one leaving slowly (0 < v_n <= velTol) would go on leaving at that speed,
// pushed by a contact force that does work on it, and out of distTol within
// a step (velTol h = 2e-6 m at the drop scene's h = 1/480 s): the set then
// changed at every step while the body settled. Such a vertex flies instead;
// the body's weight brings it back and its approach is cancelled when it
// arrives (Baraff & Witkin 1992 §5).
constexpr double kHoldFraction = 1e-3;

std::string num(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", x);
  return buf;
}
}  // namespace

FlexWorld::FlexWorld(FlexBody body) : sys(std::move(body)) {
  sys.contact = [this](const FlexBody&, const Eigen::Matrix2Xd&, const Eigen::Matrix2Xd&,
                       const Eigen::Matrix2Xd& qddFree) { return restingForce(qddFree); };
}

Eigen::Matrix2Xd FlexWorld::restingForce(const Eigen::Matrix2Xd& qddFree) {
  const FlexBody& b = sys.body();
  if (resting.empty()) {
    forces.resize(0);
    return Eigen::Matrix2Xd::Zero(2, b.n());
  }
  const std::vector<FlexContact> c = contactsOf(resting);
  // A depends on the contacts' material points and normals only (Baraff &
  // Witkin 1992 §5): constant while the resting set is.
  if (!aValid_) {
    A_ = flexContactMatrix(b, c);
    aValid_ = true;
  }
  const LcpResult r = solveLcpDantzig(A_, flexContactBVector(b, c, qddFree));
  if (!r.ok) throw SolverFailure("the resting-contact LCP failed: " + r.why);
  forces = r.f;
  return flexContactForce(b, c, r.f);
}

double FlexWorld::gap(int vertex, int plane) const {
  const FlexPlane& p = planes[plane];
  const Eigen::Vector2d x = sys.q() * sys.body().boundaryB[vertex];
  const double s = -p.n.y() * x.x() + p.n.x() * x.y();
  if (s < p.lo || s > p.hi) return std::numeric_limits<double>::infinity();
  return p.n.dot(x) - p.offset;
}

double FlexWorld::normalVelocity(int vertex, int plane) const {
  return planes[plane].n.dot(sys.qdot() * sys.body().boundaryB[vertex]);
}

double FlexWorld::minFreeGap() const {
  double g = std::numeric_limits<double>::infinity();
  const int nv = static_cast<int>(sys.body().boundaryB.size());
  for (int i = 0; i < nv; ++i)
    for (int p = 0; p < static_cast<int>(planes.size()); ++p) {
      bool isResting = false;
      for (const auto& r : resting) isResting |= r.vertex == i && r.plane == p;
      if (!isResting) g = std::min(g, gap(i, p));
    }
  return g;
}

double FlexWorld::maxPenetration() const {
  double pen = 0.0;
  const int nv = static_cast<int>(sys.body().boundaryB.size());
  for (int i = 0; i < nv; ++i)
    for (int p = 0; p < static_cast<int>(planes.size()); ++p) pen = std::max(pen, -gap(i, p));
  return pen;
}

double FlexWorld::minDetF() const {
  double d = std::numeric_limits<double>::infinity();
  for (const auto& B : sys.body().quadGrad) d = std::min(d, (sys.q() * B).determinant());
  return d;
}

std::vector<FlexContact> FlexWorld::contactsOf(const std::vector<FlexRestingContact>& c) const {
  std::vector<FlexContact> out;
  for (const auto& r : c) out.push_back({sys.body().boundaryU[r.vertex], planes[r.plane].n});
  return out;
}

void FlexWorld::settle() {
  const double dt = settings.distTol, vt = settings.velTol, hold = kHoldFraction * vt;
  // Phase 2 ends for a contact that moved away: the LCP gave it f = 0 and
  // a >= 0, and it has left the surface or is leaving it.
  std::vector<FlexRestingContact> kept;
  for (const auto& r : resting)
    if (gap(r.vertex, r.plane) <= dt && normalVelocity(r.vertex, r.plane) <= hold)
      kept.push_back(r);
  if (kept.size() != resting.size()) aValid_ = false;
  resting = kept;
  if (minFreeGap() < -dt)
    throw SolverFailure("a boundary vertex is " + num(-minFreeGap()) +
                        " m inside an obstacle (more than distTol " + num(dt) + ")");

  std::vector<FlexRestingContact> touching;
  const int nv = static_cast<int>(sys.body().boundaryB.size());
  double vmin = 0.0;
  for (int i = 0; i < nv; ++i)
    for (int p = 0; p < static_cast<int>(planes.size()); ++p)
      if (gap(i, p) <= dt) {
        touching.push_back({i, p});
        vmin = std::min(vmin, normalVelocity(i, p));
      }
  if (vmin < 0) {
    // Phase 1: one impulse LCP over every touching vertex; a tiny approach of
    // a resting contact (the integrator's drift) is cancelled the same way.
    const std::vector<FlexContact> c = contactsOf(touching);
    Eigen::VectorXd vminus(c.size());
    for (size_t k = 0; k < touching.size(); ++k)
      vminus(k) = normalVelocity(touching[k].vertex, touching[k].plane);
    const double ke0 = flexKineticEnergy(sys.body(), sys.qdot());
    const Eigen::VectorXd j = flexCollisionImpulses(sys.body(), sys.qdot(), c);
    const double loss = ke0 - flexKineticEnergy(sys.body(), sys.qdot());
    const double predicted = -0.5 * j.dot(vminus);
    impulseLoss += loss;
    impulseLossPredicted += predicted;
    if (vmin < -vt) {
      ++impacts;
      lastLoss = loss;
      lastLossPredicted = predicted;
      lastImpulses = j;
    }
    // The impulses stop the approaching vertices and may lift others (an
    // affine body's two bottom corners have K = 1/m: stopping one lifts the
    // other by 1/7 of its approach). One lifted by at most velTol is in resting
    // contact by the notes' THRESHOLD, whose force LCP assumes v_n = 0 (RBII
    // §9): set v_n = 0 at every touching vertex that was not leaving before
    // (v_n^- <= hold) and is within velTol now, by the least-error velocity
    // change (Baraff & Witkin 1992 §5: q' += lambda-weighted point responses,
    // A lambda = -v_n), which only takes energy. Without it the lifted vertex
    // flies, comes back, lifts the other, and the alternation takes more
    // events than a step allows.
    std::vector<FlexRestingContact> lifted;
    double vmax = 0.0;
    for (size_t k = 0; k < touching.size(); ++k) {
      const double v = normalVelocity(touching[k].vertex, touching[k].plane);
      if (vminus(k) <= hold && v <= vt) {
        lifted.push_back(touching[k]);
        vmax = std::max(vmax, std::abs(v));
      }
    }
    if (vmax > hold) {
      const std::vector<FlexContact> cl = contactsOf(lifted);
      Eigen::VectorXd v(cl.size());
      for (size_t k = 0; k < lifted.size(); ++k)
        v(k) = normalVelocity(lifted[k].vertex, lifted[k].plane);
      const Eigen::VectorXd lambda =
          flexContactMatrix(sys.body(), cl).completeOrthogonalDecomposition().solve(-v);
      sys.qdot() += flexAcceleration(sys.body(), flexContactForce(sys.body(), cl, lambda));
    }
  }
  // Resting from now on: the touching vertices that neither approach nor
  // leave (|v_n| <= hold); a slowly leaving one flies (kHoldFraction).
  std::vector<FlexRestingContact> now;
  for (const auto& r : touching)
    if (std::abs(normalVelocity(r.vertex, r.plane)) <= hold) now.push_back(r);
  bool same = now.size() == resting.size();
  for (size_t k = 0; same && k < now.size(); ++k)
    same = now[k].vertex == resting[k].vertex && now[k].plane == resting[k].plane;
  if (!same) aValid_ = false;
  resting = now;
}

void FlexWorld::step(const MethodInfo& m, double h) {
  const double dt = settings.distTol;
  const int perStep = m.evalsPerStep > 0 ? m.evalsPerStep : 1;
  double left = h;
  for (int event = 0; left > 0; ++event) {
    if (event > settings.maxEventsPerStep)
      throw SolverFailure("more than " + std::to_string(settings.maxEventsPerStep) +
                          " contact events in one step");
    Eigen::VectorXd x0;
    double t0;
    sys.getState(x0, t0);
    m.step(sys, left);
    evals += perStep;
    if (minFreeGap() >= -dt) break;
    // A free vertex went through: bisect on the sub-step to the first time
    // the deepest free vertex is within distTol (RBII §6).
    double lo = 0.0, hi = left, used = -1.0;
    for (int k = 0; k < settings.maxBisections; ++k) {
      const double mid = 0.5 * (lo + hi);
      sys.setState(x0, t0);
      m.step(sys, mid);
      evals += perStep;
      const double g = minFreeGap();
      if (g < -dt) {
        hi = mid;
      } else if (g > dt) {
        lo = mid;
      } else {
        used = mid;
        break;
      }
    }
    if (used < 0)
      throw SolverFailure("the contact time was not found in " +
                          std::to_string(settings.maxBisections) + " bisections");
    settle();
    left -= used;
    if (left <= 1e-12 * h) break;
  }
  settle();
  if (!(minDetF() > 0))
    throw SolverFailure("the body inverted: det F = " + num(minDetF()) + " <= 0");
}

}  // namespace pbm
