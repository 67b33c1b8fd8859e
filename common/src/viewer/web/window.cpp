// The window in a web page (issue 37): the page's <canvas id="canvas"> with a
// WebGL 2 context, through emscripten's HTML5 API (emscripten/html5.h). The
// browser's events are queued as InputEvents in framebuffer pixels, the
// canvas follows the page's size at devicePixelRatio, and the frames run
// from the browser's requestAnimationFrame (emscripten_set_main_loop_arg):
// a page must return to the browser between frames, so runFrames hands the
// frame over and returns at once.
#include <GLES3/gl3.h>
#include <emscripten.h>
#include <emscripten/html5.h>
#include <emscripten/version.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <string>

#include "viewer/platform/window.h"
#include "viewer/web/keys.h"

// page.js: the browser's side of what C++ cannot do alone.
extern "C" int pbm_download_png(const void* rgba, int width, int height, const char* name);
extern "C" int pbm_download_text(const char* text, int size, const char* name);
extern "C" void pbm_frame_drawn();
extern "C" int pbm_keys_for_page();
extern "C" char* pbm_copy_link(const char* query);  // malloc'd: the link

namespace pbm {

namespace {

constexpr const char* kCanvas = "#canvas";

// What the browser's callbacks and the frames share.
struct PageCanvas {
  EMSCRIPTEN_WEBGL_CONTEXT_HANDLE context = 0;
  std::deque<InputEvent> events;
  unsigned width = 0, height = 0;      // the canvas's CSS size: the window's pixels
  unsigned fbWidth = 0, fbHeight = 0;  // its framebuffer: devicePixelRatio times more
  float ratio = 1.f;                   // framebuffer pixels per CSS pixel
  bool open = false, shift = false;
  std::function<bool()> frame;

  // The canvas's framebuffer at its CSS size times devicePixelRatio, so the
  // picture is crisp on a high-resolution screen; the shell, ImGui and the
  // events work in CSS pixels (ImGui's DisplayFramebufferScale and the 3D
  // pass scale up). true: it changed.
  bool fit() {
    double w = 0.0, h = 0.0;
    emscripten_get_element_css_size(kCanvas, &w, &h);
    const float r = static_cast<float>(emscripten_get_device_pixel_ratio());
    const auto cw = static_cast<unsigned>(std::max(1.0, std::round(w)));
    const auto ch = static_cast<unsigned>(std::max(1.0, std::round(h)));
    if (cw == width && ch == height && r == ratio) return false;
    width = cw;
    height = ch;
    ratio = r > 0.f ? r : 1.f;
    fbWidth = static_cast<unsigned>(std::max(1.0, std::round(w * ratio)));
    fbHeight = static_cast<unsigned>(std::max(1.0, std::round(h * ratio)));
    emscripten_set_canvas_element_size(kCanvas, static_cast<int>(fbWidth),
                                       static_cast<int>(fbHeight));
    return true;
  }

  void push(InputEvent e) { events.push_back(e); }

