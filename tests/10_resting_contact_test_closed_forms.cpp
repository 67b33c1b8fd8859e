// Chapter 10 tests, part: contact forces with answers in closed form (RBII
// §9, compute_contact_forces): a block at rest, wind, a plank on two
// supports, a cube tipping over a table edge, a two-box stack; and chapter
// 09's flat cube with simultaneous impulses.
#include "10_resting_contact_test.h"
#include "pbm/impulse/impulse.h"

using namespace ch10_test;

namespace {

// What the bodies do after computeContactForces, from their accumulators:
// v-dot = F/M, omega-dot = I^-1 (tau + L x omega) (RBI (C-10)).
Vector3d linearAccelerationOf(const RigidBody& b) {
  return b.invMass * b.force;
}
Vector3d angularAccelerationOf(const RigidBody& b) {
  return b.R * b.IbodyInv * b.R.transpose() * (b.torque + b.L.cross(b.omega));
}

// a = J M^-1 (F_ext + J^T f) at rest: the contacts' normal accelerations
// from the oracle's J, with the external forces given.
VectorXd accelerationsAtRest(const std::vector<Contact>& cs, const std::vector<RigidBody*>& bs,
                             const VectorXd& Fext, const VectorXd& f) {
  const MatrixXd J = jacobianOracle(cs, bs);
  return J * inverseMassOracle(bs) * (Fext + J.transpose() * f);
}

}  // namespace

// Claim 4: a block at rest: the forces carry Mg with no net torque, every
// a_i = 0, the block does not accelerate; the individual f_i are not unique
// and not checked.
TEST(Ch10Scenes, BlockAtRestTotals) {
  CubeOnTable t(2.0, 1.0);
  const pbm::LcpResult r =
      withinDeadline("computeContactForces", [&] { return pbm::computeContactForces(t.contacts); });
  ASSERT_EQ(r.f.size(), 4);
  EXPECT_NEAR(r.f.sum(), 2.0 * kG, 1e-9) << "RBII §9: the four forces sum to Mg";
  EXPECT_VEC_NEAR(linearAccelerationOf(t.cube), Vector3d::Zero(), 1e-9)
      << "RBII §9: f n on a (addForceAtPoint): the block's force is M g + sum f n = 0";
  EXPECT_VEC_NEAR(angularAccelerationOf(t.cube), Vector3d::Zero(), 1e-9)
      << "RBII §9: the torques (p - x) x f n cancel";
  VectorXd F(12);
  F << 0, -2.0 * kG, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0;
  EXPECT_VEC_NEAR(accelerationsAtRest(t.contacts, {&t.cube, &t.table}, F, r.f), VectorXd::Zero(4),
                  1e-9)
      << "every contact stays closed: a = 0";
  EXPECT_VEC_NEAR(t.table.force, Vector3d(0, -2.0 * kG, 0), 1e-9)
      << "RBII §9: b of each contact (the table) takes -f n";
}

// Claim 6: wind lifting the block: with an upward 1.5 Mg every force is 0
// and every a_i = +g/2, in 0 pivots; at exactly Mg, f = 0 and a = 0.
TEST(Ch10Scenes, WindLiftsTheBlock) {
  for (double lift : {1.5, 1.0}) {
    CubeOnTable t(2.0, 1.0);
    t.cube.force = Vector3d(0, (lift - 1.0) * 2.0 * kG, 0);
    const pbm::LcpResult r = withinDeadline("computeContactForces",
                                            [&] { return pbm::computeContactForces(t.contacts); });
    ASSERT_EQ(r.f.size(), 4);
    EXPECT_VEC_NEAR(r.f, VectorXd::Zero(4), 1e-12) << "lift " << lift << " Mg: RBII (9-7)";
    EXPECT_VEC_NEAR(r.a, VectorXd::Constant(4, (lift - 1.0) * kG), 1e-12)
        << "lift " << lift << " Mg: the contacts separate at a = F/M";
    EXPECT_EQ(r.pivots, 0) << "nothing to drive when every a_i >= 0";
  }
}

