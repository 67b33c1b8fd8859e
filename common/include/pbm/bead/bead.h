// Chapter 05: a bead on a wire (Witkin, Constrained Dynamics §1-§2, and §5 for
// the parametric form). A 2D particle is held on a circular wire of centre c
// and radius r by the implicit constraint (eq 1, generalised from the unit
// circle)
//     C(x) = 1/2 (|x - c|^2 - r^2),
// legal velocities Cdot = (x - c) . v = 0 (eq 2), legal accelerations
// Cddot = (x - c) . a + v . v = 0 (eq 3). The constraint force f^ = lambda grad C
// (principle of virtual work, §2.1) with lambda from eq (7) plus the feedback
// terms of §3 eq (11), so that Cddot = -ks C - kd Cdot.
//
// Sign convention (ours, CD §1-§2): with this quadratic C, lambda < 0 is
// tension (f^ points at the centre); ks, kd act on Cddot, units 1/s^2 and 1/s,
// critical damping kd = 2 sqrt(ks).
//
// Student functions (solutions/05_bead_on_wire/): constraint.cpp (beadC,
// beadCdot, beadGradC, beadGradCdot), multiplier.cpp (beadLambda,
// beadConstraintForce), projection.cpp (projectOntoTangent), parametric.cpp
// (beadThetaAccel). The model classes below (BeadSystem, PenaltyBead,
// ParametricBead) are OdeSystems built on them.
#pragma once

#include <Eigen/Core>
#include <cmath>
#include <functional>
#include <string>

#include "pbm/core/errors.h"
#include "pbm/core/ode.h"
#include "pbm/particles/forces.h"

namespace pbm {

// A circular wire: centre c, radius r > 0.
struct CircleWire {
  Eigen::Vector2d c{0.0, 0.0};
  double r = 1.0;
};

// Feedback gains of eq (11): Cddot = -ks C - kd Cdot. Zero: no feedback.
struct BeadFeedback {
  double ks = 0.0;  // 1/s^2
  double kd = 0.0;  // 1/s
};

// --- student functions

// §2 eq (1): C(x) = 1/2 (|x - c|^2 - r^2).
double beadC(const Eigen::Vector2d& x, const CircleWire& wire);
// §2 eq (2): Cdot = grad C . v = (x - c) . v.
double beadCdot(const Eigen::Vector2d& x, const Eigen::Vector2d& v, const CircleWire& wire);
// dC/dx = x - c: the wire's (unnormalised) normal, the direction of f^.
Eigen::Vector2d beadGradC(const Eigen::Vector2d& x, const CircleWire& wire);
// dCdot/dx = v: the bead's "J dot", the velocity term of eq (3) is v . v = (dCdot/dx) . v.
Eigen::Vector2d beadGradCdot(const Eigen::Vector2d& x, const Eigen::Vector2d& v,
                             const CircleWire& wire);

// §2.1 eq (7) with §3's feedback (eq 11 for one particle):
//   lambda = (-f . (x - c) - m v . v - m (ks C + kd Cdot)) / |x - c|^2.
// f is the total applied force; the caller guarantees x != c.
double beadLambda(const Eigen::Vector2d& x, const Eigen::Vector2d& v, const Eigen::Vector2d& f,
                  double m, const CircleWire& wire, const BeadFeedback& feedback);
// The constraint force f^ = lambda grad C (§2.1).
Eigen::Vector2d beadConstraintForce(const Eigen::Vector2d& x, const Eigen::Vector2d& v,
                                    const Eigen::Vector2d& f, double m, const CircleWire& wire,
                                    const BeadFeedback& feedback);

// §2.3 eq (8): the orthogonal projection of f onto the line perpendicular to
// `normal` (any non-zero length): f - (f . n) n / (n . n).
Eigen::Vector2d projectOntoTangent(const Eigen::Vector2d& f, const Eigen::Vector2d& normal);

// §5 eq (13) for the parametric bead x(theta) = c + r (cos theta, sin theta),
// J = T = dx/dtheta: m (T . T) thetaddot + m (T . Tdot) thetadot = T . f.
double beadThetaAccel(double theta, double thetaDot, const Eigen::Vector2d& f, double m, double r);

// --- helpers (not exercises)

// The acceleration the constrained bead gets: (f + f^) / m (eq 4).
inline Eigen::Vector2d beadAcceleration(const Eigen::Vector2d& x, const Eigen::Vector2d& v,
                                        const Eigen::Vector2d& f, double m, const CircleWire& wire,
                                        const BeadFeedback& feedback) {
  return (f + beadConstraintForce(x, v, f, m, wire, feedback)) / m;
}

// x = c makes grad C = 0: the constraint force has no direction and eq (7)
// divides by zero. Reported, never turned into NaN.
inline bool beadAtCentre(const Eigen::Vector2d& x, const CircleWire& wire) {
  return (x - wire.c).norm() <= 1e-9 * wire.r;
}
inline std::string beadSingularMessage(const Eigen::Vector2d& x) {
  return "circle-wire constraint is singular: the bead is at the wire's centre (" +
         std::to_string(x.x()) + ", " + std::to_string(x.y()) +
         "), where grad C = x - c = 0 and eq (7) divides by |x - c|^2 = 0";
}

// Where the feedback of §2.2 goes (the viewer's placement switch):
//   InSolve      eq (11): folded into lambda, Cddot = -ks C - kd Cdot exactly;
//   AfterSolve   §2.2: a damped-spring force added after f^ is computed;
//   BeforeSolve  the same force added to f before: f^ cancels it (§2.2's warning).
// The force form is f_fb = -m (ks C + kd Cdot) (x - c) / r^2, scaled so that on
// the wire (|x - c| = r) it equals what eq (11) adds.
enum class FeedbackPlacement { InSolve = 0, AfterSolve = 1, BeforeSolve = 2 };

inline Eigen::Vector2d feedbackForce(const Eigen::Vector2d& x, const Eigen::Vector2d& v, double m,
                                     const CircleWire& wire, const BeadFeedback& fb) {
  const Eigen::Vector2d n = x - wire.c;
  const double C = 0.5 * (n.squaredNorm() - wire.r * wire.r);
  return -m * (fb.ks * C + fb.kd * n.dot(v)) * n / (wire.r * wire.r);
}

// The state of one bead: position, velocity, mass.
struct Bead {
  Eigen::Vector2d x{1.0, 0.0};
  Eigen::Vector2d v{0.0, 0.0};
  double m = 1.0;
};

// The applied forces on a bead (eq 4's f): gravity and the mouse spring
// (chapter 04's force laws), evaluated at (x, v).
struct BeadForces {
  Eigen::Vector2d g{0.0, -9.81};  // m/s^2
  bool mouseOn = false;
  Eigen::Vector2d cursor = Eigen::Vector2d::Zero();
  double mouseKs = 0.0, mouseKd = 0.0;  // N/m, N s/m

