#include "pbm/app/shortest_double.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
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
// (readBack), and where those do not read back, from their neighbour on v's
// side: at a power of two the doubles below lie twice as close as those
// above, so the shortest digits may lie farther from v than the correctly
// rounded ones of the same length (2^-24 = 5.9604644775390625e-08 is
// 5.960464477539063e-08, not ...062). Char arrays throughout, no allocation:
// a CSV formats millions of numbers, and under emscripten every std::string
// made here cost a malloc behind a lock and a call through JavaScript (its
// exception handling) besides.
namespace {

constexpr int kDigitsText = 40;  // "-d.dddddddddddddddde-308" and its end

// The double a text reads as. std::from_chars is exact in every library that
// has it for doubles (__cpp_lib_to_chars); Windows' C library strtod is not
// (under Wine it reads 3.839223843572815e-239 as 2^-792, the double above the
// one those digits are closest to). Where from_chars is missing (libc++ before
// 20, emscripten's musl), strtod is the C library's, correctly rounded.
double readBack(const char* text) {
#ifdef __cpp_lib_to_chars
  double v = 0;
  std::from_chars(text, text + std::strlen(text), v);
  return v;
#else
  return std::strtod(text, nullptr);
#endif
}

// The text %.*e wrote, moved by STEP (+1 or -1) in its last digit, in place.
// false: there is no such text of as many digits (a carry out of the first
// digit, or 1.00e5 - 1), which is never the shortest.
bool nudge(char* s, int step) {
  int i = static_cast<int>(std::strchr(s, 'e') - s);
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
    return s[s[0] == '-' ? 1 : 0] != '0';
  }
  return false;
}

// The shortest digits of a finite, non-zero v as "d.ddde+X" in `text`: from
// JavaScript under emscripten when `engine`, else by the search.
void exponential(double v, bool engine, char* text) {
#ifdef __EMSCRIPTEN__
  if (engine) {
    pbm_shortest_exponential(v, text, kDigitsText);
    return;
  }
#else
  (void)engine;
#endif
  for (int p = 1; p <= 17; ++p) {
    std::snprintf(text, kDigitsText, "%.*e", p - 1, v);
    const double back = readBack(text);
    if (back == v) return;
    char other[kDigitsText];
    std::memcpy(other, text, kDigitsText);
    if (nudge(other, (back < v) == (v > 0) ? 1 : -1) && readBack(other) == v) {
      std::memcpy(text, other, kDigitsText);
      return;
    }
  }
}

int copied(const char* text, char* out) {
  const int n = static_cast<int>(std::strlen(text));
  std::memcpy(out, text, static_cast<size_t>(n));
  return n;
}

int shortest(double v, bool engine, char* out) {
  if (std::isnan(v)) return copied(std::signbit(v) ? "-nan" : "nan", out);
  if (std::isinf(v)) return copied(v < 0 ? "-inf" : "inf", out);
  if (v == 0) return copied(std::signbit(v) ? "-0" : "0", out);
  char text[kDigitsText];
  exponential(v, engine, text);
  const char* s = text[0] == '-' ? text + 1 : text;
  const char* e = std::strchr(s, 'e');
  const int exponent = std::atoi(e + 1);
  char digits[20] = {};
  int n = 0;
  for (const char* c = s; c < e; ++c)
    if (*c != '.') digits[n++] = *c;

  char scientific[kShortestDoubleSize];
  int sn = 0;
  scientific[sn++] = digits[0];
  if (n > 1) {
    scientific[sn++] = '.';
    for (int i = 1; i < n; ++i) scientific[sn++] = digits[i];
  }
  // The exponent as printf's %e writes it, sign and at least two digits.
  scientific[sn++] = 'e';
  scientific[sn++] = exponent < 0 ? '-' : '+';
  const int a = std::abs(exponent);
  if (a >= 100) scientific[sn++] = static_cast<char>('0' + a / 100);
  scientific[sn++] = static_cast<char>('0' + a / 10 % 10);
  scientific[sn++] = static_cast<char>('0' + a % 10);

  // %f at the fewest decimals that read back: its length first, its text
  // only when it is the shorter one.
  char fixed[kShortestDoubleSize];
  int fn = 0;
  if (exponent >= n - 1) {
    if (exponent + 1 <= sn) {
      // A whole number below 2^53 (16 digits) is exactly its shortest
      // digits padded with zeros; above, printf's %.0f writes its exact
      // digits (2^60 is 1152921504606846976, not the shortest digits and
      // zeros).
      if (exponent < 15) {
        for (int i = 0; i <= exponent; ++i) fixed[fn++] = i < n ? digits[i] : '0';
      } else {
        fn = std::snprintf(fixed, sizeof fixed, "%.0f", std::fabs(v));
      }
    } else {
      fn = sn + 1;
    }
  } else if (exponent >= 0) {
    for (int i = 0; i < n; ++i) {
      if (i == exponent + 1) fixed[fn++] = '.';
      fixed[fn++] = digits[i];
    }
  } else if (n + 1 - exponent <= sn) {
    fixed[fn++] = '0';
    fixed[fn++] = '.';
    for (int i = 0; i < -exponent - 1; ++i) fixed[fn++] = '0';
    for (int i = 0; i < n; ++i) fixed[fn++] = digits[i];
  } else {
    fn = sn + 1;
  }

  int length = 0;
  if (text[0] == '-') out[length++] = '-';
  const bool useFixed = fn <= sn;
  std::memcpy(out + length, useFixed ? fixed : scientific, static_cast<size_t>(useFixed ? fn : sn));
  return length + (useFixed ? fn : sn);
}

}  // namespace

int shortestDouble(double v, char* out) {
  return shortest(v, true, out);
}

std::string shortestDouble(double v) {
  char text[kShortestDoubleSize];
  return std::string(text, static_cast<size_t>(shortest(v, true, text)));
}

std::string shortestDoubleBySearch(double v) {
  char text[kShortestDoubleSize];
  return std::string(text, static_cast<size_t>(shortest(v, false, text)));
}

}  // namespace pbm
