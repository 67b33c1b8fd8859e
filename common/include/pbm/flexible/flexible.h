// Chapter 11 student functions: flexible bodies as global polynomial
// deformations of a rest shape (Baraff & Witkin 1992, "Dynamic simulation of
// non-penetrating flexible bodies", after Witkin & Welch 1990). 2D: a body's
// material point u (rest coordinates, centred at the centre of mass) is at
//   x(u, t) = D(q, u) = q(t) b(u),   q a 2 x n matrix (Baraff & Witkin 1992 §3),
// and the least-constraint dynamics are q'' M = Q with the constant
// M = integral rho b b^T dV (§2-§3). Each function is written by the student in
// exercises/11_flexible_bodies/ (reference: solutions/11_flexible_bodies/);
// the file is named in brackets. Section numbers follow the paper's order:
// §2 global deformations and the minimum-error dynamics, §3 linear
// deformations (M, Q), §4 potential energy functions, §5 non-penetration
// (colliding and continuous contact), §6 implementation (the polyhedral
// boundary, the inverse map).
//
// Our choices, where the paper's formulas are not reconstructed from its text:
// - the basis order, constant first: affine (1, x, y), quadratic
//   (1, x, y, x^2, xy, y^2), so an affine q is the first 3 columns of a
//   quadratic one and column 0 of q is the centre of mass;
// - the energy: St Venant-Kirchhoff, written in the metric tensor G = F^T F as
//   the paper asks (§4: a potential in the metric tensor), with
//   E_green = (G - I)/2 and W = mu |E_green|^2 + lambda/2 (tr E_green)^2;
// - the damping: a Rayleigh function of the metric's rate, so rigid motion is
//   never damped.
// q is stored column-major (Eigen::Matrix2Xd), so q.data() is vec(q) in
// basis-major order (q_0x, q_0y, q_1x, q_1y, ...): the ODE state (flex_body.h).
#pragma once
#include <Eigen/Core>
#include <random>
#include <vector>

