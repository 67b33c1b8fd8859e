#include "lcp_panels.h"

#include <Eigen/Eigenvalues>
#include <Eigen/LU>
#include <algorithm>
#include <cmath>
#include <string>

#include "pbm/app/text.h"
#include "pbm/viewer/ui.h"

namespace ch10 {

using Eigen::MatrixXd;
using Eigen::VectorXd;

namespace {

// Orange for positive, blue for negative, dark for zero.
pbm::Color cellColour(double v, double vmax) {
  const double x = vmax > 0.0 ? std::clamp(v / vmax, -1.0, 1.0) : 0.0;
  const double s = std::sqrt(std::abs(x));  // small entries stay visible
  const int base = 38;
  if (x >= 0.0)
    return pbm::rgba(base + static_cast<int>(s * (255 - base)),
                     base + static_cast<int>(s * (165 - base)), base, 255);
  return pbm::rgba(base, base + static_cast<int>(s * (140 - base)),
                   base + static_cast<int>(s * (255 - base)), 255);
}

// "v0 v1 ... (n more)" with at most `most` numbers.
std::string listed(const VectorXd& v, int most) {
  std::string s;
  for (int i = 0; i < v.size() && i < most; ++i) s += pbm::format("%s%.4g", i ? " " : "", v(i));
  if (v.size() > most) s += pbm::format(" ... (%d more)", static_cast<int>(v.size()) - most);
  return s;
}

const char* setName(pbm::LcpSet s) {
  switch (s) {
    case pbm::LcpSet::Clamped:
      return "C";
    case pbm::LcpSet::NotClamped:
      return "NC";
    default:
      return "-";
  }
}

}  // namespace

void matrixPanel(const MatrixXd& A) {
  const int n = static_cast<int>(A.rows());
  if (n == 0) {
    pbm::ui::textUnformatted("no resting contacts: A is empty");
    return;
  }
  const double vmax = A.cwiseAbs().maxCoeff();
  const float avail = pbm::ui::contentRegionAvail().x;
  const float cell = std::clamp(std::floor(std::min(avail, 280.f) / n), 2.f, 32.f);
  const pbm::Px2 origin = pbm::ui::cursorScreenPos();
  pbm::Painter& dl = pbm::ui::panelPainter();
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      const pbm::Px2 lo(origin.x + j * cell, origin.y + i * cell);
      const pbm::Px2 hi(lo.x + cell - (cell > 4.f ? 1.f : 0.f),
                        lo.y + cell - (cell > 4.f ? 1.f : 0.f));
      dl.rectFilled(lo, hi, cellColour(A(i, j), vmax));
    }
  pbm::ui::invisibleButton("##heatmap", pbm::Px2(cell * n, cell * n));
  if (pbm::ui::itemHovered()) {
    const pbm::Px2 m = pbm::ui::mousePos();
    const int j = static_cast<int>((m.x - origin.x) / cell),
              i = static_cast<int>((m.y - origin.y) / cell);
    if (i >= 0 && i < n && j >= 0 && j < n)
      pbm::ui::tooltip("A(%d, %d) = %.6g\nA(%d, %d) = %.6g", i, j, A(i, j), j, i, A(j, i));
  }
  pbm::ui::text("%d x %d, max |A_ij| = %.4g (orange +, blue -; hover a cell)", n, n, vmax);

  const double asym = (A - A.transpose()).cwiseAbs().maxCoeff();
  const double tol = 1e-9 * std::max(vmax, 1e-300) * n;
  if (asym <= 1e-12 * std::max(vmax, 1.0)) {
    // RBII App. D: A = J M^-1 J^T, symmetric positive semidefinite.
    const Eigen::SelfAdjointEigenSolver<MatrixXd> es(A, Eigen::EigenvaluesOnly);
    const VectorXd lambda = es.eigenvalues();
    const int rank = static_cast<int>((lambda.array() > tol).count());
    // The zeros summed up (rounding leaves them at ~1e-15 of either sign), the rest listed.
    const VectorXd positive = lambda.tail(rank);
    pbm::ui::text("symmetric (max |A - A^T| = %.1e)", asym);
    pbm::ui::textWrapped("eigenvalues: %d x 0 (|l| <= %.1e)%s %s", n - rank, tol,
                         rank ? ", then" : "", listed(positive, 12).c_str());
    pbm::ui::text("rank %d of %d; smallest eigenvalue %.2e", rank, n, lambda(0));
    if (rank < n)
      pbm::ui::textWrapped(
          "%d zero eigenvalue%s: redundant contacts, the individual f_i are not "
          "unique (only J^T f and a are)",
          n - rank, n - rank > 1 ? "s" : "");
  } else {
    const Eigen::EigenSolver<MatrixXd> es(A, false);
    const VectorXd re = es.eigenvalues().real();
    const double im = es.eigenvalues().imag().cwiseAbs().maxCoeff();
    Eigen::FullPivLU<MatrixXd> lu(A);
    lu.setThreshold(1e-9 * n);
    pbm::ui::textColored(pbm::rgbaF(1.f, 0.47f, 0.35f, 1.f), "NOT symmetric: max |A - A^T| = %.4g",
                         asym);
    pbm::ui::textWrapped("eigenvalues (real parts): %s; max |imaginary part| %.2e",
                         listed(re, 16).c_str(), im);
    pbm::ui::text("rank %d of %d (LU)", static_cast<int>(lu.rank()), n);
  }
}

