// Scene stability_regions: the complex plane z = h lambda with the region
// |R(z)| <= 1 of each method (Implicit Methods §2-3, derived). A step of the
// test equation y' = lambda y multiplies y by R(z); eq. (2-1) has lambda = -1
// and -k, so its two points are z = -h and z = -hk. Stiffness is one point
// far outside the explicit regions. The panel shows the slides' "one step"
// curves e^-hk, 1 - hk, 1/(1 + hk) and a live run of x' = -k x.
#include <cmath>
#include <complex>
#include <vector>

#include "pbm/app/text.h"
#include "pbm/core/stepping.h"
#include "pbm/stiffness/methods.h"
#include "pbm/stiffness/stability.h"
#include "pbm/stiffness/stiff_systems.h"
#include "pbm/viewer/canvas2d.h"
#include "pbm/viewer/plot.h"
#include "pbm/viewer/ui.h"
#include "scenes.h"

namespace ch03 {

namespace {

using Eigen::Vector2d;
using Eigen::VectorXd;
using cd = std::complex<double>;

// The stability function of a registered method (the student's
// stabilityFunction takes the scheme) and its formula, for the legend.
pbm::Scheme schemeOf(const pbm::MethodInfo& m) {
  if (m.name == "midpoint") return pbm::Scheme::Midpoint;
  if (m.name == "rk4") return pbm::Scheme::RK4;
  if (pbm::isImplicitEuler(m)) return pbm::Scheme::ImplicitEuler;
  return pbm::Scheme::Euler;
}
const char* formulaOf(pbm::Scheme s) {
  switch (s) {
    case pbm::Scheme::Euler:
      return "1 + z";
    case pbm::Scheme::Midpoint:
      return "1 + z + z^2/2";
    case pbm::Scheme::RK4:
      return "1 + z + ... + z^4/24";
    case pbm::Scheme::ImplicitEuler:
      return "1/(1 - z)";
  }
  return "";
}

// x' = -k x under one method, with its stepper.
struct Run {
  pbm::LinearSystem sys;
  pbm::Stepper stepper;
  const pbm::MethodInfo& method() const { return stepper.method(); }
};

// x' = -k x as a 1x1 linear system.
pbm::LinearSystem decay(double k) {
  Eigen::MatrixXd A(1, 1);
  A(0, 0) = -k;
  return pbm::LinearSystem(A, VectorXd::Ones(1));
}

class StabilityRegionsScene : public pbm::Scene {
 public:
  StabilityRegionsScene() {
    settings_.h = 0.03;  // hk = 1.5 for k = 50
    settings_.hMin = 1e-5;
    settings_.hMax = 10.0;
    settings_.tEnd = 1.0;
    params_.add("k", &k_, 1e-3, 1e4, "the stiff rate of eq. (2-1), 1/s; lambda = -1 and -k")
        .logScale = true;
  }

  std::string name() const override { return "stability_regions"; }
  std::string title() const override { return "Stability regions |R(h lambda)| <= 1"; }
  std::string lookFor() const override {
    return "Shaded: where each explicit method's step does not grow (|R(z)| <= 1). Implicit "
           "Euler is stable everywhere outside the violet circle. The dots are z = -h and -hk for "
           "eq. (2-1): raise k or h and -hk leaves every explicit region. Click the plane to put "
           "-hk there.";
  }

  void reset() override {
    runs_.clear();
    std::vector<std::string> names{"exact"};
    std::vector<pbm::Color> colours{pbm::colors::kExact};
    for (const pbm::MethodInfo& m : pbm::stiffnessMethods()) {
      runs_.push_back({decay(k_), {}});
      runs_.back().stepper.reset(m, settings_.h);
      runs_.back().stepper.watch(runs_.back().sys);
      names.push_back(m.label);
      colours.push_back(m.colour);
    }
    plot_ = pbm::TimePlot("x' = -k x from x = 1 (|x| <= 2 shown)", names, colours);
    plot_.push(0.0, std::vector<double>(names.size(), 1.0));
  }

  void advance(double tLimit, pbm::Host host) override {
    for (Run& r : runs_) {
      const double h = r.stepper.plan(tLimit);
      if (r.stepper.diverged()) continue;  // empty cells from here on
      r.stepper.step(r.sys, h);
      r.stepper.installClock(r.sys);
      r.stepper.check(r.sys);
    }
    if (host == pbm::Host::Viewer) {
      std::vector<double> row = csvRow();
      for (double& v : row)
        if (std::abs(v) > 2.0) v = NAN;
      plot_.push(time(), {row.begin() + 1, row.end()});
    }
  }

  double time() const override { return runs_.front().stepper.time(); }
  double lastStepSize() const override { return runs_.front().stepper.lastStep(); }
  bool stateFinite() const override { return true; }  // a diverged method gets empty cells