// Claim 7: a plank (M = 2, 2 x 0.2 x 0.5) on two supports at x = u1, u2
// from its centre: f1 = Mg u2/(u2 - u1), f2 = -Mg u1/(u2 - u1); overhanging
// (0 < u1 < u2): f2 = 0, f1 = Mg I/(I + M u1^2), a2 = g M u1 (u2 - u1)/(I + M u1^2),
// I = M (L^2 + h^2)/12.
TEST(Ch10Scenes, PlankOnTwoSupports) {
  const double M = 2, L = 2, h = 0.2, I = M * (L * L + h * h) / 12;
  struct Case {
    double u1, u2;
  };
  for (Case k : {Case{-0.6, 0.9}, Case{-0.25, 0.3}, Case{0.3, 0.9}, Case{0.5, 0.7}}) {
    RigidBody plank = box(M, Vector3d(L, h, 0.5), Vector3d(0, h / 2, 0));
    plank.force = Vector3d(0, -M * kG, 0);
    RigidBody s1 = fixedBody(Vector3d(k.u1, -0.5, 0)), s2 = fixedBody(Vector3d(k.u2, -0.5, 0));
    std::vector<Contact> cs = {vf(&plank, &s1, Vector3d(k.u1, 0, 0), Vector3d::UnitY()),
                               vf(&plank, &s2, Vector3d(k.u2, 0, 0), Vector3d::UnitY())};
    const pbm::LcpResult r =
        withinDeadline("computeContactForces", [&] { return pbm::computeContactForces(cs); });
    ASSERT_EQ(r.f.size(), 2);
    Eigen::Vector2d f, a(0, 0);
    if (k.u1 < 0) {
      f << M * kG * k.u2 / (k.u2 - k.u1), -M * kG * k.u1 / (k.u2 - k.u1);
    } else {
      f << M * kG * I / (I + M * k.u1 * k.u1), 0;
      a(1) = kG * M * k.u1 * (k.u2 - k.u1) / (I + M * k.u1 * k.u1);
    }
    EXPECT_VEC_NEAR(r.f, VectorXd(f), 1e-9) << "u = (" << k.u1 << ", " << k.u2 << "): RBII §9";
    EXPECT_VEC_NEAR(r.a, VectorXd(a), 1e-9) << "u = (" << k.u1 << ", " << k.u2 << ")";
  }
}

// Claim 8: a cube (M = 2, s = 1) whose centre is e beyond the table edge x = 0:
// two vf contacts on the table, two ee contacts where the table's edge crosses
// the cube's bottom edges. The ee pair carries Mg/(1 + 6 e^2/s^2); the vf
// contacts lift off. With the centre over the table, everything is at rest.
TEST(Ch10Scenes, CubeTippingOverTheEdge) {
  for (double e : {0.2, 0.35, -0.2}) {
    RigidBody cube = box(2, Vector3d(1, 1, 1), Vector3d(e, 0.5, 0));
    cube.force = Vector3d(0, -2 * kG, 0);
    RigidBody table = fixedBody(Vector3d(-5, -0.5, 0));
    std::vector<Contact> cs;
    if (e > 0) {
      for (double z : {0.5, -0.5})
        cs.push_back(vf(&cube, &table, Vector3d(e - 0.5, 0, z), Vector3d::UnitY()));
      for (double z : {0.5, -0.5})
        cs.push_back(ee(&cube, &table, Vector3d(0, 0, z), Vector3d::UnitX(), Vector3d::UnitZ(),
                        Vector3d::UnitY()));
    } else {
      for (double x : {e - 0.5, e + 0.5})
        for (double z : {0.5, -0.5})
          cs.push_back(vf(&cube, &table, Vector3d(x, 0, z), Vector3d::UnitY()));
    }
    const pbm::LcpResult r =
        withinDeadline("computeContactForces", [&] { return pbm::computeContactForces(cs); });
    ASSERT_EQ(r.f.size(), 4) << "e = " << e;
    if (e > 0) {
      const double F = 2 * kG / (1 + 6 * e * e);
      EXPECT_NEAR(r.f(2) + r.f(3), F, 1e-9) << "e = " << e << ": the edge carries Mg/(1 + 6e^2)";
      EXPECT_NEAR(r.f(0) + r.f(1), 0.0, 1e-9) << "e = " << e << ": the vf contacts lift off";
      // The far corners' acceleration from the pivot about the edge line.
      const double alpha = -e * F / (2.0 / 6.0);
      const double aVf = F / 2 - kG + alpha * (-0.5);
      EXPECT_NEAR(r.a(0), aVf, 1e-9) << "e = " << e << ": the corners rise";
      EXPECT_GT(r.a(0), 0.0);
    } else {
      EXPECT_NEAR(r.f.sum(), 2 * kG, 1e-9) << "e = " << e << ": over the table: sum f = Mg";
      EXPECT_VEC_NEAR(r.a, VectorXd::Zero(4), 1e-9) << "e = " << e;
    }
  }
}

