// Chapter 09 tests, part 3: the notes' find_all_collisions (RBII §8): its end
// state, its dependence on the order of the list (claim 11), its passes on a
// stack (claim 12), and its cap. The oracle is the sequential loop on plain
// arrays of 09_impulses_test.h.
#include <algorithm>
#include <regex>

#include "09_impulses_test.h"
#include "pbm/core/errors.h"

namespace {

using namespace ch09_test;

// A unit cube (M = 1) falling flat at 2 m/s onto the fixed floor, its 4
// bottom corners in the order (+x,+z), (+x,-z), (-x,+z), (-x,-z).
struct FlatCube {
  RigidBody cube, floor;
  std::vector<Contact> contacts;
  std::vector<OracleBody> oracle;
  std::vector<OracleContact> oracleContacts;
  explicit FlatCube(const std::vector<int>& order) {
    cube = movingBody(1, Vector3d::Constant(1.0 / 6), Vector3d(0, 0.5, 0), Vector3d(0, -2, 0),
                      Vector3d::Zero());
    floor = fixedBody();
    const Vector3d corners[4] = {Vector3d(0.5, 0, 0.5), Vector3d(0.5, 0, -0.5),
                                 Vector3d(-0.5, 0, 0.5), Vector3d(-0.5, 0, -0.5)};
    for (int k : order) {
      Contact c;
      c.a = &cube;
      c.b = &floor;
      c.p = corners[k];
      c.n = Vector3d::UnitY();
      contacts.push_back(c);
      oracleContacts.push_back({0, -1, corners[k], Vector3d::UnitY()});
    }
    OracleBody o;
    o.invMass = 1;
    o.Iinv = Matrix3d::Identity() * 6;
    o.x = cube.x;
    o.v = Vector3d(0, -2, 0);
    oracle.push_back(o);
  }
};

void expectNoneColliding(const std::vector<Contact>& cs, double threshold, const char* what) {
  for (std::size_t i = 0; i < cs.size(); ++i)
    EXPECT_GE(vrelOracle(cs[i]), -threshold)
        << "RBII §8, find_all_collisions: after the loop no contact collides (" << what
        << ", contact " << i << ")";
}

TEST(Ch09Loop, FlatCubeEndsWithNoCollisionAndDependsOnTheOrder) {
  const double eps = 0.5, th = 1e-9;
  struct Case {
    std::vector<int> order;
    double vy;
    Vector3d w;  // NaN: not given
  };
  const double nan = std::nan("");
  const Case cases[] = {{{0, 1, 2, 3}, 0.93811, Vector3d(-0.6075, 0, -1.0822)},
                        {{0, 3, 1, 2}, 0.671875, Vector3d(nan, nan, nan)},
                        {{3, 2, 1, 0}, 0.93811, Vector3d(0.6075, 0, 1.0822)}};
  for (const Case& k : cases) {
    FlatCube fc(k.order);
    const OracleResult want = oracleLoop(fc.oracle, fc.oracleContacts, eps, th);
    std::vector<pbm::ImpulseRecord> log;
    const int passes = resolveWithin(fc.contacts, eps, th, 1000, &log);
    const std::string order = ::testing::PrintToString(k.order);
    EXPECT_EQ(passes, want.passes) << "RBII §8: passes of find_all_collisions, order " << order;
    EXPECT_EQ(int(log.size()), want.impulses) << "RBII §8: impulses applied, order " << order;
    EXPECT_VEC_NEAR(velocityOf(fc.cube), fc.oracle[0].v, 1e-12)
        << "RBII §8: v after the sequential loop, order " << order;
    EXPECT_VEC_NEAR(omegaOf(fc.cube), fc.oracle[0].w, 1e-12)
        << "RBII §8: omega after the sequential loop, order " << order;
    EXPECT_NEAR(velocityOf(fc.cube).y(), k.vy, 5e-6)
        << "RBII §8 (the order of the list matters): v_y = " << k.vy << " for order " << order;
    if (!std::isnan(k.w.x())) {
      EXPECT_VEC_NEAR(omegaOf(fc.cube), k.w, 1e-4)
          << "RBII §8: the spin the order leaves, order " << order;
    }
    expectNoneColliding(fc.contacts, th, "flat cube");
    for (std::size_t i = 0; i < log.size(); ++i) {
      const pbm::ImpulseRecord& r = log[i];
      ASSERT_LT(r.vrelMinus, -th) << "RBII §8: impulses only at colliding contacts";
      ASSERT_NEAR(r.vrelPlus, -eps * r.vrelMinus, 1e-12) << "RBII §8 (8-10) in the log";
      if (i >= want.applied.size()) break;
      ASSERT_EQ(r.contact, want.applied[i].first)
          << "RBII §8: impulse " << i << " of the log, order " << order
          << ": the contact's index in the list (ImpulseRecord::contact)";
      ASSERT_EQ(r.pass, want.applied[i].second)
          << "RBII §8: impulse " << i << " of the log, order " << order
          << ": its pass, 1-based (ImpulseRecord::pass)";
    }
  }
}

TEST(Ch09Loop, StopsAtTheCapOfPasses) {
  const double eps = 0.5, th = 1e-9;
  FlatCube probe({0, 1, 2, 3});
  const OracleResult want = oracleLoop(probe.oracle, probe.oracleContacts, eps, th);
  ASSERT_GE(want.passes, 3);
  FlatCube enough({0, 1, 2, 3});
  EXPECT_EQ(resolveWithin(enough.contacts, eps, th, want.passes - 1), want.passes)
      << "RBII §8: " << want.passes - 1 << " passes apply impulses, the last is quiet";
  FlatCube tooFew({0, 1, 2, 3});
  // impulse.h: the failure names the passes and the contact: the oracle's
  // first contact still colliding in pass maxPasses + 1.
  const int cap = want.passes - 2;
  int still = -1;
  for (const auto& [contact, pass] : want.applied)
    if (pass == cap + 1 && still < 0) still = contact;
  std::string what;
  try {
    resolveWithin(tooFew.contacts, eps, th, cap);
  } catch (const pbm::SolverFailure& e) {
    what = e.what();
  }
  ASSERT_FALSE(what.empty()) << "resolveCollisions: a pass past maxPasses = " << cap
                             << " still applies impulses: SolverFailure expected, got none";
  // The numbers in the message: the contact's index and the passes, two
  // numbers even when they are equal.
  std::vector<int> numbers;
  const std::regex number("[0-9]+");
  for (std::sregex_iterator it(what.begin(), what.end(), number), end; it != end; ++it)
    numbers.push_back(std::stoi(it->str()));
  auto take = [&](int v) {
    const auto f = std::find(numbers.begin(), numbers.end(), v);
    if (f == numbers.end()) return false;
    numbers.erase(f);
    return true;
  };
  const bool named = take(still) && take(cap) && what.find("pass") != std::string::npos &&
                     what.find("contact") != std::string::npos;
  EXPECT_TRUE(named) << "resolveCollisions (RBII §8, impulse.h): the SolverFailure names the "
                        "passes and the contact: expected the numbers "
                     << cap << " (passes) and " << still << " (contact), got \"" << what << "\"";
}

// impulse.h skips two FIXED bodies only (invMass = 0 and Iinv = 0). A wheel
// pinned at its centre (invMass = 0, body inertia 2: Iinv = 1/2) still
// turns: its rim point r = (1, 0, 0) from the pin moves down at 1 under
// omega = (0, 0, -1) onto a fixed floor. (8-18): K = (r x n)^T I^-1 (r x n)
// = 1/2, j = 1.5 / 0.5 = 3, L = (0, 0, -2) + r x (0, 3, 0) = (0, 0, 1), so
// v_rel^+ = 0.5 = -eps v_rel^- (RBII §8).
TEST(Ch09Loop, APinnedWheelOnAFixedFloorStillBounces) {
  RigidBody wheel =
      movingBody(1, Vector3d::Constant(2), Vector3d(0, 1, 0), Vector3d::Zero(), Vector3d(0, 0, -1));
  wheel.mass = 0.0;
  wheel.invMass = 0.0;
  wheel.P.setZero();
  pbm::computeAuxiliary(wheel);
  RigidBody floor = fixedBody();
  std::vector<Contact> cs(1);
  cs[0].a = &wheel;
  cs[0].b = &floor;
  cs[0].p = Vector3d(1, 1, 0);
  cs[0].n = Vector3d(0, 1, 0);
  ASSERT_NEAR(vrelOracle(cs[0]), -1.0, 1e-15) << "the set-up: the rim point moves down at 1";
  const int passes = resolveWithin(cs, 0.5, 1e-9);
  EXPECT_EQ(passes, 2) << "resolveCollisions (RBII §8, impulse.h): a pinned wheel is not a fixed "
                          "body: one pass applies the impulse, the next is quiet; got "
                       << passes << " passes";
  EXPECT_NEAR(vrelOracle(cs[0]), 0.5, 1e-12)
      << "resolveCollisions (RBII §8, (8-18)): expected v_rel^+ = -eps v_rel^- = 0.5";
  EXPECT_VEC_NEAR(wheel.L, Vector3d(0, 0, 1), 1e-12)
      << "resolveCollisions (RBII §8, (8-18)): j = 3, L = (0, 0, -2) + r x J";
}

TEST(Ch09Loop, AppliesNothingToSeparatingOrRestingContacts) {
  const double th = 1e-3;
  for (double vy : {1.0, 5e-4, 0.0, -5e-4}) {
    RigidBody ball = movingBody(1, Vector3d::Constant(0.1), Vector3d(0, 0.5, 0),
                                Vector3d(0.2, vy, 0), Vector3d(1, 0, 0));
    RigidBody floor = fixedBody();
    const RigidBody ball0 = ball;
    std::vector<Contact> cs(1);
    cs[0].a = &ball;
    cs[0].b = &floor;
    cs[0].p = Vector3d::Zero();
    cs[0].n = Vector3d::UnitY();
    if (vy > th) {
      EXPECT_LT(pbm::impulseMagnitude(cs[0], 0.5), 0.0)
          << "RBII §8: on a separating contact (8-18) gives j < 0, an attracting impulse: "
             "only colliding contacts may get one";
    }
    EXPECT_EQ(resolveWithin(cs, 0.5, th), 1)
        << "RBII §8: no colliding contact (v_rel = " << vy << "): one quiet pass";
    for (int i = 0; i < 3; ++i) {
      EXPECT_EQ(ball.P[i], ball0.P[i]) << "RBII §8: no impulse at v_rel = " << vy;
      EXPECT_EQ(ball.L[i], ball0.L[i]) << "RBII §8: no impulse at v_rel = " << vy;
    }
  }
}

TEST(Ch09Loop, ThreeBoxStackEndsInFewPasses) {
  // Three unit boxes, offset a little along x, dropped together at 2 m/s: the
  // floor's 4 contacts first, then each box on the one below (the corners of
  // the overlap of their faces), a the upper body.
  const double offsets[3] = {0.0, 0.1, -0.05};
  for (double eps : {0.5, 0.0}) {
    std::vector<RigidBody> boxes;
    std::vector<OracleBody> oracle;
    for (int k = 0; k < 3; ++k) {
      boxes.push_back(movingBody(1, Vector3d::Constant(1.0 / 6), Vector3d(offsets[k], 0.5 + k, 0),
                                 Vector3d(0, -2, 0), Vector3d::Zero()));
      OracleBody o;
      o.invMass = 1;
      o.Iinv = Matrix3d::Identity() * 6;
      o.x = boxes.back().x;
      o.v = Vector3d(0, -2, 0);
      oracle.push_back(o);
    }
    RigidBody floor = fixedBody();
    std::vector<Contact> cs;
    std::vector<OracleContact> ocs;
    for (int k = 0; k < 3; ++k) {
      const double lo = (k == 0 ? offsets[0] : std::max(offsets[k], offsets[k - 1])) - 0.5;
      const double hi = (k == 0 ? offsets[0] : std::min(offsets[k], offsets[k - 1])) + 0.5;
      for (double x : {hi, lo})
        for (double z : {0.5, -0.5}) {
          Contact c;
          c.a = &boxes[k];
          c.b = k == 0 ? &floor : &boxes[k - 1];
          c.p = Vector3d(x, k, z);
          c.n = Vector3d::UnitY();
          cs.push_back(c);
          ocs.push_back({k, k - 1, c.p, c.n});
        }
    }
    const double th = 1e-9;
    const OracleResult want = oracleLoop(oracle, ocs, eps, th, 100000);
    std::vector<pbm::ImpulseRecord> log;
    const int passes = resolveWithin(cs, eps, th, 1000, &log);
    EXPECT_EQ(passes, want.passes) << "RBII §8: passes of the sequential loop, eps = " << eps;
    EXPECT_EQ(int(log.size()), want.impulses) << "RBII §8: impulses, eps = " << eps;
    if (eps == 0.5) {
      EXPECT_LE(passes, 100) << "RBII §8: eps < 1 ends (each impulse removes at least "
                                "(1 - eps^2) THRESHOLD^2 / (2K)): at most 100 passes";
    }
    for (int k = 0; k < 3; ++k) {
      EXPECT_VEC_NEAR(velocityOf(boxes[k]), oracle[k].v, 1e-10)
          << "RBII §8: box " << k << "'s v after the loop, eps = " << eps;
      EXPECT_VEC_NEAR(omegaOf(boxes[k]), oracle[k].w, 1e-10)
          << "RBII §8: box " << k << "'s omega after the loop, eps = " << eps;
    }
    expectNoneColliding(cs, th, "stack");
    Vector3d P = Vector3d::Zero();
    for (const auto& b : boxes) P += b.P;
    EXPECT_GT(P.y(), -6.0 + 1e-9) << "RBII §8: the floor pushed the stack up";
  }
}

}  // namespace
