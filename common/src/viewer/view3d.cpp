// The 3D view (Scene::view() == ViewKind::Orbit3D): an orbit camera and a
// Canvas3D rendered with OpenGL and a depth buffer before the ImGui pass.
// Right-drag orbits, shift-right-drag or middle-drag pans, the wheel dollies;
// the panel refits the view and switches perspective / orthographic.
#include <imgui.h>

#include <cmath>
#include <limits>

#include "imgui/painter.h"
#include "pbm/viewer/camera3d.h"
#include "pbm/viewer/canvas3d.h"
#include "view.h"

namespace pbm {

namespace {

class View3D : public View {
 public:
  explicit View3D(const std::optional<CameraAngles>& initial) : initial_(initial) {}

  void setViewport(double w, double h) override { camera_.setViewport(w, h); }
  void fit(const Scene& scene) override {
    OrbitView v = scene.initialOrbit();
    if (initial_) {
      v.yawDeg = initial_->yawDeg;
      v.pitchDeg = initial_->pitchDeg;
      if (initial_->distance > 0) v.distance = initial_->distance;
    }
    const bool ortho = camera_.orthographic();
    camera_.set(v);
    camera_.setOrthographic(ortho);
  }
  Pointer pointerAt(Px2 at, bool shift) const override {
    Pointer p;
    p.screen = Eigen::Vector2d(at.x, at.y);
    p.shift = shift;
    camera_.ray(p.screen, p.origin, p.direction);
    p.viewDirection = camera_.forward();
    // The ground plane's two coordinates, in x, y, z order without the up axis.
    const Eigen::Vector3d& up = camera_.worldUp();
    p.plane.setConstant(std::numeric_limits<double>::quiet_NaN());
    if (const auto g = p.onPlane(up, 0.0)) {
      int k = 0;
      up.cwiseAbs().maxCoeff(&k);
      p.plane = Eigen::Vector2d((*g)[k == 0 ? 1 : 0], (*g)[k == 2 ? 1 : 2]);
    }
    return p;
  }
  void wheel(Px2, float notches) override { camera_.dolly(notches); }
  void drag(int button, bool shift, Px2 d) override {
    if (button == 2 || shift)
      camera_.panPixels(d.x, d.y);
    else
      camera_.orbitPixels(d.x, d.y);
  }
  void drawScene(Scene& scene) override {
    labels_ = ImGuiPainter(ImGui::GetBackgroundDrawList());
    canvas_.begin(camera_, &labels_);
    scene.draw3D(canvas_);
  }
  void renderGL(float pixelRatio) const override { canvas_.render(pixelRatio); }
  void panelControls() override {
    bool ortho = camera_.orthographic();
    if (ImGui::Checkbox("orthographic", &ortho)) camera_.setOrthographic(ortho);
    ImGui::SameLine();
    const OrbitView& o = camera_.orbit();
    ImGui::TextDisabled("yaw %.0f  pitch %.0f  dist %.3g", o.yawDeg, o.pitchDeg, o.distance);
  }
  const char* keyHelp() const override {
    return "P pause   O step   R reset   [ ] scenes   Tab panel   F12 PNG\n"
           "right-drag orbit   shift+right-drag or middle-drag pan   wheel dolly   "
           "panel: Fit view, orthographic";
  }

 private:
  std::optional<CameraAngles> initial_;
  Camera3D camera_;
  Canvas3D canvas_;
  ImGuiPainter labels_{nullptr};  // this frame's background list
};

}  // namespace

std::unique_ptr<View> makeView3D(const std::optional<CameraAngles>& initial) {
  return std::make_unique<View3D>(initial);
}

}  // namespace pbm
