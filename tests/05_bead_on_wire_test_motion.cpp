// Chapter 05 tests, part: whole motions (CD §2, §5): the large-swing period
// against an elliptic integral, the parametric and the implicit bead, energy,
// the simulated constraint force against the closed-form normal force, and
// the singular bead at the wire's centre.
#include "05_bead_on_wire_test.h"

namespace {

using namespace ch05_test;

// Complete elliptic integral K(k) = pi / (2 AGM(1, sqrt(1 - k^2))), written here
// independently of the chapter's code.
double ellipticK(double k) {
  double a = 1, b = std::sqrt(1 - k * k);
  for (int i = 0; i < 60; ++i) {
    const double an = 0.5 * (a + b);
    b = std::sqrt(a * b);
    a = an;
  }
  return kPi / (2 * a);
}

// CD §2 end to end: the large-amplitude pendulum period is 4 K(sin(phi0/2)) sqrt(r/g),
// not the small-angle 2 pi sqrt(r/g). Measured from sign changes of x cross v.
TEST(Ch05Bead, LargeSwingPeriodIsFourKOverOmega) {
  for (double phi0 : {kPi / 2, 0.3}) {
    SCOPED_TRACE("phi0 = " + std::to_string(phi0));
    // 4 K(sin(pi/4)) sqrt(1/g) = 2.367841947576 for phi0 = pi/2.
    const double r = 1, want = 4 * ellipticK(std::sin(phi0 / 2)) * std::sqrt(r / kG);
    pbm::BeadSystem b = beadOnWire(2.0, r, phi0 - kPi / 2, 0.0, kG);  // angle from the bottom
    const double h = 1e-3;
    auto cross = [&] { return b.bead.x.x() * b.bead.v.y() - b.bead.x.y() * b.bead.v.x(); };
    std::vector<double> zeros;
    double prev = cross();
    for (int i = 1; i <= 6000; ++i) {
      pbm::rk4Step(b, h);
      const double now = cross();
      if (i > 1 && (prev < 0) != (now < 0)) zeros.push_back((i - 1) * h + h * prev / (prev - now));
      prev = now;
    }
    ASSERT_GE(zeros.size(), 3u) << "CD §2: the bead must swing back and forth in 6 s";
    const double period = zeros[2] - zeros[0];
    EXPECT_NEAR(period, want, 1e-6) << "CD §2: the pendulum's period is 4 K(sin(phi0/2)) sqrt(r/g)";
    EXPECT_GT(std::abs(period - 2 * kPi * std::sqrt(r / kG)), 0.005)
        << "CD §2: at phi0 = 0.3 or more the period is not the small-angle 2 pi sqrt(r/g)";
  }
}

// CD §5 eq 13 and the slides: the parametric bead (theta) and the implicit bead
// agree; the parametric one meets the constraint exactly even with Euler.
TEST(Ch05Bead, ParametricAndImplicitBeadsAgree) {
  // Eq 13 on a circle: T . Tdot = 0, so thetadot does not enter.
  const Vector2d f(0.7, -3.1);
  for (double th : {0.2, 2.0, -1.1}) {
    const double want = (-std::sin(th) * f.x() + std::cos(th) * f.y()) * 1.5 / (2.0 * 1.5 * 1.5);
    EXPECT_NEAR(pbm::beadThetaAccel(th, 2.3, f, 2.0, 1.5), want, 1e-13)
        << "CD §5 eq 13: m (T.T) thetaddot = T.f on a circle (T.Tdot = 0); theta = " << th;
    EXPECT_NEAR(pbm::beadThetaAccel(th, 0.0, f, 2.0, 1.5), want, 1e-13)
        << "CD §5 eq 13: on a circle thetadot does not enter; theta = " << th;
  }
  pbm::BeadSystem imp = beadOnWire(2.0, 1.0, -0.4, 1.2, kG);
  pbm::ParametricBead par;
  par.m = 2.0;
  par.theta = -0.4;
  par.thetaDot = 1.2;
  par.forces.g = Vector2d(0, -kG);
  double worst = 0;
  for (int i = 0; i < 5000; ++i) {
    pbm::rk4Step(imp, 1e-3);
    pbm::rk4Step(par, 1e-3);
    worst = std::max(worst, (imp.bead.x - par.x()).norm());
  }
  EXPECT_LT(worst, 1e-6) << "CD §5: the parametric and the implicit bead follow the same path; "
                            "worst distance over 5 s";

  pbm::ParametricBead eul = par;
  for (int i = 0; i < 1000; ++i) pbm::eulerStep(eul, 0.01);
  EXPECT_NEAR(eul.x().norm(), 1.0, 1e-14)
      << "CD §5: the parametric bead is on the wire by construction, even with Euler";
}

// CD §2.1: the constraint is lossless, so energy changes only by integrator
// error; and the bead stays on the wire (a zero constraint force would also
// conserve energy, in free fall), swinging down to the bottom of the circle.
TEST(Ch05Bead, EnergyIsConservedUpToIntegratorError) {
  for (bool feedback : {false, true}) {
    SCOPED_TRACE(feedback ? "with feedback ks = 100, kd = 20" : "without feedback");
    pbm::BeadSystem b = beadOnWire(2.0, 1.0, 0.0, 0.0, kG);  // from horizontal
    if (feedback) b.feedback = {100, 20};
    const double E0 = b.energy(), scale = 2.0 * kG * 1.0;
    double worst = 0, maxC = 0, lowest = 0;
    for (int i = 0; i < 1000; ++i) {
      pbm::rk4Step(b, 0.01);
      worst = std::max(worst, std::abs(b.energy() - E0) / scale);
      maxC = std::max(maxC, std::abs(0.5 * (b.bead.x.squaredNorm() - 1.0)));
      lowest = std::min(lowest, b.bead.x.y());
    }
    EXPECT_LT(worst, 1e-4) << "CD §2.1: the constraint force does no work: |E - E0| / (m g r) "
                              "over 10 s of RK4, h = 0.01";
    EXPECT_LT(maxC, feedback ? 1e-6 : 1e-4)  // measured 3.6e-7 and 3.6e-5
        << "CD §2.1-2.2: the constraint force holds the bead on the wire: max |C| over 10 s, "
           "C = 1/2 (|x|^2 - 1) computed here";
    EXPECT_NEAR(lowest, -1.0, 1e-3) << "CD §2: released from the horizontal, the bead swings "
                                       "through the bottom of the wire, (0, -r)";
  }
}

// CD §2 + README: the simulated bead follows the exact (elliptic-function)
// pendulum, and its multiplier equals the closed-form normal force
// lambda = -m (phidot^2 + (g/r) cos phi) along it: swinging, over the top, spinning.
TEST(Ch05Bead, SimulatedConstraintForceEqualsTheClosedFormNormalForce) {
  struct Case {
    double phi0, phidot0, g;
  };
  for (const Case& k : {Case{kPi / 2, 0.0, kG}, Case{0.0, 9.0, kG}, Case{2.5, -9.0, kG},
                        Case{1.0, -2.0, kG}, Case{0.3, 2.5, 0.0}}) {
    const double m = 1.5, r = 0.8;
    pbm::BeadSystem b = beadOnWire(m, r, k.phi0 - kPi / 2, r * k.phidot0, k.g);
    pbm::ExactPendulum exact;
    exact.start(k.phi0, k.phidot0, 0.0, k.g, r);
    double worstX = 0, worstL = 0;
    for (int i = 1; i <= 4000; ++i) {
      pbm::rk4Step(b, 1e-3);
      double phi, phidot;
      exact.at(i * 1e-3, phi, phidot);
      worstX = std::max(worstX, (b.bead.x - r * Vector2d(std::sin(phi), -std::cos(phi))).norm());
      const double want = -m * (phidot * phidot + k.g / r * std::cos(phi));
      const double lambda =
          pbm::beadLambda(b.bead.x, b.bead.v, Vector2d(0, -m * k.g), m, b.wire, {});
      worstL = std::max(worstL, std::abs(lambda - want) / (m * (k.g / r + k.phidot0 * k.phidot0)));
    }
    EXPECT_LT(worstX, 1e-6) << "CD §2: the simulated bead follows the exact pendulum; phi0 "
                            << k.phi0 << ", phidot0 " << k.phidot0 << ", g " << k.g;
    EXPECT_LT(worstL, 1e-6)
        << "CD §2.1: lambda = -m (phidot^2 + (g/r) cos phi) along the exact motion; phi0 " << k.phi0
        << ", phidot0 " << k.phidot0 << ", g " << k.g;
  }
  // At the bottom with speed s the wire pulls up with m (g + s^2/r).
  const double m = 1.5, r = 0.8, s = 2.0;
  pbm::BeadSystem b = beadOnWire(m, r, -kPi / 2, s, kG);
  const Vector2d fHat =
      pbm::beadConstraintForce(b.bead.x, b.bead.v, Vector2d(0, -m * kG), m, b.wire, {});
  EXPECT_VEC_NEAR(fHat, Vector2d(0, m * (kG + s * s / r)), 1e-12)
      << "CD §2.1: at the bottom with speed s the wire pulls up with m (g + s^2/r)";
}

// Bad input: a bead at the wire's centre is a singular constraint; it is
// reported with a message naming the constraint, never as NaN.
TEST(Ch05Bead, BeadAtTheCentreIsASingularConstraintNotNaN) {
  pbm::BeadSystem b = beadOnWire(1.0, 1.0, 0.0, 0.0, kG);
  b.bead.x = Vector2d(1e-3, 0);  // near the centre: huge but finite
  const double lambda = pbm::beadLambda(b.bead.x, b.bead.v, Vector2d(0, -kG), 1.0, b.wire, {});
  EXPECT_TRUE(std::isfinite(lambda))
      << "CD §2.1 eq 7: near the centre |x - c|^2 is small but not 0: lambda = " << lambda;
  EXPECT_TRUE(accelOf(b).allFinite())
      << "CD §2.1: near the centre the acceleration is huge but finite: " << accelOf(b).transpose();
  b.bead.x = Vector2d::Zero();
  try {
    accelOf(b);
    FAIL() << "CD §2.1: at the centre grad C = 0: a SolverFailure was expected, got none";
  } catch (const pbm::SolverFailure& e) {
    EXPECT_NE(std::string(e.what()).find("circle-wire constraint"), std::string::npos)
        << "the message names the constraint; got: " << e.what();
  }
  auto scene = ch05::makeOffWireScene();
  scene->params().set("start_r=0");
  std::ostringstream csv;
  try {
    pbm::runHeadless(*scene, csv);
    FAIL() << "CD §2.1: a run started at the centre stops with an error, never NaN rows; got "
              "a finished run";
  } catch (const pbm::SimulationDiverged& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.find('\n'), std::string::npos) << "one line, got: " << what;
    EXPECT_NE(what.find("t = 0 s"), std::string::npos) << "the message names t; got: " << what;
    EXPECT_NE(what.find("h = 0.01 s"), std::string::npos) << "the message names h; got: " << what;
  }
  EXPECT_EQ(csv.str().find("nan"), std::string::npos) << "CD §2.1: no NaN rows: " << csv.str();
}

}  // namespace
