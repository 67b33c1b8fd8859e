// What both rooms' ImGui renderers share (platform/imgui_renderer.cpp, the
// desktop's OpenGL 2; web/imgui_renderer.cpp, WebGL 2): the text's scale and
// how the font reaches the GPU.
#include <imgui.h>

#include "viewer/platform/imgui_renderer.h"

namespace pbm::imgui_renderer {

void setScale(float scale, float pixelRatio) {
  if (scale == 1.f && pixelRatio == 1.f) return;
#ifdef IMGUI_HAS_TEXTURES
  // 1.92 rasterises each size as drawn, at DisplayFramebufferScale's density.
  ImGui::GetStyle().FontScaleMain = scale;
#else
  // The default font built pixelRatio times larger and drawn 1/pixelRatio
  // the size: as large as at ratio 1, with every framebuffer pixel its own.
  ImFontConfig font;
  font.SizePixels = 13.f * scale * pixelRatio;
  ImGui::GetIO().Fonts->AddFontDefault(&font);
  ImGui::GetIO().FontGlobalScale = 1.f / pixelRatio;
#endif
  if (scale != 1.f) ImGui::GetStyle().ScaleAllSizes(scale);
}

const char* texturesNote() {
#ifdef IMGUI_HAS_TEXTURES
  if (ImGui::GetIO().BackendFlags & ImGuiBackendFlags_RendererHasTextures)
    return "1.92 texture protocol";
#endif
  return "font atlas uploaded once";
}

}  // namespace pbm::imgui_renderer