  Eigen::Vector2d gravity(double m) const { return gravityForce(m, g); }
  Eigen::Vector2d mouse(const Eigen::Vector2d& x, const Eigen::Vector2d& v) const {
    if (!mouseOn) return Eigen::Vector2d::Zero();
    return mouseSpringForce(x, v, cursor, Eigen::Vector2d::Zero(), mouseKs, mouseKd);
  }
  Eigen::Vector2d total(const Eigen::Vector2d& x, const Eigen::Vector2d& v, double m) const {
    return gravity(m) + mouse(x, v);
  }
};

// What the constrained and the penalty bead share: one particle near a wire
// under applied forces, as an OdeSystem with state [x, y, vx, vy] (PSD §3).
class BeadOnWireState : public OdeSystem {
 public:
  Bead bead;
  CircleWire wire;
  BeadForces forces;
  double t = 0.0;

  int dim() const override { return 4; }
  void getState(Eigen::VectorXd& s, double& time) const override {
    s.resize(4);
    s << bead.x, bead.v;
    time = t;
  }
  void setState(const Eigen::VectorXd& s, double time) override {
    bead.x = s.head<2>();
    bead.v = s.tail<2>();
    t = time;
  }
};

// The constrained bead as an OdeSystem (CD §2): state [x, y, vx, vy].
// derivEval: applied forces -> lambda (eq 7 + feedback) -> f^ -> [v, (f + f^)/m].
class BeadSystem : public BeadOnWireState {
 public:
  BeadFeedback feedback;
  FeedbackPlacement placement = FeedbackPlacement::InSolve;

  // What the last derivEval computed (for arrows, the HUD and the CSV).
  struct Eval {
    Eigen::Vector2d f = Eigen::Vector2d::Zero();     // applied: gravity + mouse
    Eigen::Vector2d fb = Eigen::Vector2d::Zero();    // feedback force (After/Before)
    Eigen::Vector2d fHat = Eigen::Vector2d::Zero();  // constraint force lambda grad C
    Eigen::Vector2d accel = Eigen::Vector2d::Zero();
    double lambda = 0.0;
  };
  Eval last;

