#include "imgui_renderer.h"

#include <imgui.h>

// Debian's libimgui-dev and an ImGui source folder keep the back ends in
// backends/; vcpkg installs their headers beside imgui.h.
#if __has_include(<backends/imgui_impl_opengl2.h>)
#include <backends/imgui_impl_opengl2.h>
#else
#include <imgui_impl_opengl2.h>
#endif

namespace pbm::imgui_renderer {

void init() {
  ImGui_ImplOpenGL2_Init();
}

void newFrame() {
  ImGui_ImplOpenGL2_NewFrame();
}
void render() {
  ImGui_ImplOpenGL2_RenderDrawData(ImGui::GetDrawData());
}
void shutdown() {
  ImGui_ImplOpenGL2_Shutdown();
}

}  // namespace pbm::imgui_renderer
