// Chapter 10 tests, part: the benchmark's projected Gauss-Seidel
// (pbm/resting/pgs.h, chapter library code), on the chapter's own A and b:
// its Jacobian form must sweep exactly as the dense form on A (RBII App. D:
// A = J M^-1 J^T), and it must find the cube's weight (RBII §9).
#include <random>

#include "10_resting_contact_test.h"
#include "pbm/resting/pgs.h"

using namespace ch10_test;

// The cube on a table at rest (b_i = -g at each corner): enough sweeps carry
// its weight, sum f = M g, with every a >= 0 (RBII §9: only the total is unique).
TEST(Ch10Pgs, CubeOnTableCarriesItsWeight) {
  CubeOnTable s(2.0, 1.0);
  const VectorXd b = pbm::computeBVector(s.contacts);
  const pbm::LcpResult r = pbm::solveLcpPgs(s.contacts, b, 200);
  ASSERT_EQ(r.f.size(), 4);
  EXPECT_NEAR(r.f.sum(), 2.0 * kG, 1e-9) << "RBII §9: the four forces carry M g = 19.62 N";
  EXPECT_GE(r.f.minCoeff(), 0.0) << "RBII (9-6): f >= 0";
  EXPECT_GE(r.a.minCoeff(), -1e-9) << "RBII (9-5): a >= 0 after 200 sweeps";
}

// Random contacts between random boxes: the Jacobian form (no A) gives the
// same forces, sweep for sweep, as the sweeps on computeAMatrix's A, and its a
// is A f + b.
TEST(Ch10Pgs, JacobianFormSweepsAsTheDenseA) {
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> U(-1, 1);
  for (int trial = 0; trial < 20; ++trial) {
    RandomSystem s = randomSystem(rng, 3, 9);
    VectorXd b(9);
    for (int i = 0; i < 9; ++i) b(i) = U(rng);
    const MatrixXd A = pbm::computeAMatrix(s.contacts);
    for (int sweeps : {1, 7, 40}) {
      const pbm::LcpResult dense = pbm::solveLcpPgs(A, b, sweeps);
      const pbm::LcpResult sparse = pbm::solveLcpPgs(s.contacts, b, sweeps);
      const double scale = 1.0 + dense.f.lpNorm<Eigen::Infinity>();
      EXPECT_LE((sparse.f - dense.f).lpNorm<Eigen::Infinity>(), 1e-10 * scale)
          << "RBII App. D: A = J M^-1 J^T, so both forms sweep alike (trial " << trial
          << ", sweeps " << sweeps << ")";
      EXPECT_LE((sparse.a - (A * sparse.f + b)).lpNorm<Eigen::Infinity>(), 1e-10 * scale)
          << "RBII (9-8): a = A f + b (trial " << trial << ")";
    }
  }
}
