// Chapter 04: a particle and how it may be controlled (Particle System
// Dynamics §2, §5): mass, position, velocity, a force accumulator, and for a
// nailed or motor-driven particle its prescribed motion.
#pragma once

#include <Eigen/Core>
#include <cmath>
#include <functional>

namespace pbm {

// Controlled particles (PSD §5): nails, anchors and procedural motors.
enum class ControlKind { Free, Nailed, Motor };

// A controlled particle is not moved by the solver: its position AND velocity
// are prescribed functions of time, so that velocity-dependent forces of its
// neighbours (spring damping) see the correct velocity (PSD §5).
struct Control {
  ControlKind kind = ControlKind::Free;
  Eigen::Vector2d anchor = Eigen::Vector2d::Zero();   // Nailed: where
  std::function<Eigen::Vector2d(double)> xc, vc, ac;  // Motor: x_c(t), v_c(t), a_c(t)
  bool controlled() const { return kind != ControlKind::Free; }
};

struct Particle {
  double m = 1.0;                               // mass, kg (> 0)
  Eigen::Vector2d x = Eigen::Vector2d::Zero();  // position, m
  Eigen::Vector2d v = Eigen::Vector2d::Zero();  // velocity, m/s
  Eigen::Vector2d f = Eigen::Vector2d::Zero();  // force accumulator, N
  Control control;
};

// Position, velocity and acceleration a controlled particle must have at t.
struct Kinematics {
  Eigen::Vector2d x, v, a;
};
inline Kinematics prescribed(const Particle& p, double t) {
  switch (p.control.kind) {
    case ControlKind::Nailed:
      return {p.control.anchor, Eigen::Vector2d::Zero(), Eigen::Vector2d::Zero()};
    case ControlKind::Motor:
      return {p.control.xc(t), p.control.vc(t),
              p.control.ac ? p.control.ac(t) : Eigen::Vector2d::Zero()};
    case ControlKind::Free:
      break;
  }
  return {p.x, p.v, Eigen::Vector2d::Zero()};
}

inline Control nailAt(const Eigen::Vector2d& at) {
  Control c;
  c.kind = ControlKind::Nailed;
  c.anchor = at;
  return c;
}

// A motor: the particle runs on a circle, x_c(t) = c + R (cos(w t + phase), sin(w t + phase)).
inline Control motorOnCircle(const Eigen::Vector2d& center, double radius, double omega,
                             double phase = 0.0) {
  Control c;
  c.kind = ControlKind::Motor;
  c.xc = [=](double t) {
    return Eigen::Vector2d(center + radius * Eigen::Vector2d(std::cos(omega * t + phase),
                                                             std::sin(omega * t + phase)));
  };
  c.vc = [=](double t) {
    return Eigen::Vector2d(
        radius * omega *
        Eigen::Vector2d(-std::sin(omega * t + phase), std::cos(omega * t + phase)));
  };
  c.ac = [=](double t) {
    return Eigen::Vector2d(
        -radius * omega * omega *
        Eigen::Vector2d(std::cos(omega * t + phase), std::sin(omega * t + phase)));
  };
  return c;
}

}  // namespace pbm
