// Reference: Dantzig's pivoting method for the contact LCP (Baraff 1994 §4;
// RBII §9 calls the problem a quadratic program). Forces start at 0, so a = b.
// Each contact d with a_d < 0 is driven: f_d grows while the clamped set C
// keeps a = 0 and the unclamped set NC keeps f = 0, until a_d reaches 0 or
// another index changes sets first (then the direction is recomputed).
#include <Eigen/Cholesky>
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "pbm/resting/lcp.h"

namespace pbm {
namespace {

// Driving accelerations this close (relative) to the most negative tie.
constexpr double kTie = 1e-3;

// The Cholesky factor of A_CC, kept as C changes: adding an index is one
// triangular solve and a square root, removing one is a sweep of Givens
// rotations over the rows below it, both O(|C|^2): the "incremental
// factorisation" that makes a pivot cost O(n^2) instead of O(n^3).
class IncrementalCholesky {
 public:
  // An index joins only with a Schur complement above minPivot: one that is
  // dependent on C up to rounding would give L a tiny diagonal and every
  // later direction a huge error.
  IncrementalCholesky(int n, double minPivot) : L_(n, n), minPivot_(minPivot) {}
  int size() const { return m_; }
  const std::vector<int>& indices() const { return idx_; }

  // l = L^-1 A'_Cj, the row index j would add.
  Eigen::VectorXd rowFor(const Eigen::MatrixXd& A, int j) const {
    Eigen::VectorXd col = column(A, j);
    if (m_ > 0) L_.topLeftCorner(m_, m_).triangularView<Eigen::Lower>().solveInPlace(col);
    return col;
  }
  // The Schur complement A'_jj - l.l: how independent j is of C.
  double schur(const Eigen::MatrixXd& A, int j) const {
    return A(j, j) - rowFor(A, j).squaredNorm();
  }
  bool add(const Eigen::MatrixXd& A, int j) {
    const Eigen::VectorXd l = rowFor(A, j);
    const double s = A(j, j) - l.squaredNorm();
    if (!(s > minPivot_)) return false;
    L_.row(m_).head(m_) = l.transpose();
    L_(m_, m_) = std::sqrt(s);
    idx_.push_back(j);
    ++m_;
    return true;
  }
  void remove(int j) {
    const int p = static_cast<int>(std::find(idx_.begin(), idx_.end(), j) - idx_.begin());
    // Deleting row p leaves rows p..m-2 with one entry right of the diagonal;
    // rotating columns (i, i+1) clears it and keeps L L^T.
    for (int r = p; r + 1 < m_; ++r) L_.row(r).head(m_) = L_.row(r + 1).head(m_);
    for (int i = p; i + 1 < m_; ++i) {
      const double x = L_(i, i), y = L_(i, i + 1);
      const double r = std::hypot(x, y);
      if (r == 0.0) continue;
      const double c = x / r, s = y / r;
      for (int k = i; k + 1 < m_; ++k) {
        const double u = L_(k, i), v = L_(k, i + 1);
        L_(k, i) = c * u + s * v;
        L_(k, i + 1) = -s * u + c * v;
      }
    }
    --m_;
    L_.row(m_).head(m_ + 1).setZero();
    L_.col(m_).head(m_ + 1).setZero();
    idx_.erase(idx_.begin() + p);
  }
  // x = A_CC^-1 rhs.
  Eigen::VectorXd solve(Eigen::VectorXd x) const {
    if (m_ == 0) return x;
    L_.topLeftCorner(m_, m_).triangularView<Eigen::Lower>().solveInPlace(x);
    L_.topLeftCorner(m_, m_).transpose().triangularView<Eigen::Upper>().solveInPlace(x);
    return x;
  }
  // The same factor computed from scratch (LcpOptions::refactor).
  bool rebuild(const Eigen::MatrixXd& A) {
    const std::vector<int> idx = idx_;
    L_.setZero();
    m_ = 0;
    idx_.clear();
    for (int j : idx)
      if (!add(A, j)) return false;
    return true;
  }
  // x = -A_CC^-1 A'_Cd, the clamped forces' direction (fdirection).
  Eigen::VectorXd direction(const Eigen::MatrixXd& A, int d) const { return -solve(column(A, d)); }

