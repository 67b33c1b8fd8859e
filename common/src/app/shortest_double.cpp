#include "pbm/app/shortest_double.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace pbm {

// What std::to_chars(first, last, v) writes (C++17 [charconv.to.chars]):
// the fewest significant digits that read back to v, then printf's %f or %e
// form of them, whichever is shorter, %f on a tie. The digits come from
// printf's correctly rounded %.*e at rising precision; they are to_chars'
// own except where v is a power of two whose rounding interval is lopsided
// and a farther decimal of the same length lies in its wider half (none
// among the million doubles tests/cli/shortest_double_test.cpp compared
// once; it compares 100 000 on every run).
std::string shortestDouble(double v) {
  if (std::isnan(v)) return std::signbit(v) ? "-nan" : "nan";
  if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
  if (v == 0) return std::signbit(v) ? "-0" : "0";
  char buf[40];
  for (int p = 1; p <= 17; ++p) {
    std::snprintf(buf, sizeof buf, "%.*e", p - 1, v);
    if (std::strtod(buf, nullptr) == v) break;
  }
  std::string s(buf);
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

}  // namespace pbm
