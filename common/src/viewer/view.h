// What the shell asks of a camera kind (Scene::view()): the 2D pan-zoom plane
// or the 3D orbit camera. The shell keeps the loop, the panel, the overlay,
// the keys, the messages and the PNG; a View keeps the camera, turns mouse
// drags and the wheel into camera moves, makes the scene's Pointer, and draws.
#pragma once

#include <memory>
#include <optional>

#include "pbm/app/pointer.h"
#include "pbm/app/scene.h"
#include "pbm/viewer/pixels.h"

namespace pbm {

// The initial camera of a 3D scene from the command line (--camera).
struct CameraAngles {
  double yawDeg = 0.0, pitchDeg = 0.0;
  double distance = 0.0;  // 0: the scene's own
};

class View {
 public:
  virtual ~View() = default;

  // The drawable region: the window's left part, beside the panel.
  virtual void setViewport(double widthPx, double heightPx) = 0;
  // Back to the scene's initial view ("Fit view", a scene change).
  virtual void fit(const Scene& scene) = 0;

  // The mouse at a window pixel, as the scene sees it.
  virtual Pointer pointerAt(Px2 at, bool shift) const = 0;
  // Camera moves: wheel notches at a pixel; a drag of the right (1) or
  // middle (2) button by a pixel delta.
  virtual void wheel(Px2 at, float notches) = 0;
  virtual void drag(int button, bool shift, Px2 delta) = 0;

  // Inside the ImGui frame: the scene's drawing (may throw; the shell catches).
  virtual void drawScene(Scene& scene) = 0;
  // After the window is cleared and before ImGui renders: OpenGL geometry,
  // pixelRatio framebuffer pixels to a window pixel (Window::pixelRatio).
  virtual void renderGL(float /*pixelRatio*/) const {}
  // Camera options under the panel's "Fit view" row.
  virtual void panelControls() {}
  // The key help at the bottom of the window ('\n' starts another line).
  virtual const char* keyHelp() const = 0;
};

std::unique_ptr<View> makeView2D();
std::unique_ptr<View> makeView3D(const std::optional<CameraAngles>& initial);

}  // namespace pbm
