// Chapter 11 core (header-only, not student code): a flexible body and its ODE
// system (Baraff & Witkin 1992 §2-§3). A FlexBody is what never changes during
// a run: the rest polygon (centred at its centre of mass), the material, the
// constant mass matrix M and its Cholesky factor, the quadrature points of the
// strain energy with b and B precomputed, and the boundary vertices (the
// polyhedral boundary approximation of §6) with b precomputed. FlexSystem is
// the OdeSystem of one body, state [vec q, vec q'] (dim 12 affine, 24
// quadratic), derivative (q', Q M^-1).
#pragma once
#include <Eigen/Cholesky>
#include <Eigen/Core>
#include <Eigen/LU>
#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "pbm/core/errors.h"
#include "pbm/core/ode.h"
#include "pbm/flexible/flexible.h"

namespace pbm {

struct FlexMaterial {
  double rho = 1.0;     // density (mass per area)
  double mu = 100.0;    // St Venant-Kirchhoff shear modulus (>= 0)
  double lambda = 0.0;  // first Lame parameter (mu + lambda >= 0)
  double nu = 0.0;      // damping of the metric's rate (>= 0)
};

struct FlexBody {
  DeformKind kind = DeformKind::Affine;
  FlexMaterial material;
  std::vector<Eigen::Vector2d> rest;  // rest polygon, counter-clockwise, centroid at 0
  double area = 0.0, mass = 0.0;
  Eigen::MatrixXd M;              // n x n, integral rho b b^T
  Eigen::LLT<Eigen::MatrixXd> L;  // M = L L^T
  // Quadrature of the strain energy: points, weights (summing to the area),
  // b(u_k) and B(u_k) = db/du.
  std::vector<Eigen::Vector2d> quadU;
  std::vector<double> quadW;
  std::vector<Eigen::VectorXd> quadB;
  std::vector<Eigen::MatrixX2d> quadGrad;
  // The collision polygon: rest vertices (subdivided) and b at each.
  std::vector<Eigen::Vector2d> boundaryU;
  std::vector<Eigen::VectorXd> boundaryB;

