// Keys as scenes and the shell name them. The window library's own key codes
// (SFML 2's unscoped sf::Keyboard, SFML 3's scoped one) stay inside the
// viewer's platform layer (common/src/viewer/platform/), which translates.
#pragma once

namespace pbm {

enum class Key {
  Unknown,
  // clang-format off
  A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, Q, R, S, T, U, V, W, X, Y, Z,
  Num0, Num1, Num2, Num3, Num4, Num5, Num6, Num7, Num8, Num9,
  F1, F2, F3, F4, F5, F6, F7, F8, F9, F10, F11, F12,
  // clang-format on
  Escape,
  Tab,
  Space,
  Enter,
  Backspace,
  Delete,
  Insert,
  Home,
  End,
  PageUp,
  PageDown,
  Left,
  Right,
  Up,
  Down,
  LBracket,
  RBracket,
  LShift,
  RShift,
  LControl,
  RControl,
  LAlt,
  RAlt,
  LSystem,
  RSystem,
  Count  // number of keys, not a key
};

}  // namespace pbm