 private:
  // A'_Cj: column j of A on the rows of C.
  Eigen::VectorXd column(const Eigen::MatrixXd& A, int j) const {
    Eigen::VectorXd col(m_);
    for (int k = 0; k < m_; ++k) col(k) = A(idx_[k], j);
    return col;
  }
  Eigen::MatrixXd L_;
  double minPivot_;
  int m_ = 0;
  std::vector<int> idx_;
};

}  // namespace

LcpResult solveLcpDantzig(const Eigen::MatrixXd& A, const Eigen::VectorXd& b,
                          const LcpOptions& options) {
  const int n = static_cast<int>(b.size());
  LcpResult out;
  out.f = Eigen::VectorXd::Zero(n);
  out.a = b;
  if (A.rows() != n || A.cols() != n || !A.allFinite() || !b.allFinite()) {
    out.why = "not finite";
    if (A.rows() != n || A.cols() != n) out.why = "A and b differ in size";
    return out;
  }
  // Scale to a unit diagonal (f = D f', a' = D a): the tolerances below are
  // then relative. A zero diagonal is a contact between fixed bodies: dropped.
  Eigen::VectorXd D = Eigen::VectorXd::Zero(n);
  for (int i = 0; i < n; ++i)
    if (A(i, i) > 0.0) D(i) = 1.0 / std::sqrt(A(i, i));
  const Eigen::MatrixXd As = D.asDiagonal() * A * D.asDiagonal();
  const Eigen::VectorXd bs = D.cwiseProduct(b);
  const double bmax = std::max(1.0, bs.lpNorm<Eigen::Infinity>());
  const double epsA = 1e-10 * bmax, tau = 1e-9;
  const int cap = options.maxPivots >= 0 ? options.maxPivots : 20 * n + 20;

  Eigen::VectorXd f = Eigen::VectorXd::Zero(n), a = bs;
  std::vector<LcpSet> set(n, LcpSet::Untreated);
  IncrementalCholesky chol(n, tau);
  Eigen::VectorXd df(n), da(n);

  // After every change of C (the benchmark's re-factoring baseline).
  auto refresh = [&]() { return !options.refactor || chol.rebuild(As); };
  auto report = [&](int d, int j, double s) {
    if (!options.onPivot) return;
    LcpPivot p;
    p.drive = d;
    p.blocker = j;
    p.step = s;
    p.f = D.cwiseProduct(f);
    p.df = D.cwiseProduct(df);
    p.a = p.da = Eigen::VectorXd::Zero(n);
    for (int i = 0; i < n; ++i)
      if (D(i) > 0) p.a(i) = a(i) / D(i), p.da(i) = da(i) / D(i);
    p.sets = set;
    options.onPivot(p);
  };
  auto fail = [&](const std::string& why) {
    out.f = D.cwiseProduct(f);
    out.a = A * out.f + b;
    out.why = why;
    out.ok = false;
    return out;
  };

  // compute_forces: while an untreated contact accelerates into its partner,
  // drive the one with the most negative a_d. Baraff 1994 §4 allows any; on a
  // pyramid of cubes (400 contacts, most of them redundant) the lowest-index
  // rule takes over 20 times as many pivots, most of them degenerate swaps of
  // coplanar contacts. An a_i within kTie of the most negative (relative) is
  // a tie, and ties go to the lowest index: alike contacts (the 8 crossings
  // under cube_on_cube_45's cube) have a's that differ only by rounding and
  // by the state's slow drift (a lever arm a micrometre longer), and letting
  // that pick which redundant contacts carry the load would move it from one
  // step to the next with nothing visible moving (RBII §9: the f_i are not
  // unique there; which solution is the solver's choice, and it must hold
  // still). Driving d moves the untreated a's too: the scan starts over.
  for (;;) {
    double aMin = -epsA;
    for (int i = 0; i < n; ++i)
      if (set[i] == LcpSet::Untreated && D(i) > 0.0) aMin = std::min(aMin, a(i));
    int d = n;
    for (int i = 0; i < n && d == n; ++i)
      if (set[i] == LcpSet::Untreated && D(i) > 0.0 && a(i) < -epsA && a(i) <= (1.0 - kTie) * aMin)
        d = i;
    if (d == n) break;
    // drive_to_zero(d)
    for (;;) {
      // D.4: rounding may leave a_d a hair below zero after another index
      // blocked "first": finish d rather than search a direction of zero.
      bool finished = a(d) >= -epsA;
      if (!finished) {
        // fdirection: raise f_d by 1, keep a_C = 0.
        df.setZero();
        df(d) = 1.0;
        const Eigen::VectorXd x = chol.direction(As, d);
        for (int k = 0; k < chol.size(); ++k) df(chol.indices()[k]) = x(k);
        da.noalias() = As * df;
        for (int i : chol.indices()) da(i) = 0.0;
        // Likewise when d is dependent on C (its Schur complement, da_d, is
        // 0): no move of f_d that keeps a_C = 0 changes a_d, which is then
        // rounding's residue; walking on would only swap redundant contacts.
        finished = da(d) <= tau && a(d) >= -1e-7 * bmax;
      }
      if (finished) {
        // d may be dependent on C with f_d > 0 (another index clamped in a
        // tie): then z = (df_C, 1) has A z = 0, and moving f along -z leaves
        // every a alone. Drain f_d that way until it is 0 (d is unclamped)
        // or a clamped force reaches 0 first (that index leaves C, and d
        // may join). At most |C| + 1 rounds.
        while (f(d) > 0.0 && !chol.add(As, d)) {
          const Eigen::VectorXd x = chol.direction(As, d);
          const std::vector<int> C = chol.indices();
          double t = f(d);
          int blocker = d;
          for (size_t k = 0; k < C.size(); ++k)
            // A clamped force a hair below 0, over a tiny x(k), must not
            // make t negative: that would raise f_d instead of draining it.
            if (x(k) > tau && std::max(f(C[k]), 0.0) / x(k) < t)
              t = std::max(f(C[k]), 0.0) / x(k), blocker = C[k];
          f(d) -= t;
          for (size_t k = 0; k < C.size(); ++k) f(C[k]) = std::max(0.0, f(C[k]) - t * x(k));
          if (blocker == d) {
            f(d) = 0.0;
            break;
          }
          chol.remove(blocker);
          if (!refresh()) return fail("Cholesky failed");
          set[blocker] = LcpSet::NotClamped;
          f(blocker) = 0.0;
        }
        if (f(d) > 0.0) {
          set[d] = LcpSet::Clamped;
          a(d) = 0.0;
        } else {
          set[d] = LcpSet::NotClamped;
        }
        break;
      }
      // maxstep, ties to d and then to the lowest index; a blocker of NC
      // numerically dependent on C (Schur complement <= tau) cannot join C.
      double s = std::numeric_limits<double>::infinity();
      int j = -1;
      for (int i = 0; i < n; ++i) {
        double r = std::numeric_limits<double>::infinity();
        if (set[i] == LcpSet::Clamped && df(i) < -tau) r = -f(i) / df(i);
        if (set[i] == LcpSet::NotClamped && da(i) < -tau) r = -a(i) / da(i);
        // (the O(|C|^2) Schur test only for a would-be blocker)
        if (set[i] == LcpSet::NotClamped && r < s && !(chol.schur(As, i) > tau))
          r = std::numeric_limits<double>::infinity();
        if (r < s) s = std::max(r, 0.0), j = i;
      }
      // d wins a tie, also one that rounding breaks by a few ulps: had
      // another index clamped first, d could be left dependent on C with
      // a_d = 0 and f_d > 0, a state no set can hold.
      if (da(d) > tau) {
        const double sd = -a(d) / da(d);
        if (sd <= s * (1.0 + 1e-9)) s = sd, j = d;
      }
      if (j < 0) {
        // No blocker: an unbounded ray, unless a_d's drift is the cause.
        a = As * f + bs;
        for (int i : chol.indices()) a(i) = 0.0;
        if (a(d) >= -1e-7 * bmax) {
          set[d] = LcpSet::NotClamped;
          break;
        }
        out.certificate = D.cwiseProduct(df).cwiseMax(0.0);
        return fail("infeasible");
      }
      f += s * df;
      a += s * da;
      ++out.pivots;
      if (j == d) {
        if (!chol.add(As, d) || !refresh()) return fail("Cholesky failed");
        set[d] = LcpSet::Clamped;
        a(d) = 0.0;
        report(d, j, s);
        break;
      }
      if (set[j] == LcpSet::Clamped) {
        chol.remove(j);
        if (!refresh()) return fail("Cholesky failed");
        set[j] = LcpSet::NotClamped;
        f(j) = 0.0;
      } else {
        if (!chol.add(As, j) || !refresh()) return fail("Cholesky failed");
        set[j] = LcpSet::Clamped;
        a(j) = 0.0;
      }
      report(d, j, s);
      if (out.pivots > cap) return fail("pivot cap");
    }
  }
  for (int i = 0; i < n; ++i)
    if (set[i] == LcpSet::Untreated) set[i] = LcpSet::NotClamped;
  // One step of iterative refinement on C: after hundreds of updates a_C =
  // A_C f + b_C is rounding's residue, not 0; one solve with the factor
  // removes most of it. Kept only if every clamped force stays >= 0.
  if (chol.size() > 0) {
    const std::vector<int>& C = chol.indices();
    Eigen::VectorXd r(C.size());
    for (size_t k = 0; k < C.size(); ++k) r(k) = As.row(C[k]).dot(f) + bs(C[k]);
    const Eigen::VectorXd delta = chol.solve(-r);
    Eigen::VectorXd refined = f;
    bool nonNegative = true;
    for (size_t k = 0; k < C.size(); ++k) {
      refined(C[k]) += delta(k);
      nonNegative = nonNegative && refined(C[k]) >= 0.0;
    }
    if (nonNegative) f = refined;
  }
  out.f = D.cwiseProduct(f);
  out.a = A * out.f + b;
  // The answer is checked against the problem itself: on large degenerate
  // systems rounding can break the method's invariants, and a wrong force
  // must be reported, not applied.
  const double scale = std::max(1.0, b.lpNorm<Eigen::Infinity>());
  const double fScale = std::max(1.0, out.f.lpNorm<Eigen::Infinity>());
  double worstA = 0.0, worstFA = 0.0;
  for (int i = 0; i < n; ++i)
    if (D(i) > 0.0)  // a dropped contact (zero diagonal) is not part of the problem
      worstA = std::min(worstA, out.a(i)),
      worstFA = std::max(worstFA, std::abs(out.f(i) * out.a(i)));
  if ((worstA < -1e-5 * scale || worstFA > 1e-5 * scale * fScale)) {
    out.why = "inaccurate: min a = " + std::to_string(worstA) +
              ", max |f a| = " + std::to_string(worstFA);
    return out;
  }
  out.ok = true;
  return out;
}

}  // namespace pbm
