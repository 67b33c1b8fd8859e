// The shortest text that reads back to a double, as std::to_chars writes it,
// for a standard library without floating-point to_chars (emscripten 3.1's
// libc++; issue 37): the CSVs of a web build then match the native ones.
#pragma once

#include <string>

namespace pbm {

std::string shortestDouble(double v);
// The same text written to `out`, which holds at least kShortestDoubleSize
// chars (no terminating zero); returns its length. No allocation: the CSV
// writer's form.
inline constexpr int kShortestDoubleSize = 32;
int shortestDouble(double v, char* out);
// The same text by printf's correctly rounded digits at rising precision,
// read back by from_chars (strtod where a library lacks it): what
// shortestDouble does natively. Under emscripten shortestDouble takes its
// digits from JavaScript instead (musl's printf is slow there), and cli_tests
// checks the two against each other.
std::string shortestDoubleBySearch(double v);

}  // namespace pbm
