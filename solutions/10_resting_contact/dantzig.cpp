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
#include <utility>
#include <vector>

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

// One solve of the LCP a = A f + b, a >= 0, f >= 0, f.a = 0 (Baraff 1994
// §4), in named steps: scale, then drive every untreated contact to zero
// (direction, max step, pivot), then refine and verify. The method's state
// is the paper's: f, a, the clamped set C (in the factor) and the sets.
class Dantzig {
 public:
  Dantzig(const Eigen::MatrixXd& A, const Eigen::VectorXd& b, const LcpOptions& options)
      : A_(A), b_(b), options_(options), n_(static_cast<int>(b.size())), chol_(n_, kTau) {}

  LcpResult solve() {
    out_.f = Eigen::VectorXd::Zero(n_);
    out_.a = b_;
    if (A_.rows() != n_ || A_.cols() != n_ || !A_.allFinite() || !b_.allFinite()) {
      out_.why = "not finite";
      if (A_.rows() != n_ || A_.cols() != n_) out_.why = "A and b differ in size";
      return out_;
    }
    scale();
    for (int d = nextDrive(); d < n_; d = nextDrive())
      if (!driveToZero(d)) return failed();
    for (int i = 0; i < n_; ++i)
      if (set_[i] == LcpSet::Untreated) set_[i] = LcpSet::NotClamped;
    refine();
    return verify();
  }

 private:
  static constexpr double kTau = 1e-9;  // "zero" for directions and pivots, scaled

  // Scale to a unit diagonal (f = D f', a' = D a): the tolerances below are
  // then relative. A zero diagonal is a contact between fixed bodies: dropped.
  void scale() {
    D_ = Eigen::VectorXd::Zero(n_);
    for (int i = 0; i < n_; ++i)
      if (A_(i, i) > 0.0) D_(i) = 1.0 / std::sqrt(A_(i, i));
    As_ = D_.asDiagonal() * A_ * D_.asDiagonal();
    bs_ = D_.cwiseProduct(b_);
    bmax_ = std::max(1.0, bs_.lpNorm<Eigen::Infinity>());
    epsA_ = 1e-10 * bmax_;
    cap_ = options_.maxPivots >= 0 ? options_.maxPivots : 20 * n_ + 20;
    f_ = Eigen::VectorXd::Zero(n_);
    a_ = bs_;
    set_.assign(n_, LcpSet::Untreated);
    df_.resize(n_);
    da_.resize(n_);
  }

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
  // n_ when no contact needs driving.
  int nextDrive() const {
    double aMin = -epsA_;
    for (int i = 0; i < n_; ++i)
      if (set_[i] == LcpSet::Untreated && D_(i) > 0.0) aMin = std::min(aMin, a_(i));
    for (int i = 0; i < n_; ++i)
      if (set_[i] == LcpSet::Untreated && D_(i) > 0.0 && a_(i) < -epsA_ &&
          a_(i) <= (1.0 - kTie) * aMin)
        return i;
    return n_;
  }

  // drive_to_zero(d): raise f_d, keeping a_C = 0 and f_NC = 0, pivoting on
  // every index that blocks, until d itself is done. False: failed_ says why.
  bool driveToZero(int d) {
    for (;;) {
      // D.4: rounding may leave a_d a hair below zero after another index
      // blocked "first": finish d rather than search a direction of zero.
      bool finished = a_(d) >= -epsA_;
      if (!finished) {
        direction(d);
        // Likewise when d is dependent on C (its Schur complement, da_d, is
        // 0): no move of f_d that keeps a_C = 0 changes a_d, which is then
        // rounding's residue; walking on would only swap redundant contacts.
        finished = da_(d) <= kTau && a_(d) >= -1e-7 * bmax_;
      }
      if (finished) return settle(d);
      const auto [s, j] = maxStep(d);
      if (j < 0) return unbounded(d);
      f_ += s * df_;
      a_ += s * da_;
      ++out_.pivots;
      if (j == d) {
        if (!clamp(d)) return false;
        report(d, j, s);
        return true;
      }
      if (!(set_[j] == LcpSet::Clamped ? unclamp(j) : clamp(j))) return false;
      report(d, j, s);
      if (out_.pivots > cap_) return failWith("pivot cap");
    }
  }

