// viewer_frametime: the 3D view's frame time with many flat-shaded boxes,
// the load of a rigid-body pile (chapters 07-10). It runs the real shell (panel,
// overlay, ImGui pass) with one 3D scene, N boxes turning in place, as fast
// as it can, and prints the median wall time per frame.
//
//   xvfb-run -a build/bin/viewer_frametime [--boxes N] [--frames F] [--screenshot FILE]
//
// Defaults: 5000 boxes, 200 timed frames, 1280x800. --screenshot saves a PNG
// of what is measured instead of timing it.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include <Eigen/Geometry>

#include "pbm/app/scene.h"
#include "pbm/viewer/canvas3d.h"
#include "viewer/shell.h"

namespace {

class BoxesScene : public pbm::Scene {
 public:
  explicit BoxesScene(int n) : n_(n) { settings_.h = 1.0 / 60.0; }
  std::string name() const override { return "boxes"; }
  std::string title() const override { return std::to_string(n_) + " flat-shaded boxes"; }
  std::string lookFor() const override {
    return "Frame-time measurement: every box is re-recorded and drawn each frame.";
  }
  void reset() override { t_ = 0; }
  void advance(double, pbm::Host) override { t_ += settings_.h; }
  double time() const override { return t_; }
  bool stateFinite() const override { return true; }
  std::vector<std::string> csvColumns() const override { return {"t"}; }
  std::vector<double> csvRow() const override { return {t_}; }

  pbm::ViewKind view() const override { return pbm::ViewKind::Orbit3D; }
  pbm::OrbitView initialOrbit() const override {
    pbm::OrbitView v;
    v.target = Eigen::Vector3d(0, 0.6 * layers(), 0);
    v.distance = 3.2 * side();
    v.yawDeg = 35;
    v.pitchDeg = 30;
    return v;
  }
  void hud(std::vector<std::string>& lines) const override {
    lines.push_back(std::to_string(n_) + " boxes, " + std::to_string(triangles_) + " triangles");
  }
  void draw3D(pbm::Canvas3D& canvas) override {
    canvas.groundGrid(side(), 1.0);
    canvas.axes(2.0);
    // A square layer of boxes per level, levels stacked along y.
    const int perRow = this->perRow(), perLayer = perRow * perRow;
    for (int i = 0; i < n_; ++i) {
      const int layer = i / perLayer, r = (i % perLayer) / perRow, c = i % perRow;
      const Eigen::Vector3d center(1.2 * (c - 0.5 * perRow), 0.6 + 1.2 * layer,
                                   1.2 * (r - 0.5 * perRow));
      const Eigen::Matrix3d R =
          Eigen::AngleAxisd(t_ + 0.1 * i, Eigen::Vector3d(1, 2, 3).normalized()).toRotationMatrix();
      canvas.box(center, R, Eigen::Vector3d(0.45, 0.3, 0.2), pbm::categorical(i));
    }
    triangles_ = canvas.triangles();
  }

 private:
  int perRow() const { return static_cast<int>(std::ceil(std::sqrt(std::min(n_, 400)))); }
  int layers() const { return (n_ + perRow() * perRow() - 1) / (perRow() * perRow()); }
  double side() const { return 0.6 * perRow() + 2.0; }
  int n_;
  double t_ = 0;
  long triangles_ = 0;
};

int argInt(const char* text, const char* option) {
  char* end = nullptr;
  const long v = std::strtol(text, &end, 10);
  if (*end != '\0' || v <= 0 || v > 1000000) {
    std::fprintf(stderr, "viewer_frametime: error: %s '%s' is not a positive integer\n", option,
                 text);
    std::exit(2);
  }
  return static_cast<int>(v);
}

}  // namespace

int main(int argc, char** argv) {
  int boxes = 5000, frames = 200;
  std::string screenshot;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if ((a == "--boxes" || a == "--frames" || a == "--screenshot") && i + 1 < argc) {
      if (a == "--boxes") boxes = argInt(argv[++i], "--boxes");
      if (a == "--frames") frames = argInt(argv[++i], "--frames");
      if (a == "--screenshot") screenshot = argv[++i];
    } else {
      std::fprintf(stderr,
                   "usage: viewer_frametime [--boxes N] [--frames F] [--screenshot FILE]\n");
      return 2;
    }
  }
  if (!std::getenv("DISPLAY")) {
    std::fprintf(stderr, "viewer_frametime: error: no display; run under xvfb-run -a\n");
    return 1;
  }
  const pbm::Chapter chapter{"viewer_frametime", "3D view frame time", {}};
  std::vector<std::unique_ptr<pbm::Scene>> scenes;
  scenes.push_back(std::make_unique<BoxesScene>(boxes));
  pbm::ViewerOptions options;
  if (screenshot.empty()) {
    options.timeFrames = frames;
  } else {
    options.screenshot = screenshot;
    options.frames = frames;
  }
  return pbm::runViewer(chapter, scenes, 0, options);
}
