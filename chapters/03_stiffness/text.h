// Small text helpers for the scenes' labels and HUD lines.
#pragma once

#include <cstdio>
#include <string>

namespace ch03 {

// printf-style formatting into a std::string (labels are short).
template <class... Args>
std::string format(const char* fmt, Args... args) {
  char buf[256];
  std::snprintf(buf, sizeof buf, fmt, args...);
  return buf;
}

}  // namespace ch03
