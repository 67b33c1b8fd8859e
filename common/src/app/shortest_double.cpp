#include "pbm/app/shortest_double.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#ifdef __EMSCRIPTEN__
#include <emscripten.h>

// JavaScript's Number.prototype.toExponential() without a precision (ECMA-262
// 21.1.3.2): the fewest digits that read back to v, the closest of them, as
// "d.ddde+X". In WebAssembly musl's printf and strtod compute in a 128-bit
// long double that is emulated in software; the loop below (up to 17 of each
// per number) made chapter 11's CSVs fifty times slower under node than
// natively, where a JavaScript number is formatted by the engine.
// clang-format off
EM_JS(int, pbm_shortest_exponential, (double v, char* out, int size), {
  return stringToUTF8(v.toExponential(), out, size);
});
// clang-format on
#endif

namespace pbm {

// What std::to_chars(first, last, v) writes (C++17 [charconv.to.chars]):
// the fewest significant digits that read back to v, then printf's %f or %e
// form of them, whichever is shorter, %f on a tie. The digits come from
// printf's correctly rounded %.*e at rising precision, read back exactly
// (readBack), and where those do not read back, from their neighbour on v's side: at a power of two
// the doubles below lie twice as close as those above, so the shortest digits may lie farther from
// v than the correctly rounded ones of the same length (2^-24 = 5.9604644775390625e-08
// is 5.960464477539063e-08, not ...062).
namespace {

// The double a text reads as. std::from_chars is exact in every library that
// has it for doubles (__cpp_lib_to_chars); Windows' C library strtod is not
// (under Wine it reads 3.839223843572815e-239 as 2^-792, the double above the
// one those digits are closest to). Where from_chars is missing (libc++ before
// 20, emscripten's musl), strtod is the C library's, correctly rounded.
double readBack(const std::string& text) {
#ifdef __cpp_lib_to_chars
  double v = 0;
  std::from_chars(text.data(), text.data() + text.size(), v);
  return v;
#else
  return std::strtod(text.c_str(), nullptr);
#endif
}

// The text %.*e writes for v with P significant digits, moved by STEP (+1 or
// -1) in its last digit.
std::string nudged(const char* text, int step) {
  std::string s(text);
  const size_t e = s.find('e');
  size_t i = e;
  while (i-- > 0) {
    if (s[i] == '.' || s[i] == '-') continue;
    if (step > 0 && s[i] == '9') {
      s[i] = '0';
      continue;
    }
    if (step < 0 && s[i] == '0') {
      s[i] = '9';
      continue;
    }
    s[i] = static_cast<char>(s[i] + step);
    return s[s[0] == '-' ? 1 : 0] == '0' ? "" : s;  // 1.00e5 - 1 is no 3-digit text
  }
  return "";  // a carry out of the first digit: never the shortest
}

// The shortest digits as "d.ddde+X": from JavaScript under emscripten when
// `engine`, else by the search below.
std::string shortest(double v, bool engine) {
  if (std::isnan(v)) return std::signbit(v) ? "-nan" : "nan";
  if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
  if (v == 0) return std::signbit(v) ? "-0" : "0";
  char buf[40];
  std::string found;
#ifdef __EMSCRIPTEN__
  if (engine) {
    pbm_shortest_exponential(v, buf, sizeof buf);
    found = buf;
  }
#else
  (void)engine;
#endif
  for (int p = 1; p <= 17 && found.empty(); ++p) {
    std::snprintf(buf, sizeof buf, "%.*e", p - 1, v);
    const double back = readBack(buf);
    if (back == v) {
      found = buf;
    } else {
      const std::string other = nudged(buf, (back < v) == (v > 0) ? 1 : -1);
      if (!other.empty() && readBack(other) == v) found = other;
    }
  }
  std::string s = found;
  const bool negative = s[0] == '-';
  if (negative) s.erase(0, 1);
  const auto e = s.find('e');
  const int exponent = std::atoi(s.c_str() + e + 1);
  std::string digits;
  for (size_t i = 0; i < e; ++i)
    if (s[i] != '.') digits += s[i];
  const int n = static_cast<int>(digits.size());

  std::string scientific = digits.substr(0, 1);
  if (n > 1) scientific += "." + digits.substr(1);
  const int a = std::abs(exponent);
  scientific += std::string(exponent < 0 ? "e-" : "e+") + (a < 10 ? "0" : "") + std::to_string(a);

  // %f at the fewest decimals that read back: for a whole number, printf's
  // %.0f, which writes its exact digits (2^60 is 1152921504606846976, not
  // the shortest digits padded with zeros).
  std::string fixed;
  if (exponent >= n - 1) {
    char whole[400];
    std::snprintf(whole, sizeof whole, "%.0f", std::fabs(v));
    fixed = whole;
  } else if (exponent >= 0) {
    fixed = digits.substr(0, exponent + 1) + "." + digits.substr(exponent + 1);
  } else {
    fixed = "0." + std::string(-exponent - 1, '0') + digits;
  }

  const std::string& shorter = fixed.size() <= scientific.size() ? fixed : scientific;
  return negative ? "-" + shorter : shorter;
}

}  // namespace

std::string shortestDouble(double v) {
  return shortest(v, true);
}

std::string shortestDoubleBySearch(double v) {
  return shortest(v, false);
}

}  // namespace pbm