// Claim 9: a two-box stack: a 1 kg box (0.6 x 0.4 x 0.6) off-centre on a
// 3 kg unit cube on the ground: the bottom forces carry (m1 + m2) g, the
// top ones m2 g, and neither body accelerates.
TEST(Ch10Scenes, TwoBoxStack) {
  RigidBody lower = box(3, Vector3d(1, 1, 1), Vector3d(0, 0.5, 0));
  RigidBody upper = box(1, Vector3d(0.6, 0.4, 0.6), Vector3d(0.1, 1.2, 0.05));
  RigidBody ground = fixedBody(Vector3d(0, -0.5, 0));
  lower.force = Vector3d(0, -3 * kG, 0);
  upper.force = Vector3d(0, -1 * kG, 0);
  std::vector<Contact> cs;
  for (double sx : {1.0, -1.0})
    for (double sz : {1.0, -1.0})
      cs.push_back(vf(&lower, &ground, Vector3d(sx * 0.5, 0, sz * 0.5), Vector3d::UnitY()));
  for (double sx : {1.0, -1.0})
    for (double sz : {1.0, -1.0})
      cs.push_back(
          vf(&upper, &lower, Vector3d(0.1 + sx * 0.3, 1.0, 0.05 + sz * 0.3), Vector3d::UnitY()));
  const pbm::LcpResult r =
      withinDeadline("computeContactForces", [&] { return pbm::computeContactForces(cs); });
  ASSERT_EQ(r.f.size(), 8);
  EXPECT_NEAR(r.f.head(4).sum(), 4 * kG, 1e-9) << "RBII §9: the ground carries both boxes";
  EXPECT_NEAR(r.f.tail(4).sum(), kG, 1e-9) << "RBII §9: the lower box carries the upper";
  for (const RigidBody* b : {&lower, &upper}) {
    EXPECT_VEC_NEAR(linearAccelerationOf(*b), Vector3d::Zero(), 1e-9)
        << "the box of mass " << b->mass
        << ": computeContactForces (RBII §9, compute_contact_forces) must leave its force "
           "accumulator at 0: +f_i n_i on each contact's a, -f_i n_i on its b";
    EXPECT_VEC_NEAR(angularAccelerationOf(*b), Vector3d::Zero(), 1e-9)
        << "the box of mass " << b->mass
        << ": computeContactForces (RBII §9, compute_contact_forces) must leave its torque "
           "accumulator at 0: each f_i n_i comes with its torque (p_i - x) x f_i n_i "
           "(addForceAtPoint), -(p_i - x) x f_i n_i on b";
  }
}

