#include "lcp_panels.h"

#include <imgui.h>

#include <Eigen/Eigenvalues>
#include <Eigen/LU>
#include <algorithm>
#include <cmath>
#include <string>

#include "pbm/app/text.h"

namespace ch10 {

using Eigen::MatrixXd;
using Eigen::VectorXd;

namespace {

// Orange for positive, blue for negative, dark for zero.
ImU32 cellColour(double v, double vmax) {
  const double x = vmax > 0.0 ? std::clamp(v / vmax, -1.0, 1.0) : 0.0;
  const double s = std::sqrt(std::abs(x));  // small entries stay visible
  const int base = 38;
  if (x >= 0.0)
    return IM_COL32(base + static_cast<int>(s * (255 - base)),
                    base + static_cast<int>(s * (165 - base)), base, 255);
  return IM_COL32(base, base + static_cast<int>(s * (140 - base)),
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
    ImGui::TextUnformatted("no resting contacts: A is empty");
    return;
  }
  const double vmax = A.cwiseAbs().maxCoeff();
  const float avail = ImGui::GetContentRegionAvail().x;
  const float cell = std::clamp(std::floor(std::min(avail, 280.f) / n), 2.f, 32.f);
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      const ImVec2 lo(origin.x + j * cell, origin.y + i * cell);
      const ImVec2 hi(lo.x + cell - (cell > 4.f ? 1.f : 0.f),
                      lo.y + cell - (cell > 4.f ? 1.f : 0.f));
      dl->AddRectFilled(lo, hi, cellColour(A(i, j), vmax));
    }
  ImGui::InvisibleButton("##heatmap", ImVec2(cell * n, cell * n));
  if (ImGui::IsItemHovered()) {
    const ImVec2 m = ImGui::GetIO().MousePos;
    const int j = static_cast<int>((m.x - origin.x) / cell),
              i = static_cast<int>((m.y - origin.y) / cell);
    if (i >= 0 && i < n && j >= 0 && j < n)
      ImGui::SetTooltip("A(%d, %d) = %.6g\nA(%d, %d) = %.6g", i, j, A(i, j), j, i, A(j, i));
  }
  ImGui::Text("%d x %d, max |A_ij| = %.4g (orange +, blue -; hover a cell)", n, n, vmax);

  const double asym = (A - A.transpose()).cwiseAbs().maxCoeff();
  const double tol = 1e-9 * std::max(vmax, 1e-300) * n;
  if (asym <= 1e-12 * std::max(vmax, 1.0)) {
    // RBII App. D: A = J M^-1 J^T, symmetric positive semidefinite.
    const Eigen::SelfAdjointEigenSolver<MatrixXd> es(A, Eigen::EigenvaluesOnly);
    const VectorXd lambda = es.eigenvalues();
    const int rank = static_cast<int>((lambda.array() > tol).count());
    // The zeros summed up (rounding leaves them at ~1e-15 of either sign), the rest listed.
    const VectorXd positive = lambda.tail(rank);
    ImGui::Text("symmetric (max |A - A^T| = %.1e)", asym);
    ImGui::TextWrapped("eigenvalues: %d x 0 (|l| <= %.1e)%s %s", n - rank, tol,
                       rank ? ", then" : "", listed(positive, 12).c_str());
    ImGui::Text("rank %d of %d; smallest eigenvalue %.2e", rank, n, lambda(0));
    if (rank < n)
      ImGui::TextWrapped(
          "%d zero eigenvalue%s: redundant contacts, the individual f_i are not "
          "unique (only J^T f and a are)",
          n - rank, n - rank > 1 ? "s" : "");
  } else {
    const Eigen::EigenSolver<MatrixXd> es(A, false);
    const VectorXd re = es.eigenvalues().real();
    const double im = es.eigenvalues().imag().cwiseAbs().maxCoeff();
    Eigen::FullPivLU<MatrixXd> lu(A);
    lu.setThreshold(1e-9 * n);
    ImGui::TextColored(ImVec4(1.f, 0.47f, 0.35f, 1.f), "NOT symmetric: max |A - A^T| = %.4g", asym);
    ImGui::TextWrapped("eigenvalues (real parts): %s; max |imaginary part| %.2e",
                       listed(re, 16).c_str(), im);
    ImGui::Text("rank %d of %d (LU)", static_cast<int>(lu.rank()), n);
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
    ImGui::TextUnformatted("no resting contacts: nothing to solve");
    return;
  }
  const int last = static_cast<int>(steps_.size());
  if (ImGui::Button("next pivot") && shown_ < last) ++shown_, frozen_ = true;
  ImGui::SameLine();
  if (ImGui::Button("run")) shown_ = last, frozen_ = true;
  ImGui::SameLine();
  if (ImGui::Button("back to f = 0")) shown_ = 0, frozen_ = true;
  ImGui::SameLine();
  if (ImGui::Button("restart here")) restart_ = true;
  ImGui::Text("t = %.4f s: %d contacts, %d pivots, %s%s%s", t_, n, last,
              result_.ok ? "solved" : "failed", result_.ok ? "" : ": ", result_.why.c_str());
  ImGui::TextWrapped("%s", frozen_ ? "frozen at this state (restart here: the state shown now)"
                                   : "follows the simulation until you step");

