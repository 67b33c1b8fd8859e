// The window on SFML 2.5-2.6 or 3.x (SFML_VERSION_MAJOR picks): a
// RenderWindow, because SFML's graphics module saves and restores the GL
// states around ImGui's pass (pushGLStates) and reads the back buffer into a
// PNG. The differences between the generations are spelled out where they
// fall: VideoMode, create, ContextSettings' antialiasing field, View's
// rectangle, Texture's allocation, pollEvent's result.
#include "window.h"

#include <SFML/Graphics.hpp>
#include <fstream>

#include "gl.h"
#include "sfml_events.h"

namespace pbm {

struct Window::Impl {
  sf::RenderWindow window;
};

Window::Window() : impl_(std::make_unique<Impl>()) {}
Window::~Window() = default;

bool Window::open(unsigned width, unsigned height, const std::string& title) {
  sf::ContextSettings gl;
  gl.depthBits = 24;  // the 3D view's depth test
#if SFML_VERSION_MAJOR >= 3
  gl.antiAliasingLevel = 4;
  impl_->window.create(sf::VideoMode({width, height}), title, sf::Style::Default,
                       sf::State::Windowed, gl);
#else
  gl.antialiasingLevel = 4;
  impl_->window.create(sf::VideoMode(width, height), title, sf::Style::Default, gl);
#endif
  if (!impl_->window.isOpen()) return false;
  // SFML keeps a window whose OpenGL context it could not make (it says so
  // on stderr, "Failed to create an OpenGL context"): the first GL call would
  // then crash. Seen under Wine with no display driver. Such a window is no
  // window.
  if (!impl_->window.setActive(true) || glGetString(GL_VERSION) == nullptr) {
    impl_->window.close();
    return false;
  }
  return true;
}

void Window::setInteractive(bool interactive) {
  impl_->window.setVerticalSyncEnabled(interactive);
  impl_->window.setFramerateLimit(interactive ? 60 : 0);
}

bool Window::isOpen() const {
  return impl_->window.isOpen();
}
void Window::close() {
  impl_->window.close();
}
void Window::setTitle(const std::string& title) {
  impl_->window.setTitle(title);
}

std::optional<InputEvent> Window::poll() {
  for (;;) {
#if SFML_VERSION_MAJOR >= 3
    const std::optional<sf::Event> raw = impl_->window.pollEvent();
    if (!raw) return std::nullopt;
    std::optional<InputEvent> e = platform::fromSfml(*raw);
#else
    sf::Event raw;
    if (!impl_->window.pollEvent(raw)) return std::nullopt;
    std::optional<InputEvent> e = platform::fromSfml(raw);
#endif
    if (!e) continue;
    if (e->type == InputEvent::Type::Resized) {
      // Keep SFML's own 2D view (used by pushGLStates) at one unit a pixel.
      const float w = static_cast<float>(e->width), h = static_cast<float>(e->height);
#if SFML_VERSION_MAJOR >= 3
      impl_->window.setView(sf::View(sf::FloatRect({0.f, 0.f}, {w, h})));
#else
      impl_->window.setView(sf::View(sf::FloatRect(0.f, 0.f, w, h)));
#endif
    }
    return e;
  }
}

unsigned Window::width() const {
  return impl_->window.getSize().x;
}
unsigned Window::height() const {
  return impl_->window.getSize().y;
}

bool Window::shiftHeld() const {
  return sf::Keyboard::isKeyPressed(sf::Keyboard::Key::LShift) ||
         sf::Keyboard::isKeyPressed(sf::Keyboard::Key::RShift);
}

GlInfo Window::glInfo() const {
  const sf::ContextSettings s = impl_->window.getSettings();
#if SFML_VERSION_MAJOR >= 3
  const unsigned aa = s.antiAliasingLevel;
#else
  const unsigned aa = s.antialiasingLevel;
#endif
  const GLubyte* renderer = glGetString(GL_RENDERER);
  return {s.majorVersion, s.minorVersion, s.depthBits, aa,
          renderer ? reinterpret_cast<const char*>(renderer) : "unknown"};
}

float Window::pixelRatio() const {
  return 1.f;
}

bool Window::runFrames(std::function<bool()> frame) {
  while (frame()) {
  }
  return true;
}

std::string Window::libraryVersion() {
  return "SFML " + std::to_string(SFML_VERSION_MAJOR) + "." + std::to_string(SFML_VERSION_MINOR) +
         "." + std::to_string(SFML_VERSION_PATCH);
}

void Window::clear(unsigned char r, unsigned char g, unsigned char b) {
  impl_->window.clear(sf::Color(r, g, b));
}
void Window::pushGLStates() {
  impl_->window.pushGLStates();
}
void Window::popGLStates() {
  impl_->window.popGLStates();
}
void Window::display() {
  impl_->window.display();
}
void Window::finish() {
  glFinish();
}

std::string Window::afterEditing(const std::string& nn) {
  return "Write it, close this window and run ./pbm run " + nn +
         " again: it rebuilds with your code.";
}

const char* Window::setupName() {
  return "command line";
}

std::string Window::copySetup(const std::string& nn, const Setup& setup) {
  std::string line = "./pbm run " + nn;
  for (const auto& [key, value] : setup) {
    if (key == "scene" || key == "method" || key == "h")
      line += " --" + key + " " + value;
    else
      line += " --set " + key + "=" + value;
  }
  sf::Clipboard::setString(line);
  return line;
}

// Binary: a CSV's rows end in \n on every system (chapter.cpp, --csv).
bool Window::saveText(const std::string& path, const std::string& text) const {
  std::ofstream file(path, std::ios::binary);
  file << text;
  return static_cast<bool>(file.flush());
}

bool Window::savePng(const std::string& path) const {
  sf::Texture texture;
  const sf::Vector2u size = impl_->window.getSize();
#if SFML_VERSION_MAJOR >= 3
  if (!texture.resize(size)) return false;
#else
  if (!texture.create(size.x, size.y)) return false;
#endif
  texture.update(impl_->window);
  // The framebuffer's alpha is what blending left (0.78 under a translucent
  // panel), not a transparency: the PNG is opaque, as the window looks.
  sf::Image image = texture.copyToImage();
  for (unsigned y = 0; y < size.y; ++y)
    for (unsigned x = 0; x < size.x; ++x) {
#if SFML_VERSION_MAJOR >= 3
      sf::Color c = image.getPixel({x, y});
      c.a = 255;
      image.setPixel({x, y}, c);
#else
      sf::Color c = image.getPixel(x, y);
      c.a = 255;
      image.setPixel(x, y, c);
#endif
    }
  return image.saveToFile(path);
}

}  // namespace pbm