void DantzigStepThrough::follow(const MatrixXd& A, const VectorXd& b, double t) {
  // A new state (followed unless frozen), or this state with the other A
  // (the verbatim toggle: recorded even when frozen, so the trace matches the title).
  const bool sameSize = A.rows() == A_.rows() && b.size() == b_.size();
  const bool newState = t != t_ || !sameSize || b != b_;
  const bool otherA = !newState && A != A_;
  if (restart_ || otherA || (!frozen_ && newState)) record(A, b, t);
  restart_ = false;
}

void DantzigStepThrough::record(const MatrixXd& A, const VectorXd& b, double t) {
  A_ = A;
  b_ = b;
  t_ = t;
  steps_.clear();
  shown_ = 0;
  frozen_ = false;
  result_ = {};
  if (A.rows() == 0) return;
  pbm::LcpOptions options;
  options.onPivot = [this](const pbm::LcpPivot& p) {
    if (steps_.size() < 2000) steps_.push_back(p);
  };
  try {
    result_ = pbm::solveLcpDantzig(A, b, options);
  } catch (const std::exception& e) {
    result_.ok = false;
    result_.why = e.what();
  }
}

void DantzigStepThrough::panel() {
  const int n = static_cast<int>(A_.rows());
  if (n == 0) {
    pbm::ui::textUnformatted("no resting contacts: nothing to solve");
    return;
  }
  const int last = static_cast<int>(steps_.size());
  if (pbm::ui::button("next pivot") && shown_ < last) ++shown_, frozen_ = true;
  pbm::ui::sameLine();
  if (pbm::ui::button("run")) shown_ = last, frozen_ = true;
  pbm::ui::sameLine();
  if (pbm::ui::button("back to f = 0")) shown_ = 0, frozen_ = true;
  pbm::ui::sameLine();
  if (pbm::ui::button("restart here")) restart_ = true;
  pbm::ui::text("t = %.4f s: %d contacts, %d pivots, %s%s%s", t_, n, last,
                result_.ok ? "solved" : "failed", result_.ok ? "" : ": ", result_.why.c_str());
  pbm::ui::textWrapped("%s", frozen_ ? "frozen at this state (restart here: the state shown now)"
                                     : "follows the simulation until you step");

  // The state shown: the start (f = 0, a = b, nothing treated) or after a pivot.
  VectorXd f = VectorXd::Zero(n), a = b_, df = VectorXd::Zero(n), da = VectorXd::Zero(n);
  std::vector<pbm::LcpSet> sets(n, pbm::LcpSet::Untreated);
  int d = -1, j = -1;
  if (shown_ > 0) {
    const pbm::LcpPivot& p = steps_[shown_ - 1];
    f = p.f, a = p.a, df = p.df, da = p.da, sets = p.sets, d = p.drive, j = p.blocker;
    pbm::ui::text("pivot %d of %d: drive d = %d, step s = %.4g", shown_, last, d, p.step);
    pbm::ui::textWrapped("blocked by j = %d: %s", j,
                         j == d                                      ? "a_d reached 0, d is clamped"
                         : j >= 0 && sets[j] == pbm::LcpSet::Clamped ? "a_j reached 0, j joins C"
                         : j >= 0 && sets[j] == pbm::LcpSet::NotClamped
                             ? "f_j fell to 0, j leaves C"
                             : "(none)");
  } else {
    pbm::ui::textUnformatted("start: f = 0, a = b, every index untreated");
  }
  const int rows = std::min(n, 10);
  const float height = pbm::ui::textLineHeightWithSpacing() * (rows + 1.5f);
  if (!pbm::ui::beginTable("dantzig", 6, height)) return;
  pbm::ui::tableSetupColumn("i", pbm::ui::textSize("000").x);
  for (const char* h : {"set", "f", "a", "df", "da"}) pbm::ui::tableSetupColumn(h);
  pbm::ui::tableHeadersRow();
  for (int i = 0; i < n; ++i) {
    pbm::ui::tableNextRow();
    if (i == d) pbm::ui::tableRowBackground(pbm::rgba(110, 90, 20, 160));
    if (i == j && j != d) pbm::ui::tableRowBackground(pbm::rgba(40, 70, 120, 160));
    pbm::ui::tableNextColumn();
    pbm::ui::text("%d", i);
    pbm::ui::tableNextColumn();
    pbm::ui::textUnformatted(setName(sets[i]));
    pbm::ui::tableNextColumn();
    pbm::ui::text("%.4g", f(i));
    pbm::ui::tableNextColumn();
    pbm::ui::text("%.3g", a(i));
    pbm::ui::tableNextColumn();
    pbm::ui::text("%.3g", df(i));
    pbm::ui::tableNextColumn();
    pbm::ui::text("%.3g", da(i));
  }
  pbm::ui::endTable();
  pbm::ui::textWrapped(
      "yellow: d, the index driven; blue: j, the one that blocked the step. "
      "C: clamped (a = 0), NC: not clamped (f = 0), -: not treated yet.");
}

}  // namespace ch10