  int n() const { return static_cast<int>(M.rows()); }
};

// Gauss-Legendre points and weights on [-1, 1], 1 to 3 points.
inline std::pair<std::vector<double>, std::vector<double>> flexGaussRule(int points) {
  switch (points) {
    case 1:
      return {{0.0}, {2.0}};
    case 2: {
      const double a = 1.0 / std::sqrt(3.0);
      return {{-a, a}, {1.0, 1.0}};
    }
    case 3: {
      const double a = std::sqrt(0.6);
      return {{-a, 0.0, a}, {5.0 / 9.0, 8.0 / 9.0, 5.0 / 9.0}};
    }
    default:
      throw UsageError("Gauss rule: " + std::to_string(points) +
                       " points per axis; accepted 1, 2, 3");
  }
}

// Signed area of a polygon (counter-clockwise positive).
inline double flexPolygonArea(const std::vector<Eigen::Vector2d>& poly) {
  double a = 0.0;
  for (size_t i = 0; i < poly.size(); ++i) {
    const Eigen::Vector2d& p = poly[i];
    const Eigen::Vector2d& r = poly[(i + 1) % poly.size()];
    a += p.x() * r.y() - r.x() * p.y();
  }
  return 0.5 * a;
}

// Installs M and its Cholesky factor; a singular M (e.g. sampled at too few or
// conic-bound points, Baraff & Witkin 1992 §3) is a SolverFailure naming its rank.
inline void flexSetMassMatrix(FlexBody& body, const Eigen::MatrixXd& M) {
  body.M = M;
  body.L.compute(M);
  if (body.L.info() != Eigen::Success || !M.allFinite()) {
    Eigen::FullPivLU<Eigen::MatrixXd> lu(M);
    lu.setThreshold(1e-12);
    throw SolverFailure("the mass matrix is singular: rank " + std::to_string(lu.rank()) + " of " +
                        std::to_string(M.rows()));
  }
}

namespace flex_detail {

inline void checkMaterial(const FlexMaterial& m) {
  if (!(m.rho > 0)) throw UsageError("flexible body: rho must be > 0");
  if (!(m.mu >= 0)) throw UsageError("flexible body: mu must be >= 0");
  if (!(m.mu + m.lambda >= 0)) throw UsageError("flexible body: mu + lambda must be >= 0");
  if (!(m.nu >= 0)) throw UsageError("flexible body: nu must be >= 0");
}

inline void addQuadPoint(FlexBody& b, const Eigen::Vector2d& u, double w) {
  b.quadU.push_back(u);
  b.quadW.push_back(w);
  b.quadB.push_back(flexBasis(b.kind, u));
  b.quadGrad.push_back(flexBasisGradient(b.kind, u));
}

inline void setBoundary(FlexBody& b, int perEdge) {
  b.boundaryU = subdivideBoundary(b.rest, perEdge);
  b.boundaryB.clear();
  for (const auto& u : b.boundaryU) b.boundaryB.push_back(flexBasis(b.kind, u));
}

}  // namespace flex_detail

// A centred width x height rectangle; the strain energy by the
// pointsPerAxis x pointsPerAxis Gauss rule (1, 2 or 3: 3 is exact for the
// quadratic basis, 1 leaves spurious zero-energy modes); perEdge boundary
// pieces per edge.
inline FlexBody makeFlexRect(DeformKind kind, double width, double height,
                             const FlexMaterial& material, int pointsPerAxis = 3, int perEdge = 1) {
  flex_detail::checkMaterial(material);
  if (!(width > 0) || !(height > 0))
    throw UsageError("flexible body: width and height must be > 0");
  FlexBody b;
  b.kind = kind;
  b.material = material;
  const double hx = 0.5 * width, hy = 0.5 * height;
  b.rest = {{-hx, -hy}, {hx, -hy}, {hx, hy}, {-hx, hy}};
  b.area = width * height;
  b.mass = material.rho * b.area;
  flexSetMassMatrix(b, flexMassMatrixRect(kind, width, height, material.rho));
  const auto [x, w] = flexGaussRule(pointsPerAxis);
  for (size_t i = 0; i < x.size(); ++i)
    for (size_t j = 0; j < x.size(); ++j)
      flex_detail::addQuadPoint(b, {hx * x[i], hy * x[j]}, hx * hy * w[i] * w[j]);
  flex_detail::setBoundary(b, perEdge);
  return b;
}

// Any simple polygon, star-shaped about its first vertex (a fan of triangles
// from it), shifted so its centroid is the origin and made counter-clockwise;
// M by flexMassMatrixPolygon, the strain energy by the collapsed 3 x 3 Gauss
// rule on every triangle of the fan.
inline FlexBody makeFlexPolygon(DeformKind kind, std::vector<Eigen::Vector2d> poly,
                                const FlexMaterial& material, int perEdge = 1) {
  flex_detail::checkMaterial(material);
  if (poly.size() < 3) throw UsageError("flexible body: a polygon needs at least 3 vertices");
  double area = flexPolygonArea(poly);
  if (area < 0) {
    std::reverse(poly.begin(), poly.end());
    area = -area;
  }
  if (!(area > 0)) throw UsageError("flexible body: the polygon has no area");
  Eigen::Vector2d c = Eigen::Vector2d::Zero();
  for (size_t i = 0; i < poly.size(); ++i) {
    const Eigen::Vector2d& p = poly[i];
    const Eigen::Vector2d& r = poly[(i + 1) % poly.size()];
    c += (p + r) * (p.x() * r.y() - r.x() * p.y());
  }
  c /= 6.0 * area;
  for (auto& p : poly) p -= c;
  FlexBody b;
  b.kind = kind;
  b.material = material;
  b.rest = poly;
  b.area = area;
  b.mass = material.rho * area;
  flexSetMassMatrix(b, flexMassMatrixPolygon(kind, poly, material.rho));
  const auto [x, w] = flexGaussRule(3);
  for (size_t t = 1; t + 1 < poly.size(); ++t) {
    const Eigen::Vector2d a = poly[0], e1 = poly[t] - a, e2 = poly[t + 1] - poly[t];
    const double det = e1.x() * e2.y() - e1.y() * e2.x();
    // Duffy: u = a + s e1 + s r e2, (s, r) in [0,1]^2, dA = s |det| ds dr.
    for (size_t i = 0; i < x.size(); ++i)
      for (size_t j = 0; j < x.size(); ++j) {
        const double s = 0.5 * (x[i] + 1), r = 0.5 * (x[j] + 1);
        flex_detail::addQuadPoint(b, a + s * e1 + s * r * e2, 0.25 * w[i] * w[j] * s * det);
      }
  }
  flex_detail::setBoundary(b, perEdge);
  return b;
}

// One body's ODE system (Baraff & Witkin 1992 §2-§3): state [vec q, vec q'],
// q'' = (Q_gravity + Q_el + Q_damp + Q_contact) M^-1. `contact`, if set,
// returns the contact forces' Q from q, q' and the free acceleration (the
// resting-contact LCP, chapter 10).
class FlexSystem : public OdeSystem {
 public:
  using ContactForce = std::function<Eigen::Matrix2Xd(const FlexBody&, const Eigen::Matrix2Xd& q,
                                                      const Eigen::Matrix2Xd& qdot,
                                                      const Eigen::Matrix2Xd& qddFree)>;

