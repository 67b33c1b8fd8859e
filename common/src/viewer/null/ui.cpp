// pbm::ui (pbm/viewer/ui.h) in a build without the GUI (PBM_VIEWER=OFF): the
// scenes' panels compile against it and nothing calls them, as there is no
// window. Each widget is untouched (false), each size is zero.
#include "pbm/viewer/ui.h"

namespace pbm::ui {

namespace {
// Draws nothing; text is measured as a 7 x 13 pixel monospace font would be.
class NullPainter : public Painter {
 public:
  void line(Px2, Px2, Color, float) override {}
  void polyline(const std::vector<Px2>&, Color, float) override {}
  void triangleFilled(Px2, Px2, Px2, Color) override {}
  void convexPolygonFilled(const std::vector<Px2>&, Color) override {}
  void rect(Px2, Px2, Color) override {}
  void rectFilled(Px2, Px2, Color, float) override {}
  void circle(Px2, float, Color, int, float) override {}
  void circleFilled(Px2, float, Color, int) override {}
  void text(Px2, Color, const char*) override {}
  Px2 textSize(const char* s) const override {
    int n = 0;
    while (s && s[n]) ++n;
    return Px2(7.f * static_cast<float>(n), 13.f);
  }
  float lineHeight() const override { return 13.f; }
  void pushClip(Px2, Px2) override {}
  void popClip() override {}
};
}  // namespace

void text(const char*, ...) {}
void textWrapped(const char*, ...) {}
void textColored(Color, const char*, ...) {}
void textDisabled(const char*, ...) {}
void textUnformatted(const char*) {}
Px2 textSize(const char* s) {
  return panelPainter().textSize(s);
}
float textLineHeightWithSpacing() {
  return 17.f;
}
float frameHeightWithSpacing() {
  return 23.f;
}
Px2 itemSpacing() {
  return Px2(8.f, 4.f);
}

void sameLine() {}
void separator() {}
void spacing() {}
void newLine() {}
void beginGroup() {}
void endGroup() {}
void dummy(Px2) {}
void setNextItemWidth(float) {}
Px2 cursorScreenPos() {
  return Px2();
}
Px2 contentRegionAvail() {
  return Px2();
}

bool button(const char*) {
  return false;
}
bool checkbox(const char*, bool*) {
  return false;
}
bool radioButton(const char*, bool) {
  return false;
}
bool radioButton(const char*, int*, int) {
  return false;
}
bool sliderFloat(const char*, float*, float, float, const char*, Scale) {
  return false;
}
bool sliderDouble(const char*, double*, double, double, const char*, Scale) {
  return false;
}
bool collapsingHeader(const char*, bool) {
  return false;
}
bool collapsingHeaderOpenedOnce(const char*, bool) {
  return false;
}
bool invisibleButton(const char*, Px2) {
  return false;
}
bool itemHovered() {
  return false;
}
Px2 mousePos() {
  return Px2();
}
void tooltip(const char*, ...) {}
void pushId(const char*) {}
void popId() {}
void pushTextWrap() {}
void popTextWrap() {}

bool beginTable(const char*, int, float) {
  return false;
}
void endTable() {}
void tableSetupColumn(const char*, float) {}
void tableHeadersRow() {}
void tableNextRow() {}
bool tableNextColumn() {
  return false;
}
void tableRowBackground(Color) {}

void beginOverlay(const char*, Px2, Px2, float) {}
void endOverlay() {}

Painter& panelPainter() {
  static NullPainter painter;
  return painter;
}

}  // namespace pbm::ui
