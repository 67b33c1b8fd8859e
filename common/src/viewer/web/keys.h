// The browser's key names in pbm's words (key.h): KeyboardEvent.code, which
// names the key's place on the keyboard whatever the layout (so "[" and "]"
// are the same keys as on the desktop), and the character a key types.
#pragma once

#include "pbm/app/key.h"

namespace pbm::web {

// "KeyA", "Digit1", "F12", "BracketLeft", "ArrowUp", "ShiftLeft", ...;
// Key::Unknown for a key the viewer has no name for.
Key keyFromCode(const char* code);
// The one character a KeyboardEvent.key names ("a", "é", "["), else 0
// ("Shift", "ArrowUp", "Dead").
char32_t singleCharacter(const char* utf8);

}  // namespace pbm::web
