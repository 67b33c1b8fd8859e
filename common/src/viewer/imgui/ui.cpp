// pbm::ui (pbm/viewer/ui.h) answered by Dear ImGui, one call each.
#include "pbm/viewer/ui.h"

#include <imgui.h>

#include <cstdarg>

#include "convert.h"
#include "painter.h"

namespace pbm::ui {

namespace {
ImVec4 toFloat4(Color c) {
  return ImGui::ColorConvertU32ToFloat4(c);
}
}  // namespace

void text(const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  ImGui::TextV(fmt, args);
  va_end(args);
}

void textWrapped(const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  ImGui::TextWrappedV(fmt, args);
  va_end(args);
}

void textColored(Color c, const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  ImGui::TextColoredV(toFloat4(c), fmt, args);
  va_end(args);
}

void textDisabled(const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  ImGui::TextDisabledV(fmt, args);
  va_end(args);
}

void textUnformatted(const char* s) {
  ImGui::TextUnformatted(s);
}
Px2 textSize(const char* s) {
  return fromIm(ImGui::CalcTextSize(s));
}
float textLineHeightWithSpacing() {
  return ImGui::GetTextLineHeightWithSpacing();
}
float frameHeightWithSpacing() {
  return ImGui::GetFrameHeightWithSpacing();
}
Px2 itemSpacing() {
  return fromIm(ImGui::GetStyle().ItemSpacing);
}

void sameLine() {
  ImGui::SameLine();
}
void separator() {
  ImGui::Separator();
}
void spacing() {
  ImGui::Spacing();
}
void newLine() {
  ImGui::NewLine();
}
void beginGroup() {
  ImGui::BeginGroup();
}
void endGroup() {
  ImGui::EndGroup();
}
void dummy(Px2 size) {
  ImGui::Dummy(toIm(size));
}
void setNextItemWidth(float px) {
  ImGui::SetNextItemWidth(px);
}
Px2 cursorScreenPos() {
  return fromIm(ImGui::GetCursorScreenPos());
}
Px2 contentRegionAvail() {
  return fromIm(ImGui::GetContentRegionAvail());
}

bool button(const char* label) {
  return ImGui::Button(label);
}
bool checkbox(const char* label, bool* v) {
  return ImGui::Checkbox(label, v);
}
bool radioButton(const char* label, bool active) {
  return ImGui::RadioButton(label, active);
}
bool radioButton(const char* label, int* v, int value) {
  return ImGui::RadioButton(label, v, value);
}

bool sliderFloat(const char* label, float* v, float lo, float hi, const char* fmt, Scale scale) {
  return ImGui::SliderFloat(
      label, v, lo, hi, fmt,
      scale == Scale::Log ? ImGuiSliderFlags_Logarithmic : ImGuiSliderFlags_None);
}

bool sliderDouble(const char* label, double* v, double lo, double hi, const char* fmt,
                  Scale scale) {
  return ImGui::SliderScalar(
      label, ImGuiDataType_Double, v, &lo, &hi, fmt,
      scale == Scale::Log ? ImGuiSliderFlags_Logarithmic : ImGuiSliderFlags_None);
}

bool collapsingHeader(const char* label, bool defaultOpen) {
  return ImGui::CollapsingHeader(
      label, defaultOpen ? ImGuiTreeNodeFlags_DefaultOpen : ImGuiTreeNodeFlags_None);
}

bool collapsingHeaderOpenedOnce(const char* label, bool open) {
  ImGui::SetNextItemOpen(open, ImGuiCond_Once);
  return ImGui::CollapsingHeader(label);
}

bool invisibleButton(const char* id, Px2 size) {
  return ImGui::InvisibleButton(id, toIm(size));
}
bool itemHovered() {
  return ImGui::IsItemHovered();
}
Px2 mousePos() {
  return fromIm(ImGui::GetIO().MousePos);
}

void tooltip(const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  ImGui::SetTooltipV(fmt, args);
  va_end(args);
}

void pushId(const char* id) {
  ImGui::PushID(id);
}
void popId() {
  ImGui::PopID();
}
void pushTextWrap() {
  ImGui::PushTextWrapPos(0.f);
}
void popTextWrap() {
  ImGui::PopTextWrapPos();
}

bool beginTable(const char* id, int columns, float scrollHeightPx) {
  ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_SizingStretchProp;
  if (scrollHeightPx > 0.f) flags |= ImGuiTableFlags_ScrollY;
  if (!ImGui::BeginTable(id, columns, flags, ImVec2(0.f, scrollHeightPx))) return false;
  if (scrollHeightPx > 0.f) ImGui::TableSetupScrollFreeze(0, 1);
  return true;
}

void endTable() {
  ImGui::EndTable();
}

void tableSetupColumn(const char* label, float fixedWidthPx) {
  if (fixedWidthPx > 0.f)
    ImGui::TableSetupColumn(label, ImGuiTableColumnFlags_WidthFixed, fixedWidthPx);
  else
    ImGui::TableSetupColumn(label);
}

void tableHeadersRow() {
  ImGui::TableHeadersRow();
}
void tableNextRow() {
  ImGui::TableNextRow();
}
bool tableNextColumn() {
  return ImGui::TableNextColumn();
}
void tableRowBackground(Color c) {
  ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, c);
}

void beginOverlay(const char* id, Px2 pos, Px2 size, float bgAlpha) {
  ImGui::SetNextWindowPos(toIm(pos), ImGuiCond_Always);
  ImGui::SetNextWindowSize(toIm(size), ImGuiCond_Always);
  ImGui::SetNextWindowBgAlpha(bgAlpha);
  ImGui::Begin(id, nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                   ImGuiWindowFlags_NoNav);
}

void endOverlay() {
  ImGui::End();
}

Painter& panelPainter() {
  // The current window's list changes from window to window and frame to
  // frame: the painter is re-aimed at each call.
  static ImGuiPainter painter(nullptr);
  painter = ImGuiPainter(ImGui::GetWindowDrawList());
  return painter;
}

}  // namespace pbm::ui