  InputEvent mouse(InputEvent::Type type, const EmscriptenMouseEvent& m) {
    InputEvent e;
    e.type = type;
    e.x = static_cast<float>(m.targetX);
    e.y = static_cast<float>(m.targetY);
    e.ctrl = m.ctrlKey;
    e.shift = m.shiftKey;
    e.alt = m.altKey;
    e.super = m.metaKey;
    shift = m.shiftKey;
    // The DOM's button numbers: 0 left, 1 middle, 2 right.
    e.button = m.button == 0   ? MouseButton::Left
               : m.button == 1 ? MouseButton::Middle
               : m.button == 2 ? MouseButton::Right
                               : MouseButton::Other;
    return e;
  }
};

EM_BOOL onMouse(int type, const EmscriptenMouseEvent* m, void* data) {
  auto* w = static_cast<PageCanvas*>(data);
  using T = InputEvent::Type;
  switch (type) {
    case EMSCRIPTEN_EVENT_MOUSEDOWN:
      w->push(w->mouse(T::MouseDown, *m));
      break;
    case EMSCRIPTEN_EVENT_MOUSEUP:
      w->push(w->mouse(T::MouseUp, *m));
      break;
    case EMSCRIPTEN_EVENT_MOUSEMOVE:
      w->push(w->mouse(T::MouseMoved, *m));
      break;
    case EMSCRIPTEN_EVENT_MOUSELEAVE:
      w->push(w->mouse(T::MouseLeft, *m));
      break;
    default:
      return EM_FALSE;
  }
  return EM_TRUE;  // no text selection or page drag
}

EM_BOOL onWheel(int, const EmscriptenWheelEvent* m, void* data) {
  auto* w = static_cast<PageCanvas*>(data);
  InputEvent e = w->mouse(InputEvent::Type::Wheel, m->mouse);
  // One notch is about 100 CSS pixels (DOM_DELTA_PIXEL), 3 lines or a page;
  // the browser's "down" is the desktop's negative notch.
  const double unit = m->deltaMode == DOM_DELTA_PIXEL  ? 100.0
                      : m->deltaMode == DOM_DELTA_LINE ? 3.0
                                                       : 1.0;
  const bool horizontal = std::abs(m->deltaX) > std::abs(m->deltaY);
  e.horizontal = horizontal;
  e.delta = static_cast<float>(-(horizontal ? m->deltaX : m->deltaY) / unit);
  w->push(e);
  return EM_TRUE;  // the page does not scroll
}

EM_BOOL onKey(int type, const EmscriptenKeyboardEvent* k, void* data) {
  // A reader in the page around the canvas (the lesson's column, a link, a
  // button) keeps the keys there: space and the arrows scroll the lesson.
  if (pbm_keys_for_page()) return EM_FALSE;
  auto* w = static_cast<PageCanvas*>(data);
  InputEvent e;
  e.type = type == EMSCRIPTEN_EVENT_KEYDOWN ? InputEvent::Type::KeyPressed
                                            : InputEvent::Type::KeyReleased;
  e.key = web::keyFromCode(k->code);
  e.ctrl = k->ctrlKey;
  e.shift = k->shiftKey;
  e.alt = k->altKey;
  e.super = k->metaKey;
  w->shift = k->shiftKey;
  w->push(e);
  // The character typed, for ImGui's text fields.
  if (type == EMSCRIPTEN_EVENT_KEYDOWN && !k->ctrlKey && !k->metaKey) {
    const char32_t c = web::singleCharacter(k->key);
    if (c != 0) {
      InputEvent t;
      t.type = InputEvent::Type::Text;
      t.unicode = c;
      w->push(t);
    }
  }
  // The browser keeps its own shortcuts (with Ctrl or Cmd) and F1-F11
  // (reload, full screen); every other key is the program's: Tab, F12 (a
  // screenshot here, not the developer tools), space and the arrows (no
  // scrolling).
  if (k->ctrlKey || k->metaKey) return EM_FALSE;
  return e.key >= Key::F1 && e.key <= Key::F11 ? EM_FALSE : EM_TRUE;
}

void frameCallback(void* data) {
  auto* w = static_cast<PageCanvas*>(data);
  if (!w->frame()) emscripten_cancel_main_loop();
  pbm_frame_drawn();
}

}  // namespace

struct Window::Impl : PageCanvas {};

Window::Window() : impl_(std::make_unique<Impl>()) {}
Window::~Window() = default;

bool Window::open(unsigned, unsigned, const std::string& title) {
  // The page's size, not the desktop's default: the canvas fills its part of it.
  setTitle(title);
  EmscriptenWebGLContextAttributes a;
  emscripten_webgl_init_context_attributes(&a);
  a.majorVersion = 2;
  a.minorVersion = 0;
  a.depth = EM_TRUE;  // the 3D view's depth test
  a.antialias = EM_TRUE;
  a.alpha = EM_FALSE;
  impl_->context = emscripten_webgl_create_context(kCanvas, &a);
  if (impl_->context <= 0) return false;
  emscripten_webgl_make_context_current(impl_->context);
  impl_->fit();
  PageCanvas* d = impl_.get();
  emscripten_set_mousedown_callback(kCanvas, d, EM_TRUE, onMouse);
  emscripten_set_mouseup_callback(kCanvas, d, EM_TRUE, onMouse);
  emscripten_set_mousemove_callback(kCanvas, d, EM_TRUE, onMouse);
  emscripten_set_mouseleave_callback(kCanvas, d, EM_TRUE, onMouse);
  emscripten_set_wheel_callback(kCanvas, d, EM_TRUE, onWheel);
  emscripten_set_keydown_callback(EMSCRIPTEN_EVENT_TARGET_WINDOW, d, EM_TRUE, onKey);
  emscripten_set_keyup_callback(EMSCRIPTEN_EVENT_TARGET_WINDOW, d, EM_TRUE, onKey);
  impl_->open = true;
  return true;
}

void Window::setInteractive(bool) {}  // the browser paces the frames

bool Window::isOpen() const {
  return impl_->open;
}
void Window::close() {
  impl_->open = false;
}
void Window::setTitle(const std::string& title) {
  emscripten_set_window_title(title.c_str());
}

std::optional<InputEvent> Window::poll() {
  // The page's size or zoom changed since the last frame: a resize.
  if (impl_->fit()) {
    InputEvent e;
    e.type = InputEvent::Type::Resized;
    e.width = impl_->width;
    e.height = impl_->height;
    impl_->events.push_front(e);
  }
  if (impl_->events.empty()) return std::nullopt;
  const InputEvent e = impl_->events.front();
  impl_->events.pop_front();
  return e;
}

unsigned Window::width() const {
  return impl_->width;
}
unsigned Window::height() const {
  return impl_->height;
}
bool Window::shiftHeld() const {
  return impl_->shift;
}
float Window::pixelRatio() const {
  return impl_->ratio;
}

GlInfo Window::glInfo() const {
  GLint depth = 0, samples = 0;
  glGetIntegerv(GL_DEPTH_BITS, &depth);
  glGetIntegerv(GL_SAMPLES, &samples);
  const GLubyte* renderer = glGetString(GL_RENDERER);
  return {3, 0, static_cast<unsigned>(depth), static_cast<unsigned>(samples),
          renderer ? reinterpret_cast<const char*>(renderer) : "unknown"};
}

// Emscripten 3.1.6 (Debian 12's) spells its version in lower case; later
// ones in capitals, and mark the old names deprecated (an error with -Werror).
#ifdef __EMSCRIPTEN_MAJOR__
#define PBM_EMSCRIPTEN_VERSION __EMSCRIPTEN_MAJOR__, __EMSCRIPTEN_MINOR__, __EMSCRIPTEN_TINY__
#else
#define PBM_EMSCRIPTEN_VERSION __EMSCRIPTEN_major__, __EMSCRIPTEN_minor__, __EMSCRIPTEN_tiny__
#endif

std::string Window::libraryVersion() {
  const int version[] = {PBM_EMSCRIPTEN_VERSION};
  return "emscripten " + std::to_string(version[0]) + "." + std::to_string(version[1]) + "." +
         std::to_string(version[2]) + " (WebGL 2)";
}

bool Window::runFrames(std::function<bool()> frame) {
  impl_->frame = std::move(frame);
  emscripten_set_main_loop_arg(frameCallback, static_cast<PageCanvas*>(impl_.get()), 0, EM_FALSE);
  return false;
}

void Window::clear(unsigned char r, unsigned char g, unsigned char b) {
  glViewport(0, 0, static_cast<GLsizei>(impl_->fbWidth), static_cast<GLsizei>(impl_->fbHeight));
  glDisable(GL_SCISSOR_TEST);
  glClearColor(r / 255.f, g / 255.f, b / 255.f, 1.f);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
}
// ImGui's OpenGL 3 renderer saves and restores the state it changes itself.
void Window::pushGLStates() {}
void Window::popGLStates() {}
void Window::display() {}  // the browser shows the canvas when the frame returns
void Window::finish() {
  glFinish();
}

std::string Window::afterEditing(const std::string& nn) {
  return "Write it, run ./pbm web " + nn +
         " again (it keeps your --exercises and rebuilds with your code) and reload this page.";
}

const char* Window::setupName() {
  return "link";
}

std::string Window::copySetup(const std::string&, const Setup& setup) {
  std::string query;
  for (const auto& [key, value] : setup) query += (query.empty() ? "" : "&") + key + "=" + value;
  char* link = pbm_copy_link(query.c_str());
  std::string copied = link ? link : query;
  std::free(link);
  return copied;
}

// The back buffer, read before the frame returns, becomes a PNG the browser
// downloads under the path's file name (a page writes no files).
bool Window::savePng(const std::string& path) const {
  const int w = static_cast<int>(impl_->fbWidth), h = static_cast<int>(impl_->fbHeight);
  std::string pixels(static_cast<size_t>(w) * h * 4, '\0');
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  const std::string name = path.substr(path.find_last_of('/') + 1);
  return pbm_download_png(pixels.data(), w, h, name.c_str()) != 0;
}

// The text becomes a file the browser downloads under the path's file name.
bool Window::saveText(const std::string& path, const std::string& text) const {
  const std::string name = path.substr(path.find_last_of('/') + 1);
  return pbm_download_text(text.data(), static_cast<int>(text.size()), name.c_str()) != 0;
}

}  // namespace pbm
