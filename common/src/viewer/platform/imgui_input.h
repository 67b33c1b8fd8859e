// Window events into Dear ImGui (Debian's libimgui ships renderers but no SFML
// platform back end, so the viewer feeds ImGui itself): mouse, wheel, keys,
// text. ImGui 1.87 and later take input as events (io.Add*Event; 1.92 has
// nothing else); 1.86, Debian 12's, only through KeyMap/KeysDown and the io
// fields. IMGUI_VERSION_NUM picks the path in imgui_input.cpp.
#pragma once

#include "window.h"

namespace pbm::imgui_input {

void init();  // after ImGui::CreateContext()
void feed(const InputEvent& event);
// width x height logical pixels, each pixelRatio framebuffer pixels across
// (Window::pixelRatio: 2 on a web page on a high-resolution screen).
void newFrame(unsigned width, unsigned height, float pixelRatio, float dtSeconds);

}  // namespace pbm::imgui_input
