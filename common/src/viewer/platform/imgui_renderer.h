// Dear ImGui's own OpenGL 2 renderer (imgui_impl_opengl2), which draws on the
// OpenGL 2.1 legacy context every platform gives SFML's graphics module. From
// ImGui 1.92 on it also serves the texture protocol itself: it sets
// ImGuiBackendFlags_RendererHasTextures and creates, updates and destroys the
// textures the font atlas asks for (ImDrawData::Textures), so text is
// rasterised at the size it is drawn and stays crisp at any scale.
#pragma once

namespace pbm::imgui_renderer {

void init();
// Text and widgets `scale` times their usual size (PBM_UI_SCALE), before the
// first frame. ImGui 1.92 rasterises the font at the drawn size; older
// versions get the default font built at 13 * scale pixels. Either way crisp.
void setScale(float scale);
void newFrame();
void render();  // ImGui::GetDrawData(), after ImGui::Render()
void shutdown();
// "1.92 texture protocol" when the renderer serves ImGui's texture requests
// (ImGuiBackendFlags_RendererHasTextures), else "font atlas uploaded once".
const char* texturesNote();

}  // namespace pbm::imgui_renderer