// Claim: a failed solve throws SolverFailure naming the solver's reason
// (exercise header; RBII §9 promises forces only for a consistent state). A
// unit cube (M = 2) slides at u along x between a fixed ceiling on its top and
// a fixed floor under it that turns at w about z through the contact: the
// floor rises under the cube's path, so both contacts close at
// b_1 + b_2 = 2 n' . v = -2 w u whatever the forces (A z = 0 for z = (1, 1):
// the forces only squeeze the cube). M = 0.5, so that the certificate's
// entries (Farkas's z, any positive multiple of (1, 1)) are below 1 as
// Dantzig's direction gives them: the message must name both contacts
// whatever z's scale.
TEST(Ch10Scenes, PinchedByATurningFloorHasNoForces) {
  const double u = 1.0, w = 0.5, M = 0.5;
  RigidBody cube = box(M, Vector3d(1, 1, 1), Vector3d(0, 0.5, 0), Eigen::Quaterniond::Identity(),
                       Vector3d(M * u, 0, 0));
  RigidBody floor = fixedBody(Vector3d::Zero()), ceiling = fixedBody(Vector3d(0, 1.5, 0));
  floor.omega = Vector3d(0, 0, w);
  std::vector<Contact> cs = {vf(&cube, &floor, Vector3d::Zero(), Vector3d::UnitY()),
                             vf(&cube, &ceiling, Vector3d(0, 1, 0), -Vector3d::UnitY())};
  const pbm::LcpResult direct = dantzig(pbm::computeAMatrix(cs), pbm::computeBVector(cs));
  ASSERT_FALSE(direct.ok)
      << "the LCP of b = (" << -2 * w * u << ", 0) and A = [1 -1; -1 1]/M has no solution "
      << "(Baraff 1994 §4); check computeBVector's 2 n' . (pdot_a - pdot_b) against Ch10BVector.*";
  try {
    withinDeadline("computeContactForces", [&] { return pbm::computeContactForces(cs); });
    ADD_FAILURE() << "computeContactForces returned forces for an LCP that has none: a failed "
                     "solveLcpDantzig must throw SolverFailure (its reason: \""
                  << direct.why << "\")";
  } catch (const pbm::SolverFailure& e) {
    const std::string what = e.what();
    const size_t at = what.find(direct.why);
    EXPECT_NE(at, std::string::npos)
        << "the message should name the solver's reason \"" << direct.why << "\"; got: " << what;
    const std::string rest = at == std::string::npos ? what : what.substr(at + direct.why.size());
    EXPECT_TRUE(rest.find('0') != std::string::npos && rest.find('1') != std::string::npos)
        << "computeContactForces (RBII §9; contact_forces.h: SolverFailure \"naming the "
           "contact\"): the certificate z = ("
        << direct.certificate.transpose()
        << ") is positive on contacts 0 and 1, every z_i > 0 names its contact (not only "
           "z_i > 1: z has no scale); got: "
        << what;
  }
}

// Chapter 09's claim 15: the impulse denominator K of a contact is the
// diagonal a_ii of A (RBII (8-18) and App. D: both are n . (response to a
// unit push along n)).
TEST(Ch10AMatrix, DiagonalIsTheImpulseDenominator) {
  std::mt19937_64 rng(30);
  for (int trial = 0; trial < 100; ++trial) {
    RandomSystem s = randomSystem(rng, 3, 6);
    const MatrixXd A = pbm::computeAMatrix(s.contacts);
    ASSERT_EQ(A.rows(), 6);
    for (int i = 0; i < 6; ++i)
      ASSERT_NEAR(A(i, i), pbm::impulseDenominator(s.contacts[i]), 1e-12 * A(i, i))
          << "trial " << trial << " contact " << i;
  }
}

