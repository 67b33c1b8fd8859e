#include "stability_inset.h"

#include <Eigen/Eigenvalues>
#include <array>
#include <cmath>
#include <cstdio>
#include <numbers>

#include "pbm/integrators/methods.h"
#include "pbm/viewer/canvas2d.h"
#include "pbm/viewer/ui.h"
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
  const pbm::Px2 p0 = pbm::ui::cursorScreenPos();
  pbm::ui::dummy(pbm::Px2(side, side));
  const pbm::Px2 p1(p0.x + side, p0.y + side);
  pbm::Painter& dl = pbm::ui::panelPainter();
  dl.pushClip(p0, p1);
  dl.rectFilled(p0, p1, pbm::rgba(20, 22, 27, 255));
  // Re in [-4.2, 2.2], Im in [-3.2, 3.2]: RK4's region reaches +-2.83i.
  const double reLo = -4.2, span = 6.4;
  const double scale = side / span;
  const auto toScreen = [&](cd z) {
    return pbm::Px2(p0.x + float((z.real() - reLo) * scale),
                    p0.y + float((span / 2 - z.imag()) * scale));
  };
  const pbm::Color axis = pbm::rgba(80, 85, 97, 255);
  dl.line(toScreen({reLo, 0}), toScreen({reLo + span, 0}), axis);
  dl.line(toScreen({0, -span / 2}), toScreen({0, span / 2}), axis);
  for (int k = -3; k <= 3; ++k) {
    if (k == 0) continue;
    const pbm::Px2 a = toScreen({0, double(k)}), b = toScreen({double(k), 0});
    dl.line(pbm::Px2(a.x - 3, a.y), pbm::Px2(a.x + 3, a.y), axis);
    dl.line(pbm::Px2(b.x, b.y - 3), pbm::Px2(b.x, b.y + 3), axis);
  }
  for (const pbm::MethodInfo& m : pbm::integratorMethods())
    for (const cd& z : stabilityBoundary(m.order)) {
      const pbm::Px2 s = toScreen(z);
      dl.rectFilled(pbm::Px2(s.x - 1, s.y - 1), pbm::Px2(s.x + 1, s.y + 1), m.colour);
    }
  // RK4's limit 2 sqrt 2 on the imaginary axis, and the rotation field's z = +-ih.
  for (double sign : {1.0, -1.0}) {
    const pbm::Px2 l = toScreen({0, sign * 2 * std::numbers::sqrt2});
    dl.line(pbm::Px2(l.x - 7, l.y), pbm::Px2(l.x + 7, l.y), pbm::colors::kRk4, 2.f);
    dl.circle(toScreen({0, sign * h}), 5.f, pbm::colors::kAdaptive, 12, 2.f);
  }
  dl.text(pbm::Px2(p0.x + 3, p0.y + 2), pbm::colors::kDim, "Im z");
  dl.text(pbm::Px2(p1.x - 34, toScreen({0, 0}).y + 2), pbm::colors::kDim, "Re z");
  dl.popClip();
  dl.rect(p0, p1, pbm::rgba(90, 95, 105, 255));

  // Legend beside the square.
  pbm::ui::sameLine();
  pbm::ui::beginGroup();
  pbm::ui::textUnformatted("inside: |R(z)| <= 1");
  for (const pbm::MethodInfo& m : pbm::integratorMethods())
    pbm::ui::textColored(m.colour, "%s", m.label.c_str());
  pbm::ui::textColored(pbm::colors::kAdaptive, "o z = +-i h");
  pbm::ui::textDisabled("  h = %.3g", h);
  pbm::ui::textColored(pbm::colors::kRk4, "- 2 sqrt 2 i:");
  pbm::ui::textDisabled("  RK4's limit");
  pbm::ui::spacing();
  pbm::ui::textWrapped(
      "+-ih is outside Euler's and midpoint's regions for every h: they spiral out.");
  pbm::ui::endGroup();
}

}  // namespace ch02
