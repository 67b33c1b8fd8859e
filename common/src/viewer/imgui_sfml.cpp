#include "imgui_sfml.h"

#include <imgui.h>

namespace pbm::imgui_sfml {

void init() {
  ImGuiIO& io = ImGui::GetIO();
  io.BackendPlatformName = "pbm_sfml";
  using K = sf::Keyboard;
  // ImGui 1.86 reads named keys through KeyMap into KeysDown[], indexed by SFML's key codes.
  io.KeyMap[ImGuiKey_Tab] = K::Tab;
  io.KeyMap[ImGuiKey_LeftArrow] = K::Left;
  io.KeyMap[ImGuiKey_RightArrow] = K::Right;
  io.KeyMap[ImGuiKey_UpArrow] = K::Up;
  io.KeyMap[ImGuiKey_DownArrow] = K::Down;
  io.KeyMap[ImGuiKey_PageUp] = K::PageUp;
  io.KeyMap[ImGuiKey_PageDown] = K::PageDown;
  io.KeyMap[ImGuiKey_Home] = K::Home;
  io.KeyMap[ImGuiKey_End] = K::End;
  io.KeyMap[ImGuiKey_Insert] = K::Insert;
  io.KeyMap[ImGuiKey_Delete] = K::Delete;
  io.KeyMap[ImGuiKey_Backspace] = K::BackSpace;
  io.KeyMap[ImGuiKey_Space] = K::Space;
  io.KeyMap[ImGuiKey_Enter] = K::Return;
  io.KeyMap[ImGuiKey_Escape] = K::Escape;
  io.KeyMap[ImGuiKey_A] = K::A;
  io.KeyMap[ImGuiKey_C] = K::C;
  io.KeyMap[ImGuiKey_V] = K::V;
  io.KeyMap[ImGuiKey_X] = K::X;
  io.KeyMap[ImGuiKey_Y] = K::Y;
  io.KeyMap[ImGuiKey_Z] = K::Z;
}

void processEvent(const sf::Event& e) {
  ImGuiIO& io = ImGui::GetIO();
  switch (e.type) {
    case sf::Event::MouseMoved:
      io.MousePos = ImVec2(static_cast<float>(e.mouseMove.x), static_cast<float>(e.mouseMove.y));
      break;
    case sf::Event::MouseButtonPressed:
    case sf::Event::MouseButtonReleased: {
      const int b = e.mouseButton.button;
      if (b >= 0 && b < 3) io.MouseDown[b] = e.type == sf::Event::MouseButtonPressed;
      break;
    }
    case sf::Event::MouseWheelScrolled:
      if (e.mouseWheelScroll.wheel == sf::Mouse::VerticalWheel)
        io.MouseWheel += e.mouseWheelScroll.delta;
      else
        io.MouseWheelH += e.mouseWheelScroll.delta;
      break;
    case sf::Event::KeyPressed:
    case sf::Event::KeyReleased: {
      const int code = e.key.code;
      if (code >= 0 && code < static_cast<int>(IM_ARRAYSIZE(io.KeysDown)))
        io.KeysDown[code] = e.type == sf::Event::KeyPressed;
      io.KeyCtrl = e.key.control;
      io.KeyShift = e.key.shift;
      io.KeyAlt = e.key.alt;
      io.KeySuper = e.key.system;
      break;
    }
    case sf::Event::TextEntered:
      if (e.text.unicode >= 32 && e.text.unicode != 127) io.AddInputCharacter(e.text.unicode);
      break;
    case sf::Event::MouseLeft:
      io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
      break;
    default:
      break;
  }
}

void newFrame(const sf::Window& window, float dt) {
  ImGuiIO& io = ImGui::GetIO();
  const sf::Vector2u size = window.getSize();
  io.DisplaySize = ImVec2(static_cast<float>(size.x), static_cast<float>(size.y));
  io.DeltaTime = dt > 0.f ? dt : 1.f / 60.f;
}

}  // namespace pbm::imgui_sfml
