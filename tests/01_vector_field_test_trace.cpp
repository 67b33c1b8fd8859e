// Chapter 01 tests, part 3: traceIntegralCurve's contract (DEB §1, §2.1): the
// flow property (C1.10), fixed points (C1.11), zero steps, a negative h, and
// the time installed after k steps.
#include "01_vector_field_test.h"

namespace {

using namespace ch01_test;

// ---------------------------------------------------------------- C1.10
// DEB §1: the flow property. For an autonomous field n1 steps then n2 more give
// the polygon of n1 + n2 steps bitwise; a time-dependent field must resume at
// t0 + n1 h, and restarting the clock at 0 gives a different curve.
TEST(Ch01Trace, TracingInTwoLegsEqualsTracingInOne) {
  const double h = 0.1;
  const int n1 = 17, n2 = 23;
  const pbm::Field2d rot = [](const Vector2d& x, double t) { return pbm::rotationField(x, t); };
  const auto whole = trace(rot, Vector2d(0.7, 0.2), h, n1 + n2);
  FieldPoint p(rot, Vector2d(0.7, 0.2));
  const auto first = tracedWithin(p, h, n1);
  const auto second = tracedWithin(p, h, n2);
  ASSERT_EQ(first.size(), static_cast<size_t>(n1 + 1)) << "DEB §2.1: n legs, n + 1 vertices";
  ASSERT_EQ(second.size(), static_cast<size_t>(n2 + 1)) << "DEB §2.1: n legs, n + 1 vertices";
  EXPECT_VEC_NEAR(second[0], first[n1], 0.0)
      << "DEB §1: the second leg starts where the first ended";
  for (int i = 0; i <= n2; ++i)
    ASSERT_VEC_NEAR(second[i], whole[n1 + i], 0.0)
        << "DEB §1: tracing 17 then 23 steps must equal 40 steps; vertex " << n1 + i;

  const pbm::Field2d wind = [](const Vector2d& x, double t) {
    return pbm::rotatingWindField(x, t, 1.5);
  };
  const auto wholeWind = trace(wind, Vector2d(0.0, 0.0), h, n1 + n2);
  FieldPoint q(wind, Vector2d(0.0, 0.0));
  tracedWithin(q, h, n1);
  const auto resumed = tracedWithin(q, h, n2);
  ASSERT_EQ(resumed.size(), static_cast<size_t>(n2 + 1)) << "DEB §2.1: n legs, n + 1 vertices";
  EXPECT_VEC_NEAR(resumed[n2], wholeWind[n1 + n2], 1e-13)
      << "DEB §1: a time-dependent field must resume at t0 + n1 h";
  const auto restarted = trace(wind, wholeWind[n1], h, n2, 0.0);
  EXPECT_GT((restarted[n2] - wholeWind[n1 + n2]).norm(), 0.5)
      << "DEB §1: restarting the clock at 0 must give a different curve; got "
      << restarted[n2].transpose() << " and " << wholeWind[n1 + n2].transpose();
}

// ---------------------------------------------------------------- C1.11
// DEB §1: where f(x*) = 0 the point, once dropped there, never moves.
TEST(Ch01Trace, FixedPointsStayFixed) {
  const std::vector<std::pair<const char*, pbm::Field2d>> fields = {
      {"rotation", [](const Vector2d& x, double t) { return pbm::rotationField(x, t); }},
      {"spiral_sink", [](const Vector2d& x, double t) { return pbm::spiralSinkField(x, t, 0.4); }},
      {"saddle", [](const Vector2d& x, double t) { return pbm::saddleField(x, t); }},
      {"stiff_bowl", [](const Vector2d& x, double t) { return pbm::stiffBowlField(x, t, 50.0); }},
      {"pendulum_phase",
       [](const Vector2d& x, double t) {
         return pbm::phasePlaneField(x, t, 1.0,
                                     [](double p, double, double) { return -std::sin(p); });
       }},
  };
  for (const auto& [name, field] : fields) {
    SCOPED_TRACE(name);
    const auto v = trace(field, Vector2d(0.0, 0.0), 0.3, 30);
    ASSERT_EQ(v.size(), 31u) << "DEB §2.1: 30 legs, 31 vertices";
    for (size_t k = 0; k < v.size(); ++k)
      ASSERT_VEC_NEAR(v[k], Vector2d(0.0, 0.0), 0.0)
          << "DEB §1: f(0) = 0, so a point dropped at the origin never moves; vertex " << k;
  }
  // The pendulum's upper equilibrium (pi, 0) only to round-off: sin(pi) != 0 in floating point.
  SCOPED_TRACE("pendulum_phase at its upper equilibrium (pi, 0)");
  const auto up = trace(fields[4].second, Vector2d(kPi, 0.0), 0.3, 30);
  for (size_t k = 0; k < up.size(); ++k)
    ASSERT_VEC_NEAR(up[k], Vector2d(kPi, 0.0), 1e-12)
        << "DEB §1: f(pi, 0) = 0 up to sin(pi) ~ 1e-16; vertex " << k;
}

// ---------------------------------------------------------------- edge cases
// DEB §2.1: a polygon of zero legs is its start point; the state is untouched.
TEST(Ch01Trace, ZeroStepsReturnsJustTheStartPoint) {
  FieldPoint p([](const Vector2d& x, double t) { return pbm::rotationField(x, t); },
               Vector2d(0.3, 0.4), 2.5);
  pbm::CountingSystem counted(p);
  const auto v = tracedWithin(counted, 0.1, 0);
  ASSERT_EQ(v.size(), 1u) << "DEB §2.1: zero legs, one vertex: x0";
  EXPECT_VEC_NEAR(v[0], Vector2d(0.3, 0.4), 0.0) << "DEB §2.1: the only vertex is x0";
  EXPECT_EQ(counted.evals(), 0) << "DEB §2: zero steps cost no evaluation";
  Eigen::VectorXd x;
  double t = 0.0;
  p.getState(x, t);
  EXPECT_EQ(t, 2.5) << "DEB §4: zero steps leave the installed time alone";
}

// DEB §1, §2.1: a negative h follows the curve backward in time: the saddle's
// x shrinks by (1 - |h|) and y grows by (1 + |h|) per step, and the clock runs back.
TEST(Ch01Trace, NegativeHTracesBackward) {
  const double h = -0.25;
  const int n = 8;
  FieldPoint p([](const Vector2d& x, double t) { return pbm::saddleField(x, t); },
               Vector2d(1.0, 1.0), 1.0);
  const auto v = tracedWithin(p, h, n);
  ASSERT_EQ(v.size(), static_cast<size_t>(n + 1)) << "DEB §2.1: n legs, n + 1 vertices";
  for (int i = 0; i <= n; ++i) {
    ASSERT_EQ(v[i].x(), std::pow(0.75, i)) << "DEB §2.1 with h < 0: x_i = (1 + h)^i; vertex " << i;
    ASSERT_EQ(v[i].y(), std::pow(1.25, i)) << "DEB §2.1 with h < 0: y_i = (1 - h)^i; vertex " << i;
  }
  Eigen::VectorXd x;
  double t = 0.0;
  p.getState(x, t);
  EXPECT_EQ(t, -1.0) << "DEB §2.1: 8 steps of h = -0.25 from t0 = 1 end at t = -1";

  // Time-dependent: the backward legs see f at t0 + k h, k = 0, 1, ... (h < 0).
  const double omega = 0.9;
  const auto w =
      trace([=](const Vector2d& s, double tt) { return pbm::rotatingWindField(s, tt, omega); },
            Vector2d(0.0, 0.0), -0.1, 20, 3.0);
  for (int k = 0; k < 20; ++k) {
    const double tk = 3.0 - 0.1 * k;
    const Vector2d leg = -0.1 * Vector2d(std::cos(omega * tk), std::sin(omega * tk));
    ASSERT_VEC_NEAR(Vector2d(w[k + 1] - w[k]), leg, 1e-14)
        << "DEB §2.1: backward leg " << k << " must be h f(x_k, t0 + k h) with h = -0.1";
  }
}

// Ten additions of 0.1 in double precision: 0.9999999999999999, not 1.
constexpr double runningSumOfTenths() {
  double sum = 0.0;
  for (int i = 0; i < 10; ++i) sum += 0.1;
  return sum;
}
static_assert(runningSumOfTenths() != 1.0, "the test below needs a running sum that misses 1");

// DEB §2.1 with euler.h's contract: the time after k steps is t0 + k h computed
// from k, so ten steps of 0.1 from 0 end at 10 * 0.1 = 1 exactly (a running
// sum gives 0.9999999999999999).
TEST(Ch01Trace, InstallsTimeT0PlusKhComputedNotAccumulated) {
  FieldPoint p([](const Vector2d& x, double t) { return pbm::rotationField(x, t); },
               Vector2d(1.0, 0.0), 0.0);
  tracedWithin(p, 0.1, 10);
  Eigen::VectorXd x;
  double t = 0.0;
  p.getState(x, t);
  EXPECT_EQ(t, 1.0) << "DEB §2.1: after 10 steps of 0.1 the time is t0 + 10 h = 1 exactly ("
                    << runningSumOfTenths() << " is a running sum)";
}

}  // namespace
