// printf-style formatting into a std::string, for the scenes' labels, HUD
// lines and messages. A C variadic function rather than a template so that the
// compiler checks every call's format string against its arguments
// (-Wformat): an int passed to %g is an error here, not undefined behaviour.
#pragma once

#include <string>

namespace pbm {

std::string format(const char* fmt, ...) __attribute__((format(printf, 1, 2)));

}  // namespace pbm
