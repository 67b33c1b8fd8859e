// Reference: the LCP by enumeration of its 2^n active sets (the test oracle
// that shows why pivoting matters: the work doubles with every contact).
#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <string>

#include "pbm/core/errors.h"
#include "pbm/resting/lcp.h"

namespace pbm {

LcpResult solveLcpBruteForce(const Eigen::MatrixXd& A, const Eigen::VectorXd& b) {
  const int n = static_cast<int>(b.size());
  if (n > 12) throw UsageError("solveLcpBruteForce: n = " + std::to_string(n) + " > 12");
  LcpResult out;
  const double scale = std::max({1.0, b.lpNorm<Eigen::Infinity>(), A.lpNorm<Eigen::Infinity>()});
  const double tol = 1e-9 * scale;
  for (unsigned mask = 0; mask < (1u << n); ++mask) {
    std::vector<int> S;
    for (int i = 0; i < n; ++i)
      if (mask >> i & 1u) S.push_back(i);
    const int m = static_cast<int>(S.size());
    Eigen::VectorXd f = Eigen::VectorXd::Zero(n);
    if (m > 0) {
      Eigen::MatrixXd ASS(m, m);
      Eigen::VectorXd bS(m);
      for (int r = 0; r < m; ++r) {
        bS(r) = -b(S[r]);
        for (int c = 0; c < m; ++c) ASS(r, c) = A(S[r], S[c]);
      }
      // Least squares: a redundant A_SS is singular, and any of its solutions will do.
      const Eigen::VectorXd fS = ASS.completeOrthogonalDecomposition().solve(bS);
      for (int r = 0; r < m; ++r) f(S[r]) = fS(r);
    }
    const Eigen::VectorXd a = A * f + b;
    const double fmax = std::max(1.0, f.lpNorm<Eigen::Infinity>());
    bool okSet = true;
    for (int i = 0; i < n && okSet; ++i)
      okSet = f(i) >= -tol && a(i) >= -tol && std::abs(f(i) * a(i)) <= tol * fmax;
    if (okSet) {
      out.f = f.cwiseMax(0.0);
      out.a = A * out.f + b;
      out.pivots = static_cast<int>(mask);
      out.ok = true;
      return out;
    }
  }
  out.f = Eigen::VectorXd::Zero(n);
  out.a = b;
  out.why = "infeasible";
  return out;
}

}  // namespace pbm
