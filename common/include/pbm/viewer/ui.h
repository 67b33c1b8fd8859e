// The panel's widgets, in pbm's words: what a scene's panel() and its
// sections use (text, buttons, sliders, tables, a patch to paint on). The
// viewer answers them with Dear ImGui, one call each (src/viewer/imgui/); a
// build without the viewer (PBM_VIEWER=OFF) compiles every scene against the
// same functions and never calls them. Immediate mode, as ImGui: a function
// that returns bool says whether the student changed or pressed the widget
// this frame. Labels are ImGui's: "##id" hides the text after "##".
#pragma once

#include "pbm/app/text.h"
#include "pbm/viewer/colors.h"
#include "pbm/viewer/painter.h"
#include "pbm/viewer/pixels.h"

namespace pbm::ui {

// --- text (printf formats, checked by the compiler as pbm::format's are)
void text(const char* fmt, ...) PBM_PRINTF_FORMAT(1, 2);
void textWrapped(const char* fmt, ...) PBM_PRINTF_FORMAT(1, 2);  // wraps at the panel's edge
void textColored(Color c, const char* fmt, ...) PBM_PRINTF_FORMAT(2, 3);
void textDisabled(const char* fmt, ...) PBM_PRINTF_FORMAT(1, 2);  // dimmed: hints, units
void textUnformatted(const char* s);                              // as is, no format
Px2 textSize(const char* s);                                      // in the panel's font
float textLineHeightWithSpacing();
float frameHeightWithSpacing();  // one widget's row (a button, a slider, a header)
Px2 itemSpacing();               // the gap the panel leaves between widgets

// --- layout
void sameLine();  // the next widget beside the last, not below it
void separator();
void spacing();
void newLine();
void beginGroup();  // what follows up to endGroup lays out as one item (beside a picture)
void endGroup();
void dummy(Px2 size);             // empty room of this size (after painting on it)
void setNextItemWidth(float px);  // the next widget's width
Px2 cursorScreenPos();            // where the next widget goes, in window pixels
Px2 contentRegionAvail();         // the room left in the panel from there

// --- widgets
bool button(const char* label);
bool checkbox(const char* label, bool* v);
bool radioButton(const char* label, bool active);        // true when clicked
bool radioButton(const char* label, int* v, int value);  // sets *v = value when clicked
enum class Scale { Linear, Log };
bool sliderFloat(const char* label, float* v, float lo, float hi, const char* fmt = "%.3f",
                 Scale scale = Scale::Linear);
bool sliderDouble(const char* label, double* v, double lo, double hi, const char* fmt = "%.3g",
                  Scale scale = Scale::Linear);
// A folding header; returns whether it is open.
bool collapsingHeader(const char* label, bool defaultOpen = false);
// A folding header opened or folded, once, by `open` (plot.h's panelSection).
bool collapsingHeaderOpenedOnce(const char* label, bool open);
// A patch of `size` that takes clicks and hovering, drawn on by the caller.
bool invisibleButton(const char* id, Px2 size);
bool itemHovered();                                          // the mouse is over the last widget
Px2 mousePos();                                              // window pixels
void tooltip(const char* fmt, ...) PBM_PRINTF_FORMAT(1, 2);  // beside the mouse, this frame
void pushId(const char* id);  // widgets with the same label in different places
void popId();
void pushTextWrap();  // text wraps at the panel's edge until popTextWrap
void popTextWrap();

// --- tables: bordered, each column as wide as its content asks, sharing the
// width. With scrollHeightPx > 0 the table scrolls at that height under a
// header row that stays.
bool beginTable(const char* id, int columns, float scrollHeightPx = 0.f);
void endTable();  // only after a beginTable that returned true
void tableSetupColumn(const char* label, float fixedWidthPx = 0.f);  // 0: stretched
void tableHeadersRow();
void tableNextRow();
bool tableNextColumn();
void tableRowBackground(Color c);  // the current row's

// --- a small window of its own over the view (chapter 07's polhode plot):
// no title bar, not movable, at `pos` with `size`, its background `bgAlpha` opaque.
void beginOverlay(const char* id, Px2 pos, Px2 size, float bgAlpha);
void endOverlay();

// Painting on the panel at the cursor (a plot, a heat map, a picture): reserve
// the room with dummy or invisibleButton after it.
Painter& panelPainter();

}  // namespace pbm::ui