  std::vector<std::string> csvColumns() const override {
    std::vector<std::string> c{"t", "exact"};
    for (const std::string& name : pbm::methodNames(pbm::stiffnessMethods())) c.push_back(name);
    return c;
  }
  std::vector<double> csvRow() const override {
    const double t = time();
    std::vector<double> row{t, std::exp(-k_ * t)};
    for (const Run& r : runs_) {
      VectorXd y;
      double ty;
      r.sys.getState(y, ty);
      row.push_back(r.stepper.diverged() ? NAN : y[0]);
    }
    return row;
  }

  pbm::ViewBox initialView() const override { return {{-1.3, 0.0}, 3.3}; }

  void draw(pbm::Canvas2D& c) override {
    fillRegions(c);
    c.dashedCircle({1.0, 0.0}, 1.0, pbm::colors::kImplicit, 2.f);
    c.text({1.0, -1.0}, "implicit Euler: |R| > 1 only", pbm::colors::kImplicit, {-90.f, 6.f});
    c.text({1.0, -1.0}, "inside this circle", pbm::colors::kImplicit, {-60.f, 22.f});
    // Where the boundaries cross the axes (IM §2).
    const double rk4Real = -2.785293563405282, rk4Imag = 2.0 * std::sqrt(2.0);
    for (const auto& [p, s] : std::vector<std::pair<Vector2d, std::string>>{
             {{-2.0, 0.0}, "-2"}, {{rk4Real, 0.0}, "-2.785"}, {{0.0, rk4Imag}, "2.83i"}})
      c.cross(p, 4.f, pbm::colors::kText), c.text(p, s, pbm::colors::kDim, {4.f, 2.f});

    const double h = settings_.h;
    drawPoint(c, -h, "-h (lambda = -1)", {6.f, 6.f});
    drawPoint(c, -h * k_, pbm::format("-hk = %.3g", -h * k_), {6.f, -20.f});
    drawLegend(c);
  }

  void hud(std::vector<std::string>& lines) const override {
    const double hk = settings_.h * k_;
    lines.push_back(pbm::format("z = -hk = %.4g", -hk));
    lines.push_back(pbm::format(
        "|R(z)|: Euler %.3g, midpoint %.3g, RK4 %.3g, implicit %.3g",
        std::abs(R(pbm::Scheme::Euler, -hk)), std::abs(R(pbm::Scheme::Midpoint, -hk)),
        std::abs(R(pbm::Scheme::RK4, -hk)), std::abs(R(pbm::Scheme::ImplicitEuler, -hk))));
  }

  void panel() override {
    const double hk = settings_.h * k_;
    pbm::ui::text("h k = %.4g", hk);
    pbm::ui::textWrapped(
        "One step of x' = -k x from 1 (slide \"One Step: Implicit vs. Explicit\"):");
    pbm::ui::text("exact e^-hk = %.4g", std::exp(-hk));
    for (const pbm::MethodInfo& m : pbm::stiffnessMethods())
      pbm::ui::textColored(m.colour, "%-15s R(-hk) = %.4g", m.label.c_str(),
                           R(schemeOf(m), -hk).real());
    std::vector<pbm::XYSeries> series;
    pbm::XYSeries exact{"e^-hk", {}, {}, pbm::colors::kExact, false, true};
    for (int i = 0; i <= 120; ++i) {
      const double z = 3.0 * i / 120;
      exact.x.push_back(z);
      exact.y.push_back(std::exp(-z));
    }
    series.push_back(exact);
    for (const pbm::MethodInfo& m : pbm::stiffnessMethods()) {
      const pbm::Scheme scheme = schemeOf(m);
      pbm::XYSeries s{m.label, {}, {}, m.colour, false};
      for (int i = 0; i <= 120; ++i) {
        const double z = 3.0 * i / 120;
        s.x.push_back(z);
        s.y.push_back(R(scheme, -z).real());
      }
      series.push_back(s);
      if (hk <= 3.0) series.push_back({"", {hk}, {R(scheme, -hk).real()}, m.colour, true});
    }
    pbm::plotXY("one_step", series, {-1.f, 190.f}, false, false, "hk", "x(h) / x(0)");
    plot_.draw({-1.f, 140.f});
  }

  bool onMouseDown(const Vector2d& world, int button) override {
    if (button != 0 || world.x() >= 0) return false;
    settings_.h = std::clamp(-world.x() / k_, settings_.hMin, settings_.hMax);
    reset();
    return true;
  }

 private:
  static cd R(pbm::Scheme s, cd z) { return pbm::stabilityFunction(s, z); }

