// Chapter 01 tests: vector fields, the solver interface and the Euler polygon
// (Differential Equation Basics, DEB §1, §2.1, §4; Particle System Dynamics,
// PSD §2). Each test checks one claim of the notes (labelled C1.1-C1.12 as in
// the chapter's lesson) against an exact closed form or an independent
// computation, and calls a chapter-01 student function, so each fails on the
// exercise skeleton. A failure names the section of the notes to read.
//
// This file: the fields and the solver interface (C1.1, C1.2, the pendulum's
// phase plane) and the headless energy rule. Further parts:
// 01_vector_field_test_euler.cpp (Euler's step, C1.3-C1.9, C1.12),
// 01_vector_field_test_trace.cpp (the polygon's contract, C1.10, C1.11, edge
// cases), 01_vector_field_test_lorenz.cpp (the Lorenz field).
#include "01_vector_field_test.h"

namespace {

using namespace ch01_test;

// ---------------------------------------------------------------- C1.1
// An exact integral curve x(t) of each catalogue field and the field itself.
struct CatalogueCase {
  const char* name;
  std::function<Vector2d(double)> curve;                   // x(t), x(0) = x0
  std::function<Vector2d(const Vector2d&, double)> field;  // the student's f(x, t)
};

// Exact curves, solved by hand (DEB §1), written independently of the fields.
std::vector<CatalogueCase> catalogue() {
  const Vector2d x0(0.8, -0.6);
  const double a = 0.3, k = 3.0, omega = 1.7, m = 2.0, ks = 5.0;
  const double w = std::sqrt(ks / m);
  return {
      {"rotation", [=](double t) -> Vector2d { return rotation(t) * x0; },
       [](const Vector2d& x, double t) { return pbm::rotationField(x, t); }},
      {"spiral_sink", [=](double t) -> Vector2d { return std::exp(-a * t) * (rotation(t) * x0); },
       [=](const Vector2d& x, double t) { return pbm::spiralSinkField(x, t, a); }},
      {"saddle", [=](double t) { return Vector2d(x0.x() * std::exp(t), x0.y() * std::exp(-t)); },
       [](const Vector2d& x, double t) { return pbm::saddleField(x, t); }},
      {"stiff_bowl",
       [=](double t) { return Vector2d(x0.x() * std::exp(-t), x0.y() * std::exp(-k * t)); },
       [=](const Vector2d& x, double t) { return pbm::stiffBowlField(x, t, k); }},
      {"rotating_wind",
       [=](double t) -> Vector2d {
         return x0 + Vector2d(std::sin(omega * t), 1.0 - std::cos(omega * t)) / omega;
       },
       [=](const Vector2d& x, double t) { return pbm::rotatingWindField(x, t, omega); }},
      {"spring_phase",
       [=](double t) {
         return Vector2d(x0.x() * std::cos(w * t) + x0.y() / w * std::sin(w * t),
                         -x0.x() * w * std::sin(w * t) + x0.y() * std::cos(w * t));
       },
       [=](const Vector2d& x, double t) {
         return pbm::phasePlaneField(x, t, m, [=](double p, double, double) { return -ks * p; });
       }},
  };
}

// DEB §1: each catalogued closed form is an integral curve, xdot = f(x, t).
TEST(Ch01Fields, ExactCurvesSatisfyXdotEqualsF) {
  const double t = 0.7, d = 1e-5;
  for (const auto& c : catalogue()) {
    SCOPED_TRACE(c.name);
    const Vector2d central = (c.curve(t + d) - c.curve(t - d)) / (2 * d);
    const Vector2d f = c.field(c.curve(t), t);
    ASSERT_VEC_NEAR(f, central, 1e-8)
        << "DEB §1: f(x(t), t) must equal dx/dt of the exact integral curve (central "
           "difference at t = 0.7)";
  }
}

// PSD §2: the phase-plane derivative is (v, F(x, v, t)/m), with x, v and t
// passed to the force as they are (a force that uses all three).
TEST(Ch01Fields, PhasePlaneDerivativeIsVelocityAndForceOverMass) {
  const auto force = [](double x, double v, double t) { return 3.0 * x - 5.0 * v + 7.0 * t; };
  const Vector2d f = pbm::phasePlaneField({0.25, -0.5}, 0.125, 4.0, force);
  EXPECT_EQ(f.x(), -0.5) << "PSD §2: xdot = v";
  EXPECT_EQ(f.y(), (0.75 + 2.5 + 0.875) / 4.0)
      << "PSD §2: vdot = F(x, v, t) / m with F = 3x - 5v + 7t at (0.25, -0.5, 0.125), m = 4";
}

// ---------------------------------------------------------------- C1.2
// DEB §4: dim, get/set of (x, t), and derivEval at the installed state.
TEST(Ch01FieldPoint, InterfaceSetGetIsExactAndDerivEvalLeavesStateAlone) {
  FieldPoint p([](const Vector2d& x, double t) { return pbm::rotatingWindField(x, t, 1.3); },
               Vector2d(0.0, 0.0));
  EXPECT_EQ(p.dim(), 2) << "DEB §4: a point in the plane has a 2D state";
  Eigen::VectorXd x(2);
  x << 0.123456789012345, -9.87654321098765;
  p.setState(x, 0.3);
  Eigen::VectorXd got;
  double t = -1.0;
  p.getState(got, t);
  ASSERT_EQ(got.size(), 2) << "DEB §4: getState returns dim() numbers";
  EXPECT_EQ(got(0), x(0)) << "DEB §4: getState returns what setState installed, bitwise";
  EXPECT_EQ(got(1), x(1)) << "DEB §4: getState returns what setState installed, bitwise";
  EXPECT_EQ(t, 0.3) << "DEB §4: getState returns the installed time";

  Eigen::VectorXd f1, f2;
  p.derivEval(f1);
  p.derivEval(f2);
  ASSERT_EQ(f1.size(), 2) << "DEB §4: derivEval returns dim() numbers";
  EXPECT_EQ(f1(0), std::cos(1.3 * 0.3))
      << "DEB §4: derivEval evaluates f at the installed t = 0.3, not the constructor's t0";
  EXPECT_EQ(f1(1), std::sin(1.3 * 0.3))
      << "DEB §4: derivEval evaluates f at the installed t = 0.3, not the constructor's t0";
  EXPECT_EQ(f1(0), f2(0)) << "DEB §4: a second derivEval gives the same f";
  EXPECT_EQ(f1(1), f2(1)) << "DEB §4: a second derivEval gives the same f";
  p.getState(got, t);
  EXPECT_EQ(got(0), x(0)) << "DEB §4: derivEval must not change the state";
  EXPECT_EQ(got(1), x(1)) << "DEB §4: derivEval must not change the state";
  EXPECT_EQ(t, 0.3) << "DEB §4: derivEval must not change the time";
}

// DEB §4: the constructor's (x0, t0) is the installed state.
TEST(Ch01FieldPoint, StartsAtTheGivenPointAndTime) {
  FieldPoint p([](const Vector2d& x, double t) { return pbm::saddleField(x, t); },
               Vector2d(0.5, -2.0), 1.5);
  Eigen::VectorXd x;
  double t = 0.0;
  p.getState(x, t);
  EXPECT_VEC_NEAR(x, Eigen::Vector2d(0.5, -2.0), 0.0) << "DEB §4: the constructor's x0";
  EXPECT_EQ(t, 1.5) << "DEB §4: the constructor's t0";
  Eigen::VectorXd f;
  p.derivEval(f);
  EXPECT_VEC_NEAR(f, Eigen::Vector2d(0.5, 2.0), 0.0)
      << "DEB §1, §4: the saddle field (x, -y) at the constructor's x0";
}

// PSD §2, DEB §1: the pendulum's phase plane (theta, omega), F = -m (g/L) sin(theta).
// Its exact curves are the level sets of E = omega^2/2 - (g/L) cos(theta) (the
// separatrix is E = g/L): the field is tangent to them, dE/dt = grad E . f = 0,
// checked by a central difference of E along the student's f. The Euler polygon
// leaves its level set at first order: halving h halves the energy error.
TEST(Ch01Fields, PendulumPhasePlaneKeepsItsEnergyLevelSets) {
  const double m = 2.0, w2 = 9.81 / 0.5;  // g/L
  const auto force = [=](double x, double, double) { return -m * w2 * std::sin(x); };
  const auto field = [=](const Vector2d& s, double t) {
    return pbm::phasePlaneField(s, t, m, force);
  };
  const auto energy = [=](const Vector2d& s) { return 0.5 * s.y() * s.y() - w2 * std::cos(s.x()); };
  const double d = 1e-6;
  for (const Vector2d& s : {Vector2d(0.3, 1.0), Vector2d(-2.0, 3.5), Vector2d(2.9, -0.4),
                            Vector2d(1.0, 8.8), Vector2d(-0.7, -6.2)}) {
    const Vector2d f = field(s, 0.0);
    const double dEdt = (energy(s + d * f) - energy(s - d * f)) / (2 * d);
    ASSERT_NEAR(dEdt, 0.0, 1e-7 * (1 + f.squaredNorm()))
        << "PSD §2: f = (omega, -(g/L) sin theta) must be tangent to E = const at ("
        << s.transpose() << "); got f = (" << f.transpose() << ")";
  }
  // Euler from theta = 2 at rest to T = 2: E drifts by O(h).
  const Vector2d x0(2.0, 0.0);
  double drift[3];
  for (int i = 0; i < 3; ++i) {
    const int n = 400 << i;
    const auto v = trace(field, x0, 2.0 / n, n);
    drift[i] = energy(v[n]) - energy(x0);
  }
  EXPECT_GT(drift[0], 0.0) << "DEB §2.1: Euler gains energy on the pendulum as on any oscillator";
  EXPECT_NEAR(drift[0] / drift[1], 2.0, 0.15)
      << "DEB §2.1: the energy error of the Euler polygon is O(h); drifts " << drift[0] << ", "
      << drift[1] << " at h = 1/200, 1/400";
  EXPECT_NEAR(drift[1] / drift[2], 2.0, 0.1)
      << "DEB §2.1: the energy error of the Euler polygon is O(h); drifts " << drift[1] << ", "
      << drift[2] << " at h = 1/400, 1/800";
}

// The headless energy rule (pbm/app/headless.h) on stiff_bowl, k = 100, h =
// 0.05 from (1.8, 1.5): Euler multiplies x by 1 - h = 0.95 and y by 1 - hk =
// -4 per step (DEB §2.1), so |x|^2/2 after n steps is known in closed form.
// The exact curves only lose it; the run stops at the first step past
// 101 E0, by the energy rule, naming t and h.
TEST(Ch01EnergyRule, StiffBowlBlowUpStopsAtTheStepTheClosedFormPredicts) {
  auto scene = ch01::makeStiffBowlScene();
  scene->params().set("k=100");
  const double x0 = 1.8, y0 = 1.5, h = 0.05, e0 = 0.5 * (x0 * x0 + y0 * y0);
  int n = 0;
  for (double x = x0, y = y0; 0.5 * (x * x + y * y) <= 101 * e0 && n < 100; ++n)
    x *= 1 - h, y *= 1 - h * 100;
  std::ostringstream csv;
  try {
    pbm::runHeadless(*scene, csv);
    FAIL() << "DEB §2.1: h k = 5 > 2 blows up; expected the energy rule to stop the run at step "
           << n << ", it ran to the end";
  } catch (const pbm::SimulationDiverged& e) {
    EXPECT_NEAR(e.time(), n * h, 1e-12) << "expected the stop at step " << n << ": " << e.what();
    EXPECT_NE(std::string(e.what()).find("energy"), std::string::npos)
        << "expected the energy rule to name the cause: " << e.what();
  }
}

// No default run of chapter 01 trips the rules: its exact curves keep or lose
// the measure, and at the default h Euler's gain stays far below 100 E0.
TEST(Ch01EnergyRule, EveryDefaultRunKeepsTheRules) {
  for (const auto& make :
       {ch01::makeRotationScene, ch01::makeSpiralSinkScene, ch01::makeSaddleScene,
        ch01::makeStiffBowlScene, ch01::makeRotatingWindScene, ch01::makeSpringPhaseScene,
        ch01::makePendulumPhaseScene, ch01::makeLorenzScene}) {
    // Seconds per scene for the reference on a loaded machine, not per test.
    pbm_test::extendTestDeadline(20);
    auto scene = make();
    std::ostringstream csv;
    ASSERT_NO_THROW(pbm::runHeadless(*scene, csv))
        << scene->name() << ": the default run must end at t = " << scene->settings().tEnd;
  }
}

}  // namespace
