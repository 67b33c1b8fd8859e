// The viewer's platform layer: the one place that knows the window library.
// The shell opens a Window, reads InputEvents (pbm's own types) and draws with
// OpenGL and Dear ImGui. Two rooms answer this interface: platform/ (SFML
// 2.5-3.x on the desktop: window.cpp and sfml_events.cpp hold what differs
// between SFML 2 and 3) and web/ (a browser's canvas and WebGL 2 through
// emscripten's HTML5 API).
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "pbm/app/key.h"

namespace pbm {

enum class MouseButton { Left, Right, Middle, Other };

// One window event, the window library's translated into pbm's words.
struct InputEvent {
  enum class Type {
    Closed,
    Resized,      // width, height
    KeyPressed,   // key and the modifiers
    KeyReleased,  // key and the modifiers
    Text,         // unicode: a character typed
    MouseMoved,   // x, y
    MouseDown,    // button, x, y
    MouseUp,      // button, x, y
    Wheel,        // x, y, delta (notches), horizontal
    MouseLeft,    // the cursor left the window
  };
  Type type = Type::Closed;
  Key key = Key::Unknown;
  bool ctrl = false, shift = false, alt = false, super = false;
  MouseButton button = MouseButton::Other;
  float x = 0.f, y = 0.f;  // window pixels, y down
  float delta = 0.f;
  bool horizontal = false;
  char32_t unicode = 0;
  unsigned width = 0, height = 0;
};

// What the OpenGL context turned out to be (the frame-time report prints it).
struct GlInfo {
  unsigned major = 0, minor = 0, depthBits = 0, antialiasing = 0;
  std::string renderer;  // GL_RENDERER
};

class Window {
 public:
  Window();
  ~Window();
  Window(const Window&) = delete;
  Window& operator=(const Window&) = delete;

  // A window of width x height pixels with a depth buffer (the 3D view's depth
  // test) and 4x antialiasing where the driver offers it. false: no window.
  bool open(unsigned width, unsigned height, const std::string& title);
  // vsync and a 60 FPS cap for an interactive window; neither for a
  // screenshot or a frame-time run, which should not wait for the display.
  void setInteractive(bool interactive);
  bool isOpen() const;
  void close();
  // The window's title (a web page's: the tab's and the history's).
  void setTitle(const std::string& title);

  // What a reader passes on to show someone else what is shown now: a web
  // page's link (?scene=NAME&h=0.1&key=value, tools/web/pages.py), the
  // desktop's command line (./pbm run NN --scene NAME --h 0.1 --set
  // key=value). Setup: ("scene", NAME), ("method", M), ("h", H), then the
  // scene's --set keys. Puts it on the clipboard (a page also shows it in
  // the address bar) and returns it.
  using Setup = std::vector<std::pair<std::string, std::string>>;
  static const char* setupName();  // "link", "command line"
  // What a student does after writing an exercise of chapter NN to see it
  // here: the desktop reruns ./pbm run NN, a page is rebuilt and reloaded.
  static std::string afterEditing(const std::string& nn);
  std::string copySetup(const std::string& nn, const Setup& setup);  // nn: "02"

  std::optional<InputEvent> poll();
  unsigned width() const;
  unsigned height() const;
  bool shiftHeld() const;  // either shift key, now
  GlInfo glInfo() const;
  static std::string libraryVersion();  // "SFML 3.1.0"
  // Framebuffer pixels per logical pixel: a browser's devicePixelRatio (2 on
  // a high-resolution screen), 1 on the desktop, where PBM_UI_SCALE serves.
  float pixelRatio() const;

  // Runs frame() until it returns false and returns true; or, where the
  // platform calls each frame itself (a web page's requestAnimationFrame),
  // hands frame() over and returns false at once: the caller's state must
  // then outlive the call.
  bool runFrames(std::function<bool()> frame);

  // A frame: clear, OpenGL drawing, ImGui's pass inside saved GL states, show.
  void clear(unsigned char r, unsigned char g, unsigned char b);
  void pushGLStates();
  void popGLStates();
  void display();
  void finish();  // waits until the GPU has drawn (glFinish: frame timing)
  // The back buffer as it is now (call before display), written as a PNG.
  bool savePng(const std::string& path) const;
  // `text` as the file `path` (the desktop), or a download of that name (a
  // web page, which writes no files): the panel's CSV.
  bool saveText(const std::string& path, const std::string& text) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace pbm