namespace pbm {

// Affine: 3 basis functions (6 DOF); quadratic: 6 (12 DOF).
enum class DeformKind { Affine, Quadratic };

struct FlexBody;  // flex_body.h: rest shape, material, M and its LLT, quadrature

// A contact of a body vertex (material point u) with a fixed obstacle whose
// outward unit normal is n (Baraff & Witkin 1992 §5).
struct FlexContact {
  Eigen::Vector2d u;
  Eigen::Vector2d n;
};

// --- [basis.cpp] the basis and the map (Baraff & Witkin 1992 §3)
// n = 3 (affine) or 6 (quadratic).
int flexBasisSize(DeformKind kind);
// b(u): (1, x, y) or (1, x, y, x^2, xy, y^2), u = (x, y).
Eigen::VectorXd flexBasis(DeformKind kind, const Eigen::Vector2d& u);
// B(u) = db/du (n x 2): column 0 is db/dx, column 1 db/dy.
Eigen::MatrixX2d flexBasisGradient(DeformKind kind, const Eigen::Vector2d& u);
// x = q b(u).
Eigen::Vector2d flexDeform(const Eigen::Matrix2Xd& q, DeformKind kind, const Eigen::Vector2d& u);
// The identity map x = u: the q of the undeformed body at the origin.
Eigen::Matrix2Xd flexRestState(DeformKind kind);

// --- [mass_matrix.cpp] M = integral rho b b^T dV (Baraff & Witkin 1992 §3):
// a table of the rest shape's moments (mass, first, second; up to fourth for
// quadratic).
// The centred width x height rectangle in closed form (e.g. affine:
// m diag(1, L^2/12, H^2/12)).
Eigen::MatrixXd flexMassMatrixRect(DeformKind kind, double width, double height, double rho);
// Any simple polygon (either orientation): a fan of triangles from vertex 0,
// each integrated by the collapsed (Duffy) 3 x 3 Gauss rule, exact for the
// degree-4 integrands of the quadratic basis.
Eigen::MatrixXd flexMassMatrixPolygon(DeformKind kind, const std::vector<Eigen::Vector2d>& poly,
                                      double rho);
// The paper's precomputation: (rho V / N) sum b(u_k) b(u_k)^T over N points
// uniform in the polygon (rejection from its bounding box; V its exact area).
// samples < flexBasisSize(kind): UsageError.
Eigen::MatrixXd flexMassMatrixMonteCarlo(DeformKind kind, const std::vector<Eigen::Vector2d>& poly,
                                         double rho, int samples, std::mt19937_64& rng);

// --- [forces.cpp] generalized forces (Baraff & Witkin 1992 §3)
// A force f at the material point u: Q = f b(u)^T (its power is f . x'(u)).
Eigen::Matrix2Xd flexPointForce(DeformKind kind, const Eigen::Vector2d& u,
                                const Eigen::Vector2d& f);
// Uniform gravity rho g over the body: Q = g (M e_0)^T, so q'' = g e_0^T.
Eigen::Matrix2Xd flexGravity(const Eigen::MatrixXd& M, const Eigen::Vector2d& g);

// --- [elasticity.cpp] internal forces from the metric tensor (Baraff &
// Witkin 1992 §4; our energy: St Venant-Kirchhoff)
// W(F) = mu |E|^2 + lambda/2 (tr E)^2, E = (F^T F - I)/2.
double stvkDensity(const Eigen::Matrix2d& F, double mu, double lambda);
// P = dW/dF = F (2 mu E + lambda tr(E) I), the first Piola stress.
Eigen::Matrix2d stvkPiola(const Eigen::Matrix2d& F, double mu, double lambda);
// E(q) = sum_k w_k W(q B(u_k)) over the body's quadrature points.
double flexStrainEnergy(const FlexBody& body, const Eigen::Matrix2Xd& q);
// Q_el = -dE/dq = -sum_k w_k P(F_k) B(u_k)^T.
Eigen::Matrix2Xd flexElasticForce(const FlexBody& body, const Eigen::Matrix2Xd& q);
// R = nu sum_k w_k |E'_k|^2 with E' = (F'^T F + F^T F')/2, F' = q' B:
// Q_damp = -dR/dq' = -sum_k w_k 2 nu F_k E'_k B_k^T.
Eigen::Matrix2Xd flexDampingForce(const FlexBody& body, const Eigen::Matrix2Xd& q,
                                  const Eigen::Matrix2Xd& qdot);

// --- [dynamics.cpp] (Baraff & Witkin 1992 §2-§3)
// q'' = Q M^-1, by the body's Cholesky factor (M is symmetric: one solve with
// Q^T's two columns).
Eigen::Matrix2Xd flexAcceleration(const FlexBody& body, const Eigen::Matrix2Xd& Q);

// --- [diagnostics.cpp] exact identities of the model (Baraff & Witkin 1992 §3)
// T = 1/2 tr(q' M q'^T).
double flexKineticEnergy(const FlexBody& body, const Eigen::Matrix2Xd& qdot);
// P = q' M e_0.
Eigen::Vector2d flexMomentum(const FlexBody& body, const Eigen::Matrix2Xd& qdot);
// L = W_xy - W_yx with W = q M q'^T (= integral rho x x'^T).
double flexAngularMomentum(const FlexBody& body, const Eigen::Matrix2Xd& q,
                           const Eigen::Matrix2Xd& qdot);
// c = q M e_0 / m.
Eigen::Vector2d flexCenterOfMass(const FlexBody& body, const Eigen::Matrix2Xd& q);
// Stretch: the squared small-oscillation frequencies about the rest state,
// ascending: generalized eigenvalues of (the Hessian of E at flexRestState, by
// central differences of flexElasticForce; M kron I_2).
Eigen::VectorXd flexModes(const FlexBody& body);

// --- [collision.cpp] colliding contact, phase 1 (Baraff & Witkin 1992 §5)
// K(u, v) = b(u)^T M^-1 b(v): the velocity at u per unit impulse at v.
double flexResponse(const FlexBody& body, const Eigen::Vector2d& u, const Eigen::Vector2d& v);
// The least-error impulse j n at the material point u that stops the point's
// approach along n: v- = n . q' b(u); if v- < 0, j = -v- / K(u, u) and
// q' += j n (M^-1 b(u))^T; else j = 0 and q' is unchanged. Returns j.
double flexCollisionImpulse(const FlexBody& body, Eigen::Matrix2Xd& qdot, const Eigen::Vector2d& u,
                            const Eigen::Vector2d& n);
// Several simultaneous contacts: the impulse LCP v+ = A j + v- >= 0, j >= 0,
// j . v+ = 0 by chapter 10's solveLcpDantzig (A = flexContactMatrix, b the
// normal velocities v-); q' += sum_i j_i n_i (M^-1 b(u_i))^T. No contact
// approaching (all v- >= 0): j = 0, q' unchanged. Returns j; an LCP failure
// is a SolverFailure.
Eigen::VectorXd flexCollisionImpulses(const FlexBody& body, Eigen::Matrix2Xd& qdot,
                                      const std::vector<FlexContact>& contacts);

// --- [contact.cpp] resting contact, phase 2 (Baraff & Witkin 1992 §5, with
// chapter 10's LCP): a_i = sum_j A_ij f_j + b_i >= 0, f_i >= 0, f_i a_i = 0.
// A_ij = (n_i . n_j) K(u_i, u_j).
Eigen::MatrixXd flexContactMatrix(const FlexBody& body, const std::vector<FlexContact>& contacts);
// b_i = n_i . (qddFree b(u_i)).
Eigen::VectorXd flexContactBVector(const FlexBody& body, const std::vector<FlexContact>& contacts,
                                   const Eigen::Matrix2Xd& qddFree);
// Q_contact = sum_i f_i n_i b(u_i)^T.
Eigen::Matrix2Xd flexContactForce(const FlexBody& body, const std::vector<FlexContact>& contacts,
                                  const Eigen::VectorXd& f);

// --- [geometry.cpp] (Baraff & Witkin 1992 §6)
// The material point u with q b(u) = x, by Newton's method from guess with
// the Jacobian F(u) = q B(u); stops when |q b(u) - x| <= tol. A singular F, a
// non-finite step or no convergence in maxIter steps: SolverFailure.
Eigen::Vector2d flexInverseDeform(DeformKind kind, const Eigen::Matrix2Xd& q,
                                  const Eigen::Vector2d& x, Eigen::Vector2d guess, int maxIter = 20,
                                  double tol = 1e-12);
// The polyhedral boundary approximation: every edge of poly split into
// perEdge equal pieces; vertices in poly's order, each original vertex first
// (perEdge >= 1, else UsageError).
std::vector<Eigen::Vector2d> subdivideBoundary(const std::vector<Eigen::Vector2d>& poly,
                                               int perEdge);

}  // namespace pbm
