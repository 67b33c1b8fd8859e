// The viewer shell: one window with a Dear ImGui panel that serves every
// chapter's scenes. The loop, the panel, the overlay, the keys, the messages
// and the PNG live here; the camera, the mouse's meaning and the drawing live
// in the scene's View (view.h): the 2D plane or the 3D orbit camera. The
// window library stays behind platform/ (window.h).
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

#include "param_widget.h"
#include "pbm/app/csv.h"
#include "pbm/app/text.h"
#include "pbm/core/errors.h"
#include "pbm/core/exercise.h"
#include "platform/gl.h"
#include "platform/imgui_input.h"
#include "platform/imgui_renderer.h"
#include "platform/window.h"
#include "view.h"

namespace pbm {

namespace {

constexpr float kPanelWidth = 360.f;  // at PBM_UI_SCALE 1
constexpr unsigned kWidth = 1280, kHeight = 800;
constexpr int kWarmupFrames = 10;  // timing mode: frames not counted (caches, first uploads)

class Shell {
 public:
  Shell(const Chapter& chapter, std::vector<std::unique_ptr<Scene>>& scenes, int first,
        const ViewerOptions& options)
      : chapter_(chapter), scenes_(scenes), current_(first), first_(first), options_(options) {}

  int run();

 private:
  Scene& scene() { return *scenes_[current_]; }
  // Runs a scene call; an exercise not done or any other error becomes the
  // on-screen message and pauses the simulation instead of crashing.
  template <class F>
  bool guarded(F&& f);
  void selectScene(int index);
  void resetScene();
  void stepOnce();
  void handleEvent(const InputEvent& e);
  void handleKey(Key key);
  void layoutCamera(bool refit);
  float viewWidth() const;
  Pointer pointerAt(const ImVec2& at) const;
  void drawScene();
  void drawOverlay();
  void drawPanel();
  void drawMessage();
  bool savePng(const std::string& path);
  void reportFrameTimes(std::vector<double> ms) const;
  void drawAbout();
  std::string buildInfo() const;
  float panelWidth() const { return kPanelWidth * ui_; }

  const Chapter& chapter_;
  std::vector<std::unique_ptr<Scene>>& scenes_;
  int current_;
  const int first_;  // the scene named on the command line (--camera applies to it)
  ViewerOptions options_;