  // fdirection: raise f_d by 1, keep a_C = 0; da = A df with da_C = 0.
  void direction(int d) {
    df_.setZero();
    df_(d) = 1.0;
    const Eigen::VectorXd x = chol_.direction(As_, d);
    for (int k = 0; k < chol_.size(); ++k) df_(chol_.indices()[k]) = x(k);
    da_.noalias() = As_ * df_;
    for (int i : chol_.indices()) da_(i) = 0.0;
  }

  // maxstep: the largest s >= 0 before a clamped f_i or an unclamped a_i
  // reaches 0 (that index j changes sets) or a_d does (j = d); ties to d and
  // then to the lowest index. j = -1: nothing blocks. A blocker of NC
  // numerically dependent on C (Schur complement <= kTau) cannot join C.
  std::pair<double, int> maxStep(int d) const {
    double s = std::numeric_limits<double>::infinity();
    int j = -1;
    for (int i = 0; i < n_; ++i) {
      double r = std::numeric_limits<double>::infinity();
      if (set_[i] == LcpSet::Clamped && df_(i) < -kTau) r = -f_(i) / df_(i);
      if (set_[i] == LcpSet::NotClamped && da_(i) < -kTau) r = -a_(i) / da_(i);
      // (the O(|C|^2) Schur test only for a would-be blocker)
      if (set_[i] == LcpSet::NotClamped && r < s && !(chol_.schur(As_, i) > kTau))
        r = std::numeric_limits<double>::infinity();
      if (r < s) s = std::max(r, 0.0), j = i;
    }
    // d wins a tie, also one that rounding breaks by a few ulps: had
    // another index clamped first, d could be left dependent on C with
    // a_d = 0 and f_d > 0, a state no set can hold.
    if (da_(d) > kTau) {
      const double sd = -a_(d) / da_(d);
      if (sd <= s * (1.0 + 1e-9)) s = sd, j = d;
    }
    return {s, j};
  }

  // d is done. It may be dependent on C with f_d > 0 (another index clamped
  // in a tie): then z = (df_C, 1) has A z = 0, and moving f along -z leaves
  // every a alone. Drain f_d that way until it is 0 (d is unclamped) or a
  // clamped force reaches 0 first (that index leaves C, and d may join). At
  // most |C| + 1 rounds.
  bool settle(int d) {
    while (f_(d) > 0.0 && !chol_.add(As_, d)) {
      const Eigen::VectorXd x = chol_.direction(As_, d);
      const std::vector<int> C = chol_.indices();
      double t = f_(d);
      int blocker = d;
      for (size_t k = 0; k < C.size(); ++k)
        // A clamped force a hair below 0, over a tiny x(k), must not
        // make t negative: that would raise f_d instead of draining it.
        if (x(k) > kTau && std::max(f_(C[k]), 0.0) / x(k) < t)
          t = std::max(f_(C[k]), 0.0) / x(k), blocker = C[k];
      f_(d) -= t;
      for (size_t k = 0; k < C.size(); ++k) f_(C[k]) = std::max(0.0, f_(C[k]) - t * x(k));
      if (blocker == d) {
        f_(d) = 0.0;
        break;
      }
      if (!unclamp(blocker)) return false;
    }
    if (f_(d) > 0.0) {
      set_[d] = LcpSet::Clamped;
      a_(d) = 0.0;
    } else {
      set_[d] = LcpSet::NotClamped;
    }
    return true;
  }

  // No blocker: an unbounded ray, unless a_d's drift is the cause.
  bool unbounded(int d) {
    a_ = As_ * f_ + bs_;
    for (int i : chol_.indices()) a_(i) = 0.0;
    if (a_(d) >= -1e-7 * bmax_) {
      set_[d] = LcpSet::NotClamped;
      return true;
    }
    out_.certificate = D_.cwiseProduct(df_).cwiseMax(0.0);
    return failWith("infeasible");
  }

