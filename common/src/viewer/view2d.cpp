// The 2D view of chapters 01-06 and 11: a pan-zoom plane, y up, grid and axes under
// the scene. The wheel zooms about the cursor; right-drag (or middle-drag) pans.
#include <imgui.h>

#include <cmath>

#include "imgui/painter.h"
#include "pbm/viewer/camera2d.h"
#include "pbm/viewer/canvas2d.h"
#include "view.h"

namespace pbm {

namespace {

class View2D : public View {
 public:
  void setViewport(double w, double h) override { camera_.setViewport(w, h); }
  void fit(const Scene& scene) override {
    const ViewBox box = scene.initialView();
    camera_.fit(box.center, box.halfHeight);
  }
  Pointer pointerAt(Px2 at, bool shift) const override {
    Pointer p;
    p.plane = camera_.toWorld(at);
    p.origin = Eigen::Vector3d(p.plane.x(), p.plane.y(), 1.0);
    p.direction = -Eigen::Vector3d::UnitZ();
    p.screen = Eigen::Vector2d(at.x, at.y);
    p.shift = shift;
    return p;
  }
  void wheel(Px2 at, float notches) override { camera_.zoomAt(at, std::pow(1.15, notches)); }
  void drag(int, bool, Px2 d) override { camera_.panPixels(d); }
  void drawScene(Scene& scene) override {
    ImGuiPainter painter(ImGui::GetBackgroundDrawList());
    Canvas2D canvas(painter, camera_);
    if (!scene.drawsOwnAxes()) canvas.grid();
    scene.draw(canvas);
  }
  const char* keyHelp() const override {
    return "P pause   O step   R reset   [ ] scenes   Tab panel   F12 PNG   wheel zoom   "
           "right-drag pan";
  }

 private:
  Camera2D camera_;
};

}  // namespace

std::unique_ptr<View> makeView2D() {
  return std::make_unique<View2D>();
}

}  // namespace pbm
