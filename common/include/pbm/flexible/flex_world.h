// Chapter 11 library (not student code): one flexible body against fixed
// half-planes with the two-phase contact of Baraff & Witkin 1992 §5. Phase 1:
// when a boundary vertex reaches an obstacle the step is bisected back to the
// contact time and the impulse LCP (flexCollisionImpulses) stops every
// touching, approaching vertex; nothing bounces. Phase 2: the vertices that
// touch with no normal velocity are resting contacts, held in every derivEval
// by the force LCP (flexContactMatrix, chapter 10's solveLcpDantzig) until
// they move away: the body compresses against them and the rebound comes from
// its strain energy. The event loop is chapter 09's (RBII §6).
#pragma once
#include <Eigen/Core>
#include <vector>

#include "pbm/core/method.h"
#include "pbm/flexible/flex_body.h"

namespace pbm {

// A fixed obstacle: free space is n . x >= offset (n a unit vector pointing
// out of the obstacle), restricted to lo <= t . x <= hi along the tangent
// t = (-n_y, n_x) (a tread of a stair); the defaults are an infinite line.
struct FlexPlane {
  Eigen::Vector2d n{0.0, 1.0};
  double offset = 0.0;
  double lo = -1e300, hi = 1e300;
};

struct FlexWorldSettings {
  double distTol = 1e-6;  // |gap| <= distTol: the vertex touches (m)
  // The notes' THRESHOLD (RBII §8): an approach faster than velTol is an
  // impact; after the impulses a touching vertex within velTol of rest that
  // was not leaving is brought to rest, and one at rest (|v_n| <= 1e-3
  // velTol, round-off) rests; one leaving faster flies (m/s).
  double velTol = 1e-3;
  int maxBisections = 80;  // per event, before SolverFailure
  int maxEventsPerStep = 100;
};

// A resting contact: boundary vertex `vertex` of the body on plane `plane`.
struct FlexRestingContact {
  int vertex = 0, plane = 0;
};

class FlexWorld {
 public:
  explicit FlexWorld(FlexBody body);
  FlexWorld(const FlexWorld&) = delete;  // sys.contact points at this world
  FlexWorld& operator=(const FlexWorld&) = delete;

  FlexSystem sys;
  std::vector<FlexPlane> planes;
  FlexWorldSettings settings;
  std::vector<FlexRestingContact> resting;
  Eigen::VectorXd forces;  // the last force LCP's f, one per resting contact (N)

  // Counters: impulse events, the kinetic energy they removed (measured), and
  // 1/2 sum j_i (-v_i^-), the impulse LCP's own account of it; the last
  // event's values; derivative evaluations, bisection trials included.
  int impacts = 0;
  double impulseLoss = 0.0, impulseLossPredicted = 0.0;
  double lastLoss = 0.0, lastLossPredicted = 0.0;
  Eigen::VectorXd lastImpulses;
  long evals = 0;

  // n . x - offset of boundary vertex i against plane p (+inf off its range).
  double gap(int vertex, int plane) const;
  double normalVelocity(int vertex, int plane) const;
  // The smallest gap over the vertices that are not resting.
  double minFreeGap() const;
  // max(0, -gap) over every vertex and plane.
  double maxPenetration() const;
  // min det F over the quadrature points (> 0: not inverted).
  double minDetF() const;
  std::vector<FlexContact> contactsOf(const std::vector<FlexRestingContact>& c) const;

  // The contact refresh at the installed state: drop resting contacts that
  // moved away (gap above distTol or v_n above round-off), apply the impulse
  // LCP to the touching vertices if any approaches and bring the ones it
  // lifted by at most velTol to rest (least-error velocity change), and make
  // the touching vertices at rest (|v_n| <= 1e-3 velTol) the resting set: the
  // force LCP holds a_n = 0, so a vertex resting while it leaves would go on
  // leaving, pushed by its contact force. The scene calls it after set-up.
  // Throws SolverFailure when a free vertex already penetrates.
  void settle();
  // One step of h with method m: integrate; if a free vertex went through an
  // obstacle, bisect to the contact time, settle, and go on with the rest of
  // the step (at most maxEventsPerStep times). SolverFailure on a failed LCP,
  // a bisection that does not converge, too many events, or an inverted body
  // (det F <= 0).
  void step(const MethodInfo& m, double h);

 private:
  Eigen::Matrix2Xd restingForce(const Eigen::Matrix2Xd& qddFree);
  Eigen::MatrixXd A_;  // the force LCP's matrix for the current resting set
  bool aValid_ = false;
};

}  // namespace pbm
