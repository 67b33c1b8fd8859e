#include "viewer/web/keys.h"

#include <cstring>
#include <string_view>

namespace pbm::web {

namespace {

Key offset(Key first, int i) {
  return static_cast<Key>(static_cast<int>(first) + i);
}

struct Named {
  std::string_view code;
  Key key;
};

constexpr Named kNamed[] = {
    {"Escape", Key::Escape},
    {"Tab", Key::Tab},
    {"Space", Key::Space},
    {"Enter", Key::Enter},
    {"NumpadEnter", Key::Enter},
    {"Backspace", Key::Backspace},
    {"Delete", Key::Delete},
    {"Insert", Key::Insert},
    {"Home", Key::Home},
    {"End", Key::End},
    {"PageUp", Key::PageUp},
    {"PageDown", Key::PageDown},
    {"ArrowLeft", Key::Left},
    {"ArrowRight", Key::Right},
    {"ArrowUp", Key::Up},
    {"ArrowDown", Key::Down},
    {"BracketLeft", Key::LBracket},
    {"BracketRight", Key::RBracket},
    {"ShiftLeft", Key::LShift},
    {"ShiftRight", Key::RShift},
    {"ControlLeft", Key::LControl},
    {"ControlRight", Key::RControl},
    {"AltLeft", Key::LAlt},
    {"AltRight", Key::RAlt},
    {"MetaLeft", Key::LSystem},
    {"MetaRight", Key::RSystem},
};

}  // namespace

Key keyFromCode(const char* code) {
  const std::string_view c(code);
  if (c.size() == 4 && c.substr(0, 3) == "Key" && c[3] >= 'A' && c[3] <= 'Z')
    return offset(Key::A, c[3] - 'A');
  if (c.size() == 6 && c.substr(0, 5) == "Digit" && c[5] >= '0' && c[5] <= '9')
    return offset(Key::Num0, c[5] - '0');
  if (c.size() == 7 && c.substr(0, 6) == "Numpad" && c[6] >= '0' && c[6] <= '9')
    return offset(Key::Num0, c[6] - '0');
  if ((c.size() == 2 || c.size() == 3) && c[0] == 'F') {
    int n = 0;
    for (char d : c.substr(1)) {
      if (d < '0' || d > '9') return Key::Unknown;
      n = 10 * n + (d - '0');
    }
    if (n >= 1 && n <= 12) return offset(Key::F1, n - 1);
    return Key::Unknown;
  }
  for (const Named& n : kNamed)
    if (n.code == c) return n.key;
  return Key::Unknown;
}

char32_t singleCharacter(const char* utf8) {
  const auto* s = reinterpret_cast<const unsigned char*>(utf8);
  const size_t n = std::strlen(utf8);
  if (n == 0) return 0;
  // The length the first byte announces must be the whole string.
  size_t len = 0;
  char32_t c = 0;
  if (s[0] < 0x80) {
    len = 1;
    c = s[0];
  } else if ((s[0] & 0xE0) == 0xC0) {
    len = 2;
    c = s[0] & 0x1F;
  } else if ((s[0] & 0xF0) == 0xE0) {
    len = 3;
    c = s[0] & 0x0F;
  } else if ((s[0] & 0xF8) == 0xF0) {
    len = 4;
    c = s[0] & 0x07;
  } else {
    return 0;
  }
  if (n != len) return 0;
  for (size_t i = 1; i < len; ++i) {
    if ((s[i] & 0xC0) != 0x80) return 0;
    c = (c << 6) | (s[i] & 0x3F);
  }
  return c < 0x20 || c == 0x7F ? 0 : c;
}

}  // namespace pbm::web
