// The viewer shell: one window with a Dear ImGui panel that serves every
// chapter's scenes. The loop, the events and keys, the screenshot and the
// frame timer live here; the panel, the overlay and the messages in
// shell_panel.cpp (the state both share: shell_state.h); the camera, the
// mouse's meaning and the drawing in the scene's View (view.h): the 2D plane
// or the 3D orbit camera. The window library stays behind platform/ (window.h).
#include "shell.h"

#include <imgui.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <limits>
#include <sstream>

#include "pbm/app/csv.h"
#include "pbm/app/text.h"
#include "pbm/core/errors.h"
#include "pbm/core/exercise.h"
#include "platform/imgui_input.h"
#include "platform/imgui_renderer.h"
#include "platform/window.h"
#include "shell_state.h"
#include "view.h"

namespace pbm {

namespace {

// PBM_UI_SCALE=S draws text and widgets S times their size (0.75 to 3): for a
// high-resolution screen, a projector, or eyes that want larger text.
float uiScaleFromEnvironment(const std::string& program) {
  const char* text = std::getenv("PBM_UI_SCALE");
  if (!text || !*text) return 1.f;
  char* end = nullptr;
  const double s = std::strtod(text, &end);
  if (*end != '\0' || !(s >= 0.75 && s <= 3.0)) {
    std::cerr << program << ": warning: PBM_UI_SCALE='" << text
              << "' is not a number from 0.75 to 3; using 1\n";
    return 1.f;
  }
  return static_cast<float>(s);
}

}  // namespace

void Shell::selectScene(int index) {
  const int n = static_cast<int>(scenes_.size());
  current_ = ((index % n) + n) % n;
  stepsPerFrame_ = std::max(1, scene().stepsPerFrame());
  if (scene().view() == ViewKind::Orbit3D)
    view_ = makeView3D(current_ == first_ ? options_.camera : std::nullopt);
  else
    view_ = makeView2D();
  // Reset first: a 3D scene frames its camera from its parameters when it
  // builds (frameView, chapters 07, 09, 10), and --set or the panel may have
  // changed them since it was made.
  resetScene();
  layoutCamera(true);
  // The chapter and the scene shown: a web page's tab says which, too.
  window_.setTitle(chapter_.program + ": " + scene().name() + " - " + chapter_.title);
}

void Shell::resetScene() {
  message_.clear();
  steps_ = 0;
  paused_ = false;
  guarded([&] { scene().reset(); });
}

void Shell::stepOnce() {
  if (!message_.empty()) return;
  guarded([&] {
    const double before = scene().time();
    scene().advance(std::numeric_limits<double>::infinity(), Host::Viewer);
    if (scene().time() != before) ++steps_;  // a scene may stop its clock (a finished plot)
    if (scene().takePauseRequest()) paused_ = true;
    if (!scene().stateFinite()) {
      message_ = format("The simulation diverged at t = %.4g s with h = %.4g", scene().time(),
                        scene().lastStepSize()) +
                 " s (a non-finite or blown-up state).\nLower h or change the method, then "
                 "press R.";
      paused_ = true;
    }
  });
}

float Shell::viewWidth() const {
  const float width = static_cast<float>(window_.width());
  return showPanel_ ? std::max(200.f, width - panelWidth()) : width;
}

void Shell::layoutCamera(bool refit) {
  view_->setViewport(viewWidth(), window_.height());
  if (refit) view_->fit(scene());
}

Pointer Shell::pointerAt(Px2 at) const {
  return view_->pointerAt(at, window_.shiftHeld());
}

void Shell::handleKey(Key key) {
  switch (key) {
    case Key::P:
      paused_ = !paused_;
      break;
    case Key::O:
      paused_ = true;
      stepOnce();
      break;
    case Key::R:
      resetScene();
      break;
    case Key::LBracket:
      selectScene(current_ - 1);
      break;
    case Key::RBracket:
      selectScene(current_ + 1);
      break;
    case Key::Tab:
      showPanel_ = !showPanel_;
      layoutCamera(false);
      break;
    case Key::F12:
      pngWanted_ = true;  // saved when this frame is drawn (frame())
      break;
    default:
      guarded([&] { scene().onKey(key); });
      break;
  }
}

void Shell::handleEvent(const InputEvent& e) {
  ImGuiIO& io = ImGui::GetIO();
  using T = InputEvent::Type;
  const Px2 at(e.x, e.y);
  switch (e.type) {
    case T::Closed:
      window_.close();
      break;
    case T::Resized:
      layoutCamera(false);
      break;
    case T::KeyPressed:
      if (!io.WantCaptureKeyboard && !io.WantTextInput) handleKey(e.key);
      break;
    case T::Wheel:
      if (!io.WantCaptureMouse && !e.horizontal) view_->wheel(at, e.delta);
      break;
    case T::MouseDown:
      if (io.WantCaptureMouse) break;
      lastMouse_ = at;
      if (e.button == MouseButton::Left) {
        guarded([&] { leftDown_ = scene().onPointerDown(pointerAt(at), 0); });
      } else if (e.button == MouseButton::Right) {
        rightDown_ = true;
        rightMoved_ = false;
      } else if (e.button == MouseButton::Middle) {
        middleDown_ = true;
      }
      break;
    case T::MouseUp:
      if (e.button == MouseButton::Left && leftDown_) {
        leftDown_ = false;
        guarded([&] { scene().onPointerUp(pointerAt(at)); });
      } else if (e.button == MouseButton::Right && rightDown_) {
        rightDown_ = false;
        // A right click that did not move the camera goes to the scene (e.g. remove a seed).
        if (!rightMoved_) guarded([&] { scene().onPointerDown(pointerAt(at), 1); });
      } else if (e.button == MouseButton::Middle) {
        middleDown_ = false;
      }
      break;
    case T::MouseMoved: {
      const Px2 d(at.x - lastMouse_.x, at.y - lastMouse_.y);
      if (rightDown_) {
        // A few pixels of slack, so a right click that wobbles is still a click.
        if (rightMoved_ || std::abs(d.x) + std::abs(d.y) > 3.f) {
          rightMoved_ = true;
          view_->drag(1, pointerAt(at).shift, d);
          lastMouse_ = at;
        }
      } else if (middleDown_) {
        view_->drag(2, false, d);
        lastMouse_ = at;
      } else {
        lastMouse_ = at;
      }
      const Pointer p = pointerAt(at);
      if (leftDown_) guarded([&] { scene().onPointerDrag(p); });
      if (!io.WantCaptureMouse) guarded([&] { scene().onPointerHover(p); });
      break;
    }
    default:
      break;
  }
}

void Shell::drawScene() {
  guarded([&] { view_->drawScene(scene()); });
}

bool Shell::savePng(const std::string& path) {
  return window_.savePng(path);
}

void Shell::reportFrameTimes(std::vector<double> ms) const {
  ms.erase(ms.begin(), ms.begin() + std::min<size_t>(ms.size(), kWarmupFrames));
  if (ms.empty()) return;
  std::sort(ms.begin(), ms.end());
  auto at = [&](double q) { return ms[static_cast<size_t>(q * (ms.size() - 1) + 0.5)]; };
  const GlInfo gl = window_.glInfo();
  std::printf("%s: OpenGL %u.%u, depth %u bits, %ux antialiasing, renderer %s\n",
              chapter_.program.c_str(), gl.major, gl.minor, gl.depthBits, gl.antialiasing,
              gl.renderer.c_str());
  std::printf("%s: %s\n", chapter_.program.c_str(), buildInfo().c_str());
  std::printf(
      "%s: %zu frames at %ux%u (after %d warm-up): median %.2f ms/frame (%.1f FPS), "
      "p10 %.2f ms, p90 %.2f ms\n",
      scenes_[current_]->name().c_str(), ms.size(), window_.width(), window_.height(),
      kWarmupFrames, at(0.5), 1000.0 / at(0.5), at(0.1), at(0.9));
}

std::optional<int> Shell::run() {
  if (!window_.open(kWidth, kHeight, chapter_.program + " - " + chapter_.title)) {
    std::cerr << chapter_.program
              << ": error: could not open a window with an OpenGL context (no desktop or no "
                 "OpenGL driver here?): use --headless\n";
    return kExitFailure;
  }
  window_.setInteractive(!shooting() && !timing());
  ui_ = uiScaleFromEnvironment(chapter_.program);

  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // write nothing into the student's working directory
  ImGui::StyleColorsDark();
  ImGui::GetStyle().WindowRounding = 4.f;
  imgui_input::init();
  imgui_renderer::init();
  // Text rasterised at the framebuffer's density (a web page at
  // devicePixelRatio 2), so it is crisp while the layout keeps its size.
  imgui_renderer::setScale(ui_, window_.pixelRatio());

  selectScene(current_);
  lastFrame_ = frameStart_ = Clock::now();
  // The desktop runs the frames here; a web page from its own per-frame
  // callback after this returns (platform/window.h, runFrames).
  if (!window_.runFrames([this] { return frame(); })) return std::nullopt;
  finish();
  return exitStatus_;
}

bool Shell::frame() {
  while (const std::optional<InputEvent> e = window_.poll()) {
    imgui_input::feed(*e);
    handleEvent(*e);
  }
  if (!window_.isOpen()) return false;
  const bool csvRun = csvFramesToWait_ > 0 && --csvFramesToWait_ == 0;
  if (csvRun) saveCsv();
  const auto now = Clock::now();
  // The CSV's run took no frame's time: the frame rate and the status line's
  // timer go on as if it had been an ordinary frame.
  const float dt = csvRun ? 1.f / fps_ : std::chrono::duration<float>(now - lastFrame_).count();
  lastFrame_ = now;
  fps_ = 0.9f * fps_ + 0.1f * (dt > 0.f ? 1.f / dt : fps_);
  statusTimer_ -= dt;

  if (!paused_ && message_.empty())
    for (int i = 0; i < stepsPerFrame_ && message_.empty() && !paused_; ++i) stepOnce();

  imgui_input::newFrame(window_.width(), window_.height(), window_.pixelRatio(), dt);
  imgui_renderer::newFrame();
  ImGui::NewFrame();
  drawScene();
  drawOverlay();
  drawPanel();
  drawMessage();
  ImGui::Render();

  window_.clear(24, 26, 31);
  view_->renderGL(window_.pixelRatio());  // 3D geometry, depth-tested, under the ImGui pass
  window_.pushGLStates();
  imgui_renderer::render();
  window_.popGLStates();

  // F12 or the panel's button: the frame just drawn, before it is shown (a
  // web page downloads it).
  if (pngWanted_) {
    pngWanted_ = false;
    const std::string path =
        chapter_.program + "-" + scene().name() + "-" + std::to_string(++pngCount_) + ".png";
    status_ = savePng(path) ? "saved " + path : "could not save " + path;
    statusTimer_ = 3.f;
  }
  if (shooting() && ++frame_ >= options_.frames) {
    if (!savePng(options_.screenshot)) {
      std::cerr << chapter_.program << ": error: could not write " << options_.screenshot << "\n";
      exitStatus_ = kExitFailure;
    }
    window_.close();
    return false;
  }
  window_.display();
  if (timing()) {
    window_.finish();  // the software rasteriser may still be drawing
    const auto end = Clock::now();
    frameMs_.push_back(std::chrono::duration<double, std::milli>(end - frameStart_).count());
    frameStart_ = end;
    if (static_cast<int>(frameMs_.size()) >= options_.timeFrames + kWarmupFrames) return false;
  }
  return true;
}

void Shell::finish() {
  if (timing()) reportFrameTimes(frameMs_);
  imgui_renderer::shutdown();
  ImGui::DestroyContext();
}

bool viewerBuilt() {
  return true;
}

int runViewer(const Chapter& chapter, std::vector<std::unique_ptr<Scene>>& scenes, int first,
              const ViewerOptions& options) {
  // Everything the frames use lives on the heap: when a web page's callback
  // runs them (Shell::run returns nullopt), this function and its caller have
  // returned long before the last frame, and the session is kept for the
  // page's lifetime.
  struct Session {
    Chapter chapter;
    std::vector<std::unique_ptr<Scene>> scenes;
    std::unique_ptr<Shell> shell;
  };
  auto session = std::make_unique<Session>(Session{chapter, std::move(scenes), nullptr});
  session->shell = std::make_unique<Shell>(session->chapter, session->scenes, first, options);
  const std::optional<int> status = session->shell->run();
  if (!status) {
    session.release();  // the page's frames own it now
    return kExitOk;
  }
  return *status;
}

}  // namespace pbm
