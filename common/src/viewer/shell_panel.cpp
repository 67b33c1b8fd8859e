// The viewer shell's ImGui side (shell_state.h): the lesson box with the
// HUD, the key line along the bottom, the Controls panel and the message box.
#include <imgui.h>

#include <algorithm>

#include "param_widget.h"
#include "pbm/app/csv.h"
#include "pbm/app/text.h"
#include "platform/imgui_renderer.h"
#include "shell_state.h"

namespace pbm {

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
  if (ImGui::Button("Save PNG (F12)")) pngWanted_ = true;
  ImGui::SameLine();
  if (ImGui::Button("Save CSV")) askCsv();
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "The scene as set now, run from its start to t = %.4g s without drawing:\n"
        "a row per step, as --headless --csv writes (the lesson's plots).",
        scene().settings().tEnd);
  ImGui::SameLine();
  const std::string copy = std::string("Copy ") + Window::setupName();
  if (ImGui::Button(copy.c_str())) {
    status_ = "copied: " + window_.copySetup(chapterNumber(), setup());
    statusTimer_ = 6.f;
  }
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

// The scene shown and what differs from its defaults (a fresh scene's): the
// method, h and the --set keys, as the command line and a page's link take
// them (Window::copySetup).
Window::Setup Shell::setup() {
  Window::Setup out{{"scene", scene().name()}};
  std::unique_ptr<Scene> fresh;
  guarded([&] { fresh = chapter_.scenes[static_cast<size_t>(current_)](); });
  if (!fresh) return out;
  const SceneSettings &now = scene().settings(), &before = fresh->settings();
  if (!now.method.empty() && now.method != before.method) out.emplace_back("method", now.method);
  if (now.h != before.h) out.emplace_back("h", formatNumber(now.h));
  for (const Param& p : scene().params().all()) {
    const Param* q = fresh->params().find(p.key);
    if (!q || q->text() != p.text()) out.emplace_back(p.key, p.text());
  }
  return out;
}

// What the viewer runs on, for a student's bug report: the libraries and the
// OpenGL context (README.md, "Platforms").
std::string Shell::buildInfo() const {
  const GlInfo gl = window_.glInfo();
  return format("Dear ImGui %s (%s; input %s), %s, OpenGL %u.%u: %s", IMGUI_VERSION,
                imgui_renderer::texturesNote(), ImGui::GetIO().BackendPlatformName,
                Window::libraryVersion().c_str(), gl.major, gl.minor, gl.renderer.c_str());
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

}  // namespace pbm
