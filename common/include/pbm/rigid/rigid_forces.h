// Chapter 07 library code: the force objects of the rigid-body scenes (RBI
// §2.7, §5). Each adds through the student's force functions, so the torque
// about the centre of mass comes with every force.
#pragma once
#include <Eigen/Core>
#include <limits>

#include "pbm/rigid/rigid_world.h"

namespace pbm {

// A uniform field g on every movable body: M g at the centre of mass (RBI §5.2).
class RigidGravity : public RigidForce {
 public:
  explicit RigidGravity(const Eigen::Vector3d& g) : g(g) {}
  void apply(std::vector<RigidBody>& bodies, double t) override;
  Eigen::Vector3d g;
};

// Which frame a force's direction is fixed in (RBI §5.3-5.4): the same push
// gives different motions when it turns with the body.
enum class ForceFrame { World, Body };

// A constant force F on one body at a body point, acting while
// tStart <= t < tEnd (a push), with its direction fixed in the world (F as
// given) or in the body (R F).
class PointForce : public RigidForce {
 public:
  PointForce(int body, const Eigen::Vector3d& pointBody, const Eigen::Vector3d& F,
             ForceFrame frame = ForceFrame::World)
      : body(body), pointBody(pointBody), F(F), frame(frame) {}
  void apply(std::vector<RigidBody>& bodies, double t) override;
  // The force in the world now (R F when body-fixed), 0 outside the window.
  Eigen::Vector3d worldForce(const RigidBody& b, double t) const;
  int body;
  Eigen::Vector3d pointBody, F;
  ForceFrame frame;
  double tStart = 0.0, tEnd = std::numeric_limits<double>::infinity();
};

// A damped spring from a world anchor to a body point: ks (|d| stretch) along
// d = anchor - p, minus kd times the point's velocity (RBI §2.5) along d.
// Rest length 0. The mouse spring is one of these with `body` set on a pick.
class AnchorSpring : public RigidForce {
 public:
  AnchorSpring(int body, const Eigen::Vector3d& pointBody, const Eigen::Vector3d& anchor, double ks,
               double kd)
      : body(body), pointBody(pointBody), anchor(anchor), ks(ks), kd(kd) {}
  void apply(std::vector<RigidBody>& bodies, double t) override;
  // The force on the body now (0 when body < 0: an idle mouse spring).
  Eigen::Vector3d worldForce(const RigidBody& b) const;
  int body;  // -1: inactive
  Eigen::Vector3d pointBody, anchor;
  double ks, kd;
};

}  // namespace pbm
