// Chapter 01 tests, part 4: the Lorenz field (DEB §1 in three dimensions): its
// fixed points and Jacobian, and its constant divergence, by central
// differences at several parameter sets.
#include "01_vector_field_test.h"

namespace {

using namespace ch01_test;

// ---------------------------------------------------------------- Lorenz
// DEB §1 in three dimensions: the Lorenz field through the student's lorenzField.

struct LorenzCase {
  double sigma, rho, beta;
};
// The classic values and two others, so a hard-wired 10, 28, 8/3 fails.
const LorenzCase kLorenzCases[] = {{10.0, 28.0, 8.0 / 3.0}, {6.5, 17.0, 1.25}, {14.0, 45.0, 4.0}};

std::string lorenzName(const LorenzCase& c) {
  return "sigma = " + std::to_string(c.sigma) + ", rho = " + std::to_string(c.rho) +
         ", beta = " + std::to_string(c.beta);
}

// DEB §1: a fixed point is a zero of f, a curve that starts there stays. The
// Lorenz field has the origin and C+- = (+-sqrt(beta (rho - 1)), +-sqrt(beta
// (rho - 1)), rho - 1) (closed forms). Around each, f grows as its Jacobian
// [[-sigma, sigma, 0], [rho - z, -1, -x], [y, x, -beta]] says (central
// differences, exact for a quadratic field up to round-off).
TEST(Ch01Lorenz, OriginAndCPlusMinusAreZerosOfTheField) {
  for (const auto& c : kLorenzCases) {
    const double a = std::sqrt(c.beta * (c.rho - 1.0));
    const Eigen::Vector3d points[3] = {
        Eigen::Vector3d::Zero(), {a, a, c.rho - 1.0}, {-a, -a, c.rho - 1.0}};
    for (const auto& p : points) {
      const Eigen::Vector3d f = pbm::lorenzField(p, c.sigma, c.rho, c.beta);
      ASSERT_LT(f.norm(), 1e-12 * (1.0 + p.squaredNorm()))
          << "DEB §1 (fixed points): " << lorenzName(c) << ", at (" << p.transpose()
          << "): expected f = 0, got f = (" << f.transpose() << ")";
      Eigen::Matrix3d want;
      want << -c.sigma, c.sigma, 0.0, c.rho - p.z(), -1.0, -p.x(), p.y(), p.x(), -c.beta;
      const double d = 1e-3;
      for (int k = 0; k < 3; ++k) {
        const Eigen::Vector3d e = d * Eigen::Vector3d::Unit(k);
        const Eigen::Vector3d col = (pbm::lorenzField(p + e, c.sigma, c.rho, c.beta) -
                                     pbm::lorenzField(p - e, c.sigma, c.rho, c.beta)) /
                                    (2.0 * d);
        ASSERT_LT((col - want.col(k)).norm(), 1e-8)
            << "DEB §1: " << lorenzName(c) << ", df/dx_" << k << " at (" << p.transpose()
            << "): expected (" << want.col(k).transpose() << "), got (" << col.transpose() << ")";
      }
    }
  }
}

// DEB §1: div f = -sigma - 1 - beta at every point (each row's own variable
// enters linearly), so every volume of states shrinks at the same rate.
// Checked by central differences at random points of the attractor's box.
TEST(Ch01Lorenz, DivergenceIsMinusSigmaPlusOnePlusBetaEverywhere) {
  std::mt19937 rng(20240601);
  std::uniform_real_distribution<double> xy(-30.0, 30.0), z(-5.0, 55.0);
  const double d = 1e-4;
  for (const auto& c : kLorenzCases) {
    const double want = -(c.sigma + 1.0 + c.beta);
    for (int i = 0; i < 25; ++i) {
      const Eigen::Vector3d p(xy(rng), xy(rng), z(rng));
      double div = 0.0;
      for (int k = 0; k < 3; ++k) {
        const Eigen::Vector3d e = d * Eigen::Vector3d::Unit(k);
        div += (pbm::lorenzField(p + e, c.sigma, c.rho, c.beta)[k] -
                pbm::lorenzField(p - e, c.sigma, c.rho, c.beta)[k]) /
               (2.0 * d);
      }
      ASSERT_NEAR(div, want, 1e-6)
          << "DEB §1: " << lorenzName(c) << ", div f at (" << p.transpose()
          << "): expected -(sigma + 1 + beta) = " << want << ", got " << div;
    }
  }
}

}  // namespace
