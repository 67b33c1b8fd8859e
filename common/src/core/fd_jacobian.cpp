#include "pbm/core/fd_jacobian.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace pbm {

void finiteDifferenceJacobian(OdeSystem& sys, Eigen::SparseMatrix<double>& J, double delta,
                              double dropTol) {
  const int n = sys.dim();
  Eigen::VectorXd x0(n), x(n), fp(n), fm(n);
  double t = 0;
  sys.getState(x0, t);
  std::vector<Eigen::Triplet<double>> entries;
  for (int j = 0; j < n; ++j) {
    const double d = delta * std::max(1.0, std::abs(x0[j]));
    x = x0;
    x[j] = x0[j] + d;
    sys.setState(x, t);
    sys.derivEval(fp);
    x[j] = x0[j] - d;
    sys.setState(x, t);
    sys.derivEval(fm);
    for (int i = 0; i < n; ++i) {
      const double v = (fp[i] - fm[i]) / (2.0 * d);
      if (std::abs(v) > dropTol) entries.emplace_back(i, j, v);
    }
  }
  sys.setState(x0, t);
  J.resize(n, n);
  J.setFromTriplets(entries.begin(), entries.end());
}

}  // namespace pbm
