// Chapter 11 tests, shared helpers: the oracles are written here
// independently of the student functions (the test's own monomial basis, Gauss
// rules, moments by Green's theorem, a plain RK4), so a claim is never
// checked against the code's own output.
#pragma once

#include <gtest/gtest.h>

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <Eigen/LU>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "budget.h"
#include "expect_vec_near.h"
#include "pbm/core/ode.h"
#include "pbm/flexible/flex_body.h"
#include "pbm/resting/lcp.h"
#include "test_deadline.h"

namespace ch11_test {

using Eigen::Matrix2d;
using Eigen::Matrix2Xd;
using Eigen::MatrixX2d;
using Eigen::MatrixXd;
using Eigen::Vector2d;
using Eigen::VectorXd;
using pbm::DeformKind;
using pbm::FlexBody;
using pbm::FlexMaterial;

inline constexpr double kPi = 3.14159265358979323846;
inline constexpr DeformKind kAffine = DeformKind::Affine;
inline constexpr DeformKind kQuadratic = DeformKind::Quadratic;
inline const DeformKind kKinds[2] = {DeformKind::Affine, DeformKind::Quadratic};

inline int basisSize(DeformKind k) {
  return k == DeformKind::Affine ? 3 : 6;
}
inline const char* kindName(DeformKind k) {
  return k == DeformKind::Affine ? "affine" : "quadratic";
}

// The test's own basis (1, x, y, x^2, xy, y^2) and its gradient.
inline VectorXd basisRef(DeformKind k, const Vector2d& u) {
  VectorXd b(6);
  b << 1, u.x(), u.y(), u.x() * u.x(), u.x() * u.y(), u.y() * u.y();
  return b.head(basisSize(k));
}
inline MatrixX2d gradRef(DeformKind k, const Vector2d& u) {
  MatrixX2d B = MatrixX2d::Zero(6, 2);
  B(1, 0) = 1;
  B(2, 1) = 1;
  B(3, 0) = 2 * u.x();
  B(4, 0) = u.y();
  B(4, 1) = u.x();
  B(5, 1) = 2 * u.y();
  return B.topRows(basisSize(k));
}
inline Matrix2d rotation(double a) {
  return Eigen::Rotation2Dd(a).toRotationMatrix();
}

// Gauss-Legendre on [-1, 1] with 2, 3 or 5 points.
struct Rule {
  std::vector<double> x, w;
};
inline Rule gauss(int n) {
  if (n == 2) return {{-1 / std::sqrt(3.0), 1 / std::sqrt(3.0)}, {1, 1}};
  if (n == 3) return {{-std::sqrt(0.6), 0, std::sqrt(0.6)}, {5.0 / 9, 8.0 / 9, 5.0 / 9}};
  const double a = std::sqrt(5 - 2 * std::sqrt(10.0 / 7)) / 3,
               b = std::sqrt(5 + 2 * std::sqrt(10.0 / 7)) / 3;
  const double wa = (322 + 13 * std::sqrt(70.0)) / 900, wb = (322 - 13 * std::sqrt(70.0)) / 900;
  return {{-b, -a, 0, a, b}, {wb, wa, 128.0 / 225, wa, wb}};
}

// Points and weights of the n x n tensor rule on the centred L x H rectangle.
inline void rectRule(double L, double H, int n, std::vector<Vector2d>& pts,
                     std::vector<double>& w) {
  const Rule r = gauss(n);
  pts.clear();
  w.clear();
  for (size_t i = 0; i < r.x.size(); ++i)
    for (size_t j = 0; j < r.x.size(); ++j) {
      pts.emplace_back(0.5 * L * r.x[i], 0.5 * H * r.x[j]);
      w.push_back(0.25 * L * H * r.w[i] * r.w[j]);
    }
}

// M of the centred L x H rectangle by the test's own 5 x 5 Gauss rule (exact
// to degree 9 per axis).
inline MatrixXd massRef(DeformKind k, double L, double H, double rho) {
  std::vector<Vector2d> p;
  std::vector<double> w;
  rectRule(L, H, 5, p, w);
  const int n = basisSize(k);
  MatrixXd M = MatrixXd::Zero(n, n);
  for (size_t i = 0; i < p.size(); ++i) {
    const VectorXd b = basisRef(k, p[i]);
    M += rho * w[i] * b * b.transpose();
  }
  return M;
}

// integral over a polygon of x^a y^b by Green's theorem: the closed integral
// of x^(a+1) y^b / (a+1) dy, each edge by 5-point Gauss (exact to degree 9).
inline double polygonMoment(const std::vector<Vector2d>& poly, int a, int b) {
  const Rule r = gauss(5);
  double s = 0;
  for (size_t i = 0; i < poly.size(); ++i) {
    const Vector2d p = poly[i], d = poly[(i + 1) % poly.size()] - p;
    for (size_t k = 0; k < r.x.size(); ++k) {
      const Vector2d x = p + 0.5 * (r.x[k] + 1) * d;
      s += 0.5 * r.w[k] * std::pow(x.x(), a + 1) / (a + 1) * std::pow(x.y(), b) * d.y();
    }
  }
  return s;
}
// M of a polygon from its moments (either orientation: |area| fixes the sign).
inline MatrixXd polygonMassRef(DeformKind k, const std::vector<Vector2d>& poly, double rho) {
  const int e[6][2] = {{0, 0}, {1, 0}, {0, 1}, {2, 0}, {1, 1}, {0, 2}};
  const int n = basisSize(k);
  const double sign = polygonMoment(poly, 0, 0) < 0 ? -1 : 1;
  MatrixXd M(n, n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      M(i, j) = sign * rho * polygonMoment(poly, e[i][0] + e[j][0], e[i][1] + e[j][1]);
  return M;
}

inline FlexBody unitSquare(DeformKind k, double mu = 50, double lambda = 20, double nu = 0,
                           int points = 3) {
  return pbm::makeFlexRect(k, 1.0, 1.0, FlexMaterial{1.0, mu, lambda, nu}, points);
}

// A random q near the identity map (a deformation of size `size`).
inline Matrix2Xd randomNearRest(DeformKind k, std::mt19937_64& rng, double size) {
  std::uniform_real_distribution<double> u(-1, 1);
  Matrix2Xd q = Matrix2Xd::Zero(2, basisSize(k));
  q(0, 1) = 1;
  q(1, 2) = 1;
  for (int i = 0; i < q.size(); ++i) q.data()[i] += size * u(rng);
  return q;
}
inline Matrix2Xd randomMatrix(int cols, std::mt19937_64& rng, double size = 1) {
  std::uniform_real_distribution<double> u(-size, size);
  Matrix2Xd q(2, cols);
  for (int i = 0; i < q.size(); ++i) q.data()[i] = u(rng);
  return q;
}

// The test's own classical RK4 step (DEB §2), so the chapter's claims do not
// lean on chapter 02's code.
inline void rk4(pbm::OdeSystem& s, double h) {
  VectorXd x, k1, k2, k3, k4;
  double t;
  s.getState(x, t);
  s.derivEval(k1);
  s.setState(x + 0.5 * h * k1, t + 0.5 * h);
  s.derivEval(k2);
  s.setState(x + 0.5 * h * k2, t + 0.5 * h);
  s.derivEval(k3);
  s.setState(x + h * k3, t + h);
  s.derivEval(k4);
  s.setState(x + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4), t + h);
}

// The test's own energies: kinetic 1/2 tr(q' M q'^T) with the reference M,
// strain by the 5 x 5 rule from the StVK formula, gravity -m g . c.
inline double stvkRef(const Matrix2d& F, double mu, double lambda) {
  const Matrix2d E = 0.5 * (F.transpose() * F - Matrix2d::Identity());
  return mu * E.squaredNorm() + 0.5 * lambda * E.trace() * E.trace();
}
inline double strainRef(DeformKind k, double L, double H, double mu, double lambda,
                        const Matrix2Xd& q) {
  std::vector<Vector2d> p;
  std::vector<double> w;
  rectRule(L, H, 5, p, w);
  double e = 0;
  for (size_t i = 0; i < p.size(); ++i) e += w[i] * stvkRef(q * gradRef(k, p[i]), mu, lambda);
  return e;
}

// --- budgets (issue 30): a student loop that does not end fails in seconds,
// naming the function, instead of at ctest's timeout.
inline const std::string kNewtonHint =
    "does the Newton loop return once |q b(u) - x| <= tol and throw SolverFailure after "
    "maxIter steps (Baraff & Witkin 1992 §6, exercises/11_flexible_bodies/geometry.cpp)?";
inline const std::string kSamplingHint =
    "does the loop end after N accepted points: a point outside the polygon is drawn again "
    "and not counted, one inside is counted (Baraff & Witkin 1992 §3, "
    "exercises/11_flexible_bodies/mass_matrix.cpp)?";
inline const std::string kLcpHint =
    "chapter 10's solveLcpDantzig: does each pivot move its blocker, and stop at 20 n + 20 "
    "pivots?";
inline const std::string kWorldHint =
    "a loop in what the step calls does not end: the forces of every derivative evaluation "
    "(flexElasticForce, flexDampingForce: one pass over the quadrature points), "
    "flexContactMatrix, flexContactBVector, flexCollisionImpulses, or the LCP they feed (" +
    kLcpHint + ")";

// Chapter 10's solveLcpDantzig, which the resting forces run, under the deadline.
inline pbm::LcpResult dantzigWithin(const Eigen::MatrixXd& A, const Eigen::VectorXd& b) {
  return pbm_test::withinSeconds("solveLcpDantzig (chapter 10)", kLcpHint,
                                 [&] { return pbm::solveLcpDantzig(A, b); });
}

// The backstop for loops nothing counts (test_deadline.h): a test still
// running after kTestSeconds ends with this message, naming the student
// functions its suite drives (the exercise headers' --gtest_filter lines).
inline const bool kDeadlineInstalled = pbm_test::installTestDeadline(
    {{"Ch11Basis", "flexBasisSize, flexBasis, flexBasisGradient, flexDeform, flexRestState"},
     {"Ch11Geometry",
      "flexBasisSize, flexBasis, flexBasisGradient, flexDeform, flexRestState, flexInverseDeform, "
      "subdivideBoundary"},
     {"Ch11Mass",
      "flexBasisSize, flexBasis, flexBasisGradient, flexDeform, flexRestState, flexKineticEnergy, "
      "flexMomentum, flexAngularMomentum, flexCenterOfMass, flexModes, flexMassMatrixRect, "
      "flexMassMatrixPolygon, flexMassMatrixMonteCarlo"},
     {"Ch11Elastic",
      "flexBasisSize, flexBasis, flexBasisGradient, flexDeform, flexRestState, stvkDensity, "
      "stvkPiola, flexStrainEnergy, flexElasticForce, flexDampingForce"},
     {"Ch11Spectrum",
      "flexBasisSize, flexBasis, flexBasisGradient, flexDeform, flexRestState, flexKineticEnergy, "
      "flexMomentum, flexAngularMomentum, flexCenterOfMass, flexModes, flexAcceleration"},
     {"Ch11Collision", "flexResponse, flexCollisionImpulse, flexCollisionImpulses"},
     {"Ch11Poke", "flexResponse, flexCollisionImpulse, flexCollisionImpulses"},
     {"Ch11Contact",
      "flexResponse, flexCollisionImpulse, flexCollisionImpulses, flexContactMatrix, "
      "flexContactBVector, flexContactForce"},
     {"Ch11Dynamics",
      "flexKineticEnergy, flexMomentum, flexAngularMomentum, flexCenterOfMass, flexModes, "
      "flexAcceleration, flexPointForce, flexGravity"},
     {"Ch11Rect",
      "flexKineticEnergy, flexMomentum, flexAngularMomentum, flexCenterOfMass, flexModes"},
     {"Ch11Landing",
      "flexKineticEnergy, flexMomentum, flexAngularMomentum, flexCenterOfMass, flexModes"},
     {"Ch11Forces", "flexPointForce, flexGravity"},
     {"Ch11Modes", "flexModes, flexMassMatrixRect, flexElasticForce"}},
    "does every loop over the points, contacts or samples advance and end?", pbm_test::kTestSeconds,
    "Every body's boundary is built by subdivideBoundary (Ch11Geometry.Subdivided*).");

}  // namespace ch11_test
