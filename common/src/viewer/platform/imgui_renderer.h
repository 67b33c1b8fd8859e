// Dear ImGui's renderer, one per room: on the desktop ImGui's own OpenGL 2
// renderer (imgui_impl_opengl2, platform/imgui_renderer.cpp), which draws on
// the OpenGL 2.1 legacy context every platform gives SFML's graphics module;
// in a web page its OpenGL 3 renderer in the OpenGL ES 3.0 form that is
// WebGL 2 (web/imgui_renderer.cpp). setScale and texturesNote are shared
// (imgui/scale.cpp). From ImGui 1.92 on a renderer also serves the texture
// protocol itself: it sets ImGuiBackendFlags_RendererHasTextures and
// creates, updates and destroys the textures the font atlas asks for
// (ImDrawData::Textures), so text is rasterised at the size it is drawn and
// stays crisp at any scale.
#pragma once

namespace pbm::imgui_renderer {

void init();
// Text and widgets `scale` times their usual size (PBM_UI_SCALE), before the
// first frame. ImGui 1.92 rasterises the font at the drawn size; older
// versions get the default font built at 13 * scale pixels. Either way crisp.
// pixelRatio: framebuffer pixels per window pixel (Window::pixelRatio), at
// which the font is rasterised.
void setScale(float scale, float pixelRatio);
void newFrame();
void render();  // ImGui::GetDrawData(), after ImGui::Render()
void shutdown();
// "1.92 texture protocol" when the renderer serves ImGui's texture requests
// (ImGuiBackendFlags_RendererHasTextures), else "font atlas uploaded once".
const char* texturesNote();

}  // namespace pbm::imgui_renderer