  // Shades |R(z)| <= 1 on a grid of 4-pixel cells (runs of cells per row, so
  // the draw list stays small) and traces |R| = 1 by marching squares.
  void fillRegions(pbm::Canvas2D& c) const {
    const pbm::Camera2D& cam = c.camera();
    const Vector2d lo = cam.worldMin(), hi = cam.worldMax();
    const double cell = 4.0 / cam.pixelsPerUnit();
    const int nx = static_cast<int>((hi.x() - lo.x()) / cell) + 2;
    const int ny = static_cast<int>((hi.y() - lo.y()) / cell) + 2;
    pbm::Painter& dl = c.painter();
    std::vector<double> g(static_cast<size_t>(nx) * ny);
    for (const pbm::MethodInfo& m : pbm::stiffnessMethods()) {
      if (pbm::isImplicitEuler(m)) continue;  // drawn as its circle
      const pbm::Scheme scheme = schemeOf(m);
      for (int j = 0; j < ny; ++j)
        for (int i = 0; i < nx; ++i)
          g[j * nx + i] = std::abs(R(scheme, cd(lo.x() + i * cell, lo.y() + j * cell))) - 1.0;
      const pbm::Color fill = pbm::withAlpha(m.colour, 45);
      for (int j = 0; j + 1 < ny; ++j) {
        int run = -1;
        for (int i = 0; i <= nx; ++i) {
          const bool in = i < nx && g[j * nx + i] <= 0.0;
          if (in && run < 0) run = i;
          if (!in && run >= 0) {
            const pbm::Px2 a = cam.toScreen({lo.x() + run * cell, lo.y() + (j + 1) * cell});
            const pbm::Px2 b = cam.toScreen({lo.x() + i * cell, lo.y() + j * cell});
            dl.rectFilled(a, b, fill);
            run = -1;
          }
        }
      }
      marchingSquares(c, g, nx, ny, lo, cell, m.colour);
    }
  }

  static void marchingSquares(pbm::Canvas2D& c, const std::vector<double>& g, int nx, int ny,
                              const Vector2d& lo, double cell, pbm::Color col) {
    auto at = [&](int i, int j) { return g[j * nx + i]; };
    auto pos = [&](int i, int j) { return Vector2d(lo.x() + i * cell, lo.y() + j * cell); };
    for (int j = 0; j + 1 < ny; ++j)
      for (int i = 0; i + 1 < nx; ++i) {
        const int ci[4] = {i, i + 1, i + 1, i}, cj[4] = {j, j, j + 1, j + 1};
        Vector2d cross[4];
        int n = 0;
        for (int e = 0; e < 4; ++e) {
          const double a = at(ci[e], cj[e]), b = at(ci[(e + 1) % 4], cj[(e + 1) % 4]);
          if ((a <= 0) != (b <= 0)) {
            const double s = a / (a - b);
            cross[n++] =
                pos(ci[e], cj[e]) + s * (pos(ci[(e + 1) % 4], cj[(e + 1) % 4]) - pos(ci[e], cj[e]));
          }
        }
        if (n >= 2) c.line(cross[0], cross[1], col, 1.8f);
        if (n == 4) c.line(cross[2], cross[3], col, 1.8f);
      }
  }

  void drawPoint(pbm::Canvas2D& c, double z, const std::string& label, pbm::Px2 offset) const {
    const Vector2d lo = c.camera().worldMin();
    const double margin = 20.0 / c.camera().pixelsPerUnit();
    if (z < lo.x() + margin) {  // off the left edge: an arrow pointing at it
      const Vector2d edge(lo.x() + margin, 0.0);
      c.arrow(edge + Vector2d(3 * margin, 0.0), edge, pbm::colors::kWarning, 2.5f, 10.f);
      c.text(edge, label + " (off screen)", pbm::colors::kWarning, {0.f, offset.y});
      return;
    }
    const bool stableEuler = std::abs(R(pbm::Scheme::Euler, z)) <= 1.0;
    const pbm::Color col = stableEuler ? pbm::colors::kText : pbm::colors::kWarning;
    c.dot({z, 0.0}, 6.f, col);
    c.text({z, 0.0}, label, col, offset);
  }

  void drawLegend(pbm::Canvas2D& c) const {
    const pbm::Camera2D& cam = c.camera();
    const double px = 1.0 / cam.pixelsPerUnit(), dy = 20.0 * px;
    // Clear of the grid's numbers along the left and bottom edges.
    Vector2d p = cam.worldMin() + Vector2d(50.0 * px, 120.0 * px);
    for (const pbm::MethodInfo& m : pbm::stiffnessMethods()) {
      c.text(p, m.label + " " + formulaOf(schemeOf(m)), m.colour, {0.f, 0.f});
      p.y() -= dy;
    }
  }

  double k_ = 50.0;
  std::vector<Run> runs_;  // stiffnessMethods(), in order
  pbm::TimePlot plot_{"x", {}, {}};
};

}  // namespace

std::unique_ptr<pbm::Scene> makeStabilityRegionsScene() {
  return std::make_unique<StabilityRegionsScene>();
}

}  // namespace ch03