  void derivEval(Eigen::VectorXd& xdot) override {
    last = evaluate(bead.x, bead.v);
    xdot.resize(4);
    xdot << bead.v, last.accel;
  }

  // The forces at any (x, v), without touching the installed state.
  // Throws SolverFailure at the singular point x = c.
  Eval evaluate(const Eigen::Vector2d& x, const Eigen::Vector2d& v) const {
    if (beadAtCentre(x, wire)) throw SolverFailure(beadSingularMessage(x));
    Eval e;
    e.f = forces.total(x, v, bead.m);
    BeadFeedback inSolve;  // zero unless the feedback goes into the solve
    if (placement == FeedbackPlacement::InSolve)
      inSolve = feedback;
    else
      e.fb = feedbackForce(x, v, bead.m, wire, feedback);
    // BeforeSolve: the solve sees f + f_fb (and cancels the feedback's normal part).
    const Eigen::Vector2d fSolve = placement == FeedbackPlacement::BeforeSolve ? e.f + e.fb : e.f;
    e.lambda = beadLambda(x, v, fSolve, bead.m, wire, inSolve);
    e.fHat = e.lambda * beadGradC(x, wire);
    e.accel = (fSolve + e.fHat +
               (placement == FeedbackPlacement::AfterSolve ? e.fb : Eigen::Vector2d::Zero())) /
              bead.m;
    return e;
  }

  double C() const { return beadC(bead.x, wire); }
  double Cdot() const { return beadCdot(bead.x, bead.v, wire); }
  // Kinetic + gravitational energy, potential zero at the wire's centre height.
  double energy() const {
    return 0.5 * bead.m * bead.v.squaredNorm() - bead.m * forces.g.dot(bead.x - wire.c);
  }
};

// §1's penalty method for comparison: no constraint force, a stiff damped
// spring (chapter 04's dampedSpringForce) from the wire's centre with rest
// length r pulls the bead toward the circle. State [x, y, vx, vy].
class PenaltyBead : public BeadOnWireState {
 public:
  double k = 1e4;  // N/m
  double d = 0.0;  // N s/m, along the spoke

  Eigen::Vector2d springForce(const Eigen::Vector2d& x, const Eigen::Vector2d& v) const {
    return dampedSpringForce(x, wire.c, v, Eigen::Vector2d::Zero(), k, d, wire.r).first;
  }
  void derivEval(Eigen::VectorXd& xdot) override {
    const Eigen::Vector2d f = forces.total(bead.x, bead.v, bead.m) + springForce(bead.x, bead.v);
    xdot.resize(4);
    xdot << bead.v, f / bead.m;
  }
  // Kinetic + gravity + the penalty spring's own energy (PSD §6).
  double energy() const {
    const double stretch = (bead.x - wire.c).norm() - wire.r;
    return 0.5 * bead.m * bead.v.squaredNorm() - bead.m * forces.g.dot(bead.x - wire.c) +
           0.5 * k * stretch * stretch;
  }
};

// §5: the parametric bead x(theta) = c + r (cos theta, sin theta), one degree
// of freedom, state [theta, thetadot]; the constraint holds by construction.
class ParametricBead : public OdeSystem {
 public:
  double theta = 0.0, thetaDot = 0.0;  // rad, rad/s (theta from the +x axis)
  double m = 1.0;
  CircleWire wire;
  BeadForces forces;
  double t = 0.0;

  Eigen::Vector2d x() const {
    return wire.c + wire.r * Eigen::Vector2d(std::cos(theta), std::sin(theta));
  }
  Eigen::Vector2d v() const {
    return wire.r * thetaDot * Eigen::Vector2d(-std::sin(theta), std::cos(theta));
  }
  int dim() const override { return 2; }
  void getState(Eigen::VectorXd& s, double& time) const override {
    s.resize(2);
    s << theta, thetaDot;
    time = t;
  }
  void setState(const Eigen::VectorXd& s, double time) override {
    theta = s[0];
    thetaDot = s[1];
    t = time;
  }
  void derivEval(Eigen::VectorXd& sdot) override {
    const Eigen::Vector2d f = forces.total(x(), v(), m);
    sdot.resize(2);
    sdot << thetaDot, beadThetaAccel(theta, thetaDot, f, m, wire.r);
  }
};

}  // namespace pbm
