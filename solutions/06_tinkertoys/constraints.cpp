// Constrained Dynamics §3-§4 (and the slides' "Constraints" catalogue): each
// constraint writes C, Cdot = J qdot, and its blocks of J = dC/dq and of
// Jdot = dCdot/dq (§3: evaluate Jdot as the derivative of Cdot, not as a
// rank-3 tensor times qdot). Blocks come in the order of particles().
#include "pbm/constraints/constraints.h"

namespace pbm {

void RodConstraint::evaluate(const ParticleSystem& ps, Eigen::Ref<Eigen::VectorXd> C,
                             Eigen::Ref<Eigen::VectorXd> Cdot, std::span<MatrixBlock> J,
                             std::span<MatrixBlock> Jdot) const {
  const Particle& a = ps.particles[particles_[0]];
  const Particle& b = ps.particles[particles_[1]];
  const Eigen::Vector2d d = a.x - b.x, w = a.v - b.v;
  if (form == RodForm::Quadratic) {
    // C = 1/2 (d.d - L^2): dC/dx_a = d^T, dC/dx_b = -d^T; Cdot = d.w, so Jdot = (w^T, -w^T).
    C[0] = 0.5 * (d.squaredNorm() - length * length);
    Cdot[0] = d.dot(w);
    J[0].data = d.transpose();
    J[1].data = -d.transpose();
    Jdot[0].data = w.transpose();
    Jdot[1].data = -w.transpose();
    return;
  }
  // Slides' form C = |d| - L: the gradient is the unit vector dhat, and
  // d(dhat . w)/dx_a = (w - (dhat . w) dhat)^T / |d|.
  const double len = d.norm();
  const Eigen::Vector2d dh = d / len;
  const double rate = dh.dot(w);
  C[0] = len - length;
  Cdot[0] = rate;
  J[0].data = dh.transpose();
  J[1].data = -dh.transpose();
  const Eigen::Vector2d jd = (w - rate * dh) / len;
  Jdot[0].data = jd.transpose();
  Jdot[1].data = -jd.transpose();
}

void CircularWireConstraint::evaluate(const ParticleSystem& ps, Eigen::Ref<Eigen::VectorXd> C,
                                      Eigen::Ref<Eigen::VectorXd> Cdot, std::span<MatrixBlock> J,
                                      std::span<MatrixBlock> Jdot) const {
  // §2 eq (1-3): C = 1/2 (r.r - R^2), r = x - c; Cdot = r.v; J = r^T; Jdot = v^T.
  const Particle& p = ps.particles[particles_[0]];
  const Eigen::Vector2d r = p.x - center;
  C[0] = 0.5 * (r.squaredNorm() - radius * radius);
  Cdot[0] = r.dot(p.v);
  J[0].data = r.transpose();
  Jdot[0].data = p.v.transpose();
}

void LineWireConstraint::evaluate(const ParticleSystem& ps, Eigen::Ref<Eigen::VectorXd> C,
                                  Eigen::Ref<Eigen::VectorXd> Cdot, std::span<MatrixBlock> J,
                                  std::span<MatrixBlock> Jdot) const {
  // Linear in x: the gradient n is constant, so Jdot = 0.
  const Particle& p = ps.particles[particles_[0]];
  C[0] = normal.dot(p.x - point);
  Cdot[0] = normal.dot(p.v);
  J[0].data = normal.transpose();
  Jdot[0].data.setZero();
}

void NailConstraint::evaluate(const ParticleSystem& ps, Eigen::Ref<Eigen::VectorXd> C,
                              Eigen::Ref<Eigen::VectorXd> Cdot, std::span<MatrixBlock> J,
                              std::span<MatrixBlock> Jdot) const {
  // Two rows (§4.2: ilength varies by constraint type): C = x - p, J = I.
  const Particle& p = ps.particles[particles_[0]];
  C = p.x - point;
  Cdot = p.v;
  J[0].data.setIdentity();
  Jdot[0].data.setZero();
}

void PinJointConstraint::evaluate(const ParticleSystem& ps, Eigen::Ref<Eigen::VectorXd> C,
                                  Eigen::Ref<Eigen::VectorXd> Cdot, std::span<MatrixBlock> J,
                                  std::span<MatrixBlock> Jdot) const {
  const Particle& a = ps.particles[particles_[0]];
  const Particle& b = ps.particles[particles_[1]];
  C = a.x - b.x;
  Cdot = a.v - b.v;
  J[0].data.setIdentity();
  J[1].data = -Eigen::Matrix2d::Identity();
  Jdot[0].data.setZero();
  Jdot[1].data.setZero();
}

}  // namespace pbm
