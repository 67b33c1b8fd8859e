#include "stability_inset.h"

#include <Eigen/Eigenvalues>
#include <array>
#include <cmath>
#include <cstdio>
#include <numbers>

#include "pbm/integrators/methods.h"
#include "pbm/viewer/canvas2d.h"
#include "scenes.h"

namespace ch02 {

using cd = std::complex<double>;

cd amplification(int order, cd z) {
  cd sum = 1, term = 1;
  for (int j = 1; j <= order; ++j) sum += (term *= z / double(j));
  return sum;
}

const std::vector<cd>& stabilityBoundary(int order) {
  static std::array<std::vector<cd>, 5> cache;  // orders 1..4
  auto& pts = cache.at(static_cast<size_t>(order));
  if (!pts.empty()) return pts;
  // R(z) - w = 0 with |w| = 1: the eigenvalues of the companion matrix of the
  // monic polynomial z^p + c_{p-1} z^{p-1} + ... + c_0, c_j = p!/j! (1 - w for j = 0).
  const int p = order;
  double pFact = 1;
  for (int j = 2; j <= p; ++j) pFact *= j;
  const int samples = 720;
  for (int s = 0; s < samples; ++s) {
    const cd w = std::polar(1.0, 2 * std::numbers::pi * s / samples);
    Eigen::MatrixXcd C = Eigen::MatrixXcd::Zero(p, p);
    double jFact = 1;
    for (int j = 0; j < p; ++j) {
      if (j > 0) jFact *= j;
      const cd c = (j == 0 ? 1.0 - w : cd(1.0)) * (pFact / jFact);
      C(j, p - 1) = -c;  // last column: -c_j
      if (j > 0) C(j, j - 1) = 1;
    }
    Eigen::ComplexEigenSolver<Eigen::MatrixXcd> es(C, false);
    for (int i = 0; i < p; ++i) pts.push_back(es.eigenvalues()[i]);
  }
  return pts;
}

void drawStabilityInset(double h, float side) {
  const ImVec2 p0 = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(side, side));
  const ImVec2 p1(p0.x + side, p0.y + side);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->PushClipRect(p0, p1, true);
  dl->AddRectFilled(p0, p1, IM_COL32(20, 22, 27, 255));
  // Re in [-4.2, 2.2], Im in [-3.2, 3.2]: RK4's region reaches +-2.83i.
  const double reLo = -4.2, span = 6.4;
  const double scale = side / span;
  const auto toScreen = [&](cd z) {
    return ImVec2(p0.x + float((z.real() - reLo) * scale),
                  p0.y + float((span / 2 - z.imag()) * scale));
  };
  const ImU32 axis = IM_COL32(80, 85, 97, 255);
  dl->AddLine(toScreen({reLo, 0}), toScreen({reLo + span, 0}), axis);
  dl->AddLine(toScreen({0, -span / 2}), toScreen({0, span / 2}), axis);
  for (int k = -3; k <= 3; ++k) {
    if (k == 0) continue;
    const ImVec2 a = toScreen({0, double(k)}), b = toScreen({double(k), 0});
    dl->AddLine(ImVec2(a.x - 3, a.y), ImVec2(a.x + 3, a.y), axis);
    dl->AddLine(ImVec2(b.x, b.y - 3), ImVec2(b.x, b.y + 3), axis);
  }
  for (const pbm::MethodInfo& m : pbm::integratorMethods())
    for (const cd& z : stabilityBoundary(m.order)) {
      const ImVec2 s = toScreen(z);
      dl->AddRectFilled(ImVec2(s.x - 1, s.y - 1), ImVec2(s.x + 1, s.y + 1), m.colour);
    }
  // RK4's limit 2 sqrt 2 on the imaginary axis, and the rotation field's z = +-ih.
  for (double sign : {1.0, -1.0}) {
    const ImVec2 l = toScreen({0, sign * 2 * std::numbers::sqrt2});
    dl->AddLine(ImVec2(l.x - 7, l.y), ImVec2(l.x + 7, l.y), pbm::colors::kRk4, 2.f);
    dl->AddCircle(toScreen({0, sign * h}), 5.f, pbm::colors::kAdaptive, 12, 2.f);
  }
  dl->AddText(ImVec2(p0.x + 3, p0.y + 2), pbm::colors::kDim, "Im z");
  dl->AddText(ImVec2(p1.x - 34, toScreen({0, 0}).y + 2), pbm::colors::kDim, "Re z");
  dl->PopClipRect();
  dl->AddRect(p0, p1, IM_COL32(90, 95, 105, 255));

  // Legend beside the square.
  ImGui::SameLine();
  ImGui::BeginGroup();
  ImGui::TextUnformatted("inside: |R(z)| <= 1");
  for (const pbm::MethodInfo& m : pbm::integratorMethods())
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(m.colour), "%s", m.label.c_str());
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(pbm::colors::kAdaptive), "o z = +-i h");
  ImGui::TextDisabled("  h = %.3g", h);
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(pbm::colors::kRk4), "- 2 sqrt 2 i:");
  ImGui::TextDisabled("  RK4's limit");
  ImGui::Spacing();
  ImGui::TextWrapped(
      "+-ih is outside Euler's and midpoint's regions for every h: they spiral out.");
  ImGui::EndGroup();
}

}  // namespace ch02
