#include "imgui_input.h"

#include <imgui.h>

#include <cfloat>

namespace pbm::imgui_input {

namespace {

int mouseIndex(MouseButton b) {
  switch (b) {
    case MouseButton::Left:
      return 0;
    case MouseButton::Right:
      return 1;
    case MouseButton::Middle:
      return 2;
    default:
      return -1;
  }
}

}  // namespace

#if IMGUI_VERSION_NUM >= 18700

namespace {

bool between(Key k, Key first, Key last) {
  return static_cast<int>(k) >= static_cast<int>(first) &&
         static_cast<int>(k) <= static_cast<int>(last);
}

// ImGui numbers its letters, digits and F-keys consecutively, as pbm::Key does.
ImGuiKey toImGui(Key k) {
  const auto from = [k](ImGuiKey first, Key pbmFirst) {
    return static_cast<ImGuiKey>(static_cast<int>(first) + static_cast<int>(k) -
                                 static_cast<int>(pbmFirst));
  };
  if (between(k, Key::A, Key::Z)) return from(ImGuiKey_A, Key::A);
  if (between(k, Key::Num0, Key::Num9)) return from(ImGuiKey_0, Key::Num0);
  if (between(k, Key::F1, Key::F12)) return from(ImGuiKey_F1, Key::F1);
  switch (k) {
    case Key::Escape:
      return ImGuiKey_Escape;
    case Key::Tab:
      return ImGuiKey_Tab;
    case Key::Space:
      return ImGuiKey_Space;
    case Key::Enter:
      return ImGuiKey_Enter;
    case Key::Backspace:
      return ImGuiKey_Backspace;
    case Key::Delete:
      return ImGuiKey_Delete;
    case Key::Insert:
      return ImGuiKey_Insert;
    case Key::Home:
      return ImGuiKey_Home;
    case Key::End:
      return ImGuiKey_End;
    case Key::PageUp:
      return ImGuiKey_PageUp;
    case Key::PageDown:
      return ImGuiKey_PageDown;
    case Key::Left:
      return ImGuiKey_LeftArrow;
    case Key::Right:
      return ImGuiKey_RightArrow;
    case Key::Up:
      return ImGuiKey_UpArrow;
    case Key::Down:
      return ImGuiKey_DownArrow;
    case Key::LBracket:
      return ImGuiKey_LeftBracket;
    case Key::RBracket:
      return ImGuiKey_RightBracket;
    case Key::LShift:
      return ImGuiKey_LeftShift;
    case Key::RShift:
      return ImGuiKey_RightShift;
    case Key::LControl:
      return ImGuiKey_LeftCtrl;
    case Key::RControl:
      return ImGuiKey_RightCtrl;
    case Key::LAlt:
      return ImGuiKey_LeftAlt;
    case Key::RAlt:
      return ImGuiKey_RightAlt;
    case Key::LSystem:
      return ImGuiKey_LeftSuper;
    case Key::RSystem:
      return ImGuiKey_RightSuper;
    default:
      return ImGuiKey_None;
  }
}

// The modifier state travels as keys of its own: ImGuiMod_* from 1.89 on,
// ImGuiKey_Mod* in 1.87-1.88.
void feedModifiers(ImGuiIO& io, const InputEvent& e) {
#if IMGUI_VERSION_NUM >= 18900
  io.AddKeyEvent(ImGuiMod_Ctrl, e.ctrl);
  io.AddKeyEvent(ImGuiMod_Shift, e.shift);
  io.AddKeyEvent(ImGuiMod_Alt, e.alt);
  io.AddKeyEvent(ImGuiMod_Super, e.super);
#else
  io.AddKeyEvent(ImGuiKey_ModCtrl, e.ctrl);
  io.AddKeyEvent(ImGuiKey_ModShift, e.shift);
  io.AddKeyEvent(ImGuiKey_ModAlt, e.alt);
  io.AddKeyEvent(ImGuiKey_ModSuper, e.super);
#endif
}

}  // namespace

void init() {
  ImGui::GetIO().BackendPlatformName = "pbm_platform (io.Add*Event)";
}

void feed(const InputEvent& e) {
  ImGuiIO& io = ImGui::GetIO();
  using T = InputEvent::Type;
  switch (e.type) {
    case T::MouseMoved:
      io.AddMousePosEvent(e.x, e.y);
      break;
    case T::MouseLeft:
      io.AddMousePosEvent(-FLT_MAX, -FLT_MAX);
      break;
    case T::MouseDown:
    case T::MouseUp:
      if (const int b = mouseIndex(e.button); b >= 0)
        io.AddMouseButtonEvent(b, e.type == T::MouseDown);
      break;
    case T::Wheel:
      if (e.horizontal)
        io.AddMouseWheelEvent(e.delta, 0.f);
      else
        io.AddMouseWheelEvent(0.f, e.delta);
      break;
    case T::KeyPressed:
    case T::KeyReleased:
      feedModifiers(io, e);
      if (const ImGuiKey k = toImGui(e.key); k != ImGuiKey_None)
        io.AddKeyEvent(k, e.type == T::KeyPressed);
      break;
    case T::Text:
      if (e.unicode >= 32 && e.unicode != 127) io.AddInputCharacter(e.unicode);
      break;
    default:
      break;
  }
}

#else  // ImGui 1.86: named keys through KeyMap into KeysDown[], indexed by pbm::Key

namespace {

// ImGui 1.86 reads a button's state once a frame: a press and its release
// between two frames (a quick click at a low frame rate: a page drawn in
// software, a busy machine) would never be seen. The release then waits for
// the next frame (ImGui 1.87's event queue does the same).
int framesBegun = 0;
int pressedIn[3] = {-1, -1, -1};  // the frame each button last went down in
bool releaseNext[3] = {};

}  // namespace

void init() {
  ImGuiIO& io = ImGui::GetIO();
  io.BackendPlatformName = "pbm_platform (KeyMap)";
  const auto map = [&io](ImGuiKey_ imgui, Key k) { io.KeyMap[imgui] = static_cast<int>(k); };
  map(ImGuiKey_Tab, Key::Tab);
  map(ImGuiKey_LeftArrow, Key::Left);
  map(ImGuiKey_RightArrow, Key::Right);
  map(ImGuiKey_UpArrow, Key::Up);
  map(ImGuiKey_DownArrow, Key::Down);
  map(ImGuiKey_PageUp, Key::PageUp);
  map(ImGuiKey_PageDown, Key::PageDown);
  map(ImGuiKey_Home, Key::Home);
  map(ImGuiKey_End, Key::End);
  map(ImGuiKey_Insert, Key::Insert);
  map(ImGuiKey_Delete, Key::Delete);
  map(ImGuiKey_Backspace, Key::Backspace);
  map(ImGuiKey_Space, Key::Space);
  map(ImGuiKey_Enter, Key::Enter);
  map(ImGuiKey_Escape, Key::Escape);
  map(ImGuiKey_A, Key::A);
  map(ImGuiKey_C, Key::C);
  map(ImGuiKey_V, Key::V);
  map(ImGuiKey_X, Key::X);
  map(ImGuiKey_Y, Key::Y);
  map(ImGuiKey_Z, Key::Z);
}

void feed(const InputEvent& e) {
  ImGuiIO& io = ImGui::GetIO();
  using T = InputEvent::Type;
  switch (e.type) {
    case T::MouseMoved:
      io.MousePos = ImVec2(e.x, e.y);
      break;
    case T::MouseLeft:
      io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
      break;
    case T::MouseDown:
      if (const int b = mouseIndex(e.button); b >= 0) {
        io.MouseDown[b] = true;
        pressedIn[b] = framesBegun;
        releaseNext[b] = false;
      }
      break;
    case T::MouseUp:
      if (const int b = mouseIndex(e.button); b >= 0) {
        if (pressedIn[b] == framesBegun)
          releaseNext[b] = true;
        else
          io.MouseDown[b] = false;
      }
      break;
    case T::Wheel:
      (e.horizontal ? io.MouseWheelH : io.MouseWheel) += e.delta;
      break;
    case T::KeyPressed:
    case T::KeyReleased: {
      const int code = static_cast<int>(e.key);
      if (e.key != Key::Unknown && code < static_cast<int>(IM_ARRAYSIZE(io.KeysDown)))
        io.KeysDown[code] = e.type == T::KeyPressed;
      io.KeyCtrl = e.ctrl;
      io.KeyShift = e.shift;
      io.KeyAlt = e.alt;
      io.KeySuper = e.super;
      break;
    }
    case T::Text:
      if (e.unicode >= 32 && e.unicode != 127) io.AddInputCharacter(e.unicode);
      break;
    default:
      break;
  }
}

#endif

void newFrame(unsigned width, unsigned height, float pixelRatio, float dt) {
  ImGuiIO& io = ImGui::GetIO();
#if IMGUI_VERSION_NUM < 18700
  for (int b = 0; b < 3; ++b)
    if (releaseNext[b] && pressedIn[b] < framesBegun) {
      io.MouseDown[b] = false;
      releaseNext[b] = false;
    }
  ++framesBegun;
#endif
  io.DisplaySize = ImVec2(static_cast<float>(width), static_cast<float>(height));
  io.DisplayFramebufferScale = ImVec2(pixelRatio, pixelRatio);
  io.DeltaTime = dt > 0.f ? dt : 1.f / 60.f;
}

}  // namespace pbm::imgui_input
