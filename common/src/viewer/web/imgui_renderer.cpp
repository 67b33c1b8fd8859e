// Dear ImGui's OpenGL 3 renderer (imgui_impl_opengl3) in its OpenGL ES 3.0
// form, which is WebGL 2's: the web page's counterpart of
// platform/imgui_renderer.cpp (OpenGL 2 on the desktop's legacy context).
// It saves and restores the GL state it changes around its own pass.
#include <imgui.h>

#include "viewer/platform/imgui_renderer.h"

#if __has_include(<backends/imgui_impl_opengl3.h>)
#include <backends/imgui_impl_opengl3.h>
#else
#include <imgui_impl_opengl3.h>
#endif

namespace pbm::imgui_renderer {

void init() {
  ImGui_ImplOpenGL3_Init("#version 300 es");
}

void newFrame() {
  ImGui_ImplOpenGL3_NewFrame();
}
void render() {
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}
void shutdown() {
  ImGui_ImplOpenGL3_Shutdown();
}

}  // namespace pbm::imgui_renderer
