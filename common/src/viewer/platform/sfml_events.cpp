// SFML 2.5-2.6 and 3.x events translated into InputEvents. The key and button
// names are written `sf::Keyboard::Key::A` and `sf::Mouse::Button::Left`,
// which both generations accept (SFML 2's enums are unscoped, SFML 3's scoped);
// the event API itself differs (a union with a `type` in SFML 2, a variant
// read with getIf<> in SFML 3), so that part is written twice.
#include "sfml_events.h"

namespace pbm::platform {

namespace {

// SFML numbers A..Z, Num0..Num9 and F1..F15 consecutively, as pbm::Key does.
bool inRange(sf::Keyboard::Key k, sf::Keyboard::Key first, sf::Keyboard::Key last) {
  return static_cast<int>(k) >= static_cast<int>(first) &&
         static_cast<int>(k) <= static_cast<int>(last);
}

Key offset(Key first, sf::Keyboard::Key k, sf::Keyboard::Key sfFirst) {
  return static_cast<Key>(static_cast<int>(first) + static_cast<int>(k) -
                          static_cast<int>(sfFirst));
}

}  // namespace

Key fromSfml(sf::Keyboard::Key k) {
  using S = sf::Keyboard::Key;
  if (inRange(k, S::A, S::Z)) return offset(Key::A, k, S::A);
  if (inRange(k, S::Num0, S::Num9)) return offset(Key::Num0, k, S::Num0);
  if (inRange(k, S::F1, S::F12)) return offset(Key::F1, k, S::F1);
  switch (k) {
    case S::Escape:
      return Key::Escape;
    case S::Tab:
      return Key::Tab;
    case S::Space:
      return Key::Space;
    case S::Enter:
      return Key::Enter;
    case S::Backspace:
      return Key::Backspace;
    case S::Delete:
      return Key::Delete;
    case S::Insert:
      return Key::Insert;
    case S::Home:
      return Key::Home;
    case S::End:
      return Key::End;
    case S::PageUp:
      return Key::PageUp;
    case S::PageDown:
      return Key::PageDown;
    case S::Left:
      return Key::Left;
    case S::Right:
      return Key::Right;
    case S::Up:
      return Key::Up;
    case S::Down:
      return Key::Down;
    case S::LBracket:
      return Key::LBracket;
    case S::RBracket:
      return Key::RBracket;
    case S::LShift:
      return Key::LShift;
    case S::RShift:
      return Key::RShift;
    case S::LControl:
      return Key::LControl;
    case S::RControl:
      return Key::RControl;
    case S::LAlt:
      return Key::LAlt;
    case S::RAlt:
      return Key::RAlt;
    case S::LSystem:
      return Key::LSystem;
    case S::RSystem:
      return Key::RSystem;
    default:
      return Key::Unknown;
  }
}

MouseButton fromSfml(sf::Mouse::Button b) {
  switch (b) {
    case sf::Mouse::Button::Left:
      return MouseButton::Left;
    case sf::Mouse::Button::Right:
      return MouseButton::Right;
    case sf::Mouse::Button::Middle:
      return MouseButton::Middle;
    default:
      return MouseButton::Other;
  }
}

namespace {

using T = InputEvent::Type;

InputEvent keyEvent(T type, sf::Keyboard::Key code, bool ctrl, bool shift, bool alt, bool super) {
  InputEvent out;
  out.type = type;
  out.key = fromSfml(code);
  out.ctrl = ctrl;
  out.shift = shift;
  out.alt = alt;
  out.super = super;
  return out;
}

InputEvent pointerEvent(T type, int x, int y) {
  InputEvent out;
  out.type = type;
  out.x = static_cast<float>(x);
  out.y = static_cast<float>(y);
  return out;
}

InputEvent of(T type) {
  InputEvent out;
  out.type = type;
  return out;
}

}  // namespace

#if SFML_VERSION_MAJOR >= 3

std::optional<InputEvent> fromSfml(const sf::Event& e) {
  if (e.is<sf::Event::Closed>()) return of(T::Closed);
  if (e.is<sf::Event::MouseLeft>()) return of(T::MouseLeft);
  if (const auto* r = e.getIf<sf::Event::Resized>()) {
    InputEvent out = of(T::Resized);
    out.width = r->size.x;
    out.height = r->size.y;
    return out;
  }
  if (const auto* k = e.getIf<sf::Event::KeyPressed>())
    return keyEvent(T::KeyPressed, k->code, k->control, k->shift, k->alt, k->system);
  if (const auto* k = e.getIf<sf::Event::KeyReleased>())
    return keyEvent(T::KeyReleased, k->code, k->control, k->shift, k->alt, k->system);
  if (const auto* t = e.getIf<sf::Event::TextEntered>()) {
    InputEvent out = of(T::Text);
    out.unicode = t->unicode;
    return out;
  }
  if (const auto* m = e.getIf<sf::Event::MouseMoved>())
    return pointerEvent(T::MouseMoved, m->position.x, m->position.y);
  if (const auto* m = e.getIf<sf::Event::MouseButtonPressed>()) {
    InputEvent out = pointerEvent(T::MouseDown, m->position.x, m->position.y);
    out.button = fromSfml(m->button);
    return out;
  }
  if (const auto* m = e.getIf<sf::Event::MouseButtonReleased>()) {
    InputEvent out = pointerEvent(T::MouseUp, m->position.x, m->position.y);
    out.button = fromSfml(m->button);
    return out;
  }
  if (const auto* w = e.getIf<sf::Event::MouseWheelScrolled>()) {
    InputEvent out = pointerEvent(T::Wheel, w->position.x, w->position.y);
    out.delta = w->delta;
    out.horizontal = w->wheel == sf::Mouse::Wheel::Horizontal;
    return out;
  }
  return std::nullopt;
}

#else  // SFML 2

std::optional<InputEvent> fromSfml(const sf::Event& e) {
  switch (e.type) {
    case sf::Event::Closed:
      return of(T::Closed);
    case sf::Event::MouseLeft:
      return of(T::MouseLeft);
    case sf::Event::Resized: {
      InputEvent out = of(T::Resized);
      out.width = e.size.width;
      out.height = e.size.height;
      return out;
    }
    case sf::Event::KeyPressed:
    case sf::Event::KeyReleased:
      return keyEvent(e.type == sf::Event::KeyPressed ? T::KeyPressed : T::KeyReleased, e.key.code,
                      e.key.control, e.key.shift, e.key.alt, e.key.system);
    case sf::Event::TextEntered: {
      InputEvent out = of(T::Text);
      out.unicode = static_cast<char32_t>(e.text.unicode);
      return out;
    }
    case sf::Event::MouseMoved:
      return pointerEvent(T::MouseMoved, e.mouseMove.x, e.mouseMove.y);
    case sf::Event::MouseButtonPressed:
    case sf::Event::MouseButtonReleased: {
      InputEvent out =
          pointerEvent(e.type == sf::Event::MouseButtonPressed ? T::MouseDown : T::MouseUp,
                       e.mouseButton.x, e.mouseButton.y);
      out.button = fromSfml(e.mouseButton.button);
      return out;
    }
    case sf::Event::MouseWheelScrolled: {
      InputEvent out = pointerEvent(T::Wheel, e.mouseWheelScroll.x, e.mouseWheelScroll.y);
      out.delta = e.mouseWheelScroll.delta;
      out.horizontal = e.mouseWheelScroll.wheel == sf::Mouse::HorizontalWheel;
      return out;
    }
    default:
      return std::nullopt;
  }
}

#endif

}  // namespace pbm::platform
