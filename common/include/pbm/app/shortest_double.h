// The shortest text that reads back to a double, as std::to_chars writes it,
// for a standard library without floating-point to_chars (emscripten 3.1's
// libc++; issue 37): the CSVs of a web build then match the native ones.
#pragma once

#include <string>

namespace pbm {

std::string shortestDouble(double v);

}  // namespace pbm