  Window window_;
  std::unique_ptr<View> view_;  // the current scene's camera kind
  bool paused_ = false;
  bool showPanel_ = true;
  int stepsPerFrame_ = 1;
  long steps_ = 0;
  std::string message_;  // error shown in the window (exercise not done, divergence)
  std::string status_;   // transient status line (PNG saved)
  float statusTimer_ = 0.f;
  bool leftDown_ = false, rightDown_ = false, rightMoved_ = false, middleDown_ = false;
  ImVec2 lastMouse_{0, 0};
  float fps_ = 60.f;
  float ui_ = 1.f;  // text and widget scale (PBM_UI_SCALE)
  int pngCount_ = 0;
};

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

template <class F>
bool Shell::guarded(F&& f) {
  try {
    f();
    return true;
  } catch (const ExerciseNotDone& e) {
    // The chapter is the one whose exercise folder holds the file, which may
    // be an earlier chapter's (chapter 06 runs on chapter 04's functions).
    const std::string file = e.file();
    std::string shown = file, nn = "NN";
    const auto dir = file.rfind('/', file.rfind('/') - 1);
    if (dir != std::string::npos && dir + 3 < file.size() && std::isdigit(file[dir + 1]) &&
        std::isdigit(file[dir + 2])) {
      nn = file.substr(dir + 1, 2);
      const auto tree = file.rfind('/', dir - 1);
      shown = file.substr(tree == std::string::npos ? 0 : tree + 1);
    }
    message_ = std::string("Exercise not done: ") + e.exercise() + "\n  in " + shown +
               "\n  hint: " + e.hint() + "\nWrite it, rebuild (./pbm build --exercises " + nn +
               ") and press R.";
  } catch (const std::exception& e) {
    message_ = e.what();
  }
  paused_ = true;
  return false;
}

void Shell::selectScene(int index) {
  const int n = static_cast<int>(scenes_.size());
  current_ = ((index % n) + n) % n;
  stepsPerFrame_ = std::max(1, scene().stepsPerFrame());
  if (scene().view() == ViewKind::Orbit3D)
    view_ = makeView3D(current_ == first_ ? options_.camera : std::nullopt);
  else
    view_ = makeView2D();
  layoutCamera(true);
  resetScene();
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

Pointer Shell::pointerAt(const ImVec2& at) const {
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
    case Key::F12: {
      const std::string path =
          chapter_.program + "-" + scene().name() + "-" + std::to_string(++pngCount_) + ".png";
      status_ = savePng(path) ? "saved " + path : "could not save " + path;
      statusTimer_ = 3.f;
      break;
    }
    default:
      guarded([&] { scene().onKey(key); });
      break;
  }
}

void Shell::handleEvent(const InputEvent& e) {
  ImGuiIO& io = ImGui::GetIO();
  using T = InputEvent::Type;
  const ImVec2 at(e.x, e.y);
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
      const ImVec2 d(at.x - lastMouse_.x, at.y - lastMouse_.y);
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

void Shell::drawOverlay() {
  // Lesson text top-left: the chapter, the scene, and what to look for. The
  // box widens (up to the panel) so the scene's readouts fit on their lines;
  // what is still too long wraps at its edge rather than being cut off.
  std::vector<std::string> lines;
  guarded([&] { scene().hud(lines); });
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  float width = 440.f * ui_;
  for (const auto& l : lines)
    width =
        std::max(width, ImGui::CalcTextSize(l.c_str()).x + 2 * ImGui::GetStyle().WindowPadding.x);
  width = std::min(width, display.x - (showPanel_ ? panelWidth() : 0.f) - 30.f);
  ImGui::SetNextWindowPos(ImVec2(10, 10), ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(width, 0), ImGuiCond_Always);
  ImGui::SetNextWindowBgAlpha(0.78f);
  ImGui::Begin("##lesson", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                   ImGuiWindowFlags_NoNav);
  ImGui::TextColored(ImVec4(0.55f, 0.75f, 1.f, 1.f), "%s", chapter_.title.c_str());
  ImGui::PushTextWrapPos(0.f);
  ImGui::Text("Scene %d/%d: %s", current_ + 1, static_cast<int>(scenes_.size()),
              scene().title().c_str());
  ImGui::Separator();
  ImGui::TextColored(ImVec4(1.f, 0.85f, 0.45f, 1.f), "What to look for");
  ImGui::TextUnformatted(scene().lookFor().c_str());
  ImGui::Separator();
  // HUD: the clock, the work done, the frame rate, then the scene's own readouts.
  ImGui::Text("t = %.4f s   steps = %ld   evals = %ld   %.0f FPS", scene().time(), steps_,
              scene().evals(), fps_);
  ImGui::Text("h = %.4g s%s", scene().lastStepSize(), paused_ ? "   [paused]" : "");
  for (const auto& l : lines) ImGui::TextUnformatted(l.c_str());
  if (statusTimer_ > 0.f) ImGui::TextColored(ImVec4(0.6f, 1.f, 0.6f, 1.f), "%s", status_.c_str());
  ImGui::PopTextWrapPos();
  ImGui::End();

  // Key help along the bottom edge: one line per line of the view's text.
  const ImVec2 ds = ImGui::GetIO().DisplaySize;
  const char* keys = view_->keyHelp();
  const float height = ImGui::CalcTextSize(keys).y + 11.f;
  ImDrawList* fg = ImGui::GetForegroundDrawList();
  const float right = showPanel_ ? ds.x - panelWidth() : ds.x;
  fg->AddRectFilled(ImVec2(0, ds.y - height), ImVec2(right, ds.y), IM_COL32(16, 17, 21, 230));
  // Cut at the panel's edge: with large text (PBM_UI_SCALE) the line would run under it.
  fg->PushClipRect(ImVec2(0, ds.y - height), ImVec2(right, ds.y));
  fg->AddText(ImVec2(10, ds.y - height + 5.f), IM_COL32(170, 175, 185, 255), keys);
  fg->PopClipRect();
}

void Shell::drawPanel() {
  if (!showPanel_) return;
  const ImVec2 ds = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(ds.x - panelWidth(), 0), ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(panelWidth(), ds.y), ImGuiCond_Always);
  ImGui::Begin("Controls", nullptr,
               ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoCollapse);
  ImGui::PushItemWidth(-130.f * ui_);
  // Scene list.
  if (ImGui::BeginCombo("scene", scene().name().c_str())) {
    for (int i = 0; i < static_cast<int>(scenes_.size()); ++i)
      if (ImGui::Selectable(scenes_[i]->name().c_str(), i == current_)) selectScene(i);
    ImGui::EndCombo();
  }
  if (ImGui::Button(paused_ ? "Run (P)" : "Pause (P)")) paused_ = !paused_;
  ImGui::SameLine();
  if (ImGui::Button("Step (O)")) {
    paused_ = true;
    stepOnce();
  }
  ImGui::SameLine();
  if (ImGui::Button("Reset (R)")) resetScene();
  ImGui::SameLine();
  if (ImGui::Button("Fit view")) layoutCamera(true);
  view_->panelControls();
  ImGui::SliderInt("steps/frame", &stepsPerFrame_, 1, 500, "%d", ImGuiSliderFlags_Logarithmic);

  bool changed = false;
  SceneSettings& s = scene().settings();
  const auto methods = scene().methods();
  if (!methods.empty() && ImGui::BeginCombo("method", s.method.c_str())) {
    for (const auto& m : methods)
      if (ImGui::Selectable(m.c_str(), m == s.method)) s.method = m, changed = true;
    ImGui::EndCombo();
  }
  double hLo = s.hMin, hHi = s.hMax;
  changed |= ImGui::SliderScalar("h (s)", ImGuiDataType_Double, &s.h, &hLo, &hHi, "%.4g",
                                 ImGuiSliderFlags_Logarithmic);
  if (scene().usesTol()) {
    double lo = 1e-10, hi = 1e-1;
    changed |= ImGui::SliderScalar("tol", ImGuiDataType_Double, &s.tol, &lo, &hi, "%.2e",
                                   ImGuiSliderFlags_Logarithmic);
  }
  for (auto& p : scene().params().all()) changed |= paramWidget(p);
  if (changed) {
    message_.clear();
    paused_ = false;
    guarded([&] {
      scene().validate();
      scene().settingsChanged();
    });
  }
  ImGui::Separator();
  // The scene's widgets get the same room for their labels, and its text
  // wraps at the panel's edge rather than being cut off.
  // Its folding sections keep their state per scene (the ID).
  ImGui::PushTextWrapPos(0.f);
  ImGui::PushID(scene().name().c_str());
  guarded([&] { scene().panel(); });
  ImGui::PopID();
  ImGui::PopTextWrapPos();
  ImGui::PopItemWidth();
  drawAbout();
  ImGui::End();
}

// What the viewer runs on, for a student's bug report: the libraries and the
// OpenGL context (README.md, "Platforms").
std::string Shell::buildInfo() const {
  const GlInfo gl = window_.glInfo();
  return format("Dear ImGui %s (%s; input %s), %s, OpenGL %u.%u: %s", IMGUI_VERSION,
                imgui_renderer::texturesNote(), ImGui::GetIO().BackendPlatformName,
                Window::libraryVersion().c_str(), gl.major, gl.minor,
                reinterpret_cast<const char*>(glGetString(GL_RENDERER)));
}

void Shell::drawAbout() {
  ImGui::Separator();
  if (!ImGui::CollapsingHeader("About this viewer")) return;
  ImGui::PushTextWrapPos(0.f);
  ImGui::TextUnformatted(buildInfo().c_str());
  ImGui::TextUnformatted("Larger text: start with PBM_UI_SCALE=1.5 (0.75 to 3).");
  ImGui::PopTextWrapPos();
}

void Shell::drawMessage() {
  if (message_.empty()) return;
  const ImVec2 ds = ImGui::GetIO().DisplaySize;
  const float w = std::min(620.f * ui_, ds.x - 40.f);
  ImGui::SetNextWindowPos(ImVec2((ds.x - (showPanel_ ? panelWidth() : 0.f) - w) / 2, ds.y * 0.4f),
                          ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(w, 0), ImGuiCond_Always);
  ImGui::PushStyleColor(ImGuiCol_WindowBg, IM_COL32(90, 24, 24, 235));
  ImGui::Begin("##message", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoNav);
  ImGui::PushTextWrapPos(0.f);
  ImGui::TextUnformatted(message_.c_str());
  ImGui::PopTextWrapPos();
  ImGui::End();
  ImGui::PopStyleColor();
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
              reinterpret_cast<const char*>(glGetString(GL_RENDERER)));
  std::printf("%s: %s\n", chapter_.program.c_str(), buildInfo().c_str());
  std::printf(
      "%s: %zu frames at %ux%u (after %d warm-up): median %.2f ms/frame (%.1f FPS), "
      "p10 %.2f ms, p90 %.2f ms\n",
      scenes_[current_]->name().c_str(), ms.size(), window_.width(), window_.height(),
      kWarmupFrames, at(0.5), 1000.0 / at(0.5), at(0.1), at(0.9));
}

int Shell::run() {
  if (!window_.open(kWidth, kHeight, chapter_.program + " - " + chapter_.title)) {
    std::cerr << chapter_.program << ": error: could not open a window\n";
    return kExitFailure;
  }
  const bool shooting = !options_.screenshot.empty();
  const bool timing = options_.timeFrames > 0;
  window_.setInteractive(!shooting && !timing);
  ui_ = uiScaleFromEnvironment(chapter_.program);

  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // write nothing into the student's working directory
  ImGui::StyleColorsDark();
  ImGui::GetStyle().WindowRounding = 4.f;
  imgui_input::init();
  imgui_renderer::init();
  imgui_renderer::setScale(ui_);

  selectScene(current_);
  auto lastFrame = std::chrono::steady_clock::now();
  int frame = 0;
  int status = kExitOk;
  std::vector<double> frameMs;  // timing mode: wall time of each whole frame
  auto frameStart = std::chrono::steady_clock::now();
  while (window_.isOpen()) {
    while (const std::optional<InputEvent> e = window_.poll()) {
      imgui_input::feed(*e);
      handleEvent(*e);
    }
    if (!window_.isOpen()) break;
    const auto now = std::chrono::steady_clock::now();
    const float dt = std::chrono::duration<float>(now - lastFrame).count();
    lastFrame = now;
    fps_ = 0.9f * fps_ + 0.1f * (dt > 0.f ? 1.f / dt : fps_);
    statusTimer_ -= dt;

    if (!paused_ && message_.empty())
      for (int i = 0; i < stepsPerFrame_ && message_.empty() && !paused_; ++i) stepOnce();

    imgui_input::newFrame(window_.width(), window_.height(), dt);
    imgui_renderer::newFrame();
    ImGui::NewFrame();
    drawScene();
    drawOverlay();
    drawPanel();
    drawMessage();
    ImGui::Render();

    window_.clear(24, 26, 31);
    view_->renderGL();  // 3D geometry, depth-tested, under the ImGui pass
    window_.pushGLStates();
    imgui_renderer::render();
    window_.popGLStates();

    if (shooting && ++frame >= options_.frames) {
      if (!savePng(options_.screenshot)) {
        std::cerr << chapter_.program << ": error: could not write " << options_.screenshot << "\n";
        status = kExitFailure;
      }
      window_.close();
      break;
    }
    window_.display();
    if (timing) {
      glFinish();  // the software rasteriser may still be drawing
      const auto now = std::chrono::steady_clock::now();
      frameMs.push_back(std::chrono::duration<double, std::milli>(now - frameStart).count());
      frameStart = now;
      if (static_cast<int>(frameMs.size()) >= options_.timeFrames + kWarmupFrames) break;
    }
  }
  if (timing) reportFrameTimes(frameMs);
  imgui_renderer::shutdown();
  ImGui::DestroyContext();
  return status;
}

}  // namespace

int runViewer(const Chapter& chapter, std::vector<std::unique_ptr<Scene>>& scenes, int first,
              const ViewerOptions& options) {
  Shell shell(chapter, scenes, first, options);
  return shell.run();
}

}  // namespace pbm