  explicit FlexSystem(FlexBody body) : body_(std::move(body)) {
    q_ = flexRestState(body_.kind);
    qdot_ = Eigen::Matrix2Xd::Zero(2, body_.n());
  }

  const FlexBody& body() const { return body_; }
  FlexBody& body() { return body_; }
  Eigen::Matrix2Xd& q() { return q_; }
  const Eigen::Matrix2Xd& q() const { return q_; }
  Eigen::Matrix2Xd& qdot() { return qdot_; }
  const Eigen::Matrix2Xd& qdot() const { return qdot_; }
  Eigen::Vector2d gravity{0.0, 0.0};
  ContactForce contact;

  // Gravity, elasticity and damping at (q, q'): the forces but contact.
  Eigen::Matrix2Xd freeForce(const Eigen::Matrix2Xd& q, const Eigen::Matrix2Xd& qdot) const {
    Eigen::Matrix2Xd Q = flexElasticForce(body_, q);
    if (gravity.squaredNorm() > 0) Q += flexGravity(body_.M, gravity);
    if (body_.material.nu > 0) Q += flexDampingForce(body_, q, qdot);
    return Q;
  }

  int dim() const override { return 4 * body_.n(); }
  void getState(Eigen::VectorXd& x, double& t) const override {
    const int m = 2 * body_.n();
    x.resize(2 * m);
    x.head(m) = Eigen::Map<const Eigen::VectorXd>(q_.data(), m);
    x.tail(m) = Eigen::Map<const Eigen::VectorXd>(qdot_.data(), m);
    t = t_;
  }
  void setState(const Eigen::VectorXd& x, double t) override {
    const int n = body_.n(), m = 2 * n;
    q_ = Eigen::Map<const Eigen::Matrix2Xd>(x.data(), 2, n);
    qdot_ = Eigen::Map<const Eigen::Matrix2Xd>(x.data() + m, 2, n);
    t_ = t;
  }
  void derivEval(Eigen::VectorXd& xdot) override {
    const int m = 2 * body_.n();
    Eigen::Matrix2Xd Q = freeForce(q_, qdot_);
    if (contact) Q += contact(body_, q_, qdot_, flexAcceleration(body_, Q));
    const Eigen::Matrix2Xd qdd = flexAcceleration(body_, Q);
    xdot.resize(2 * m);
    xdot.head(m) = Eigen::Map<const Eigen::VectorXd>(qdot_.data(), m);
    xdot.tail(m) = Eigen::Map<const Eigen::VectorXd>(qdd.data(), m);
  }

 private:
  FlexBody body_;
  Eigen::Matrix2Xd q_, qdot_;
  double t_ = 0.0;
};

}  // namespace pbm
