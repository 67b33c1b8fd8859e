// Chapter 03 tests, part 2: nonlinear f and failures (IM §3): the linearised
// step against backward Euler and Newton's quadratic convergence (C3.4), the
// singular and indefinite systems that must throw SolverFailure, and the
// models' analytic Jacobians against central differences.
#include "03_stiffness_test.h"

namespace {

using namespace ch03_test;

// ---------------------------------------------------------------- C3.4
// IM §3 ("we can't in general solve for Y_new"): for y' = -y^3 one linearised
// step is not backward Euler; Newton's iterations converge to it quadratically.
TEST(Ch03Newton, LinearisedStepIsNotBackwardEulerForNonlinearF) {
  CubicSystem sys(1.0);
  pbm::implicitEulerStep(sys, 1.0);
  EXPECT_DOUBLE_EQ(sys.y(), 0.75)
      << "IM §3 (3-2): one linearised step on y' = -y^3 from 1 with h = 1 is 1 - 1/(1 + 3)";
  const double y = sys.y();
  EXPECT_DOUBLE_EQ(y - 1.0 + y * y * y, 0.171875)
      << "IM §3: the linearised step leaves the backward-Euler residual y - y0 + h y^3 != 0";
}

double cubicRoot() {  // y + y^3 = 1 by bisection: the true backward-Euler step
  double lo = 0.0, hi = 1.0;
  for (int i = 0; i < 200; ++i) {
    const double mid = 0.5 * (lo + hi);
    (mid + mid * mid * mid < 1.0 ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}

TEST(Ch03Newton, ConvergesQuadraticallyToTheBackwardEulerRoot) {
  const double root = cubicRoot();  // 0.6823278038280193
  // The iterates, one Newton update at a time (tolerances chosen between the
  // residuals 0.17, 8.9e-3, 2.8e-5, 2.8e-10).
  std::vector<double> iterates;
  const double tols[] = {0.2, 0.01, 1e-4, 1e-9};
  for (int i = 0; i < 4; ++i) {
    CubicSystem sys(1.0);
    ASSERT_EQ(newtonWithin(sys, 1.0, tols[i], 10), i + 1)
        << "IM §3: Newton iterations needed for residual tolerance " << tols[i];
    ASSERT_DOUBLE_EQ(sys.t(), 1.0) << "IM §3: the step installs t0 + h";
    iterates.push_back(sys.y());
  }
  EXPECT_DOUBLE_EQ(iterates[0], 0.75) << "IM §3: Newton's first iterate is the linearised step";
  EXPECT_NEAR(iterates[1], 59.0 / 86.0, 1e-15)  // 0.75 - 0.171875/(1 + 3 * 0.75^2)
      << "IM §3: the second Newton iterate 0.75 - 0.171875 / (1 + 3 * 0.75^2)";
  // e_{k+1} / e_k^2 -> f''/(2 f') at the root = 3 r / (1 + 3 r^2) ~ 0.854.
  const double c = 3 * root / (1 + 3 * root * root);
  for (int i = 1; i < 3; ++i) {
    const double ratio = (iterates[i + 1] - root) / std::pow(iterates[i] - root, 2);
    ASSERT_NEAR(ratio, c, 0.1) << "IM §3: Newton converges quadratically, e_{k+1} / e_k^2 -> "
                                  "3r / (1 + 3r^2); iterate "
                               << i;
  }
  EXPECT_NEAR(iterates[3], root, 1e-9)
      << "IM §3: the iterates converge to the backward-Euler root of y + y^3 = 1 (bisection)";
  // Without an analytic Jacobian (finite differences, fd_jacobian.h) the same root.
  CubicSystem inner(1.0);
  NoJacobian fd(inner);
  newtonWithin(fd, 1.0, 1e-9, 10);
  EXPECT_NEAR(inner.y(), root, 1e-9)
      << "IM §3: without an analytic Jacobian Newton must use finite differences and reach the "
         "same root of y + y^3 = 1";
}

TEST(Ch03Newton, GivesUpAfterMaxIterAndRestoresTheState) {
  CubicSystem sys(1.0);
  EXPECT_THROW(newtonWithin(sys, 1.0, 1e-14, 1), pbm::SolverFailure)
      << "IM §3: one iteration cannot reach 1e-14: SolverFailure";
  EXPECT_EQ(sys.y(), 1.0) << "IM §3: a failed step restores the state";
  EXPECT_EQ(sys.t(), 0.0) << "IM §3: a failed step restores the time";
}

// IM §3: Newton need not converge. For y' = y^2 from y0 = 1 with h = 1,
// backward Euler's G(Y) = Y - 1 - Y^2 has no real root, and Newton from Y0
// cycles exactly 1 -> 0 -> 1 (G = -1 at both, G' = -1 and 1): |G| stays 1.
// The step must give up after maxIter updates with SolverFailure, the state
// restored; a loop without its cap never ends (the budget names it).
class SquareSystem : public pbm::OdeSystem {
 public:
  int dim() const override { return 1; }
  void getState(VectorXd& x, double& t) const override { x = VectorXd::Constant(1, y_), t = t_; }
  void setState(const VectorXd& x, double t) override { y_ = x[0], t_ = t; }
  void derivEval(VectorXd& xdot) override { xdot = VectorXd::Constant(1, y_ * y_); }
  bool hasJacobian() const override { return true; }
  void jacobian(Sparse& J) override {
    J.resize(1, 1);
    J.setZero();
    J.insert(0, 0) = 2.0 * y_;
  }
  double y() const { return y_; }
  double t() const { return t_; }

 private:
  double y_ = 1.0, t_ = 0.0;
};

TEST(Ch03Newton, GivesUpWhenTheIterationsCycleWithoutARoot) {
  SquareSystem sys;
  EXPECT_THROW(newtonWithin(sys, 1.0, 1e-10, 20), pbm::SolverFailure)
      << "IM §3: Y - 1 - Y^2 = 0 has no real root; Newton cycles 1, 0, 1, ...: after maxIter = 20 "
         "updates the step must throw SolverFailure";
  EXPECT_EQ(sys.y(), 1.0) << "IM §3: a failed step restores the state";
  EXPECT_EQ(sys.t(), 0.0) << "IM §3: a failed step restores the time";
}

// ---------------------------------------------------------------- failures
// IM §3: (I/h - f') must be invertible; CG needs a positive definite matrix.
TEST(Ch03Solver, SingularLinearisedSystemThrowsSolverFailure) {
  const MatrixXd A = 2.0 * MatrixXd::Identity(2, 2);  // f' = I/h at h = 1/2
  LinearSystem sys(A, Vector2d(1.0, -1.0));
  EXPECT_THROW(pbm::implicitEulerStep(sys, 0.5), pbm::SolverFailure)
      << "IM §3: (I/h - f') = 0 at h = 1/2: the step must report SolverFailure";
  EXPECT_VEC_NEAR(stateOf(sys), Vector2d(1.0, -1.0), 0.0)
      << "IM §3: a failed step leaves the state untouched";
}

// The same singular step inside a run: the stepping layer (core/stepping.h)
// stops the run with SimulationDiverged (exit status 3) naming the step's start
// time and its size, and the solver's message.
TEST(Ch03Solver, SingularStepInARunStopsItNamingTAndH) {
  const MatrixXd A = 2.0 * MatrixXd::Identity(2, 2);
  LinearSystem sys(A, Vector2d(1.0, -1.0));
  pbm::Stepper stepper;
  stepper.reset(pbm::implicitEulerMethod(), 0.5);
  try {
    stepper.advance(sys, 10.0);
    FAIL() << "IM §3: (I/h - f') = 0 at h = 1/2: expected SimulationDiverged, got no error";
  } catch (const pbm::SimulationDiverged& e) {
    EXPECT_EQ(e.time(), 0.0);
    EXPECT_EQ(e.stepSize(), 0.5);
    const std::string what = e.what();
    EXPECT_NE(what.find("at t = 0 s with h = 0.5 s"), std::string::npos)
        << "expected t and h in the message, got: " << what;
    EXPECT_NE(what.find("singular"), std::string::npos) << "IM §3: got: " << what;
  }
}

TEST(Ch03Solver, IndefiniteSecondOrderSystemThrowsSolverFailure) {
  Sparse zero(2, 2);
  // A negative mass: S has a negative diagonal entry.
  EXPECT_THROW(
      secondOrderWithin(Vector2d(0, 0), Vector2d(1, 1), zero, zero, Vector2d(-1.0, 1.0), 0.1),
      pbm::SolverFailure)
      << "IM §4: a negative mass makes (4-5) indefinite: SolverFailure";
  // A positive diagonal but a negative eigenvalue: S = [[1, -4], [-4, 1]] (eigenvalues 5, -3).
  Sparse dFdx(2, 2);
  dFdx.insert(0, 1) = 4.0;
  dFdx.insert(1, 0) = 4.0;
  EXPECT_THROW(
      secondOrderWithin(Vector2d(0, 0), Vector2d(1, 0), dFdx, zero, Vector2d(1.0, 1.0), 1.0),
      pbm::SolverFailure)
      << "IM §4: S = [[1, -4], [-4, 1]] has eigenvalue -3, CG needs definite S: SolverFailure";
}

// IM §4: S = diag(-1, 1) or diag(1, -1) (one negative mass) is indefinite
// whatever the right-hand side. With b far from the negative axis a CG whose
// preconditioner is not positive definite (S_ii where 1 / S_ii belongs, or a
// negative 1 / S_ii) lands on S^-1 b in one step with p^T S p > 0 and never
// sees it; plain CG needs two steps here, and one of its p^T S p is < 0.
TEST(Ch03Solver, IndefiniteSystemThrowsWhicheverCoordinateIsNegative) {
  Sparse zero(2, 2);
  const std::pair<Vector2d, Vector2d> cases[] = {{Vector2d(-1.0, 1.0), Vector2d(1.0, 10.0)},
                                                 {Vector2d(1.0, -1.0), Vector2d(10.0, 1.0)}};
  for (const auto& [mass, F0] : cases) {
    SCOPED_TRACE("mass = (" + std::to_string(mass[0]) + ", " + std::to_string(mass[1]) +
                 "), F0 = (" + std::to_string(F0[0]) + ", " + std::to_string(F0[1]) + ")");
    EXPECT_THROW(secondOrderWithin(Vector2d(0, 0), F0, zero, zero, mass, 0.1), pbm::SolverFailure)
        << "IM §4: implicitEulerSecondOrder: S = M is indefinite (a negative mass): expected "
           "SolverFailure (implicit.h), got a step";
  }
}

// ---------------------------------------------------------------- Jacobians
// IM §3: the models' analytic Jacobians against central differences, and
// implicitEulerStep with either gives the same step.
void expectJacobianMatchesFd(pbm::OdeSystem& sys, double tol, const char* what) {
  Sparse Ja, Jf;
  sys.jacobian(Ja);
  pbm::finiteDifferenceJacobian(sys, Jf);
  EXPECT_VEC_NEAR(MatrixXd(Ja), MatrixXd(Jf), tol)
      << "IM §3: the analytic Jacobian of the " << what << " against central differences";
}

TEST(Ch03Jacobian, AnalyticJacobiansMatchFiniteDifferences) {
  StiffBowlSystem bowl(37.0, {0.3, -0.8});
  expectJacobianMatchesFd(bowl, 1e-6, "stiff bowl");
  auto far = [](double t) { return Vector2d(3.0 + t, -2.0); };
  auto near = [](double) { return Vector2d(0.2, 0.1); };
  pbm::PenaltySystem clamped(500.0, 10.0, 5.0, far, {0.1, 0.05});  // |k_m d| > f_max
  pbm::PenaltySystem free(500.0, 10.0, 5.0, near, {0.1, 0.05});    // |k_m d| < f_max
  expectJacobianMatchesFd(clamped, 1e-6, "penalty, clamped drag");
  expectJacobianMatchesFd(free, 1e-6, "penalty, spring drag");
  pbm::SpringNetwork net = pbm::makeChain(5, 0.1, 30.0);
  net.drag = 0.4;
  net.assemble();
  std::mt19937 rng(9);
  pbm::NetworkSystem chain(net, pbm::pluckedChain(5, 4.0, 0.8), randomVector(10, rng));
  expectJacobianMatchesFd(chain, 1e-5, "spring chain");

  const std::pair<const char*, pbm::OdeSystem*> systems[] = {
      {"stiff bowl", &bowl}, {"penalty, clamped drag", &clamped}, {"spring chain", &chain}};
  for (const auto& [name, sys] : systems) {
    SCOPED_TRACE(name);
    const VectorXd y0 = stateOf(*sys);
    pbm::implicitEulerStep(*sys, 0.05);
    const VectorXd analytic = stateOf(*sys);
    sys->setState(y0, 0.0);
    NoJacobian fd(*sys);
    pbm::implicitEulerStep(fd, 0.05);
    ASSERT_VEC_NEAR(stateOf(*sys), analytic, 1e-6 * std::max(1.0, analytic.norm()))
        << "IM §3: without an analytic Jacobian the step must use finite differences and "
           "give the same result";
  }
}

}  // namespace