  // The state shown: the start (f = 0, a = b, nothing treated) or after a pivot.
  VectorXd f = VectorXd::Zero(n), a = b_, df = VectorXd::Zero(n), da = VectorXd::Zero(n);
  std::vector<pbm::LcpSet> sets(n, pbm::LcpSet::Untreated);
  int d = -1, j = -1;
  if (shown_ > 0) {
    const pbm::LcpPivot& p = steps_[shown_ - 1];
    f = p.f, a = p.a, df = p.df, da = p.da, sets = p.sets, d = p.drive, j = p.blocker;
    ImGui::Text("pivot %d of %d: drive d = %d, step s = %.4g", shown_, last, d, p.step);
    ImGui::TextWrapped("blocked by j = %d: %s", j,
                       j == d                                      ? "a_d reached 0, d is clamped"
                       : j >= 0 && sets[j] == pbm::LcpSet::Clamped ? "a_j reached 0, j joins C"
                       : j >= 0 && sets[j] == pbm::LcpSet::NotClamped ? "f_j fell to 0, j leaves C"
                                                                      : "(none)");
  } else {
    ImGui::TextUnformatted("start: f = 0, a = b, every index untreated");
  }
  const int rows = std::min(n, 10);
  const float height = ImGui::GetTextLineHeightWithSpacing() * (rows + 1.5f);
  if (!ImGui::BeginTable(
          "dantzig", 6,
          ImGuiTableFlags_Borders | ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingStretchProp,
          ImVec2(0.f, height)))
    return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("i", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("000").x);
  for (const char* h : {"set", "f", "a", "df", "da"}) ImGui::TableSetupColumn(h);
  ImGui::TableHeadersRow();
  for (int i = 0; i < n; ++i) {
    ImGui::TableNextRow();
    if (i == d) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, IM_COL32(110, 90, 20, 160));
    if (i == j && j != d)
      ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, IM_COL32(40, 70, 120, 160));
    ImGui::TableNextColumn();
    ImGui::Text("%d", i);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(setName(sets[i]));
    ImGui::TableNextColumn();
    ImGui::Text("%.4g", f(i));
    ImGui::TableNextColumn();
    ImGui::Text("%.3g", a(i));
    ImGui::TableNextColumn();
    ImGui::Text("%.3g", df(i));
    ImGui::TableNextColumn();
    ImGui::Text("%.3g", da(i));
  }
  ImGui::EndTable();
  ImGui::TextWrapped(
      "yellow: d, the index driven; blue: j, the one that blocked the step. "
      "C: clamped (a = 0), NC: not clamped (f = 0), -: not treated yet.");
}

}  // namespace ch10