  // j joins C (a_j = 0 from now on) or leaves it (f_j = 0).
  bool clamp(int j) {
    if (!chol_.add(As_, j) || !refresh()) return failWith("Cholesky failed");
    set_[j] = LcpSet::Clamped;
    a_(j) = 0.0;
    return true;
  }
  bool unclamp(int j) {
    chol_.remove(j);
    if (!refresh()) return failWith("Cholesky failed");
    set_[j] = LcpSet::NotClamped;
    f_(j) = 0.0;
    return true;
  }
  // After every change of C (the benchmark's re-factoring baseline).
  bool refresh() { return !options_.refactor || chol_.rebuild(As_); }

  // One step of iterative refinement on C: after hundreds of updates a_C =
  // A_C f + b_C is rounding's residue, not 0; one solve with the factor
  // removes most of it. Kept only if every clamped force stays >= 0.
  void refine() {
    if (chol_.size() == 0) return;
    const std::vector<int>& C = chol_.indices();
    Eigen::VectorXd r(C.size());
    for (size_t k = 0; k < C.size(); ++k) r(k) = As_.row(C[k]).dot(f_) + bs_(C[k]);
    const Eigen::VectorXd delta = chol_.solve(-r);
    Eigen::VectorXd refined = f_;
    bool nonNegative = true;
    for (size_t k = 0; k < C.size(); ++k) {
      refined(C[k]) += delta(k);
      nonNegative = nonNegative && refined(C[k]) >= 0.0;
    }
    if (nonNegative) f_ = refined;
  }

  // The answer is checked against the problem itself: on large degenerate
  // systems rounding can break the method's invariants, and a wrong force
  // must be reported, not applied.
  LcpResult verify() {
    out_.f = D_.cwiseProduct(f_);
    out_.a = A_ * out_.f + b_;
    const double scale = std::max(1.0, b_.lpNorm<Eigen::Infinity>());
    const double fScale = std::max(1.0, out_.f.lpNorm<Eigen::Infinity>());
    double worstA = 0.0, worstFA = 0.0;
    for (int i = 0; i < n_; ++i)
      if (D_(i) > 0.0)  // a dropped contact (zero diagonal) is not part of the problem
        worstA = std::min(worstA, out_.a(i)),
        worstFA = std::max(worstFA, std::abs(out_.f(i) * out_.a(i)));
    if ((worstA < -1e-5 * scale || worstFA > 1e-5 * scale * fScale)) {
      out_.why = "inaccurate: min a = " + std::to_string(worstA) +
                 ", max |f a| = " + std::to_string(worstFA);
      return out_;
    }
    out_.ok = true;
    return out_;
  }

  // options.onPivot sees the unscaled problem.
  void report(int d, int j, double s) const {
    if (!options_.onPivot) return;
    LcpPivot p;
    p.drive = d;
    p.blocker = j;
    p.step = s;
    p.f = D_.cwiseProduct(f_);
    p.df = D_.cwiseProduct(df_);
    p.a = p.da = Eigen::VectorXd::Zero(n_);
    for (int i = 0; i < n_; ++i)
      if (D_(i) > 0) p.a(i) = a_(i) / D_(i), p.da(i) = da_(i) / D_(i);
    p.sets = set_;
    options_.onPivot(p);
  }

  bool failWith(const std::string& why) {
    failed_ = why;
    return false;
  }
  // The forces so far, unscaled, and why the method stopped.
  LcpResult failed() {
    out_.f = D_.cwiseProduct(f_);
    out_.a = A_ * out_.f + b_;
    out_.why = failed_;
    out_.ok = false;
    return out_;
  }

  const Eigen::MatrixXd& A_;
  const Eigen::VectorXd& b_;
  const LcpOptions& options_;
  const int n_;
  IncrementalCholesky chol_;
  Eigen::VectorXd D_, bs_, f_, a_, df_, da_;
  Eigen::MatrixXd As_;
  double bmax_ = 1.0, epsA_ = 0.0;
  int cap_ = 0;
  std::vector<LcpSet> set_;
  LcpResult out_;
  std::string failed_;
};

}  // namespace

LcpResult solveLcpDantzig(const Eigen::MatrixXd& A, const Eigen::VectorXd& b,
                          const LcpOptions& options) {
  return Dantzig(A, b, options).solve();
}

}  // namespace pbm
