// Chapter 09 library code: a rigid world that stops at collisions (RBII §6):
// the shapes that give each body its separations and contacts, and the step
// that bisects to the collision time, applies the impulses and restarts from
// Y(t_c)+ (the notes write Y(t_c); the state after the impulses is meant).
// Chapter 10 replaces the resting-contact stopgap here with contact forces.
#pragma once
#include <Eigen/Core>
#include <string>
#include <vector>

#include "pbm/collision/contact.h"
#include "pbm/impulse/impulse.h"
#include "pbm/rigid/rigid_world.h"

namespace pbm {

// The geometry of one body of the world, by body index. Dynamic bodies are
// spheres or boxes (the body's halfExtents); fixed bodies (invMass = 0) are
// half-spaces (a floor, a wall: n . x >= offset is outside) or pegs (a knife
// edge along z through the body's x: the rod scene's support).
struct Shape {
  enum Kind { Sphere, Box, HalfSpace, Peg } kind = Box;
  double radius = 0.0;                           // Sphere
  Eigen::Vector3d n = Eigen::Vector3d::UnitY();  // HalfSpace: outward unit normal
  double offset = 0.0;                           // HalfSpace: the plane n . x = offset
  static Shape sphere(double r) { return {Sphere, r, Eigen::Vector3d::UnitY(), 0.0}; }
  static Shape box() { return {Box, 0.0, Eigen::Vector3d::UnitY(), 0.0}; }
  static Shape halfSpace(const Eigen::Vector3d& n, double offset) {
    return {HalfSpace, 0.0, n, offset};
  }
  static Shape peg() { return {Peg, 0.0, Eigen::Vector3d::UnitY(), 0.0}; }
};

// The closest pair of the world: its signed separation (negative:
// interpenetrating by that much) and which bodies.
struct Separation {
  double gap = 1e300;
  int a = -1, b = -1;
};

// Settings of the colliding-contact loop (RBII §6, §8). The scenes' keys.
struct CollisionSettings {
  double eps = 0.5;         // coefficient of restitution (8-10), the notes' 0.5
  double threshold = 1e-3;  // |v_rel| below this is resting contact (m/s)
  double distTol = 1e-6;    // the collision detector's tolerance: |gap| <= distTol is contact (m)
  int maxPasses = 1000;     // resolveCollisions' cap
  int maxEventsPerStep = 1000;  // collisions inside one step before giving up
};

// What the last stepWithCollisions did, summed over its events.
struct CollisionStats {
  int events = 0;                  // collision times found (bisections run)
  int impacts = 0;                 // impulses applied by resolveCollisions
  int passes = 0;                  // passes of the last resolveCollisions
  int bisections = 0;              // gapAfter evaluations of the last bisection
  long evals = 0;                  // derivative evaluations, the re-simulations included
  std::vector<ImpulseRecord> log;  // every impulse of the step, in order
  std::vector<double> logTimes;    // the absolute time of each impulse in log (its t_c)
  std::vector<double> trialTimes;  // absolute times tried by the bisections (the viewer's timeline)
};

// A RigidWorld whose bodies have shapes: the chapter's scenes and tests build
// one, add bodies with their shapes, and step it with stepWithCollisions.
class CollisionWorld : public RigidWorld {
 public:
  std::vector<Shape> shapes;  // one per body
  CollisionSettings settings;
  // Resting contacts the stopgap holds (see below); refreshed after each step.
  std::vector<Contact> resting;

  // Adds a body with its shape; returns its index. A fixed shape (HalfSpace,
  // Peg) must have invMass = 0 (UsageError otherwise).
  int add(const RigidBody& b, const Shape& s);
  using RigidWorld::add;

  // The smallest signed separation over all pairs that can touch (sphere and
  // box against half-space and peg, sphere against sphere; fixed-fixed and
  // box-box pairs are not modelled in this chapter and skipped).
  // Virtual: chapter 10's world adds box-box pairs.
  virtual Separation closest() const;
  // The contacts of every pair within tol (|gap| <= tol), n from b to a, the
  // fixed body as b where there is one: sphere-plane and sphere-sphere (one vf
  // contact at the midpoint of the gap), box-plane (a vf contact per vertex
  // within tol), box-peg (one vf contact: a is the peg, its point on the
  // box's face, n the face's outward normal). The pointers point into bodies.
  virtual std::vector<Contact> contacts(double tol);

  // RBII §6 "resting contact ... needs no restart": until chapter 10 computes
  // contact forces, derivEval holds each resting contact by a force along n
  // that cancels its approaching normal acceleration (projected Gauss-Seidel
  // sweeps over the resting list, the rigid twin of chapter 04's plane
  // contact). A contact that separates drops out.
  void derivEval(Eigen::VectorXd& ydot) override;

 protected:
  // The resting contacts' forces, into the accumulators after the external
  // forces: the stopgap above; chapter 10 overrides it with the contact
  // forces of RBII §9.
  virtual void addRestingForces();
  // Moves each resting contact's p and n (and an edge/edge contact's edges)
  // with its features in the current state (derivEval calls it first).
  void trackResting();
};

// One step of h through collisions (RBII §6): stepWorld with `method` (an
// entry of rigidMethods(), pbm/rigid/methods.h); if the closest gap is
// below -distTol, restore the start, bisect (findCollisionTime with gapAfter
// re-simulating by stepWorld from the start) to t_c, install Y(t_c), find the
// contacts within distTol, resolveCollisions (colliding ones bounce), cancel
// the approach of the resting ones (an eps = 0 impulse), refresh the resting
// list, and go on from Y(t_c)+ with the rest of the step. Ends at t0 + h,
// where the same refresh runs on the contacts within distTol (a contact that
// arrives exactly at the step's end still bounces; a separating one drops).
// Throws SimulationDiverged naming t, h and the bodies when the start already
// interpenetrates, when a bisection cannot bracket, when resolveCollisions
// passes maxPasses, or after maxEventsPerStep events. stats->evals adds the
// method's evalsPerStep for each stepWorld, the re-simulations included.
void stepWithCollisions(CollisionWorld& world, const MethodInfo& method, double h,
                        CollisionStats* stats = nullptr);

// The contact refresh stepWithCollisions runs at every collision time and at
// each step's end, at the installed state: the contacts within distTol; the
// colliding ones bounce (resolveCollisions), the approach of the rest is
// cancelled, and those that stay become the resting list. A scene calls it
// after building its world, so bodies that touch at t = 0 rest from the
// first step on. Throws SimulationDiverged as stepWithCollisions does.
void settleContacts(CollisionWorld& world, CollisionStats* stats = nullptr);

// The notes' faster alternative to bisection (RBII §6, "predict t_c"): the
// secant method on gapAfter, safeguarded by the bracket [0, dt]; the same
// contract and result as findCollisionTime, fewer evaluations. Benchmark only.
double findCollisionTimeSecant(const std::function<double(double)>& gapAfter, double dt, double tol,
                               int* evals = nullptr);

}  // namespace pbm