// Chapter 09's claim 11, simultaneous: a cube dropped flat at 2 m/s onto the
// floor leaves at exactly eps times that, without spin, whatever the contact
// order (the sequential loop of chapter 09 leaves it spinning).
TEST(Ch10Simultaneous, FlatCubeBouncesWithoutSpin) {
  for (double eps : {0.0, 0.5, 1.0}) {
    CubeOnTable t(1.0, 1.0);
    t.cube.P = Vector3d(0, -2, 0);
    t.cube.v = t.cube.P;
    std::swap(t.contacts[1], t.contacts[3]);
    const VectorXd j = withinDeadline("simultaneousImpulses",
                                      [&] { return pbm::simultaneousImpulses(t.contacts, eps); });
    ASSERT_EQ(j.size(), 4);
    EXPECT_VEC_NEAR(t.cube.v, Vector3d(0, 2 * eps, 0), 1e-9)
        << "eps = " << eps << ": v+ = -eps v- for every contact at once";
    EXPECT_VEC_NEAR(t.cube.omega, Vector3d::Zero(), 1e-9) << "eps = " << eps << ": no spin";
    EXPECT_NEAR(j.sum(), (1 + eps) * 2.0, 1e-9) << "eps = " << eps << ": the total impulse";
  }
}

// Chapter 09's (8-18), simultaneous with one contact: a tumbling box hits a
// fixed floor (or a second moving box) off its centre. With a single contact
// the LCP on velocities has the closed form j = -(1 + eps) v_rel- / K, K from
// (8-18) written here, and v_rel+ = -eps v_rel- afterwards (8-10).
TEST(Ch10Simultaneous, OneContactIsTheImpulseOf818) {
  for (bool movingFloor : {false, true})
    for (double eps : {0.0, 0.3, 0.8, 1.0}) {
      RigidBody A = box(2.0, Vector3d(1, 2, 0.5), Vector3d(0.1, 1.3, -0.2),
                        Eigen::Quaterniond(Eigen::AngleAxisd(0.4, Vector3d(1, 2, -1).normalized())),
                        Vector3d(0.3, -2.0, 0.1), Vector3d(0.2, 0.5, -0.4));
      RigidBody B = movingFloor ? box(3.0, Vector3d(4, 0.5, 4), Vector3d(0.3, -0.25, 0.1),
                                      Eigen::Quaterniond::Identity(), Vector3d(0, 0.6, 0.3),
                                      Vector3d(0.1, 0, -0.3))
                                : fixedBody(Vector3d(0, -0.25, 0));
      const Vector3d p(0.3, 0.0, -0.4), n = Vector3d::UnitY();
      std::vector<Contact> cs{vf(&A, &B, p, n)};
      auto vrel = [&] {
        const Vector3d ra = p - A.x, rb = p - B.x;
        return n.dot((A.v + A.omega.cross(ra)) - (B.v + B.omega.cross(rb)));
      };
      const Vector3d ra = p - A.x, rb = p - B.x;
      const double K = A.invMass + B.invMass + ra.cross(n).dot(A.Iinv * ra.cross(n)) +
                       rb.cross(n).dot(B.Iinv * rb.cross(n));
      const double vMinus = vrel();
      ASSERT_LT(vMinus, -0.5) << "the set-up must collide";
      const VectorXd j = withinDeadline("simultaneousImpulses",
                                        [&] { return pbm::simultaneousImpulses(cs, eps); });
      ASSERT_EQ(j.size(), 1);
      EXPECT_NEAR(j(0), -(1.0 + eps) * vMinus / K, 1e-9)
          << "eps = " << eps << (movingFloor ? ", moving floor" : ", fixed floor")
          << ": RBII (8-18): one contact's impulse is -(1 + eps) v_rel- / K";
      EXPECT_NEAR(vrel(), -eps * vMinus, 1e-9)
          << "eps = " << eps << ": RBII (8-10): v_rel+ = -eps v_rel- (w = A j + (1 + eps) v- = 0)";
    }
}
